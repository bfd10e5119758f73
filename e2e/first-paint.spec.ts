/**
 * The play page's first paint, drawn by the server (decision 0075): what a first visit paints
 * before the app's JavaScript has run is the page the app then draws, box for box and word for
 * word, at 375 and 1280 px, light and dark. The drawing alone is seen by holding the app's entry
 * back (its request fails); it is inert (nothing in it is focusable or in the accessibility tree)
 * and the app replaces it whole. A visit's layout shifts (CLS) stay those of the app's own
 * updates. Screenshots of both, each width and theme: e2e/screenshots/first-paint-*.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { browserAvailable, newPerson, screenshot, useAppInBrowser } from './support/harness';
import { DESKTOP, MOBILE } from './support/web';

const PLAY = '/g/pizza-demo/play';

/** What is compared: each element's box (CSS px, rounded) and its text, in page order. */
const PARTS = [
  '.site-header',
  '.logo',
  '.theme-toggle',
  '.eyebrow',
  '.game-head__title',
  '.game-head__meta',
  '.game-head__actions .btn',
  '.play-form__help',
  '.play-form__name label',
  '.play-form__name input',
  '.rank-row',
  '.rank-row__handle',
  '.rank-row__label',
  '.rank-row__move',
  '.submit-bar .btn',
  '.bottom-nav__link',
  '.bottom-nav__create',
];

type Part = { selector: string; box: number[]; text: string };

async function parts(page: Page): Promise<Part[]> {
  return page.evaluate((selectors) => {
    const app = document.querySelector('#root > .app')!;
    return selectors.flatMap((selector) =>
      // Drawn ones only (of what the drawing writes both ways, one is not).
      Array.from(app.querySelectorAll(selector))
        .filter((element) => element.getClientRects().length > 0)
        .map((element) => {
          const rect = element.getBoundingClientRect();
          return {
            selector,
            box: [rect.x, rect.y, rect.width, rect.height].map((n) => Math.round(n)),
            text: (element.textContent ?? '').replace(/\s+/g, ' ').trim(),
          };
        }),
    );
  }, PARTS);
}

async function open(
  browser: Browser,
  server: TestServer,
  options: { viewport: { width: number; height: number }; dark: boolean; drawnOnly: boolean },
) {
  const context = await newPerson(browser, server, options.viewport);
  await context.addInitScript((dark) => {
    window.localStorage.setItem('crowned.onboarded', '1');
    if (dark) window.localStorage.setItem('crowned.theme', 'dark');
    type Shift = PerformanceEntry & {
      value: number;
      sources: { node: Element | null; previousRect: DOMRect; currentRect: DOMRect }[];
    };
    const w = window as unknown as { shifts: number; shiftLog: string[] };
    w.shifts = 0;
    w.shiftLog = [];
    const describe = (node: Element | null) =>
      node ? `${node.tagName.toLowerCase()}.${String(node.className).replace(/ /g, '.')}` : '?';
    const box = (r: DOMRect) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        w.shifts += entry.value;
        w.shiftLog.push(
          `${Math.round(entry.startTime)} ms ${entry.value.toFixed(3)}: ${entry.sources
            .map((s) => `${describe(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`)
            .join('; ')}`,
        );
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, options.dark);
  // Without its entry the app never runs: the page stays as the server drew it.
  if (options.drawnOnly)
    await context.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(PLAY);
  if (options.drawnOnly) {
    await page.locator('[data-first-paint] .game-head__title').waitFor();
  } else {
    await page.getByTestId('rank-list').waitFor();
    // The session's answer is in (the header's account slot shows Sign In).
    await page.getByRole('link', { name: 'Sign In' }).waitFor();
  }
  await page.evaluate(() => document.fonts.ready);
  return { context, page };
}

describe.runIf(browserAvailable())('the play page as the server draws it', () => {
  let server: TestServer;
  let browser: Browser;
  useAppInBrowser((app) => ({ server, browser } = app));

  for (const viewport of [MOBILE, DESKTOP]) {
    for (const dark of [false, true]) {
      const name = `${viewport.width} px, ${dark ? 'dark' : 'light'}`;
      it(`paints the page the app then draws (${name})`, async () => {
        const drawn = await open(browser, server, { viewport, dark, drawnOnly: true });
        const app = await open(browser, server, { viewport, dark, drawnOnly: false });
        try {
          // Read before the screenshots: a full-page one resizes the page, which shifts it.
          const { shifts, shiftLog } = await app.page.evaluate(() => {
            const w = window as unknown as { shifts: number; shiftLog: string[] };
            return { shifts: w.shifts, shiftLog: w.shiftLog };
          });
          const tag = `${viewport.width}-${dark ? 'dark' : 'light'}`;
          await screenshot(drawn.page, `first-paint-drawn-${tag}`);
          await screenshot(app.page, `first-paint-app-${tag}`);

          // A picture only: nothing in it is read out (Chromium's accessibility tree) or takes
          // focus.
          const cdp = await drawn.context.newCDPSession(drawn.page);
          const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
            nodes: { ignored: boolean; role?: { value: string } }[];
          };
          const read = nodes.filter(
            (node) =>
              !node.ignored &&
              ['heading', 'button', 'link', 'StaticText', 'textbox'].includes(
                node.role?.value ?? '',
              ),
          );
          expect(read.map((node) => node.role?.value)).toEqual([]);
          await drawn.page.keyboard.press('Tab');
          expect(await drawn.page.evaluate(() => document.activeElement === document.body)).toBe(
            true,
          );
          // The app's page replaced it whole.
          expect(await app.page.locator('[data-first-paint]').count()).toBe(0);

          const painted = await parts(drawn.page);
          const drawnByApp = await parts(app.page);
          expect(painted.length).toBeGreaterThan(PARTS.length);
          // The account slot holds a placeholder at the app's first render and Sign In once the
          // session has answered: the header's words and the theme button's left edge aside.
          const level = (list: Part[]) =>
            list.map((part) =>
              part.selector === '.theme-toggle'
                ? { ...part, box: [0, ...part.box.slice(1)] }
                : part.selector === '.site-header'
                  ? { ...part, text: '' }
                  : part,
            );
          expect(level(painted)).toEqual(level(drawnByApp));
          // The app's own updates (the header's account slot) shift almost nothing.
          expect(shifts, shiftLog.join('\n')).toBeLessThan(0.01);
        } finally {
          await drawn.context.close();
          await app.context.close();
        }
      });
    }
  }
});
