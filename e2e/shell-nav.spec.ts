/**
 * The shell in Chromium (SPEC §2 Shell): the header (Sign In for visitors and guests, 'Lv. N'
 * with crowns for accounts, live from the profile stream, Admin from the role), the bottom
 * navigation (where it shows, hide-on-scroll below 900 px on home/community/myranks only, never
 * covering content), toasts with an action and a close button.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_TOKEN_PATTERN } from '../src/domain/analytics';
import { startTestServer, type TestServer } from '../test/support/server';
import { browserAvailable, launchBrowser, screenshot, WEB_ROOT } from './support/harness';
import {
  DESKTOP,
  MOBILE,
  addScrollRoom,
  goInApp,
  newVisitor,
  registerByApi,
  setProgress,
  signInOnLoginPage,
  viewportScreenshot,
  confirmAdminClaimByMail,
  PASSWORD,
} from './support/web';

const ADMIN_EMAIL = 'queen-e2e@example.com';
/** Also on the list: an account led through the steps (verify, sign in again, the link). */
const STEPS_EMAIL = 'steps-e2e@example.com';

async function navState(page: Page): Promise<{ state: string | null; onScreen: boolean }> {
  return page.getByTestId('bottom-nav').evaluate((nav) => ({
    state: nav.getAttribute('data-state'),
    onScreen: nav.getBoundingClientRect().top < window.innerHeight,
  }));
}

/**
 * Scrolls by `dy` the way a wheel does, once the page has room for it, then waits for the page to
 * have moved and to hold still for two frames (the navigation follows the scroll on a frame).
 */
async function scrollBy(page: Page, dy: number): Promise<void> {
  const before = await page.waitForFunction(
    (down) =>
      down <= 0 ||
      document.documentElement.scrollHeight - window.innerHeight - window.scrollY >= down
        ? { y: window.scrollY }
        : false,
    dy,
  );
  const from = ((await before.jsonValue()) as { y: number }).y;
  await page.mouse.move(180, 300);
  await page.mouse.wheel(0, dy);
  await page.waitForFunction((start) => window.scrollY !== start, from);
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let last = -1;
    for (let still = 0; still < 2;) {
      await frame();
      still = window.scrollY === last ? still + 1 : 0;
      last = window.scrollY;
    }
  });
}

/**
 * Opens `path` inside the app from the top of the page, without the scroll room added before:
 * each route is measured as if freshly opened.
 */
async function leaveFor(page: Page, path: string): Promise<void> {
  await page.evaluate(() => {
    for (const room of document.querySelectorAll('[data-testid="scroll-room"]')) room.remove();
    window.scrollTo(0, 0);
  });
  await goInApp(page, path);
  await page.waitForURL((url) => url.pathname === path);
}

describe.runIf(browserAvailable())('shell: header, bottom navigation, toasts', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer('pglite', {
        webRoot: WEB_ROOT,
        env: { ADMIN_EMAILS: `${ADMIN_EMAIL},${STEPS_EMAIL}` },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows Sign In to visitors, going to /account', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    await page.goto('/');
    for (const [viewport, name] of [
      [MOBILE, 'shell-signed-out-375'],
      [DESKTOP, 'shell-signed-out-1280'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.getByRole('heading', { name: 'Community', exact: true }).first().waitFor();
      const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
      await signIn.waitFor();
      expect(await page.getByTestId('level-button').count()).toBe(0);
      await viewportScreenshot(page, name);
      await screenshot(page, `${name}-full`);
      await signIn.click();
      await page.waitForURL((url) => url.pathname === '/account');
      await goInApp(page, '/');
    }
    await context.close();
  });

  it("shows a signed-in player 'Lv. N' with crowns, live from the profile stream", async () => {
    for (const [viewport, name] of [
      [MOBILE, 'shell-signed-in-375'],
      [DESKTOP, 'shell-signed-in-1280'],
    ] as const) {
      const { context, page } = await newVisitor(browser, server, { viewport });
      const account = await registerByApi(page, server, 'Leveler');
      await page.goto('/myranks');
      const level = page.getByTestId('level-button');
      await level.waitFor();
      expect(await level.innerText()).toMatch(/^Lv\. 1\s*0\s*crowns$/);
      // Named by what it shows, so a speech user can say it.
      expect(await page.getByRole('link', { name: 'Lv. 1 0 crowns' }).count()).toBe(1);
      await page.getByRole('heading', { name: 'Your ranks will appear here' }).waitFor();
      await viewportScreenshot(page, name);

      // The server levels the player up: the header follows without a reload, with a toast.
      await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await setProgress(server, account.id, { level: 2, xp: 4, xpToNext: 135, crowns: 5 });
      await expect
        .poll(() => level.innerText(), { timeout: 10_000 })
        .toMatch(/^Lv\. 2\s*5\s*crowns$/);
      // The celebration card, not a toast: the level ring, Profile, Dismiss; focus stays put.
      const card = page.getByTestId('celebration').filter({
        hasText: 'Level Up! You are now Level 2 🎉',
      });
      await card.waitFor();
      expect(await card.getByRole('button', { name: 'Dismiss' }).count()).toBe(1);
      expect(await card.getByRole('img', { name: 'Level 2' }).count()).toBe(1);
      expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('A');
      await viewportScreenshot(page, `${name}-level-up`);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expect
        .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
        .toBe('rgb(18, 11, 38)');
      await viewportScreenshot(page, `${name}-level-up-dark`);
      await page.emulateMedia({ colorScheme: 'light' });
      await card.getByRole('link', { name: 'Profile' }).click();
      await page.waitForURL((url) => url.pathname === '/player');
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
        true,
      );
      await page.getByTestId('player-level').waitFor();
      expect(await page.getByTestId('player-level').innerText()).toBe('Lv. 2');
      expect(await page.getByTestId('player-crowns').innerText()).toMatch(/5\s*crowns/);
      expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('4');
      await screenshot(page, `player-${viewport.width}`);

      await goInApp(page, '/community');
      await level.click();
      await page.waitForURL((url) => url.pathname === '/player');
      await context.close();
    }
  });

  it('mails an allowlisted, verified account a confirmation link on sign-in; opening it grants admin and shows it in the header', async () => {
    const { context, page } = await newVisitor(browser, server);
    const response = await page.request.post('/api/auth/sign-up/email', {
      data: { name: 'Queen', email: ADMIN_EMAIL, password: 'correct horse battery' },
      headers: { origin: server.url },
    });
    expect(response.ok()).toBe(true);
    const { user: who } = (await response.json()) as { user: { id: string } };
    // The allowlist needs a verified address (mail verification is the account screens' part).
    const { db } = server.database;
    const { user } = await import('../src/server/db/schema/auth');
    const { eq } = await import('drizzle-orm');
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, who.id));

    const claim = page.waitForResponse((r) => r.url().endsWith('/api/me/admin-claim'));
    await page.goto('/admin');
    expect(await (await claim).json()).toEqual({
      success: false,
      admin: false,
      pending: true,
      sentTo: ADMIN_EMAIL,
    });
    // Nothing granted yet: the page says where the link went, and /admin is not there.
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: `We sent a confirmation link to ${ADMIN_EMAIL}` })
      .waitFor();
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    await screenshot(page, 'admin-claim-sent-1280');

    await confirmAdminClaimByMail(page, server, ADMIN_EMAIL, { screenshotName: 'admin-claim' });
    await screenshot(page, 'admin-claim-done-1280');
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).waitFor();
    await page.getByRole('link', { name: 'Open the admin app' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await context.close();
  });

  it('leads an allowlisted account through what admin needs: a verified address, a fresh sign-in, the link', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    const response = await page.request.post('/api/auth/sign-up/email', {
      data: { name: 'Stepper', email: STEPS_EMAIL, password: PASSWORD },
      headers: { origin: server.url },
    });
    expect(response.ok()).toBe(true);
    const { user: who } = (await response.json()) as { user: { id: string } };
    const account = { id: who.id, name: 'Stepper', email: STEPS_EMAIL, password: PASSWORD };
    const { db } = server.database;
    const { user } = await import('../src/server/db/schema/auth');
    const { eq } = await import('drizzle-orm');

    // Signed in, not verified: a toast says what is missing and leads to the steps.
    await page.goto('/');
    const toast = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'To become an admin, verify your email address first.' });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Show me' }).click();
    await page.waitForURL((url) => url.pathname === '/account/admin-claim');
    const step = (name: string) => page.getByTestId(`claim-step-${name}`);
    await expect.poll(() => step('verify').getAttribute('data-state')).toBe('now');
    expect(await step('verify').getAttribute('aria-current')).toBe('step');
    expect(await step('fresh').getAttribute('data-state')).toBe('later');
    expect(await step('verify').innerText()).toContain(STEPS_EMAIL);
    await page.getByRole('button', { name: 'Send the confirmation mail again' }).click();
    await page.getByText('Sent. Open the newest mail, then check again here.').waitFor();
    await page.evaluate(() => document.fonts.ready);
    await viewportScreenshot(page, 'admin-claim-steps-verify-375');

    // Verified elsewhere, after this session began: this session must sign in again.
    await db
      .update(user)
      .set({ emailVerified: true, emailVerifiedAt: new Date(Date.now() + 60_000) })
      .where(eq(user.id, who.id));
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect.poll(() => step('fresh').getAttribute('data-state')).toBe('now');
    expect(await step('verify').getAttribute('data-state')).toBe('done');
    await page.setViewportSize(DESKTOP);
    await viewportScreenshot(page, 'admin-claim-steps-fresh-1280');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe('rgb(18, 11, 38)');
    await viewportScreenshot(page, 'admin-claim-steps-fresh-dark-1280');
    await page.setViewportSize(MOBILE);
    await viewportScreenshot(page, 'admin-claim-steps-fresh-dark-375');
    await page.emulateMedia({ colorScheme: 'light' });

    // The proof now lies before any new session; signing in again leads back to the steps.
    await db.update(user).set({ emailVerifiedAt: new Date() }).where(eq(user.id, who.id));
    await page.getByRole('button', { name: 'Sign out and sign in again' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next') === '/account/admin-claim',
    );
    await signInOnLoginPage(page, account);
    await page.waitForURL((url) => url.pathname === '/account/admin-claim');
    await expect.poll(() => step('mail').getAttribute('data-state')).toBe('now');
    expect(await step('fresh').getAttribute('data-state')).toBe('done');
    await viewportScreenshot(page, 'admin-claim-steps-mail-375');
    await confirmAdminClaimByMail(page, server, STEPS_EMAIL);
    await page.getByRole('banner').getByRole('link', { name: 'Admin' }).waitFor();
    await context.close();
  });

  it('hides the bottom navigation on /admin and /login, and shows it elsewhere', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    // One load; the other routes open inside the app.
    await page.goto('/');
    for (const path of ['/', '/community', '/community-cop', '/account', '/g/pizza-demo/play']) {
      await goInApp(page, path);
      await page.waitForURL((url) => url.pathname === path);
      await page.getByTestId('bottom-nav').waitFor();
    }
    for (const [path, heading] of [
      ['/login', 'Sign in to Crowned'],
      ['/login/gate', 'Sign in to continue'],
    ] as const) {
      await goInApp(page, path);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      expect(await page.getByTestId('bottom-nav').count(), path).toBe(0);
    }
    await registerByApi(page, server, 'Navver');
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    expect(await page.getByTestId('bottom-nav').count()).toBe(0);
    await goInApp(page, '/myranks');
    const nav = page.getByTestId('bottom-nav');
    await nav.waitFor();
    expect(await nav.getByRole('link', { name: 'My Ranks' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await nav.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL((url) => url.pathname === '/create');
    await nav.getByRole('link', { name: 'Community' }).click();
    await page.waitForURL((url) => url.pathname === '/community');
    await context.close();
  });

  it('at 375 px hides the nav on downward scroll on community and my ranks, not on create', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    await page.goto('/community');
    for (const path of ['/community', '/']) {
      await leaveFor(page, path);
      await page.getByTestId('bottom-nav').waitFor();
      // The page itself is loaded on demand: the room goes below it.
      await page.getByRole('heading', { name: 'How it works' }).waitFor();
      await addScrollRoom(page);
      expect(await navState(page)).toEqual({ state: 'visible', onScreen: true });
      await scrollBy(page, 8); // within the threshold: stays
      expect((await navState(page)).state, path).toBe('visible');
      await scrollBy(page, 400);
      await expect
        .poll(() => navState(page), { message: path })
        .toEqual({ state: 'hidden', onScreen: false });
      await scrollBy(page, -120);
      await expect
        .poll(() => navState(page), { message: path })
        .toEqual({ state: 'visible', onScreen: true });
      await scrollBy(page, 300);
      await expect.poll(async () => (await navState(page)).state, { message: path }).toBe('hidden');
      // Tabbing into it brings it back for keyboard users.
      await page.getByTestId('bottom-nav').getByRole('link', { name: 'Community' }).focus();
      await expect
        .poll(async () => (await navState(page)).state, { message: path })
        .toBe('visible');
    }

    await registerByApi(page, server, 'Scroller');
    await page.goto('/myranks');
    await page.getByTestId('bottom-nav').waitFor();
    await page.getByRole('heading', { name: 'Your ranks will appear here' }).waitFor();
    await addScrollRoom(page);
    await scrollBy(page, 400);
    await expect.poll(async () => (await navState(page)).state).toBe('hidden');

    for (const path of ['/create', '/player']) {
      await leaveFor(page, path);
      await page.getByTestId('bottom-nav').waitFor();
      await page.getByRole('heading').first().waitFor();
      await addScrollRoom(page);
      await scrollBy(page, 400);
      expect(await page.evaluate(() => window.scrollY), path).toBeGreaterThan(300);
      expect(await navState(page), path).toEqual({ state: 'visible', onScreen: true });
    }
    await context.close();
  });

  it('at 1280 px never hides the nav', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: DESKTOP });
    await page.goto('/community');
    await page.getByTestId('bottom-nav').waitFor();
    await page.getByRole('heading', { name: 'How it works' }).waitFor();
    await addScrollRoom(page);
    await scrollBy(page, 600);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    expect(await navState(page)).toEqual({ state: 'visible', onScreen: true });
    await context.close();
  });

  it('never lets the nav cover the end of a page', async () => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const { context, page } = await newVisitor(browser, server, { viewport });
      await page.goto('/community');
      await page.getByRole('heading', { name: 'How it works' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.waitForTimeout(200);
      const { lastBottom, navTop } = await page.evaluate(() => {
        const main = document.getElementById('main')!;
        const last = main.lastElementChild!.getBoundingClientRect();
        const nav = document.querySelector('[data-testid="bottom-nav"]')!.getBoundingClientRect();
        return { lastBottom: last.bottom, navTop: nav.top };
      });
      expect(lastBottom, `${viewport.width}px`).toBeLessThanOrEqual(navTop);
      await context.close();
    }
  });

  it('reports each session start once per tab with the upkeep details', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    await registerByApi(page, server, 'Toucher');
    const touch = page.waitForRequest((r) => r.url().endsWith('/api/me/touch'));
    const analytics = page.waitForResponse((r) => r.url().endsWith('/api/analytics'));
    await page.goto('/community?utm_source=news&utm_medium=email&utm_campaign=launch');
    const body = (await touch).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      deviceType: 'mobile',
      locale: expect.any(String),
      tzOffset: expect.any(Number),
      firstTouch: { utm_source: 'news', utm_medium: 'email', utm_campaign: 'launch' },
      lastTouch: { utm_source: 'news', utm_medium: 'email', utm_campaign: 'launch' },
    });
    // The browser makes up no visitor id: the server issues a signed one (issue 22).
    expect(body.anonId).toBeUndefined();
    expect((await analytics).status()).toBe(202);
    const cookie = (await context.cookies()).find((c) => c.name === 'crowned_anon_id');
    expect(cookie?.value).toMatch(VISITOR_TOKEN_PATTERN);
    // 400 days from the server (the most Chromium keeps any cookie), renewed by the app on every
    // visit (it asks for 5 years, ANON_ID_COOKIE_YEARS).
    const days = (cookie!.expires * 1000 - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(399);

    // Not again in this tab for the same person.
    let again = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/me/touch')) again += 1;
    });
    await page.reload();
    await page.getByRole('heading', { name: 'How it works' }).waitFor();
    await page.waitForTimeout(500);
    expect(again).toBe(0);
    await context.close();
  });
});
