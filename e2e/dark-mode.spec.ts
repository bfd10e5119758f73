/**
 * Dark mode in Chromium (issue 14): the app follows the system's colour scheme until a theme is
 * picked; the header's toggle (System → Light → Dark) and the account page's choice switch it,
 * and the choice is remembered across reloads, applied before the first paint. Screenshots of
 * the main screens in dark at 375 and 1280 px.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_GAME_ID } from '../src/web/paths';
import type { TestServer } from '../test/support/server';
import { browserAvailable, SCREENSHOT_DIR, useAppInBrowser } from './support/harness';
import {
  MOBILE,
  newVisitor,
  registerByApi,
  screenshotBothWidths,
  setProgress,
} from './support/web';

const LIGHT_BG = 'rgb(247, 244, 252)';
const DARK_BG = 'rgb(18, 11, 38)';

async function look(page: Page): Promise<{ theme?: string; bg: string; themeColor?: string }> {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    bg: getComputedStyle(document.body).backgroundColor,
    themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? '',
  }));
}

const toggle = (page: Page) => page.getByTestId('theme-toggle');

/** The body's background once the click's update has landed. */
async function settlesOn(page: Page, bg: string): Promise<void> {
  await expect.poll(async () => (await look(page)).bg).toBe(bg);
}

/** Both widths, in dark. */
async function shoot(page: Page, name: string, ready: string): Promise<void> {
  expect((await look(page)).theme).toBe('dark');
  await screenshotBothWidths(page, `dark-${name}`, ready);
}

describe.runIf(browserAvailable())('dark mode in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  it('follows the system when no theme is chosen, live', async () => {
    const { context, page } = await newVisitor(browser, server);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    await toggle(page).waitFor();
    expect(await look(page)).toEqual({ theme: 'dark', bg: DARK_BG, themeColor: '#160d33' });
    expect(await toggle(page).getAttribute('data-choice')).toBe('system');

    await page.emulateMedia({ colorScheme: 'light' });
    await settlesOn(page, LIGHT_BG);
    expect(await look(page)).toEqual({ theme: 'light', bg: LIGHT_BG, themeColor: '#2a1b5e' });
    await context.close();
  });

  it('switches with the header toggle and remembers the choice across a reload', async () => {
    const { context, page } = await newVisitor(browser, server);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await toggle(page).waitFor();
    expect((await look(page)).bg).toBe(LIGHT_BG);
    expect(await toggle(page).getAttribute('aria-label')).toBe('Theme: System. Switch to Light');

    await toggle(page).click(); // System → Light
    await expect.poll(() => toggle(page).getAttribute('data-choice')).toBe('light');
    await settlesOn(page, LIGHT_BG);
    await toggle(page).click(); // Light → Dark
    await settlesOn(page, DARK_BG);
    expect(await toggle(page).getAttribute('aria-label')).toBe('Theme: Dark. Switch to System');
    expect(await look(page)).toEqual({ theme: 'dark', bg: DARK_BG, themeColor: '#160d33' });
    expect(await page.evaluate(() => localStorage.getItem('crowned.theme'))).toBe('dark');

    // Dark from the first paint: the inline script has set it before the app's code runs.
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await toggle(page).waitFor();
    expect(await toggle(page).getAttribute('data-choice')).toBe('dark');
    expect((await look(page)).bg).toBe(DARK_BG);

    // A picked theme wins over the system's; System follows it again.
    await page.emulateMedia({ colorScheme: 'dark' });
    await toggle(page).click(); // Dark → System (the system is dark now)
    await expect.poll(() => toggle(page).getAttribute('data-choice')).toBe('system');
    expect(await page.evaluate(() => localStorage.getItem('crowned.theme'))).toBeNull();
    expect((await look(page)).bg).toBe(DARK_BG);
    await toggle(page).click(); // System → Light
    await settlesOn(page, LIGHT_BG);
    await page.reload();
    await toggle(page).waitFor();
    expect(await look(page)).toEqual({ theme: 'light', bg: LIGHT_BG, themeColor: '#2a1b5e' });
    await context.close();
  });

  it('offers the same choice on the account page', async () => {
    const { context, page } = await newVisitor(browser, server);
    await page.emulateMedia({ colorScheme: 'light' });
    await registerByApi(page, server, 'Dora');
    await page.goto('/account');
    const group = page.getByRole('group', { name: 'Theme' });
    await group.waitFor();
    const option = (name: string) => group.getByRole('button', { name });
    expect(await option('System').getAttribute('aria-pressed')).toBe('true');
    await option('Dark').click();
    await settlesOn(page, DARK_BG);
    expect(await option('Dark').getAttribute('aria-pressed')).toBe('true');
    expect(await option('System').getAttribute('aria-pressed')).toBe('false');
    expect(await toggle(page).getAttribute('data-choice')).toBe('dark');
    await toggle(page).click(); // Dark → System: the account page follows
    await settlesOn(page, LIGHT_BG);
    expect(await option('System').getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });

  it('draws the main screens in dark (screenshots at 375 and 1280 px)', async () => {
    const { context, page } = await newVisitor(browser, server);
    await page.emulateMedia({ colorScheme: 'dark' });
    const account = await registerByApi(page, server, 'Nyx');
    await setProgress(server, account.id, { role: 'admin', adminGrantedBy: 'e2e-seed' });
    await page.goto('/');
    await shoot(page, 'home', 'main h1, main h2');
    await page.setViewportSize(MOBILE);
    await page.locator('header').screenshot({ path: `${SCREENSHOT_DIR}/dark-header-375.png` });
    const created = await page.request.post('/api/games', {
      data: { prompt: 'Best night sky sight', items: ['Moon', 'Comet', 'Aurora'], publish: true },
      headers: { origin: server.url },
    });
    expect(created.status()).toBe(201);
    const mine = ((await created.json()) as { game: { id: string } }).game;
    await page.goto('/community');
    await shoot(page, 'community', '.rank-card');
    await page.goto(`/g/${DEMO_GAME_ID}/play`);
    await shoot(page, 'play', 'button:has-text("Submit ranking")');
    await page.getByRole('button', { name: 'Submit ranking' }).click();
    await page.waitForURL((url) => url.pathname === `/g/${DEMO_GAME_ID}/results`);
    await page.goto(`/g/${DEMO_GAME_ID}/results`);
    await page.getByRole('button', { name: 'Head to head' }).click();
    await shoot(page, 'results', '.h2h__cell');
    await page.goto(`/g/${mine.id}/results`);
    await shoot(page, 'owner-results', '[data-testid="owner-panel"]');
    await page.goto('/create');
    await shoot(page, 'create', 'form');
    await page.goto('/account');
    await shoot(page, 'account', '[data-testid="account-name"]');
    await page.goto('/player');
    await shoot(page, 'player', 'main h1');
    await page.goto('/myranks');
    await shoot(page, 'myranks', 'main h1');
    await page.goto('/admin');
    await shoot(page, 'admin-overview', '.admin-chart .recharts-surface');
    await context.close();

    // A first visit: the onboarding dialog over the page.
    const visitor = await newVisitor(browser, server, { onboarded: false });
    await visitor.page.emulateMedia({ colorScheme: 'dark' });
    await visitor.page.goto('/');
    await shoot(visitor.page, 'onboarding', '[role="dialog"]');
    await visitor.context.close();
  });
});
