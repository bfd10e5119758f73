/**
 * Accessibility, enforced (issue 14): axe-core on every route the app has, for each kind of
 * visitor (signed out, guest, signed in, admin), in light and dark, at 375 and 1280 px. Any
 * serious or critical violation fails, listed with where it was found. Besides axe's default
 * rules, label-content-name-mismatch is on: a control's accessible name must contain the text
 * people see on it (speech users say what they see).
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import { startTestServer, type TestServer } from '../test/support/server';
import { auditAll, type Check } from './support/axe';
import { browserAvailable, launchBrowser, readOutboxDirectly, WEB_ROOT } from './support/harness';
import { newVisitor, nextVisitor, registerByApi, setProgress, type Visitor } from './support/web';

describe.runIf(browserAvailable())('accessibility of every route (axe-core)', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: Visitor;
  /** The guest, the signed-in player and the admin in turn: one browser context (nextVisitor). */
  let person: Visitor;
  let gameId: string;
  let rankId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer('pglite', { webRoot: WEB_ROOT }),
      launchBrowser(),
    ]);
    // An owner with a published game that someone ranked, and a handle for the public profile.
    owner = await newVisitor(browser, server);
    await registerByApi(owner.page, server, 'Amara');
    const post = async (path: string, data: unknown, method = 'POST') => {
      const response = await owner.page.request.fetch(path, {
        method,
        data,
        headers: { origin: server.url },
      });
      expect(response.ok(), await response.text()).toBe(true);
      return response.json() as Promise<{ game: GameView }>;
    };
    const { game } = await post('/api/games', {
      prompt: 'Best breakfast',
      items: ['Pancakes', 'Waffles', 'Porridge', 'Eggs', 'Toast'],
    });
    gameId = game.id;
    await post(`/api/games/${gameId}/submission`, { ranking: game.items.map((i) => i.id) }, 'PUT');
    const published = await post(`/api/games/${gameId}/publish`, {});
    rankId = published.game.communityRankId ?? '';
    await post('/api/me/handle', { handle: 'amara' }, 'PUT');
    person = await newVisitor(browser, server);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** What everyone may open. */
  const publicChecks = (): Check[] => [
    { path: '/', ready: '.community-section, main h1' },
    { path: '/community', ready: 'main h1' },
    { path: '/community-cop', ready: 'main h1' },
    { path: '/g/pizza-demo/play', ready: '[data-testid="rank-list"], main h1' },
    { path: '/g/pizza-demo/results', ready: 'main h1' },
    { path: `/g/${gameId}/results`, ready: 'main h1' },
    { path: '/u/amara', ready: 'main h1' },
    { path: '/no/such/page', ready: 'main h1' },
  ];

  // Up to 14 routes, each in four looks (two themes, two widths): minutes on a loaded machine.
  it('signed out: public pages, sign-in screens and the create screen', async () => {
    const { context } = await nextVisitor(person, server);
    await auditAll(context, [
      ...publicChecks(),
      { path: '/account', ready: 'main h1' },
      { path: '/login', ready: 'main h1' },
      { path: '/login/gate', ready: 'main h1' },
      { path: '/create', ready: 'main h1' },
    ]);
    // Routed for /dev/outbox alone: a route puts every request of the context through Playwright
    // and turns the HTTP cache off.
    const unroute = await readOutboxDirectly(context);
    await auditAll(context, [{ path: '/dev/outbox', ready: 'main h1' }]);
    await unroute();
  }, 300_000);

  it('a guest who ranked: play, results and their account', async () => {
    const { page, context } = await nextVisitor(person, server);
    await page.request.post('/api/auth/sign-in/anonymous', {
      data: {},
      headers: { origin: server.url },
    });
    const { game } = (await (await page.request.get('/api/games/pizza-demo')).json()) as {
      game: GameView;
    };
    await page.request.put('/api/games/pizza-demo/submission', {
      data: { ranking: game.items.map((item) => item.id) },
      headers: { origin: server.url },
    });
    await auditAll(context, [
      { path: '/g/pizza-demo/play', ready: '[data-testid="rank-list"], main h1' },
      { path: '/g/pizza-demo/results', ready: '[data-testid="result-item"]' },
      { path: '/account', ready: 'main h1' },
    ]);
  });

  it('signed in: create, my ranks, player, builder, a community rank, an owner’s results', async () => {
    const { page, context } = await nextVisitor(person, server);
    await registerByApi(page, server, 'Noor');
    await auditAll(context, [
      { path: '/create', ready: 'main h1' },
      { path: '/myranks', ready: 'main h1' },
      { path: '/player', ready: 'main h1' },
      { path: '/builder', ready: 'main h1' },
      { path: `/r/${rankId}`, ready: 'main h1' },
      { path: '/account', ready: 'main h1' },
      // Where the admin claim's mail lands (decision 0028): it asks before anything changes.
      { path: `/account/admin-claim#${'A'.repeat(43)}`, ready: 'main h1' },
      { path: `/g/${gameId}/play`, ready: '[data-testid="rank-list"], main h1' },
    ]);
  }, 300_000);

  it('the owner: their results with the owner panel, and My Ranks with a game', async () => {
    await auditAll(owner.context, [
      { path: `/g/${gameId}/results`, ready: '[data-testid="result-item"]' },
      { path: '/myranks', ready: 'main h1' },
    ]);
  });

  it('an admin: every admin page', async () => {
    const { page, context } = await nextVisitor(person, server);
    const account = await registerByApi(page, server, 'Ada');
    await setProgress(server, account.id, { role: 'admin', adminGrantedBy: 'e2e-seed' });
    await auditAll(context, [
      { path: '/admin', ready: '.admin-chart .recharts-surface' },
      { path: '/admin/users', ready: '[data-testid="admin-users"]' },
      { path: '/admin/games', ready: 'main h1' },
      { path: '/admin/reports', ready: 'main h1' },
      { path: '/admin/analytics', ready: 'main h1' },
      { path: '/admin/audit', ready: 'main h1' },
    ]);
  }, 300_000);
});
