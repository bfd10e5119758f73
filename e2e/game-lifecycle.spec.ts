/**
 * A game's life in Chromium (SPEC §4, §5): results locked by a players rule unlock for every
 * watcher the moment the last player submits, and a deadline unlocks them live too; saved
 * progress comes back after a reload without counting; players asked to re-order when the owner
 * adds items; a late visitor to a closed game sees it closed, read-only, with the results a tap
 * away.
 */
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { browserAvailable, newApiPerson, screenshot, useAppInBrowser } from './support/harness';
import {
  DESKTOP,
  MOBILE,
  newVisitor,
  registerByApi,
  screenshotBothWidths,
  visitorsInTurn,
} from './support/web';

type Rules = { sizeLimit?: number; deadlineAt?: number };
type CreatedGame = { id: string; items: { id: string; label: string }[] };

const ITEMS = ['Pancakes', 'Waffles', 'French toast', 'Crêpes'];

/** A game made through the API by a new owner, signed in on `requests` (a page's, or an API person). */
async function gameByNewOwner(
  requests: APIRequestContext,
  server: TestServer,
  prompt: string,
  rules: Rules = {},
): Promise<CreatedGame> {
  await registerByApi(requests, server, 'Owner');
  const response = await requests.post('/api/games', {
    data: { prompt, items: ITEMS, ...rules },
    headers: { origin: server.url },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { game: CreatedGame }).game;
}

async function orderOnPage(page: Page): Promise<string[]> {
  return page
    .getByTestId('rank-item')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-item-id') ?? ''));
}

/** Opens the play page and submits the order shown; lands on the results page. */
async function playAndSubmit(page: Page, gameId: string): Promise<void> {
  await page.goto(`/g/${gameId}/play`);
  await page.getByTestId('rank-list').waitFor();
  await page.getByRole('button', { name: 'Submit ranking' }).click();
  await page.waitForURL((url) => url.pathname === `/g/${gameId}/results`);
}

/** Marks the page; `stayedOpen` then tells whether it was reloaded since. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { marked: boolean }).marked = true));
}

async function stayedOpen(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { marked?: boolean }).marked === true);
}

describe.runIf(browserAvailable())('game lifecycle in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  /** Players who are never on screen together (a context of their own for those who watch). */
  const inTurn = visitorsInTurn(() => ({ server, browser }));
  /** An owner who only calls the API. */
  const apiOwnerGame = async (prompt: string, rules: Rules = {}) => {
    const owner = await newApiPerson(server);
    return { owner, game: await gameByNewOwner(owner, server, prompt, rules) };
  };

  it('a players rule keeps results locked, then unlocks them for every watcher at once', async () => {
    const owner = await newVisitor(browser, server);
    const game = await gameByNewOwner(owner.page.request, server, 'Best breakfast', {
      sizeLimit: 3,
    });

    // The owner always sees results, with a note that players don't yet.
    await owner.page.goto(`/g/${game.id}/results`);
    await owner.page.getByTestId('owner-locked-notice').waitFor();
    await markPage(owner.page);

    const first = await newVisitor(browser, server, { viewport: MOBILE });
    await first.page.goto(`/g/${game.id}/play`);
    // Before playing, the rule is shown to the player.
    await first.page.getByTestId('play-unlock').getByText('3 more players needed').waitFor();
    await screenshot(first.page, 'play-locked-rule-375');
    await first.page.getByRole('button', { name: 'Submit ranking' }).click();
    await first.page.waitForURL((url) => url.pathname === `/g/${game.id}/results`);
    await first.page.getByRole('heading', { name: 'Results are locked' }).waitFor();
    const firstNeeds = first.page.getByTestId('players-needed');
    await expect.poll(() => firstNeeds.textContent()).toBe('2 more players needed');
    expect(await first.page.getByTestId('result-item').count()).toBe(0);
    await markPage(first.page);
    await screenshot(first.page, 'results-locked-375');

    const second = await newVisitor(browser, server, { viewport: DESKTOP });
    await playAndSubmit(second.page, game.id);
    await second.page.getByRole('heading', { name: 'Results are locked' }).waitFor();
    await expect
      .poll(() => second.page.getByTestId('players-needed').textContent())
      .toBe('1 more player needed');
    await markPage(second.page);
    await screenshot(second.page, 'results-locked-1280');
    // The first player's page counts down live.
    await expect.poll(() => firstNeeds.textContent()).toBe('1 more player needed');

    // The third player fills the game: results unlock for everyone watching, without a reload.
    const third = await inTurn({ viewport: MOBILE });
    await playAndSubmit(third.page, game.id);
    await third.page.getByTestId('result-item').first().waitFor();
    for (const watcher of [first.page, second.page]) {
      await watcher.getByTestId('result-item').first().waitFor({ timeout: 15_000 });
      expect(await watcher.getByTestId('result-item').count()).toBe(ITEMS.length);
      expect(await stayedOpen(watcher)).toBe(true);
    }
    await owner.page.getByTestId('owner-locked-notice').waitFor({ state: 'detached' });
    expect(await stayedOpen(owner.page)).toBe(true);
    await screenshot(first.page, 'results-unlocked-375');

    // The game is closed now: a late visitor gets a closed rank, not a board that looks playable:
    // the items read-only, no handles, no Submit, and a way to the results.
    const fourth = await inTurn({ viewport: MOBILE });
    await fourth.page.goto(`/g/${game.id}/play`);
    const closed = fourth.page.getByTestId('closed-rank');
    await closed.getByRole('heading', { name: 'This rank is closed' }).waitFor();
    expect(await closed.getByTestId('closed-item').allInnerTexts()).toEqual(ITEMS);
    expect(await fourth.page.getByRole('button', { name: 'Submit ranking' }).count()).toBe(0);
    expect(await fourth.page.getByRole('button', { name: /^(Drag|Move) / }).count()).toBe(0);
    expect(await fourth.page.getByLabel(/Your name/).count()).toBe(0);
    for (const scheme of ['light', 'dark'] as const) {
      await fourth.page.emulateMedia({ colorScheme: scheme });
      await screenshotBothWidths(
        fourth.page,
        `play-closed-${scheme}`,
        '[data-testid="closed-rank"]',
      );
    }
    await closed.getByRole('link', { name: 'See the results' }).click();
    await fourth.page.waitForURL((url) => url.pathname === `/g/${game.id}/results`);
    await fourth.page.getByTestId('result-item').first().waitFor();
    expect(await fourth.page.getByTestId('result-item').count()).toBe(ITEMS.length);

    for (const visitor of [owner, first, second]) await visitor.context.close();
  });

  it('a deadline unlocks the results live when it passes', async () => {
    const { owner, game } = await apiOwnerGame('Best lunch', {
      deadlineAt: Date.now() + 15_000,
    });
    const player = await inTurn({ viewport: MOBILE });
    await playAndSubmit(player.page, game.id);
    await player.page.getByRole('heading', { name: 'Results are locked' }).waitFor();
    // A countdown in seconds, under a quarter of a minute.
    await expect
      .poll(() => player.page.getByTestId('unlock-countdown').textContent())
      .toMatch(/^\d{1,2}s$/);
    await markPage(player.page);
    await screenshot(player.page, 'results-countdown-375');

    // The server's scheduled check closes the game and tells the page; nobody reloads.
    await player.page.getByTestId('result-item').first().waitFor({ timeout: 45_000 });
    expect(await stayedOpen(player.page)).toBe(true);
    await owner.dispose();
  });

  it('restores saved progress after a reload, without counting it', async () => {
    const { owner, game } = await apiOwnerGame('Best dinner');
    const player = await inTurn({ viewport: MOBILE });
    await player.page.goto(`/g/${game.id}/play`);
    await player.page.getByTestId('rank-list').waitFor();
    const start = await orderOnPage(player.page);
    expect(start).toEqual(game.items.map((item) => item.id));

    // Crêpes to the top, Waffles to the bottom.
    for (let i = 0; i < 3; i++) {
      await player.page.getByRole('button', { name: 'Move Crêpes up' }).click();
    }
    await player.page.getByRole('button', { name: 'Move Waffles down' }).click();
    const moved = await orderOnPage(player.page);
    const byLabel = (label: string) => game.items.find((item) => item.label === label)!.id;
    expect(moved).toEqual([
      byLabel('Crêpes'),
      byLabel('Pancakes'),
      byLabel('French toast'),
      byLabel('Waffles'),
    ]);
    await expect
      .poll(() => player.page.getByTestId('progress-note').textContent())
      .toBe('Progress saved');

    await player.page.reload();
    await player.page.getByTestId('rank-list').waitFor();
    expect(await orderOnPage(player.page)).toEqual(moved);

    // Saved progress does not count: still no rankings.
    const read = await player.page.request.get(`/api/games/${game.id}`);
    const body = (await read.json()) as {
      submissionCount: number;
      mySubmission: { partial: boolean; ranking: string[] } | null;
    };
    expect(body.submissionCount).toBe(0);
    expect(body.mySubmission).toMatchObject({ partial: true, ranking: moved });

    // Submitting turns it into a final ranking, in that order.
    await player.page.getByRole('button', { name: 'Submit ranking' }).click();
    await player.page.waitForURL((url) => url.pathname === `/g/${game.id}/results`);
    await expect
      .poll(() => player.page.getByTestId('submission-count').textContent())
      .toMatch(/^1\b/);
    expect(
      await player.page
        .getByTestId('result-item')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-item-id'))),
    ).toEqual(moved);
    await owner.dispose();
  });

  it('asks a player to re-order when the owner adds items, live', async () => {
    const { owner, game } = await apiOwnerGame('Best snack');
    const player = await inTurn({ viewport: MOBILE });
    await playAndSubmit(player.page, game.id);
    await player.page.getByTestId('result-item').first().waitFor();
    await markPage(player.page);

    // The owner adds an item and removes another.
    const edit = await owner.patch(`/api/games/${game.id}/items`, {
      data: { items: [...game.items.slice(1), 'Granola'] },
      headers: { origin: server.url },
    });
    expect(edit.ok()).toBe(true);

    const rankAgain = player.page.getByRole('link', { name: 'Rank again to place them' });
    await rankAgain.waitFor({ timeout: 15_000 });
    expect(await stayedOpen(player.page)).toBe(true);
    await rankAgain.click();
    await player.page.getByTestId('needs-reorder').waitFor();
    const order = await orderOnPage(player.page);
    expect(order).toHaveLength(4);
    expect(order.slice(0, 3)).toEqual(game.items.slice(1).map((item) => item.id));
    const labels = await player.page.getByTestId('rank-item').allTextContents();
    expect(labels.at(-1)).toContain('Granola');
    expect(labels.join(' ')).not.toContain('Pancakes');
    await screenshot(player.page, 'play-needs-reorder-375');

    await player.page.getByRole('button', { name: 'Submit ranking' }).click();
    await player.page.waitForURL((url) => url.pathname === `/g/${game.id}/results`);
    await expect.poll(() => player.page.getByTestId('result-item').count()).toBe(4);
    await owner.dispose();
  });
});
