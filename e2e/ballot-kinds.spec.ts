/**
 * Ballot kinds in Chromium on a phone (issue 25): the top 10 of a 200-item game picked by search
 * and tap in under 40 taps or keys; a tier list filled by drag, by tap and by the keyboard; and a
 * top N and a tier list created on /create. Each checked through the API.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import type { GameView } from '../src/domain/game';
import { drawn, dropped } from './support/drag';
import { createGameByApi, readGameByApi } from './support/games';
import { browserAvailable, screenshot, useAppInBrowser } from './support/harness';
import { tabTo } from './support/keyboard';
import { DESKTOP, MOBILE, newVisitor, registerByApi, viewportScreenshot } from './support/web';

/** A person's taps and key presses, counted as they go. */
function counted(page: Page) {
  let actions = 0;
  return {
    get count() {
      return actions;
    },
    tap: async (locator: ReturnType<Page['locator']>) => {
      actions += 1;
      await locator.click();
    },
    press: async (key: string) => {
      actions += 1;
      await page.keyboard.press(key);
    },
    type: async (text: string) => {
      actions += text.length;
      await page.keyboard.type(text);
    },
  };
}

async function player(browser: Browser, server: TestServer, name: string) {
  const visitor = await newVisitor(browser, server, { viewport: MOBILE });
  await registerByApi(visitor.page, server, name);
  return visitor;
}

const idsOf = (game: GameView, labels: string[]) =>
  labels.map((label) => game.items.find((item) => item.label === label)?.id ?? label);

describe.runIf(browserAvailable())('ballot kinds on a phone', () => {
  let server!: TestServer;
  let browser!: Browser;
  useAppInBrowser((app) => ({ server, browser } = app));

  it('picks a top 10 of 200 by search and tap in under 40 taps or keys', async () => {
    const { context, page } = await player(browser, server, 'Picker');
    const labels = Array.from({ length: 200 }, (_, i) => `Flavour ${i + 1}`);
    const game = await createGameByApi(page, server, {
      prompt: 'Best crisp flavour',
      items: labels,
      ballot: { kind: 'top', n: 10 },
    });
    await page.goto(`/g/${game.id}/play`);
    await page.getByText('Rank your top 10').waitFor();
    expect(await page.getByTestId('pick-count').textContent()).toBe('0 of 10 picked');
    const submit = page.getByTestId('submit-button');
    expect(await submit.getAttribute('aria-disabled')).toBe('true');

    const person = counted(page);
    // Five by a tap on the list...
    for (const label of ['Flavour 3', 'Flavour 1', 'Flavour 7', 'Flavour 2', 'Flavour 5']) {
      await person.tap(page.getByRole('button', { name: `Add ${label}`, exact: true }));
    }
    // ...five by typing a few letters and Enter (the first match is added).
    await person.tap(page.getByTestId('pick-search'));
    for (const number of ['173', '42', '199', '88', '120']) {
      await person.type(number);
      await person.press('Enter');
    }
    expect(await page.getByTestId('pick-count').textContent()).toBe('10 of 10 picked');
    await viewportScreenshot(page, 'ballot-top-picked-375');
    // The picks stay in sight while the list below scrolls.
    await page.evaluate(() => window.scrollTo(0, 3000));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    const panel = await page.locator('.top-picker__panel').boundingBox();
    expect(panel?.y).toBeLessThan(120);
    await viewportScreenshot(page, 'ballot-top-scrolled-375');
    await page.setViewportSize(DESKTOP);
    await page.evaluate(() => window.scrollTo(0, 0));
    await viewportScreenshot(page, 'ballot-top-picked-1280');
    await page.setViewportSize(MOBILE);

    expect(await submit.getAttribute('aria-disabled')).toBe('false');
    await person.tap(submit);
    await page.waitForURL((url) => url.pathname === `/g/${game.id}/results`);
    expect(person.count).toBeLessThan(40);

    const expected = idsOf(game, [
      'Flavour 3',
      'Flavour 1',
      'Flavour 7',
      'Flavour 2',
      'Flavour 5',
      'Flavour 173',
      'Flavour 42',
      'Flavour 199',
      'Flavour 88',
      'Flavour 120',
    ]);
    const { mySubmission } = await readGameByApi(page, game.id);
    expect(mySubmission).toMatchObject({ ranking: expected, partial: false });
    await context.close();
  }, 90_000);

  it('fills a tier list by drag, by tap and by the keyboard', async () => {
    const { context, page } = await player(browser, server, 'Tierer');
    const labels = ['Apple', 'Banana', 'Cherry', 'Date', 'Elderberry', 'Fig'];
    const game = await createGameByApi(page, server, {
      prompt: 'Fruit tier list',
      items: labels,
      ballot: { kind: 'tiers' },
    });
    await page.goto(`/g/${game.id}/play`);
    await page.getByText('Sort into tiers').waitFor();
    const chip = (label: string) =>
      page.locator(`.tier-chip[data-item-id="${idsOf(game, [label])[0]}"]`);
    const tierRow = (index: number) =>
      page.locator(`[data-testid="tier-row"][data-tier="${index}"]`);

    // Drag: Apple onto the S row, with the mouse at a person's pace (the tiers at the top of the
    // screen, the pool under them).
    await tierRow(0).evaluate((el) => el.scrollIntoView({ block: 'start' }));
    const from = await chip('Apple').boundingBox();
    const to = await tierRow(0).boundingBox();
    if (!from || !to) throw new Error('nothing to drag');
    const lifted = page.locator('.tier-chip--overlay');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 2 });
    await lifted.waitFor();
    await page.mouse.move(to.x + to.width - 40, to.y + to.height / 2, { steps: 12 });
    await drawn(page);
    await page.mouse.up();
    await dropped(page);
    await expect.poll(() => tierRow(0).locator('.tier-chip').allTextContents()).toEqual(['Apple']);

    // A drag let go with Escape puts Banana nowhere, and the next tap on it is a tap.
    const banana = await chip('Banana').boundingBox();
    if (!banana) throw new Error('no Banana');
    await page.mouse.move(banana.x + banana.width / 2, banana.y + banana.height / 2);
    await page.mouse.down();
    await page.mouse.move(banana.x + banana.width / 2, banana.y + banana.height / 2 - 10, {
      steps: 2,
    });
    await lifted.waitFor();
    await page.keyboard.press('Escape');
    await lifted.waitFor({ state: 'detached' });
    await page.mouse.up();
    await dropped(page);
    expect(await tierRow(0).locator('.tier-chip').allTextContents()).toEqual(['Apple']);

    // Tap: Banana, then the A button pinned in the bar; then Banana again, onto the D row.
    await chip('Banana').click();
    await page.getByTestId('tier-menu').waitFor();
    await viewportScreenshot(page, 'ballot-tiers-picked-375');
    await page.getByRole('button', { name: 'Put Banana in A', exact: true }).first().click();
    await expect.poll(() => tierRow(1).locator('.tier-chip').allTextContents()).toEqual(['Banana']);
    await chip('Banana').click();
    await tierRow(4).getByRole('button', { name: 'Put Banana in D' }).click();
    await expect.poll(() => tierRow(4).locator('.tier-chip').allTextContents()).toEqual(['Banana']);

    // Keyboard: a number key puts Cherry in B; focus stays in the pool, on Date, which Enter
    // picks up and the C button in the bar puts down.
    await chip('Cherry').focus();
    await page.keyboard.press('3');
    await expect.poll(() => tierRow(2).locator('.tier-chip').allTextContents()).toEqual(['Cherry']);
    await expect
      .poll(() => chip('Date').evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await page.getByTestId('tier-status').textContent()).toContain('Cherry put in B.');
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Put Date in C', exact: true }).last());
    await page.keyboard.press('Enter');
    await expect.poll(() => tierRow(3).locator('.tier-chip').allTextContents()).toEqual(['Date']);
    // And 0 puts an item back in the pool.
    await chip('Fig').focus();
    await page.keyboard.press('1');
    await chip('Fig').focus();
    await page.keyboard.press('0');
    await expect.poll(() => tierRow(0).locator('.tier-chip').allTextContents()).toEqual(['Apple']);
    await viewportScreenshot(page, 'ballot-tiers-filled-375');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'ballot-tiers-filled-1280');
    await page.setViewportSize(MOBILE);

    await page.getByRole('button', { name: 'Submit tier list' }).click();
    await page.waitForURL((url) => url.pathname === `/g/${game.id}/results`);
    const { mySubmission } = await readGameByApi(page, game.id);
    expect(mySubmission?.tiers).toEqual([
      idsOf(game, ['Apple']),
      [],
      idsOf(game, ['Cherry']),
      idsOf(game, ['Date']),
      idsOf(game, ['Banana']),
    ]);
    await context.close();
  }, 90_000);

  it('lets the owner change the ballot until someone plays, then only tier labels and colours', async () => {
    const { context, page } = await player(browser, server, 'Owner');
    const game = await createGameByApi(page, server, {
      prompt: 'Cheese tiers',
      items: ['Brie', 'Cheddar', 'Gouda', 'Feta'],
    });
    // A player has the page open before the owner changes the ballot.
    const other = await player(browser, server, 'Taster');
    await other.page.goto(`/g/${game.id}/play`);
    await other.page.getByText('Best at the top.').waitFor();
    await page.goto(`/g/${game.id}/results`);
    await page.getByTestId('edit-ballot').click();
    const dialog = page.getByTestId('edit-ballot-dialog');
    await dialog.locator('label.ballot-kind', { hasText: 'Tiers' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect((await readGameByApi(page, game.id)).game.ballot).toMatchObject({ kind: 'tiers' });
    // Their open page turns into the tier board without a reload, and they play it: the kind
    // and the number of tiers are fixed now.
    await other.page.getByText('Sort into tiers').waitFor();
    await other.page.locator(`.tier-chip[data-item-id="${idsOf(game, ['Brie'])[0]}"]`).focus();
    await other.page.keyboard.press('1');
    await other.page.getByRole('button', { name: 'Submit tier list' }).click();
    await other.page.waitForURL((url) => url.pathname === `/g/${game.id}/results`);
    expect((await readGameByApi(other.page, game.id)).mySubmission?.tiers).toEqual([
      idsOf(game, ['Brie']),
      [],
      [],
      [],
      [],
    ]);
    await other.context.close();

    await page.reload();
    await page.getByTestId('edit-ballot').click();
    await dialog.getByText('Players have already played').waitFor();
    expect(await dialog.getByRole('radio', { name: /Top N/ }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Add a tier' }).count()).toBe(0);
    await dialog.getByLabel('Label of tier 1').fill('Divine');
    await screenshot(page, 'ballot-owner-locked-375');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const { ballot } = (await readGameByApi(page, game.id)).game;
    expect(ballot.kind === 'tiers' && ballot.tiers[0]?.label).toBe('Divine');
    await context.close();
  }, 90_000);

  it('creates a top N and a tier list on /create', async () => {
    const { context, page } = await player(browser, server, 'Maker');
    const fill = async (prompt: string, items: string[]) => {
      await page.goto('/create');
      await page.getByLabel('What are we ranking?').fill(prompt);
      for (const [index, item] of items.entries()) {
        const input = page.getByLabel(`Item ${index + 1}`, { exact: true });
        if ((await input.count()) === 0)
          await page.getByRole('button', { name: 'Add item' }).click();
        await input.fill(item);
      }
    };
    const created = async () => {
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await page.waitForURL((url) => /^\/g\/[^/]+\/play$/.test(url.pathname));
      const id = new URL(page.url()).pathname.split('/')[2] ?? '';
      return (await readGameByApi(page, id)).game;
    };

    await fill('Best films of the decade', ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon']);
    await page.locator('label.ballot-kind', { hasText: 'Top N' }).click();
    const n = page.getByLabel('How many to rank');
    // Past the item count: the form says the rule, in the server's words, and creates nothing.
    await n.fill('9');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText('Top N must be a whole number from 1 to 5').waitFor();
    expect(await n.evaluate((el) => el.closest('fieldset')?.contains(document.activeElement))).toBe(
      true,
    );
    await n.fill('3');
    await screenshot(page, 'ballot-create-top-375');
    const top = await created();
    expect(top.ballot).toEqual({ kind: 'top', n: 3 });
    await page.getByText('Rank your top 3').waitFor();

    await fill('Snack tiers', ['Chips', 'Nuts', 'Pretzels']);
    await page.locator('label.ballot-kind', { hasText: 'Tiers' }).click();
    expect(await page.getByRole('radio', { name: /Tiers/ }).isChecked()).toBe(true);
    await page.getByLabel('Label of tier 5').fill('Meh');
    await page.getByRole('button', { name: 'Add a tier' }).click();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Label of tier 6');
    await page.keyboard.type('Never');
    await page.getByRole('button', { name: 'Remove B' }).click();
    await screenshot(page, 'ballot-create-tiers-375');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'ballot-create-tiers-1280');
    await page.setViewportSize(MOBILE);
    const tiers = await created();
    expect(tiers.ballot.kind).toBe('tiers');
    expect(tiers.ballot.kind === 'tiers' && tiers.ballot.tiers.map((tier) => tier.label)).toEqual([
      'S',
      'A',
      'C',
      'Meh',
      'Never',
    ]);
    await page.getByText('Sort into tiers').waitFor();
    await context.close();
  }, 90_000);
});
