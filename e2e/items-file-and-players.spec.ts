/**
 * Issue 25's smaller rows in Chromium: /create reads items from a CSV or text file (chosen with
 * the keyboard, or dropped on the list), says how many went in and what did not fit, and says what
 * to do with a file it cannot use; the owner sees Recent players, newest first, a page at a time.
 */
import type { Browser, FileChooser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MAX_ITEM_FILE_BYTES, MAX_ITEMS, RECENT_PLAYERS_PAGE_SIZE } from '../src/domain/limits';
import type { GameView } from '../src/domain/game';
import type { TestServer } from '../test/support/server';
import { browserAvailable, screenshot, useAppInBrowser } from './support/harness';
import { guestRanksByApi, ownerOnResults, storePlayers } from './support/games';
import { MOBILE, newVisitor, registerByApi, screenshotBothWidths } from './support/web';

const PIZZAS_CSV = [
  'item,votes',
  'Margherita,12',
  '"Pepperoni, extra",9',
  '"The ""Works""",7',
  'Hawaiian,3',
  'Veggie,5',
  '',
].join('\r\n');
const PIZZAS = ['Margherita', 'Pepperoni, extra', 'The "Works"', 'Hawaiian', 'Veggie'];

type FileSpec = { name: string; mimeType: string; buffer: Buffer };

const itemInputs = (page: Page) => page.getByRole('textbox', { name: /^Item \d+$/ });
const rowValues = (page: Page) =>
  itemInputs(page).evaluateAll((inputs) =>
    inputs.map((input) => (input as HTMLInputElement).value),
  );
const note = (page: Page) => page.getByTestId('pasted-note');
const fileError = (page: Page) => page.getByTestId('item-file-error');

/** Drops `file` on the item list, as a file dragged from the desktop. */
async function dropFile(page: Page, file: { name: string; type: string; text: string }) {
  const dataTransfer = await page.evaluateHandle((spec) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([spec.text], spec.name, { type: spec.type }));
    return transfer;
  }, file);
  const field = page.getByTestId('item-rows-field');
  await field.dispatchEvent('dragenter', { dataTransfer });
  await field.dispatchEvent('dragover', { dataTransfer });
  await page.getByText('Drop the file to add its items').waitFor();
  await field.dispatchEvent('drop', { dataTransfer });
}

describe.runIf(browserAvailable())('items from a file, and recent players, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  it('fills the rows from a CSV or text file, chosen by keyboard or dropped, and creates the game', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    // Listened for from the start: Playwright turns the page's file chooser interception on when
    // the first listener comes, a round trip that a key pressed at once can overtake.
    const chosen = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));
    try {
      await registerByApi(page, server, 'Fiona');
      await page.goto('/create');
      await itemInputs(page).first().waitFor();
      expect(await rowValues(page)).toEqual(['', '', '']);

      // Keyboard: Tab from the last row (its picture button, its remove button) reaches Add item,
      // then From a file; Enter opens the picker.
      await itemInputs(page).last().focus();
      for (let stop = 0; stop < 4; stop++) await page.keyboard.press('Tab');
      const fromFile = page.getByRole('button', { name: 'From a file' });
      expect(await fromFile.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      const chooser = await chosen;
      await chooser.setFiles({
        name: 'pizzas.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(PIZZAS_CSV),
      });
      await note(page).getByText('5 items added from pizzas.csv, one per row.').waitFor();
      expect(await rowValues(page)).toEqual(PIZZAS);
      await screenshotBothWidths(page, 'create-items-from-file', '[data-testid=pasted-note] p');

      // Undo puts the rows back as they were.
      await page.setViewportSize(MOBILE);
      await note(page).getByRole('button', { name: 'Undo' }).click();
      expect(await rowValues(page)).toEqual(['', '', '']);

      // A dropped text file longer than the limit: the rows fill up, the rest is said.
      const lines = Array.from({ length: MAX_ITEMS + 5 }, (_, i) => `Topping ${i + 1}`);
      await dropFile(page, { name: 'toppings.txt', type: 'text/plain', text: lines.join('\n') });
      await note(page)
        .getByText(
          `${MAX_ITEMS} items added from toppings.txt, one per row. 5 more didn't fit: ${MAX_ITEMS} items at most.`,
        )
        .waitFor();
      expect(await rowValues(page)).toEqual(lines.slice(0, MAX_ITEMS));
      await note(page).getByRole('button', { name: 'Undo' }).click();
      expect(await rowValues(page)).toEqual(['', '', '']);

      // Files it cannot use: a message that says what to do, and the rows untouched.
      const input = page.getByTestId('item-file-input');
      const refused: [FileSpec, string][] = [
        [
          { name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('item\r\n\r\n') },
          'empty.csv has no items in it. Put one item per line, or in the first column of a CSV.',
        ],
        [
          {
            name: 'book.xlsx',
            mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            buffer: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0]),
          },
          "book.xlsx isn't a CSV or text file. Save it as CSV or plain text (.txt) and try again.",
        ],
        [
          { name: 'data.bin', mimeType: '', buffer: Buffer.from([0x50, 0, 0x41]) },
          "data.bin isn't a CSV or text file. Save it as CSV or plain text (.txt) and try again.",
        ],
        [
          {
            name: 'huge.txt',
            mimeType: 'text/plain',
            buffer: Buffer.alloc(MAX_ITEM_FILE_BYTES + 1, 'a\n'),
          },
          'huge.txt is over 1 MB. Save just the items, one per line, in a smaller file and try again.',
        ],
      ];
      for (const [file, message] of refused) {
        await input.setInputFiles(file);
        await fileError(page).getByText(message).waitFor();
        expect(await rowValues(page)).toEqual(['', '', '']);
      }
      await screenshot(page, 'create-items-file-refused-375');

      // Typing makes the message stale; a good file then creates the game with its items.
      await page.getByRole('textbox', { name: 'What are we ranking?' }).fill('Best pizza');
      await input.setInputFiles({
        name: 'pizzas.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(PIZZAS_CSV),
      });
      // The file is read in the page: its rows are in before the old message is known gone.
      await note(page).getByText('5 items added from pizzas.csv, one per row.').waitFor();
      await expect.poll(() => fileError(page).textContent()).toBe('');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await page.waitForURL(/\/g\/[A-Za-z0-9]+\/play$/);
      const id = new URL(page.url()).pathname.split('/')[2]!;
      const created = await page.request.get(`/api/games/${id}`);
      const { game } = (await created.json()) as { game: GameView };
      expect(game.items.map((item) => item.label)).toEqual(PIZZAS);

      // The builder's item list reads files the same way.
      await page.goto('/builder');
      await itemInputs(page).first().waitFor();
      await page.getByTestId('item-file-input').setInputFiles({
        name: 'pizzas.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(PIZZAS_CSV),
      });
      await note(page).getByText('5 items added from pizzas.csv, one per row.').waitFor();
      expect(await rowValues(page)).toEqual(PIZZAS);
    } finally {
      await context.close();
    }
  });

  it('shows the owner Recent players, newest first, with Load more', async () => {
    const owner = await ownerOnResults(browser, server, {
      name: 'Rowan',
      prompt: 'Best pasta shape',
      items: ['Penne', 'Fusilli', 'Farfalle'],
    });
    const { page } = owner;
    try {
      // Nobody yet: the section says so. It opens from the keyboard.
      const section = page.getByTestId('owner-recent-players');
      await section.locator('summary').focus();
      await page.keyboard.press('Enter');
      await section.getByText('No one has played yet.', { exact: false }).waitFor();

      const count = RECENT_PLAYERS_PAGE_SIZE + 3;
      const now = Date.now();
      const players = Array.from({ length: count }, (_, i) => ({
        name: `Player ${i + 1}`,
        // Player 1 is the newest, a minute apart each.
        at: new Date(now - (i + 1) * 60_000),
        partial: i === 1,
      }));
      await storePlayers(server, owner.game, players);
      await page.reload();
      await section.locator('summary').click();

      const names = section.locator('.owner-players__name');
      await names.first().waitFor();
      expect(await names.allTextContents()).toEqual(
        players.slice(0, RECENT_PLAYERS_PAGE_SIZE).map((player) => player.name),
      );
      const first = section.locator('.owner-players__item').first();
      expect(await first.locator('time').textContent()).toBe('1 minute ago');
      expect(await first.getByText('Ranked').count()).toBe(1);
      expect(
        await section.locator('.owner-players__item').nth(1).getByText('In progress').count(),
      ).toBe(1);

      await section.getByRole('button', { name: 'Load more' }).click();
      await names.nth(count - 1).waitFor();
      expect(await names.allTextContents()).toEqual(players.map((player) => player.name));
      expect(await section.getByRole('button', { name: 'Load more' }).count()).toBe(0);

      // Someone ranks now: the open list shows them at the top, live.
      await guestRanksByApi(server, owner.game, 'Newest Guest');
      await section.locator('.owner-players__name').getByText('Newest Guest').waitFor();
      expect((await names.allTextContents())[0]).toBe('Newest Guest');
      expect(await first.locator('time').textContent()).toBe('now');

      await section.evaluate((element) => element.scrollIntoView());
      await screenshotBothWidths(page, 'owner-recent-players', '.owner-players__item');
    } finally {
      await owner.context.close();
    }
  });
});
