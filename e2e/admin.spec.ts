/**
 * The admin app in Chromium (issue 12): the overview's charts, granting and revoking admin (the
 * target's header follows), searching users, deleting a game, the audit log, grants to review
 * (decision 0028), analytics drawn
 * from seeded events; non-admins get the Not found card. Screenshots of every page at 375 and
 * 1280 px.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvent } from '../src/server/db/schema/analytics';
import { DEMO_GAME_ID } from '../src/web/paths';
import { startTestServer, type TestServer } from '../test/support/server';
import { browserAvailable, launchBrowser, WEB_ROOT } from './support/harness';
import {
  DESKTOP,
  MOBILE,
  newVisitor,
  registerByApi,
  screenshotBothWidths,
  setProgress,
  viewportScreenshot,
  type Account,
  type Visitor,
} from './support/web';

const GAME_PROMPT = 'Best admin snack';

async function createGame(page: Page, server: TestServer, prompt: string): Promise<string> {
  const response = await page.request.post('/api/games', {
    data: { prompt, items: ['Chips', 'Nuts', 'Grapes'] },
    headers: { origin: server.url },
  });
  if (!response.ok()) throw new Error(`create failed: ${response.status()}`);
  return ((await response.json()) as { game: { id: string } }).game.id;
}

/** Events as the web and the server record them: three visitors, one creates, one shares. */
async function seedAnalytics(server: TestServer): Promise<void> {
  const visitor = (n: number, device: string, source: string | null) => ({
    id: randomUUID(),
    name: 'session_start',
    anonId: `anon-${n}`,
    props: {
      device,
      locale: n === 3 ? 'de-DE' : 'en-US',
      first_touch: source ? { utm_source: source } : {},
      last_touch: source ? { utm_source: source } : {},
    },
  });
  await server.database.db
    .insert(analyticsEvent)
    .values([
      visitor(1, 'mobile', 'newsletter'),
      visitor(2, 'desktop', 'newsletter'),
      visitor(3, 'mobile', null),
      { id: randomUUID(), name: 'game_create', anonId: 'anon-1', props: { items: 3 } },
      { id: randomUUID(), name: 'share_open', anonId: 'anon-2', props: {} },
      { id: randomUUID(), name: 'ranking_submit', anonId: 'anon-2', props: {} },
    ]);
}

const adminLink = (page: Page) => page.locator('header').getByRole('link', { name: 'Admin' });

describe.runIf(browserAvailable())('the admin app in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let admin: Visitor;
  let bob: Visitor;
  let bobAccount: Account;
  let gameId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer('pglite', { webRoot: WEB_ROOT }),
      launchBrowser(),
    ]);
    admin = await newVisitor(browser, server);
    bob = await newVisitor(browser, server);
    const adminAccount = await registerByApi(admin.page, server, 'Ada');
    // Granted by someone (not by her own allowlist claim, which the claim at sign-in would undo).
    await setProgress(server, adminAccount.id, { role: 'admin', adminGrantedBy: 'e2e-seed' });
    bobAccount = await registerByApi(bob.page, server, 'Bob');
    gameId = await createGame(bob.page, server, GAME_PROMPT);
    await seedAnalytics(server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the Not found card to everyone who is not an admin', async () => {
    await bob.page.goto('/admin/users');
    await bob.page.getByRole('heading', { name: 'Not found' }).waitFor();
    expect(await adminLink(bob.page).count()).toBe(0);
  });

  it('draws the overview: totals, active users and four charts with table fallbacks', async () => {
    const { page } = admin;
    await page.goto('/admin');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    const totals = page.getByRole('region', { name: 'Totals' });
    await totals.waitFor();
    expect(await totals.innerText()).toMatch(/Users\s*2/);
    expect(await totals.innerText()).toMatch(/Games\s*2/); // Bob's and the seeded demo
    await expect.poll(() => page.locator('.admin-chart .recharts-surface').count()).toBe(4);
    const chart = page.getByRole('img', { name: /Games created per day/ });
    expect(await chart.count()).toBe(1);
    await page.getByText('Show as a table').nth(1).click();
    const table = page.locator('.admin-chart__table[open] table');
    expect(await table.locator('tbody tr').count()).toBe(30);
    await screenshotBothWidths(page, 'admin-overview', '.admin-chart .recharts-surface');
  });

  it('searches users, grants and revokes admin; the target’s header follows', async () => {
    const { page } = admin;
    await page.goto('/admin/users');
    await page.getByTestId('admin-users').waitFor();
    expect(await page.getByTestId('admin-user-row').count()).toBe(2);
    await page.getByLabel('Search users').fill(bobAccount.email.toUpperCase());
    await expect.poll(() => page.getByTestId('admin-user-row').count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('q')).toBe(bobAccount.email.toUpperCase());
    const row = page.getByTestId('admin-user-row');
    expect(await row.innerText()).toContain('Bob');

    await bob.page.goto('/myranks');
    await bob.page.getByRole('heading', { name: 'My Ranks' }).waitFor();
    expect(await adminLink(bob.page).count()).toBe(0);

    await row.getByRole('button', { name: 'Make admin: Bob' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Make Bob an admin?' });
    await confirm.getByRole('button', { name: 'Make admin' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Bob is now an admin' }).waitFor();
    await expect.poll(() => row.locator('.admin-role').innerText()).toBe('Admin');
    await adminLink(bob.page).waitFor();
    await screenshotBothWidths(page, 'admin-users', '[data-testid="admin-user-row"]');

    // Revoking from the keyboard: Tab to the row's button, Enter, then the dialog's confirm.
    await row.getByRole('button', { name: 'Revoke admin: Bob' }).focus();
    await page.keyboard.press('Enter');
    const revoke = page.getByRole('alertdialog', { name: 'Revoke admin from Bob?' });
    await revoke.waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Bob is no longer an admin' })
      .waitFor();
    await adminLink(bob.page).waitFor({ state: 'detached' });
    await bob.page.reload();
    await bob.page.getByRole('heading', { name: 'My Ranks' }).waitFor();
    expect(await adminLink(bob.page).count()).toBe(0);
  });

  it('refuses to revoke the last admin, with a message that says why', async () => {
    const { page } = admin;
    await page.goto('/admin/users?q=Ada');
    const row = page.getByTestId('admin-user-row');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Revoke admin: Ada' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke admin from yourself?' });
    await confirm.getByRole('button', { name: 'Revoke admin' }).click();
    await confirm.getByText('You are the last admin').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
  });

  it('searches games and deletes one, recorded in the audit log', async () => {
    const { page } = admin;
    await page.goto('/admin/games');
    await page.getByTestId('admin-games').waitFor();
    await page.getByLabel('Search games').fill('admin snack');
    await expect.poll(() => page.getByTestId('admin-game-row').count()).toBe(1);
    await screenshotBothWidths(page, 'admin-games', '[data-testid="admin-game-row"]');
    await page.getByRole('button', { name: `Delete ${GAME_PROMPT}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete rank' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Rank deleted' }).waitFor();
    await page.getByRole('heading', { name: 'No game matches' }).waitFor();
    expect((await page.request.get(`/api/games/${gameId}`)).status()).toBe(404);

    await page.getByRole('link', { name: 'Audit log' }).click();
    const audit = page.getByTestId('admin-audit');
    await audit.waitFor();
    const text = await audit.innerText();
    expect(text).toContain(`Ada deleted the game ${GAME_PROMPT}`);
    expect(text).toContain('Ada revoked admin from Bob');
    expect(text).toContain('Ada granted admin to Bob');
    await screenshotBothWidths(page, 'admin-audit', '[data-testid="admin-audit"]');
  });

  it('records a visit through a share link: its session start and the share opened', async () => {
    const friend = await newVisitor(browser, server, { viewport: MOBILE });
    await friend.page.goto(`/share/g/${DEMO_GAME_ID}?utm_source=chat`);
    await friend.page.waitForURL(/\/g\/pizza-demo.*fromShare=1/);
    // The visitor id the server issued with its answer to the first batch (`<id>.<signature>`).
    let anonId = '';
    await expect
      .poll(async () => {
        const cookie = (await friend.context.cookies()).find((c) => c.name === 'crowned_anon_id');
        anonId = cookie?.value.split('.')[0] ?? '';
        return anonId.length;
      })
      .toBe(22);
    const events = () =>
      server.database.db.select().from(analyticsEvent).where(eq(analyticsEvent.anonId, anonId));
    await expect
      .poll(async () => (await events()).map((e) => e.name).sort())
      .toEqual(['session_start', 'share_open']);
    const byName = new Map((await events()).map((e) => [e.name, e.props]));
    expect(byName.get('share_open')).toEqual({ game_id: DEMO_GAME_ID });
    expect(byName.get('session_start')).toMatchObject({
      device: 'mobile',
      first_touch: { utm_source: 'chat' },
    });
    // Once per tab session: another page of the same tab adds no session start.
    await friend.page.goto('/community');
    await friend.page.waitForTimeout(300);
    expect((await events()).length).toBe(2);
    await friend.context.close();
  });

  it('draws analytics from recorded events: the funnel, sources, devices, locales', async () => {
    const { page } = admin;
    await page.goto('/admin/analytics');
    const funnel = page.getByTestId('admin-funnel');
    await funnel.locator('.recharts-surface').waitFor();
    const chart = funnel.getByRole('img', { name: /Funnel/ });
    // The browsers of this spec add their own visits: at least the three seeded ones.
    const label = (await chart.getAttribute('aria-label')) ?? '';
    expect(Number(/Visited (\d+)/.exec(label)?.[1])).toBeGreaterThanOrEqual(3);
    expect(label).toMatch(/Created a game \d+, Opened a share \d+, Submitted a ranking \d+/);
    expect(await funnel.locator('table').innerText()).toMatch(
      /Opened a share\s*·\s*\d+% of visitors/,
    );
    const sources = page.getByRole('region', { name: 'Top sources · first touch' });
    expect(await sources.innerText()).toMatch(/newsletter\s*2/);
    const devices = await page.getByRole('region', { name: 'Devices' }).innerText();
    expect(Number(/mobile\s*(\d+)/.exec(devices)?.[1])).toBeGreaterThanOrEqual(2);
    expect(await page.getByRole('region', { name: 'Locales' }).innerText()).toMatch(/de-DE\s*1/);
    await screenshotBothWidths(
      page,
      'admin-analytics',
      '[data-testid="admin-funnel"] .recharts-surface',
    );

    await page.goto('/admin/reports');
    await page.getByRole('heading', { name: 'Report queue' }).waitFor();
    await screenshotBothWidths(page, 'admin-reports', '.report-queue');
  });
  it('keeps every section tab in sight on a phone and gives the charts the desktop width', async () => {
    const { page } = admin;
    await page.setViewportSize(MOBILE);
    await page.goto('/admin/analytics');
    await page.getByTestId('admin-funnel').locator('.recharts-surface').waitFor();
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    const links = nav.getByRole('link');
    expect(await links.count()).toBe(6);
    // No tab starts off-screen: the row wraps instead of hiding Analytics and Audit sideways.
    const boxes = await links.evaluateAll((all) =>
      all.map((link) => {
        const box = link.getBoundingClientRect();
        return { left: box.left, right: box.right };
      }),
    );
    for (const box of boxes) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(MOBILE.width);
    }
    expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/audit');
    await viewportScreenshot(page, 'admin-tabs-375');

    // Desktop: the charts use the width (they were squeezed into a 728 px column).
    await page.setViewportSize(DESKTOP);
    await page.goto('/admin');
    const plot = page.locator('.admin-chart .recharts-surface').first();
    await plot.waitFor();
    const mainWidth = await page.locator('main').evaluate((el) => el.clientWidth);
    expect(mainWidth).toBeGreaterThan(1000);
    const plotWidth = await page
      .locator('.admin-chart')
      .first()
      .evaluate((el) => el.getBoundingClientRect().width);
    expect(plotWidth).toBeGreaterThan(400);
    expect(
      await page
        .locator('.admin-charts')
        .first()
        .evaluate((el) => el.clientWidth),
    ).toBeGreaterThan(900);
    await viewportScreenshot(page, 'admin-wide-1280');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe('rgb(18, 11, 38)');
    await viewportScreenshot(page, 'admin-wide-dark-1280');
    await page.setViewportSize(MOBILE);
    await viewportScreenshot(page, 'admin-tabs-dark-375');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);
  });

  it('lists grants by an admin who later lost the role for review; keeping one is logged', async () => {
    const { page } = admin;
    const carol = await newVisitor(browser, server);
    const carolAccount = await registerByApi(carol.page, server, 'Carol');
    const role = (as: Page, userId: string, value: 'admin' | 'user') =>
      as.request.post(`/api/admin/users/${userId}/role`, {
        data: { role: value },
        headers: { origin: server.url },
      });
    // Ada makes Bob an admin, Bob makes Carol one, then Ada takes Bob's role away.
    expect((await role(page, bobAccount.id, 'admin')).ok()).toBe(true);
    expect((await role(bob.page, carolAccount.id, 'admin')).ok()).toBe(true);
    expect((await role(page, bobAccount.id, 'user')).ok()).toBe(true);

    await page.goto('/admin');
    const reviews = page.getByTestId('grant-reviews');
    await reviews.waitFor();
    await page.getByRole('heading', { name: 'Grants to review' }).waitFor();
    expect(await reviews.getByTestId('grant-review').count()).toBe(1);
    expect(await reviews.innerText()).toContain(
      `Bob granted admin to Carol <${carolAccount.email}>`,
    );
    await screenshotBothWidths(page, 'admin-grant-reviews', '[data-testid="grant-review"]');

    await page.getByRole('link', { name: 'Audit log' }).click();
    const audit = page.getByTestId('admin-audit');
    await audit.waitFor();
    await expect
      .poll(() => audit.getByTestId('audit-flag').allInnerTexts())
      .toEqual(['To review: the granting admin lost the role']);

    await page.getByRole('link', { name: 'Overview' }).click();
    await reviews
      .getByRole('button', { name: `Keep admin: Carol <${carolAccount.email}>` })
      .click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'stays an admin' }).waitFor();
    await reviews.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Audit log' }).click();
    await audit.waitFor();
    // The log shown at once may be the one cached before Keep; the fresh one follows.
    await expect
      .poll(() => audit.getByTestId('audit-flag').allInnerTexts())
      .toEqual(['Reviewed and kept']);
    expect(await audit.innerText()).toContain(
      `Ada reviewed and kept the admin role of Carol <${carolAccount.email}>`,
    );
    await carol.context.close();
  });
});
