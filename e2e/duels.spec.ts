/**
 * Duel games in Chromium (issue 28, decision 0064): a creator makes a Duels game on /create; a
 * player on a 375 px phone answers by mouse, by touch and by the keyboard (← → ↓), sees the
 * progress move, stops with "See results", comes back and carries on to the end; the results
 * show their own order beside the crowd's, and every screen crowns the same: the strength order's
 * first (and any item level with it). One
 * browser context per role; axe on the play and results pages; screenshots at 375 and 1280,
 * light and dark.
 */
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { auditAll, auditInPlace } from './support/axe';
import { createGameByApi, readGameByApi } from './support/games';
import { browserAvailable, screenshot, useAppInBrowser } from './support/harness';
import { DESKTOP, goInApp, MOBILE, newVisitor, registerByApi } from './support/web';

type Turn = { pair?: { id: string; label: string }[]; done?: true; progress: Progress };
type Progress = { answered: number; budget: number };

const ITEMS = ['Espresso', 'Flat white', 'Cortado', 'Latte', 'Mocha', 'Americano'];

/** The turn as the page's person reads it through the API. */
async function turnByApi(page: Page, gameId: string): Promise<Turn> {
  const response = await page.request.get(`/api/games/${gameId}/duel`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Turn;
}

const progressText = (page: Page) => page.getByTestId('duel-progress').textContent();

/** Waits for the answer under way to come back: the next pair (or done) is shown. */
async function answerBack(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
}

/** Waits for the progress line to say `answered` of the budget, and the next pair to be there. */
async function progressIs(page: Page, answered: number, budget: number): Promise<void> {
  await expect.poll(() => progressText(page)).toBe(`${answered} of ${budget} useful comparisons`);
  const bar = page.getByRole('progressbar', { name: 'Useful comparisons made' });
  expect(await bar.getAttribute('aria-valuenow')).toBe(String(answered));
  await answerBack(page);
}

/** Both themes at one width: light, then dark, back to light. */
async function themed(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
    await screenshot(page, `${name}-${theme}`);
  }
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
}

/** Screenshots at 375 and 1280 px, light and dark; the page is left at 375 px. */
async function shots(page: Page, name: string): Promise<void> {
  await themed(page, `${name}-375`);
  await page.setViewportSize(DESKTOP);
  await themed(page, `${name}-1280`);
  await page.setViewportSize(MOBILE);
}

/** A finger's tap at the middle of an element, through the DevTools protocol. */
async function fingerTap(page: Page, testId: string): Promise<void> {
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`nothing to tap: ${testId}`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });
  await cdp.detach();
}

describe.runIf(browserAvailable())('duels', () => {
  let server!: TestServer;
  let browser!: Browser;
  useAppInBrowser((app) => ({ server, browser } = app));

  it('creates a Duels game, plays it on a phone by mouse, touch and keys, and shows both orders', async () => {
    // The creator, on /create.
    const creator = await newVisitor(browser, server, { viewport: MOBILE });
    await registerByApi(creator.page, server, 'Barista');
    const page = creator.page;
    await page.goto('/create');
    await page.getByLabel('What are we ranking?').fill('Best coffee');
    for (const [index, item] of ITEMS.entries()) {
      const input = page.getByLabel(`Item ${index + 1}`, { exact: true });
      if ((await input.count()) === 0) await page.getByRole('button', { name: 'Add item' }).click();
      await input.fill(item);
    }
    await page.locator('label.ballot-kind', { hasText: 'Duels' }).click();
    await page.getByText('Players pick the better of two, as many times as they like.').waitFor();
    expect(await page.getByRole('radio', { name: /Duels/ }).isChecked()).toBe(true);
    await shots(page, 'duels-create');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL((url) => /^\/g\/[^/]+\/play$/.test(url.pathname));
    const gameId = new URL(page.url()).pathname.split('/')[2] ?? '';
    const { game } = await readGameByApi(page, gameId);
    expect(game.ballot).toEqual({ kind: 'duel' });
    await page.getByTestId('duel-board').waitFor();
    await creator.context.close();

    // The player, a guest on a phone.
    const { context, page: phone } = await newVisitor(browser, server, { viewport: MOBILE });
    await phone.goto(`/g/${gameId}/play`);
    await phone.getByTestId('duel-left').waitFor();
    const { budget } = (await turnByApi(phone, gameId)).progress;
    expect(budget).toBeGreaterThan(8);
    await progressIs(phone, 0, budget);
    // Each card is a big target, stacked on the phone.
    const left = await phone.getByTestId('duel-left').boundingBox();
    const right = await phone.getByTestId('duel-right').boundingBox();
    expect(left && right && left.height >= 44 && right.height >= 44).toBe(true);
    expect(left && right && right.y > left.y + left.height).toBe(true);
    await shots(phone, 'duels-duel');

    const shown = async () => ({
      left: (await phone.getByTestId('duel-left').getAttribute('data-item-id')) ?? '',
      right: (await phone.getByTestId('duel-right').getAttribute('data-item-id')) ?? '',
    });
    const label = (id: string) => game.items.find((item) => item.id === id)?.label ?? id;
    const said = () => phone.getByTestId('duel-said').textContent();

    // Mouse (a tap on a phone is a click): the left card.
    let pair = await shown();
    await phone.getByTestId('duel-left').click();
    await progressIs(phone, 1, budget);
    expect(await said()).toBe(`You chose ${label(pair.left)}.`);
    // The next pair is there: a new one.
    await expect.poll(async () => JSON.stringify(await shown())).not.toBe(JSON.stringify(pair));

    // Touch: a finger on the right card.
    pair = await shown();
    await fingerTap(phone, 'duel-right');
    await progressIs(phone, 2, budget);
    expect(await said()).toBe(`You chose ${label(pair.right)}.`);

    // Keyboard: → the right one, ↓ can't decide, ← the left one.
    pair = await shown();
    await phone.keyboard.press('ArrowRight');
    await progressIs(phone, 3, budget);
    expect(await said()).toBe(`You chose ${label(pair.right)}.`);
    pair = await shown();
    await phone.keyboard.press('ArrowDown');
    await progressIs(phone, 4, budget);
    expect(await said()).toBe(`Can’t decide between ${label(pair.left)} and ${label(pair.right)}.`);
    pair = await shown();
    await phone.keyboard.press('ArrowLeft');
    await progressIs(phone, 5, budget);
    expect(await said()).toBe(`You chose ${label(pair.left)}.`);
    // Every answer was saved as it was made.
    expect((await turnByApi(phone, gameId)).progress.answered).toBe(5);

    // Stops with "See results": their order beside the crowd's.
    await phone.getByRole('link', { name: 'See results' }).click();
    await phone.waitForURL((url) => url.pathname === `/g/${gameId}/results`);
    await phone.getByTestId('duel-strengths').waitFor();
    await expect
      .poll(() => phone.getByTestId('duel-my-order').locator('li').count())
      .toBeGreaterThan(1);
    expect(await phone.getByTestId('result-item').count()).toBe(ITEMS.length);

    // Comes back later and carries on where they were.
    await goInApp(phone, `/g/${gameId}/play`);
    await progressIs(phone, 5, budget);
    await auditAll(context, [{ path: `/g/${gameId}/play`, ready: '[data-testid="duel-left"]' }]);
    for (let answered = 5; answered < budget; answered++) {
      await phone.keyboard.press(answered % 2 === 0 ? 'ArrowLeft' : 'ArrowRight');
      const next = answered + 1;
      await expect
        .poll(async () =>
          (await phone.getByText('You’ve compared enough — see results').count()) > 0
            ? budget
            : Number((await progressText(phone))?.split(' ')[0]),
        )
        .toBeGreaterThanOrEqual(next);
      await answerBack(phone);
    }
    await phone.getByText('You’ve compared enough — see results').waitFor();
    expect((await turnByApi(phone, gameId)).done).toBe(true);
    await shots(phone, 'duels-done');

    await phone.getByRole('link', { name: 'See results' }).click();
    await phone.getByTestId('duel-strengths').waitFor();
    await expect
      .poll(() => phone.getByTestId('duel-my-order').locator('li').count())
      .toBe(ITEMS.length);
    await phone.getByTestId('you-vs-crowd').waitFor();
    // One answer to "who won" (decision 0066): strength is the default method; the crowned rows
    // are the strength order's first and any item at exactly its strength (one player's few
    // answers can leave two level), and the banner, the hero and the You card name the same.
    expect(await phone.getByRole('radio', { name: 'Strength' }).isChecked()).toBe(true);
    const byApi = await phone.request.get(`/api/games/${gameId}/results`);
    const { results } = (await byApi.json()) as {
      results: {
        items: { id: string; label: string }[];
        duels: { standings: { id: string; strength: number }[] };
      };
    };
    const labels = new Map(results.items.map((item) => [item.id, item.label]));
    const [top] = results.duels.standings;
    const crowned = results.duels.standings
      .filter((row) => row.strength === top?.strength)
      .map((row) => ({ id: row.id, label: labels.get(row.id) ?? '' }));
    const marked = phone.getByTestId('result-item').filter({ hasText: '(winner)' });
    expect(
      (await marked.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-item-id'))))
        .slice()
        .sort(),
    ).toEqual(crowned.map((row) => row.id).sort());
    const first = phone.getByTestId('result-item').first();
    expect(await first.getAttribute('data-item-id')).toBe(top?.id);
    const winner = (await first.locator('bdi').textContent()) ?? '';
    const banner = (await phone.getByTestId('method-banner').textContent()) ?? '';
    if (crowned.length === 1) expect(banner).toBe(`Strength crowns ${winner}`);
    else {
      expect(banner).toMatch(/tie for the crown$/);
      for (const row of crowned) expect(banner).toContain(row.label);
    }
    expect(await phone.getByTestId('you-vs-crowd-leader').textContent()).toContain(winner);
    for (const title of await phone.getByTestId('crown-hero-title').allTextContents()) {
      for (const row of crowned) expect(title).toContain(row.label);
    }
    await shots(phone, 'duels-results');

    await auditAll(context, [
      { path: `/g/${gameId}/play`, ready: '[data-testid="duel-board"]' },
      { path: `/g/${gameId}/results`, ready: '[data-testid="duel-strengths"]' },
    ]);
    await context.close();
  }, 180_000);

  it('ignores ← → ↓ and taps while an answer is saving: one answer, not several', async () => {
    const owner = await newVisitor(browser, server, { viewport: MOBILE });
    await registerByApi(owner.page, server, 'Roaster');
    const game = await createGameByApi(owner.page, server, {
      prompt: 'Best bean',
      items: ITEMS,
      ballot: { kind: 'duel' },
    });
    await owner.context.close();

    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    await page.goto(`/g/${game.id}/play`);
    await page.getByTestId('duel-left').waitFor();
    const { budget } = (await turnByApi(page, game.id)).progress;
    await progressIs(page, 0, budget);
    // Every answer is held until released, and counted.
    let posted = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/games/${game.id}/duels`, async (route) => {
      posted += 1;
      await held;
      await route.continue();
    });
    // Three keys in one frame, before the page draws again (a held key, a quick double press)...
    await page.evaluate(() => {
      for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowDown']) {
        document.body.dispatchEvent(
          new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }),
        );
      }
    });
    await expect.poll(() => posted).toBe(1);
    // ... and more while the answer is out: keys, and a tap on the other card.
    for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft']) await page.keyboard.press(key);
    await page.getByTestId('duel-right').click();
    release();
    await progressIs(page, 1, budget);
    expect(posted).toBe(1);
    expect((await turnByApi(page, game.id)).progress.answered).toBe(1);
    expect(await page.getByTestId('duel-error').textContent()).toBe('');
    // The next pair takes the next key as usual.
    await page.keyboard.press('ArrowRight');
    await progressIs(page, 2, budget);
    expect(posted).toBe(2);
    await page.unrouteAll({ behavior: 'wait' });
    await context.close();
  }, 120_000);

  it('lets the owner download a duel game’s answers (decision 0067)', async () => {
    const owner = await newVisitor(browser, server, { viewport: MOBILE });
    await registerByApi(owner.page, server, 'Cupper');
    const game = await createGameByApi(owner.page, server, {
      prompt: 'Best roast',
      items: ITEMS,
      ballot: { kind: 'duel' },
    });
    const { context, page: phone } = await newVisitor(browser, server, { viewport: MOBILE });
    await phone.goto(`/g/${game.id}/play`);
    await phone.getByTestId('duel-left').waitFor();
    const { budget } = (await turnByApi(phone, game.id)).progress;
    for (const [answered, key] of ['ArrowLeft', 'ArrowDown', 'ArrowRight'].entries()) {
      await progressIs(phone, answered, budget);
      await phone.keyboard.press(key);
    }
    await progressIs(phone, 3, budget);
    await context.close();

    const page = owner.page;
    await page.goto(`/g/${game.id}/results`);
    await page.getByTestId('owner-panel').waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Download results' });
    await dialog.waitFor();
    expect(await dialog.getByRole('link').count()).toBe(6);
    await dialog.getByRole('link', { name: /Answers \(JSON\)/ }).waitFor();
    expect(
      await auditInPlace(page, {
        path: `/g/${game.id}/results (download)`,
        ready: '[role="dialog"]',
      }),
    ).toEqual([]);
    await shots(page, 'duels-download');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: /Answers \(CSV\)/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('best-roast-answers.csv');
    const text = await readFile((await download.path()) ?? '', 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('name,answered_at,item_a,item_b,winner');
    expect(lines).toHaveLength(4);
    expect(lines.filter((line) => line.endsWith(','))).toHaveLength(1);
    await owner.context.close();
  }, 120_000);
});
