/**
 * Accessibility, enforced (issue 14): axe-core on every route the app has, for each kind of
 * visitor (signed out, guest, signed in, admin), in light and dark, at 375 and 1280 px. Any
 * serious or critical violation fails, listed with where it was found. Besides axe's default
 * rules, label-content-name-mismatch is on: a control's accessible name must contain the text
 * people see on it (speech users say what they see).
 */
import axe, { type AxeResults } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import { startTestServer, type TestServer } from '../test/support/server';
import { browserAvailable, launchBrowser, WEB_ROOT } from './support/harness';
import {
  DESKTOP,
  MOBILE,
  newVisitor,
  registerByApi,
  setProgress,
  type Visitor,
} from './support/web';

type Check = { path: string; ready: string };
type Violation = { where: string; rule: string; impact: string; help: string; targets: string[] };

const VIEWPORTS = [MOBILE, DESKTOP];
const THEMES = ['light', 'dark'] as const;

/**
 * axe-core, put into the page once per load (evaluated like a devtools snippet, so the app's CSP
 * does not apply to it) and run for each width and theme: only violations are collected.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    }),
  );
}

/**
 * The violations axe finds twice, a second look a moment after the first: on a loaded machine the
 * first look can catch the page between two styles (a theme switch or a resize half applied),
 * while a real violation is there both times.
 */
async function stableViolations(page: Page): Promise<AxeResults['violations']> {
  const first = await runAxe(page);
  if (first.violations.length === 0) return [];
  await page.waitForTimeout(1000);
  const second = await runAxe(page);
  const seen = new Set(first.violations.map((violation) => violation.id));
  return second.violations.filter((violation) => seen.has(violation.id));
}

/** Waits for what the route shows once loaded, and for no part of it to be busy. */
async function settle(page: Page, ready: string): Promise<void> {
  await page.locator(ready).first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .boot-screen'));
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Moderate findings that fail all the same (issue 24): content outside every landmark (the
 * confetti canvas was one) and a heading that skips a level.
 */
const ALWAYS_FAIL = new Set(['region', 'heading-order']);

/** Every combination of width and theme for one page, as the visitor sees it. */
async function audit(page: Page, check: Check): Promise<Violation[]> {
  const found: Violation[] = [];
  await page.goto(check.path);
  await settle(page, check.ready);
  for (const theme of THEMES) {
    // The app follows the system's scheme when no choice is stored.
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      // Reflow (WCAG 1.4.10): nothing makes the page scroll sideways. Charts follow a resize a
      // moment later (a ResizeObserver); on a busy machine that moment is long, so the page
      // gets a few seconds to fit before it is measured, and is measured as it is then.
      await page
        .waitForFunction((w) => document.documentElement.scrollWidth <= w, viewport.width, {
          timeout: 5000,
        })
        .catch(() => undefined);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > viewport.width) {
        found.push({
          where: `${check.path} ${theme} ${viewport.width}px`,
          rule: 'reflow',
          impact: 'serious',
          help: `The page is ${width} px wide`,
          targets: [],
        });
      }
      const results = await stableViolations(page);
      for (const violation of results) {
        const serious = violation.impact === 'serious' || violation.impact === 'critical';
        if (!serious && !ALWAYS_FAIL.has(violation.id)) continue;
        found.push({
          where: `${check.path} ${theme} ${viewport.width}px`,
          rule: violation.id,
          impact: violation.impact ?? 'moderate',
          help: violation.help,
          targets: violation.nodes
            .slice(0, 5)
            .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
        });
      }
    }
  }
  return found;
}

async function auditAll(context: BrowserContext, checks: Check[]): Promise<void> {
  const page = await context.newPage();
  const violations: Violation[] = [];
  for (const check of checks) violations.push(...(await audit(page, check)));
  await page.close();
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

describe.runIf(browserAvailable())('accessibility of every route (axe-core)', () => {
  let server: TestServer;
  let browser: Browser;
  let owner: Visitor;
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

  it('signed out: public pages, sign-in screens and the create screen', async () => {
    const { context } = await newVisitor(browser, server);
    await auditAll(context, [
      ...publicChecks(),
      { path: '/account', ready: 'main h1' },
      { path: '/login', ready: 'main h1' },
      { path: '/login/gate', ready: 'main h1' },
      { path: '/create', ready: 'main h1' },
      { path: '/dev/outbox', ready: 'main h1' },
    ]);
    await context.close();
  });

  it('a guest who ranked: play, results and their account', async () => {
    const { page, context } = await newVisitor(browser, server);
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
    await context.close();
  });

  it('signed in: create, my ranks, player, builder, a community rank, an owner’s results', async () => {
    const { page, context } = await newVisitor(browser, server);
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
    await context.close();
  });

  it('the owner: their results with the owner panel, and My Ranks with a game', async () => {
    await auditAll(owner.context, [
      { path: `/g/${gameId}/results`, ready: '[data-testid="result-item"]' },
      { path: '/myranks', ready: 'main h1' },
    ]);
  });

  it('an admin: every admin page', async () => {
    const { page, context } = await newVisitor(browser, server);
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
    await context.close();
  });
});
