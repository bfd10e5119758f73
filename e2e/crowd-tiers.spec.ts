/**
 * The crowd's tier list (issue 25) in Chromium: a tiers game played by a few people shows each
 * item in the tier its average rounds to, in the creator's labels and colours, updates live as
 * another ballot arrives, and opens an item's placements by tap and by keyboard. axe-core finds
 * nothing on that results page, the tier board or the top-N picker (light and dark, 375 and
 * 1280 px).
 */
import type { Browser } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import type { TestServer } from '../test/support/server';
import { auditAll } from './support/axe';
import { createGameByApi, guestPlaysByApi } from './support/games';
import { browserAvailable, useAppInBrowser } from './support/harness';
import {
  MOBILE,
  newVisitor,
  nextVisitor,
  registerByApi,
  screenshotBothWidths,
  viewportScreenshot,
  type Visitor,
} from './support/web';

const FRUIT = ['Apple', 'Banana', 'Cherry', 'Date', 'Elderberry', 'Fig'];

/** A guest of their own sends a tier ballot: labels per tier, best tier first. */
function playsTiers(server: TestServer, game: GameView, tiers: string[][]) {
  const id = (label: string) => game.items.find((item) => item.label === label)?.id ?? label;
  return guestPlaysByApi(server, game, { tiers: tiers.map((tier) => tier.map(id)) });
}

describe.runIf(browserAvailable())('the crowd’s tier list', () => {
  let server!: TestServer;
  let browser!: Browser;
  useAppInBrowser((app) => ({ server, browser } = app));
  // One browser context for the file: each test's person in turn (nextVisitor).
  let person!: Visitor;
  beforeAll(async () => {
    person = await newVisitor(browser, server);
  });

  it('shows the tier list of a tiers game, live, with each item’s placements', async () => {
    const { page } = await nextVisitor(person, server, { viewport: MOBILE });
    await registerByApi(page, server, 'Tess');
    const game = await createGameByApi(page, server, {
      prompt: 'Fruit tier list',
      items: FRUIT,
      ballot: { kind: 'tiers' },
    });

    // Before anyone plays: the empty state, no tier list.
    await page.goto(`/g/${game.id}/results`);
    await page.getByText('No rankings yet').waitFor();
    expect(await page.getByTestId('crowd-tiers').count()).toBe(0);

    await playsTiers(server, game, [['Apple', 'Banana'], ['Cherry'], [], ['Date'], []]);
    await playsTiers(server, game, [['Apple'], ['Banana', 'Cherry'], ['Date'], [], ['Elderberry']]);
    const tier = (index: number) =>
      page.locator(`[data-testid="crowd-tier"][data-tier="${index}"] [data-testid="crowd-chip"]`);
    const labelsIn = (index: number) => tier(index).allTextContents();
    // The page was open: the live results bring the list in.
    await page.getByTestId('crowd-tiers').waitFor();
    // Apple 0 → S; Banana 0, 1 → halfway, the better; Cherry 1, 1 → A; Date 3, 2 → B; Elderberry
    // 4 → D; Fig, never placed, in the pool.
    await expect.poll(() => labelsIn(0)).toEqual(['Apple', 'Banana']);
    expect(await labelsIn(1)).toEqual(['Cherry']);
    expect(await labelsIn(2)).toEqual(['Date']);
    expect(await labelsIn(3)).toEqual([]);
    expect(await labelsIn(4)).toEqual(['Elderberry']);
    expect(await page.getByRole('heading', { name: 'Not placed by anyone' }).count()).toBe(1);
    const headings = await page
      .getByTestId('crowd-tiers')
      .getByRole('heading', { level: 3 })
      .allTextContents();
    expect(headings).toEqual(['S', 'A', 'B', 'C', 'D', 'Not placed by anyone']);

    // A third ballot arrives: Cherry drops to B while the page watches.
    await playsTiers(server, game, [['Banana'], ['Apple'], [], [], ['Cherry']]);
    await expect.poll(() => labelsIn(2)).toEqual(['Cherry', 'Date']);
    expect(await labelsIn(1)).toEqual([]);

    // Tap: Cherry's placements.
    const cherry = page.getByRole('button', { name: 'Cherry: where players placed it' });
    expect(await cherry.getAttribute('aria-expanded')).toBe('false');
    await cherry.click();
    expect(await cherry.getAttribute('aria-expanded')).toBe('true');
    const placements = page.locator('[data-testid="crowd-placements"]:visible');
    await expect.poll(() => placements.textContent()).toBe('A 67% · D 33%Placed by 3 of 3');
    await screenshotBothWidths(page, 'crowd-tiers-open', '[data-testid="crowd-tiers"]');
    await page.setViewportSize(MOBILE);
    await page.getByTestId('crowd-tiers').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await viewportScreenshot(page, 'crowd-tiers-open-viewport-375');

    // Keyboard: focus Date's button and press Enter; Cherry's closes (one open at a time).
    const date = page.getByRole('button', { name: 'Date: where players placed it' });
    await date.focus();
    await page.keyboard.press('Enter');
    expect(await date.getAttribute('aria-expanded')).toBe('true');
    expect(await cherry.getAttribute('aria-expanded')).toBe('false');
    await expect
      .poll(() => placements.textContent())
      .toBe('B 33% · C 33% · Not placed 33%Placed by 2 of 3');
    await page.keyboard.press('Space');
    expect(await date.getAttribute('aria-expanded')).toBe('false');

    // The API gives the same list: tiers of item ids, best mean first.
    const response = await page.request.get(`/api/games/${game.id}/results`);
    const { results } = (await response.json()) as {
      results: { crowdTiers: { tiers: { label: string }[][]; pool: { label: string }[] } };
    };
    expect(results.crowdTiers.tiers.map((row) => row.map((item) => item.label))).toEqual([
      ['Apple', 'Banana'],
      [],
      ['Cherry', 'Date'],
      [],
      ['Elderberry'],
    ]);
    expect(results.crowdTiers.pool.map((item) => item.label)).toEqual(['Fig']);
  }, 120_000);

  it('axe finds nothing on the tier results, the tier board, the top-N picker and its results', async () => {
    const { context, page } = await nextVisitor(person, server);
    await registerByApi(page, server, 'Axel');
    const tiers = await createGameByApi(page, server, {
      prompt: 'Snack tiers',
      items: ['Crisps', 'Nuts', 'Olives', 'Popcorn'],
      ballot: {
        kind: 'tiers',
        tiers: [
          { label: 'Great', color: '#1e3a8a' },
          { label: 'Fine', color: '#ffdf80' },
          { label: 'Meh', color: '#7f7f7f' },
        ],
      },
    });
    const top = await createGameByApi(page, server, {
      prompt: 'Top 3 snacks',
      items: ['Crisps', 'Nuts', 'Olives', 'Popcorn', 'Pretzels'],
      ballot: { kind: 'top', n: 3 },
    });
    await playsTiers(server, tiers, [['Crisps'], ['Nuts', 'Olives'], []]);
    const ranked = await page.request.put(`/api/games/${top.id}/submission`, {
      data: { ranking: top.items.slice(0, 3).map((item) => item.id) },
      headers: { origin: server.url },
    });
    expect(ranked.status()).toBe(200);
    // The items nobody ranked share the last place.
    await page.goto(`/g/${top.id}/results`);
    await page.locator('[data-testid="result-item"]').nth(4).waitFor();
    expect(
      await page
        .locator('[data-testid="result-item"]')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-place'))),
    ).toEqual(['1', '2', '3', '=4', '=4']);
    expect(await page.getByTestId('row-evidence').nth(4).textContent()).toBe(
      'Nobody ranked it yet',
    );
    await screenshotBothWidths(page, 'top-n-results', '[data-testid="result-item"]');
    await auditAll(context, [
      { path: `/g/${top.id}/results`, ready: '[data-testid="result-item"]' },
      { path: `/g/${tiers.id}/results`, ready: '[data-testid="crowd-tiers"]' },
      { path: `/g/${tiers.id}/play`, ready: '[data-testid="tier-row"]' },
      { path: `/g/${top.id}/play`, ready: '[data-testid="pick-search"]' },
    ]);
  }, 240_000);
});
