/**
 * Routes and guards in Chromium (SPEC §2, §6): every login-required route sends a signed-out
 * visitor (and a guest) through 'Signing you in…' to /login?next={path+query+hash}, except /create,
 * where anyone composes and Create asks for an account (decision 0020); the next
 * round trip; the /login → / rule; /rank and /results with ?g=; /appboot; /share; legacy claims;
 * public routes; the Not found card.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { browserAvailable, screenshot, useAppInBrowser } from './support/harness';
import {
  DESKTOP,
  MOBILE,
  goInApp,
  here,
  registerByApi,
  sawText,
  signInOnLoginPage,
  signOutByApi,
  visitorsInTurn,
} from './support/web';

/**
 * Login-required targets, with queries and hashes that must survive the trip. (/create is not
 * here: anyone may compose, and pressing Create asks for an account; create-screen.spec.ts. Nor
 * /r/{id}: a public preview, decision 0041; community.spec.ts.)
 */
const PROTECTED = [
  '/rank',
  '/rank?g=pizza-demo',
  '/results?g=pizza-demo&x=1#chart',
  '/builder',
  '/myranks',
  '/myranks?tab=played#list',
  '/player',
  '/admin',
  '/admin/users?q=a%20b#top',
];

const loginUrlFor = (target: string) => `/login?next=${encodeURIComponent(target)}`;

/** Forgets the texts seen so far, so `sawText` answers for what comes next. */
const forgetSeenTexts = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { seenTexts: string[] }).seenTexts.length = 0;
  });

describe.runIf(browserAvailable())('shell routes and guards', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  // The file's people are never on screen together: one browser context, one after another.
  const visitor = visitorsInTurn(() => ({ server, browser }));

  it('sends a signed-out visitor from every protected route to /login?next=…', async () => {
    const { page } = await visitor();
    // The first by a page load, the rest as links inside the app (the same guard, without
    // booting the app again).
    for (const [index, target] of PROTECTED.entries()) {
      if (index === 0) {
        await page.goto(target);
      } else {
        await forgetSeenTexts(page);
        await goInApp(page, target);
      }
      await page.waitForURL((url) => `${url.pathname}${url.search}` === loginUrlFor(target));
      expect(here(page), target).toBe(loginUrlFor(target));
      expect(await sawText(page, 'Signing you in…'), target).toBe(true);
      // The target is kept in local storage too.
      const stored = await page.evaluate(() => localStorage.getItem('crowned.loginNext'));
      expect(JSON.parse(stored ?? 'null')).toMatchObject({ next: target });
      await page.getByRole('heading', { name: 'Sign in to Crowned' }).waitFor();
    }
  });

  it('lets a signed-out visitor and a guest open /create to compose, with no detour', async () => {
    const { page } = await visitor();
    for (const [index, target] of ['/create', '/create?from=home#top'].entries()) {
      if (index === 0) await page.goto(target);
      else await goInApp(page, target);
      await page.getByRole('heading', { name: 'Create a rank' }).waitFor();
      expect(here(page), target).toBe(target);
      expect(await sawText(page, 'Signing you in…'), target).toBe(false);
      await page
        .getByText('You will sign in or create an account when you press Create.')
        .waitFor();
    }
    const guest = await page.request.post('/api/auth/sign-in/anonymous', {
      data: {},
      headers: { origin: server.url },
    });
    expect(guest.ok()).toBe(true);
    await page.goto('/create');
    await page.getByRole('heading', { name: 'Create a rank' }).waitFor();
    expect(here(page)).toBe('/create');
  });

  it("shows 'Loading… Initializing your session.', forces it away after 2.5 s, then the gate waits", async () => {
    const { page } = await visitor();
    // The session answer is slow: the boot screen gives way after 2.5 s, the gate holds on.
    let sessionAnswered = false;
    await page.route('**/api/auth/get-session*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 6000));
      sessionAnswered = true;
      await route.continue().catch(() => undefined);
    });
    const started = Date.now();
    await page.goto('/myranks?tab=created#x', { waitUntil: 'commit' });
    const boot = page.getByTestId('boot-screen');
    await boot.waitFor();
    expect(await boot.textContent()).toContain('Loading…');
    expect(await boot.textContent()).toContain('Initializing your session.');
    await page.locator('.page-loading', { hasText: 'Signing you in…' }).waitFor();
    const forcedAfter = Date.now() - started;
    expect(forcedAfter).toBeGreaterThanOrEqual(2000);
    // Forced, not answered: the session was still on its way (no upper time bound to flake on a
    // loaded machine).
    expect(sessionAnswered).toBe(false);
    expect(await boot.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/myranks');
    // Once the session is known (signed out): off to the login screen.
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    expect(here(page)).toBe(loginUrlFor('/myranks?tab=created#x'));
  });

  it('treats a guest as signed out on protected routes', async () => {
    const { page } = await visitor();
    const guest = await page.request.post('/api/auth/sign-in/anonymous', {
      data: {},
      headers: { origin: server.url },
    });
    expect(guest.ok()).toBe(true);
    await page.goto('/player');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(here(page)).toBe(loginUrlFor('/player'));
    // The header treats the guest as signed out too.
    await goInApp(page, '/community');
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
  });

  it('takes the next round trip: sign in on /login and land on the original target', async () => {
    const account = await registerByApi((await visitor()).page, server, 'Rounder');
    const { page } = await visitor({ viewport: MOBILE });
    const target = '/myranks?tab=played#list';
    await page.goto(target);
    await page.waitForURL((url) => url.pathname === '/login');
    await signInOnLoginPage(page, account);
    await page.waitForURL((url) => url.pathname === '/myranks');
    expect(here(page)).toBe(target);
    await page.getByRole('heading', { name: 'My Ranks' }).waitFor();
    // The stored target was taken and cleared.
    expect(await page.evaluate(() => localStorage.getItem('crowned.loginNext'))).toBeNull();
  });

  it('uses the stored target when the query lost it', async () => {
    const account = await registerByApi((await visitor()).page, server, 'Storer');
    const { page } = await visitor();
    await page.goto('/builder?step=2');
    await page.waitForURL((url) => url.pathname === '/login');
    await goInApp(page, '/login');
    await page.waitForURL((url) => url.search === '');
    await signInOnLoginPage(page, account);
    await page.waitForURL((url) => url.pathname === '/builder');
    expect(here(page)).toBe('/builder?step=2');
    expect(await page.evaluate(() => localStorage.getItem('crowned.loginNext'))).toBeNull();
  });

  it('forgets a stored target once an account lands past the sign-in screens', async () => {
    const { page } = await visitor();
    await page.goto('/player');
    await page.waitForURL((url) => url.pathname === '/login');
    const stored = () => page.evaluate(() => localStorage.getItem('crowned.loginNext'));
    expect(await stored()).not.toBeNull();
    // As after a provider sign-in, which lands on the target without the login screen.
    await registerByApi(page, server, 'Direct');
    await page.goto('/player');
    await page.getByTestId('player-level').waitFor();
    await expect.poll(stored).toBeNull();
  });

  it('replaces a /login or /account target by / after sign-in', async () => {
    const account = await registerByApi((await visitor()).page, server, 'Looper');
    const { page } = await visitor();
    for (const next of ['/login', '/account', '/login/gate?next=%2Fcreate']) {
      await page.goto(loginUrlFor(next));
      await signInOnLoginPage(page, account);
      await page.waitForURL((url) => url.pathname === '/');
      expect(here(page), next).toBe('/');
      await signOutByApi(page, server);
    }
  });

  it('sends /rank?g= and /results?g= to the game, and bare /rank and /results to My Ranks', async () => {
    const { page } = await visitor();
    await registerByApi(page, server, 'Redirected');
    await page.goto('/rank?g=pizza-demo');
    await page.waitForURL((url) => url.pathname === '/g/pizza-demo/play');
    await goInApp(page, '/rank');
    await page.waitForURL((url) => url.pathname === '/myranks');
    await goInApp(page, '/results?g=pizza-demo');
    await page.waitForURL((url) => url.pathname === '/g/pizza-demo/results');
    await goInApp(page, '/results');
    await page.waitForURL((url) => url.pathname === '/myranks');
    await page.getByRole('heading', { name: 'Your ranks will appear here' }).waitFor();
  });

  it('opens every login-required page for a signed-in user', async () => {
    const { page } = await visitor();
    const account = await registerByApi(page, server, 'Member');
    const expected: [string, string][] = [
      ['/create', 'Create a rank'],
      ['/r/some-rank', 'Community rank'],
      ['/builder', 'Builder'],
      ['/myranks', 'My Ranks'],
      ['/player', account.name],
      ['/admin', 'Not found'],
      ['/admin/users', 'Not found'],
    ];
    await page.goto('/community');
    for (const [path, heading] of expected) {
      await goInApp(page, path);
      await page.getByRole('heading', { name: heading }).first().waitFor();
      expect(new URL(page.url()).pathname, path).toBe(path);
    }
  });

  it('sends /appboot/g/{id} to /g/{id}, replacing the history entry', async () => {
    const { page } = await visitor();
    await page.goto('/community');
    await goInApp(page, '/appboot/g/pizza-demo');
    await page.waitForURL((url) => url.pathname === '/g/pizza-demo/play');
    await page.getByTestId('rank-list').waitFor();
    // Back leaves the game altogether: /appboot and /g/{id} were replaced, not stacked.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/community');
  });

  it('redirects /share/g/{id} on the server to /g/{id}?fromShare=1', async () => {
    const direct = await fetch(`${server.url}/share/g/pizza-demo`, { redirect: 'manual' });
    expect(direct.status).toBe(302);
    expect(direct.headers.get('location')).toBe('/g/pizza-demo?fromShare=1');

    const { page } = await visitor();
    const response = await page.goto('/share/g/pizza-demo');
    expect(response?.url()).toBe(`${server.url}/g/pizza-demo?fromShare=1`);
    expect(response?.request().redirectedFrom()?.url()).toBe(`${server.url}/share/g/pizza-demo`);
    await page.waitForURL((url) => url.pathname === '/g/pizza-demo/play');
    await page.getByTestId('rank-list').waitFor();
  });

  it('remembers legacy game ids and claims them after an account signs in', async () => {
    const { page } = await visitor();
    await page.goto('/g/pizza-demo?legacy=1&g=oldgame0001');
    await page.waitForURL((url) => url.pathname === '/g/pizza-demo/play');
    await page.goto('/appboot/g/oldgame0002');
    await page.getByRole('heading', { name: 'Game not found' }).waitFor();
    const stored = () => page.evaluate(() => localStorage.getItem('crowned.legacyGameIds'));
    expect(JSON.parse((await stored()) ?? '[]')).toEqual([
      'oldgame0002',
      'pizza-demo',
      'oldgame0001',
    ]);

    await registerByApi(page, server, 'Legacy');
    const claim = page.waitForRequest(
      (request) => request.url().endsWith('/api/games/claim') && request.method() === 'POST',
    );
    await page.goto('/community');
    const body = (await claim).postDataJSON() as { ids: string[] };
    expect(body.ids).toEqual(['oldgame0002', 'pizza-demo', 'oldgame0001']);
    await expect.poll(stored).toBeNull();
  });

  it('lets anyone open the public routes', async () => {
    const { page } = await visitor();
    const publicRoutes: [string, string][] = [
      ['/', 'Community'],
      ['/community', 'Community'],
      ['/community-cop', 'Community'],
      ['/account', 'Sign in to Crowned'],
      ['/login', 'Sign in to Crowned'],
      ['/login/gate', 'Sign in to continue'],
    ];
    for (const [index, [path, heading]] of publicRoutes.entries()) {
      if (index === 0) await page.goto(path);
      else await goInApp(page, path);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      expect(new URL(page.url()).pathname, path).toBe(path);
    }
    await goInApp(page, '/g/pizza-demo');
    await page.waitForURL((url) => url.pathname === '/g/pizza-demo/play');
  });

  it('shows a Not found card with the path and a Go home link', async () => {
    const { page } = await visitor({ viewport: MOBILE });
    await page.goto('/no/such/place?x=1');
    for (const [viewport, name] of [
      [MOBILE, 'not-found-375'],
      [DESKTOP, 'not-found-1280'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.getByRole('heading', { name: 'Not found' }).waitFor();
      expect(await page.locator('.status-card code').textContent()).toBe('/no/such/place');
      await screenshot(page, name);
      await page.getByRole('link', { name: 'Go home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await goInApp(page, '/no/such/place?x=1');
    }
  });

  it('signs out back to a public page that still works', async () => {
    const { page } = await visitor();
    await registerByApi(page, server, 'Leaver');
    await page.goto('/myranks');
    await page.getByRole('heading', { name: 'My Ranks' }).waitFor();
    await signOutByApi(page, server);
    await page.goto('/myranks');
    await page.waitForURL((url) => url.pathname === '/login');
  });
  it('reports an uncaught error to the server once, with the path and no query', async () => {
    const { page } = await visitor();
    await page.goto('/community?token=secret');
    await page.getByRole('heading', { name: 'Community' }).first().waitFor();
    // Read where the request is held: an unrouted page's request events may carry no body (the
    // report is a beacon).
    const reports: unknown[] = [];
    await page.route('**/api/client-errors', async (route) => {
      reports.push(route.request().postDataJSON());
      await route.continue();
    });
    const reported = page.waitForResponse((res) => res.url().endsWith('/api/client-errors'));
    // Thrown outside any handler twice: the same failure is reported once.
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e uncaught failure');
      });
      setTimeout(() => {
        throw new Error('e2e uncaught failure');
      });
    });
    expect((await reported).status()).toBe(202);
    await page.waitForTimeout(300);
    expect(reports).toEqual([
      expect.objectContaining({
        kind: 'error',
        message: 'Error: e2e uncaught failure',
        path: '/community',
      }),
    ]);
  });
});
