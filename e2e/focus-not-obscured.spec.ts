/**
 * WCAG 2.2 Focus Not Obscured (2.4.11), on every route at 375 px, 1280 px and 200% zoom (a 1280
 * px window zoomed 200% lays out as a 640×450 CSS viewport): Tab through the page, as a keyboard
 * user would, and fail when the focused control is more than half covered by something fixed or
 * sticky (the header, the bottom navigation, a sticky action bar).
 *
 * One browser page for the whole run: routes open in-app (the router follows history.pushState
 * and a popstate event), the viewport changes in place, and each route gets at most MAX_TABS
 * presses or until focus wraps back to the top.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { browserAvailable, readOutboxDirectly, useAppInBrowser } from './support/harness';
import { DESKTOP, goInApp, MOBILE, newVisitor, registerByApi, setProgress } from './support/web';

const MAX_TABS = 40;
const SIZES = [
  { name: '375', viewport: MOBILE },
  { name: '1280', viewport: DESKTOP },
  { name: 'zoom200', viewport: { width: 640, height: 450 } },
];

/** Where focus is after a Tab, once scrolling has settled: what covers it, and how much. */
type Probe = { wrapped: boolean; what: string; covered: number; by: string };

/** Focus back at the top of the document, the page scrolled to its top. */
async function focusFromTop(page: Page): Promise<void> {
  await page.evaluate(() => {
    const body = document.body;
    body.tabIndex = -1;
    body.focus();
    body.removeAttribute('tabindex');
    window.scrollTo(0, 0);
    (window as unknown as { firstFocused?: Element | null }).firstFocused = null;
  });
}

/**
 * After two animation frames (focus scrolling done), samples a 5×5 grid over the focused
 * element: a point is covered when what is drawn there is neither the element nor one of its
 * ancestors and sits in a fixed or sticky box that does not hold the focused element.
 */
function probeFocus(): Promise<Probe> {
  return new Promise((resolve) => {
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const state = window as unknown as { firstFocused?: Element | null };
        const focused = document.activeElement;
        const describe = (element: Element) => element.outerHTML.replace(/\s+/g, ' ').slice(0, 140);
        if (!focused || focused === document.body || focused === state.firstFocused) {
          resolve({ wrapped: true, what: '', covered: 0, by: '' });
          return;
        }
        state.firstFocused ??= focused;
        const coverOf = (hit: Element): Element | null => {
          if (focused.contains(hit) || hit.contains(focused)) return null;
          for (let at: Element | null = hit; at; at = at.parentElement) {
            const position = getComputedStyle(at).position;
            if (position === 'fixed' || position === 'sticky') {
              return at.contains(focused) ? null : at;
            }
          }
          return null;
        };
        const rect = focused.getBoundingClientRect();
        let covered = 0;
        let by = '';
        const steps = 5;
        for (let i = 0; i < steps; i++) {
          for (let j = 0; j < steps; j++) {
            const x = rect.left + ((i + 0.5) / steps) * rect.width;
            const y = rect.top + ((j + 0.5) / steps) * rect.height;
            const hit = document.elementFromPoint(x, y);
            const cover = hit ? coverOf(hit) : null;
            if (cover) {
              covered += 1;
              by ||= describe(cover).slice(0, 80);
            }
          }
        }
        resolve({ wrapped: false, what: describe(focused), covered: covered / steps ** 2, by });
      }),
    );
  });
}

describe.runIf(browserAvailable())('focus is never hidden under a bar', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  it('Tab through every route at 375, 1280 and 200% zoom', async () => {
    const { page, context } = await newVisitor(browser, server, { viewport: MOBILE });
    const owner = await registerByApi(page, server, 'Olive');
    await setProgress(server, owner.id, { role: 'admin' });
    const created = await page.request.post('/api/games', {
      data: {
        prompt: 'Best pasta shape',
        items: ['Rigatoni', 'Penne', 'Fusilli', 'Farfalle', 'Spaghetti', 'Orzo', 'Gnocchi'],
        publish: true,
      },
      headers: { origin: server.url },
    });
    expect(created.status()).toBe(201);
    const { game } = (await created.json()) as {
      game: { id: string; items: { id: string }[]; communityRankId: string };
    };
    const submitted = await page.request.put(`/api/games/${game.id}/submission`, {
      data: { ranking: game.items.map((item) => item.id) },
      headers: { origin: server.url },
    });
    expect(submitted.ok()).toBe(true);
    // A retry runs on the same server: the handle must be new each time.
    const profile = `olive${Date.now() % 100_000}`;
    const handle = await page.request.put('/api/me/handle', {
      data: { handle: profile },
      headers: { origin: server.url },
    });
    expect(handle.ok()).toBe(true);

    // Each route and something that is there once it has loaded.
    const routes = [
      { path: '/', ready: 'h1' },
      { path: '/community', ready: 'h1' },
      { path: '/community-cop', ready: 'h1' },
      { path: '/create', ready: '.create-submit' },
      { path: '/builder', ready: '.create-submit' },
      { path: `/g/${game.id}/play`, ready: '[data-testid="rank-list"]' },
      { path: `/g/${game.id}/results`, ready: '[data-testid="result-item"]' },
      { path: `/r/${game.communityRankId}`, ready: 'h1' },
      { path: '/myranks', ready: 'h1' },
      { path: '/player', ready: 'h1' },
      { path: `/u/${profile}`, ready: 'h1' },
      { path: '/admin', ready: 'h1' },
      { path: '/admin/games', ready: 'h1' },
      { path: '/admin/reports', ready: 'h1' },
      { path: '/admin/analytics', ready: 'h1' },
      { path: '/admin/audit', ready: 'h1' },
      { path: '/account', ready: 'h1' },
      { path: '/account/admin-claim', ready: 'h1' },
      { path: '/login/gate', ready: 'h1' },
      { path: '/g/pizza-demo/play', ready: '[data-testid="rank-list"]' },
      { path: '/g/pizza-demo/results', ready: 'h1' },
      { path: '/dev/outbox', ready: 'h1' },
      { path: '/no/such/page', ready: 'h1' },
    ];

    const failures: string[] = [];
    await page.goto('/');
    await page.evaluate(() => document.fonts.ready);
    for (const size of SIZES) {
      await page.setViewportSize(size.viewport);
      for (const route of routes) {
        // Routed for /dev/outbox alone: a route puts every request of the context through
        // Playwright and turns the HTTP cache off.
        const unroute = route.path === '/dev/outbox' ? await readOutboxDirectly(context) : null;
        await goInApp(page, route.path);
        await page
          .locator(route.ready)
          .first()
          .waitFor({ timeout: 15_000 })
          .catch(async (error: unknown) => {
            const shown = (await page.locator('body').innerText()).slice(0, 300);
            throw new Error(`${route.path} at ${page.url()} did not load: ${shown}`, {
              cause: error,
            });
          });
        // The route's own data in, not only its frame.
        await page.waitForFunction(
          () => !document.querySelector('[aria-busy="true"], .boot-screen'),
        );
        await focusFromTop(page);
        for (let presses = 0; presses < MAX_TABS; presses++) {
          await page.keyboard.press('Tab');
          const probe = await page.evaluate(probeFocus);
          if (probe.wrapped) break;
          if (probe.covered > 0.5) {
            failures.push(
              `${size.name} ${route.path}: ${Math.round(probe.covered * 100)}% of ${probe.what} under ${probe.by}`,
            );
          }
        }
        await unroute?.();
      }
    }
    expect(failures).toEqual([]);
    await context.close();
  });
});
