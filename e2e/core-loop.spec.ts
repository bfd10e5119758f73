/**
 * The core loop in a real browser: A registers and creates a game; guest B opens the link,
 * orders the items with the keyboard only and submits; A's results update live without a reload.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { browserAvailable, newPerson, screenshot, useAppInBrowser } from './support/harness';
import { registerByApi, viewportScreenshot } from './support/web';

const MOBILE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

type Focused = { label: string | null; text: string };

/** Presses Tab until the focused element matches, as a keyboard user would. */
async function tabTo(page: Page, matches: (focused: Focused) => boolean, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => ({
      label: document.activeElement?.getAttribute('aria-label') ?? null,
      text: document.activeElement?.textContent?.trim() ?? '',
    }));
    if (matches(focused)) return;
  }
  throw new Error(`Tab never reached the element wanted (${matches.toString()})`);
}

async function orderOnPage(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="rank-item"]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-item-id') ?? ''));
}

describe.runIf(browserAvailable())('core loop in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  it('A creates, guest B ranks with the keyboard, A sees it live', async () => {
    const alice = await (await newPerson(browser, server, DESKTOP)).newPage();

    await alice.goto('/account');
    await alice.getByRole('button', { name: 'Create account' }).first().click();
    await alice.getByLabel('Display name').fill('Alice');
    await alice.getByLabel('Email').fill(`alice-${Date.now()}@example.com`);
    await alice.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await alice.locator('form').getByRole('button', { name: 'Create account' }).click();
    // Signed in: the header shows her level.
    await alice.getByTestId('level-button').waitFor();

    await alice.goto('/create');
    await alice.getByLabel('What are we ranking?').fill('Best breakfast');
    await alice.getByLabel('Item 1', { exact: true }).fill('Pancakes');
    await alice.getByLabel('Item 2', { exact: true }).fill('Waffles');
    await alice.getByLabel('Item 3', { exact: true }).fill('French toast');
    await alice.getByRole('button', { name: 'Create', exact: true }).click();
    await alice.waitForURL(/\/g\/[A-Za-z0-9]{10}\/play$/);
    const gameId = alice.url().split('/g/')[1]!.split('/')[0]!;
    await alice.getByTestId('rank-item').nth(2).waitFor();
    const items = await orderOnPage(alice);
    expect(items).toHaveLength(3);
    await screenshot(alice, 'play-1280');

    await alice.goto(`/g/${gameId}/results`);
    const aliceCount = alice.getByTestId('submission-count');
    await expect.poll(() => aliceCount.textContent()).toMatch(/^0\b/);
    // Marks the page so a reload would be noticed.
    await alice.evaluate(() => ((window as unknown as { stayedOpen: boolean }).stayedOpen = true));

    const bea = await (await newPerson(browser, server, MOBILE)).newPage();
    await bea.goto(`/g/${gameId}`);
    await bea.waitForURL(new RegExp(`/g/${gameId}/play$`));
    await bea.getByTestId('rank-list').waitFor();
    expect(await orderOnPage(bea)).toEqual(items);

    // Keyboard only: pick up the first item by its handle, move it two places down, drop it.
    await tabTo(bea, (el) => el.label === 'Drag Pancakes');
    for (const key of ['Space', 'ArrowDown', 'ArrowDown', 'Space']) {
      await bea.keyboard.press(key);
      await bea.waitForTimeout(150); // a person's pace between key presses
    }
    await expect.poll(() => orderOnPage(bea)).toEqual([items[1], items[2], items[0]]);
    // And the second way: the Move up button, reached and pressed with the keyboard.
    await tabTo(bea, (el) => el.label === 'Move French toast up');
    await bea.keyboard.press('Enter');
    await expect.poll(() => orderOnPage(bea)).toEqual([items[2], items[1], items[0]]);
    await screenshot(bea, 'play-375');

    await bea.getByLabel(/Your name/).focus();
    await bea.keyboard.type('Bea');
    await tabTo(bea, (el) => el.text === 'Submit ranking');
    await bea.keyboard.press('Enter');
    await bea.waitForURL(new RegExp(`/g/${gameId}/results$`));
    await expect.poll(() => bea.getByTestId('submission-count').textContent()).toMatch(/^1\b/);
    await screenshot(bea, 'results-375');

    // Alice's page updates live: same page, no reload.
    await expect.poll(() => aliceCount.textContent(), { timeout: 10_000 }).toMatch(/^1\b/);
    const consensus = await alice
      .getByTestId('result-item')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-item-id')));
    expect(consensus).toEqual([items[2], items[1], items[0]]);
    expect(
      await alice.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen),
    ).toBe(true);
    await screenshot(alice, 'results-1280');
  });

  /**
   * Rows of the list wholly on screen at the top of the page: below the sticky header, above the
   * sticky submit bar. Measured once fonts have loaded and two frames have passed.
   */
  async function rowsInView(page: Page): Promise<number> {
    return page.evaluate(async () => {
      await document.fonts.ready;
      window.scrollTo(0, 0);
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const top = document.querySelector('.site-header')!.getBoundingClientRect().bottom;
      const bottom = document.querySelector('.submit-bar')!.getBoundingClientRect().top;
      const rows = [...document.querySelectorAll('[data-testid="rank-item"]')];
      return rows.filter((row) => {
        const box = row.getBoundingClientRect();
        return box.top >= top - 0.5 && box.bottom <= bottom + 0.5;
      }).length;
    });
  }

  it('shows 6 of 8 rows on a phone\'s first screen, a long title cut to 3 lines with "more"', async () => {
    const owner = await (await newPerson(browser, server, DESKTOP)).newPage();
    await registerByApi(owner, server, 'Ola');
    const items = ['Rome', 'Paris', 'Kyoto', 'Lima', 'Oslo', 'Cairo', 'Hanoi', 'Quito'];
    // A prompt of the longest length allowed (200).
    const long = 'Which city would you most like to wake up in tomorrow morning, and why? '
      .repeat(3)
      .slice(0, 200);
    const ids: string[] = [];
    for (const prompt of ['Best city', long]) {
      const response = await owner.request.post('/api/games', {
        data: { prompt, items },
        headers: { origin: server.url },
      });
      expect(response.status()).toBe(201);
      ids.push(((await response.json()) as { game: { id: string } }).game.id);
    }

    const guest = await (await newPerson(browser, server, MOBILE)).newPage();
    await guest.emulateMedia({ reducedMotion: 'reduce' });
    for (const [index, id] of ids.entries()) {
      await guest.goto(`/g/${id}/play`);
      await guest.getByTestId('rank-item').nth(7).waitFor();
      await guest.getByLabel(/Your name/).waitFor();
      const inView = await rowsInView(guest);
      await viewportScreenshot(guest, `play-first-screen-${index === 0 ? 'short' : 'long'}-375`);
      expect(inView, `rows in view on /g/${id}/play`).toBeGreaterThanOrEqual(6);
    }
    await screenshot(guest, 'play-long-title-375');

    // The long title shows 3 lines; "more" shows all of it, "less" folds it again.
    const title = guest.getByRole('heading', { level: 1 });
    const lines = () =>
      title.evaluate((el) => el.clientHeight / Number.parseFloat(getComputedStyle(el).lineHeight));
    expect(Math.round(await lines())).toBe(3);
    const more = guest.getByRole('button', { name: 'more', exact: true });
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    await more.click();
    const less = guest.getByRole('button', { name: 'less', exact: true });
    expect(await less.getAttribute('aria-expanded')).toBe('true');
    expect(Math.round(await lines())).toBeGreaterThan(3);
    await less.click();
    await expect.poll(async () => Math.round(await lines())).toBe(3);
    // A short title has nothing to show more of.
    await guest.goto(`/g/${ids[0]}/play`);
    await guest.getByTestId('rank-item').first().waitFor();
    expect(await guest.getByRole('button', { name: 'more', exact: true }).count()).toBe(0);
    await guest.emulateMedia({ colorScheme: 'dark' });
    await guest.goto(`/g/${ids[1]}/play`);
    await guest.getByTestId('rank-item').nth(7).waitFor();
    await screenshot(guest, 'play-long-title-dark-375');
    await guest.setViewportSize(DESKTOP);
    await screenshot(guest, 'play-long-title-dark-1280');
    await guest.emulateMedia({ colorScheme: 'light' });
    await screenshot(guest, 'play-long-title-1280');
  });
});
