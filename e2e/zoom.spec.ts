/**
 * The screens of issue 14's list at 375 px, at 1280 px and at 200% zoom (a 1280 px window zoomed
 * 200% is a 640 px CSS viewport: Chromium's zoom is emulated as 640×450 at device scale 2). On
 * each: the main action is inside the viewport and nothing covers it (the point at its middle is
 * the control itself, not the navigation), and a screenshot of what the viewport shows is saved
 * (ZOOM_SHOT_DIR, or the screenshots folder) for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import type { TestServer } from '../test/support/server';
import { browserAvailable, SCREENSHOT_DIR, useAppInBrowser } from './support/harness';
import { registerByApi } from './support/web';

const SHOT_DIR = process.env.ZOOM_SHOT_DIR ?? SCREENSHOT_DIR;

const SIZES = [
  { name: '375', viewport: { width: 375, height: 812 }, deviceScaleFactor: 1 },
  { name: '1280', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
  { name: 'zoom200', viewport: { width: 640, height: 450 }, deviceScaleFactor: 2 },
] as const;
interface Size {
  name: string;
  viewport: { width: number; height: number };
  deviceScaleFactor: number;
}

/** Fails unless the control is wholly in the viewport and is what sits at its own middle. */
async function expectInViewUncovered(page: Page, control: Locator, what: string): Promise<void> {
  await control.waitFor();
  const box = (await control.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y, `${what}: top in view`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: bottom in view`).toBeLessThanOrEqual(viewport.height + 0.5);
  expect(box.x + box.width, `${what}: right edge in view`).toBeLessThanOrEqual(
    viewport.width + 0.5,
  );
  const onTop = await control.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (element === hit || element.contains(hit))
      ? 'itself'
      : (hit?.outerHTML.slice(0, 120) ?? 'nothing');
  });
  expect(onTop, `${what}: uncovered`).toBe('itself');
}

describe.runIf(browserAvailable())('main actions at 375 px, 1280 px and 200% zoom', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  async function open(size: Size, options: { onboarded?: boolean } = {}) {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: size.viewport,
      deviceScaleFactor: size.deviceScaleFactor,
      serviceWorkers: 'block',
      reducedMotion: 'reduce',
    });
    if (options.onboarded ?? true) {
      await context.addInitScript(() => localStorage.setItem('crowned.onboarded', '1'));
    }
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    return { context, page };
  }

  async function shot(page: Page, name: string, size: Size): Promise<void> {
    mkdirSync(SHOT_DIR, { recursive: true });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: path.join(SHOT_DIR, `zoom-${name}-${size.name}.png`) });
  }

  /*
   * The play page's room for the list: with the header scrolled away, the part of the viewport
   * above the sticky submit bar (the bar and the navigation under it cover the rest). On short
   * viewports (200% zoom, a phone on its side) the navigation is compact, so the list keeps at
   * least MIN_ROOM of the screen; everywhere the Submit button is whole, on top and above the nav,
   * and the nav's links keep a 44 px tap target.
   */
  const MIN_ROOM = 0.72;
  const PLAY_SIZES = [
    { name: '375', viewport: { width: 375, height: 812 }, deviceScaleFactor: 1, short: false },
    {
      name: '1280x900',
      viewport: { width: 1280, height: 900 },
      deviceScaleFactor: 1,
      short: false,
    },
    { name: 'zoom200', viewport: { width: 640, height: 450 }, deviceScaleFactor: 2, short: true },
    { name: 'landscape', viewport: { width: 812, height: 375 }, deviceScaleFactor: 1, short: true },
  ];

  for (const size of PLAY_SIZES) {
    it(`play leaves room for the list, Submit above the nav, at ${size.name}`, async () => {
      const { context, page } = await open(size);
      await page.goto('/g/pizza-demo/play');
      const list = page.getByTestId('rank-list');
      await list.waitFor();
      const submit = page.getByRole('button', { name: 'Submit ranking' });
      // Scroll the list's top to the top of the viewport (as far as the page scrolls).
      await list.evaluate((element) =>
        window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY),
      );
      await expectInViewUncovered(page, submit, 'Submit ranking');
      const measured = await page.evaluate(() => {
        const bar = document.querySelector('.submit-bar')!.getBoundingClientRect();
        const nav = document.querySelector('[data-testid="bottom-nav"]')!.getBoundingClientRect();
        const submitButton = [...document.querySelectorAll('.submit-bar button')].find((b) =>
          /submit ranking/i.test(b.textContent ?? ''),
        )!;
        const links = [...document.querySelectorAll('.bottom-nav a')].map(
          (a) => a.getBoundingClientRect().height,
        );
        const header = document.querySelector('.site-header')!.getBoundingClientRect();
        return {
          room: Math.max(0, bar.top - Math.max(0, header.bottom)) / window.innerHeight,
          submitBottom: submitButton.getBoundingClientRect().bottom,
          navTop: nav.top,
          minLink: Math.min(...links),
        };
      });
      expect(measured.submitBottom, 'Submit above the nav').toBeLessThanOrEqual(measured.navTop);
      expect(measured.minLink, 'nav tap targets').toBeGreaterThanOrEqual(44);
      if (size.short) expect(measured.room, 'room for the list').toBeGreaterThanOrEqual(MIN_ROOM);
      // Tab reaches the navigation and it is on screen, whole.
      const navLink = page.getByTestId('bottom-nav').getByRole('link', { name: 'My Ranks' });
      await navLink.focus();
      await expectInViewUncovered(page, navLink, 'My Ranks link');
      await navLink.evaluate((element) => (element as HTMLElement).blur());
      await shot(page, 'play-room', size);
      await context.close();
    });
  }

  for (const size of SIZES) {
    it(`play, create, toast, Not found and onboarding at ${size.name}`, async () => {
      const { context, page } = await open(size);
      await page.goto('/g/pizza-demo/play');
      await page.getByTestId('rank-list').waitFor();
      await expectInViewUncovered(
        page,
        page.getByRole('button', { name: 'Submit ranking' }),
        'Submit ranking',
      );
      await shot(page, 'play', size);

      await page.goto('/create');
      await page.getByLabel('What are we ranking?').waitFor();
      await expectInViewUncovered(
        page,
        page.getByRole('button', { name: 'Create', exact: true }),
        'Create',
      );
      await shot(page, 'create', size);

      await page.goto('/g/pizza-demo/results');
      await page.locator('.game-head__title').waitFor();
      await page.getByRole('button', { name: /copy link/i }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Link copied' });
      await toast.waitFor();
      await page.waitForTimeout(400); // its entrance
      await expectInViewUncovered(page, toast, 'toast');
      await shot(page, 'toast', size);

      await page.goto('/no/such/page');
      await page.getByRole('heading', { name: 'Not found' }).waitFor();
      await expectInViewUncovered(page, page.getByRole('link', { name: 'Go home' }), 'Go home');
      await shot(page, 'not-found', size);
      await context.close();

      const fresh = await open(size, { onboarded: false });
      await fresh.page.goto('/');
      const dialog = fresh.page.getByTestId('onboarding');
      await dialog.waitFor();
      for (const name of ['Skip', 'Next']) {
        await expectInViewUncovered(fresh.page, dialog.getByRole('button', { name }), name);
      }
      // All of it fits: nothing to scroll inside the dialog.
      expect(
        await dialog.evaluate((element) => element.scrollHeight - element.clientHeight),
        'onboarding overflow',
      ).toBeLessThanOrEqual(0);
      await shot(fresh.page, 'onboarding', size);
      await fresh.context.close();
    });

    it(`results of 200 items and the header level button at ${size.name}`, async () => {
      const { context, page } = await open(size);
      await registerByApi(page, server, 'Zed');
      const response = await page.request.post('/api/games', {
        data: {
          prompt: 'Two hundred things',
          items: Array.from({ length: 200 }, (_, i) => `Thing ${i + 1}`),
        },
        headers: { origin: server.url },
      });
      expect(response.status()).toBe(201);
      const { game } = (await response.json()) as { game: GameView };
      const submit = await page.request.put(`/api/games/${game.id}/submission`, {
        data: { ranking: game.items.map((item) => item.id) },
        headers: { origin: server.url },
      });
      expect(submit.ok()).toBe(true);
      await page.goto(`/g/${game.id}/results`);
      await page.getByTestId('result-item').first().waitFor();
      expect(await page.getByTestId('result-item').count()).toBe(10);
      const level = page.getByTestId('level-button');
      await expectInViewUncovered(page, level, 'level button');
      // Its accessible name contains the text it shows.
      const shown = (await level.innerText()).replace(/\s+/g, ' ').trim();
      const named = (await level.getAttribute('aria-label')) ?? shown;
      for (const word of shown.split(' ')) expect(named).toContain(word);
      await shot(page, 'results-200-top', size);
      const showAll = page.getByRole('button', { name: 'Show all 200 items' });
      await showAll.scrollIntoViewIfNeeded();
      await expectInViewUncovered(page, showAll, 'Show all');
      await shot(page, 'results-200-show-all', size);
      await context.close();
    });
  }
});
