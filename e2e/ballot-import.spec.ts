/**
 * Import ballots (issue 25, decision 0048) in Chromium on a phone: the owner opens the dialog from
 * the keyboard, sees how many ballots a file holds, gets the bad row named (nothing changes), then
 * imports a good file and sees the counts and the results change live; Edit items reads a file too.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { browserAvailable, screenshot, useAppInBrowser } from './support/harness';
import { guestRanksByApi, ownerOnResults } from './support/games';
import { MOBILE, screenshotBothWidths } from './support/web';

const csv = (rows: string[]) => Buffer.from(['name,submitted_at,1,2,3', ...rows, ''].join('\r\n'));

const firstResult = (page: Page) =>
  page.getByTestId('result-item').first().locator('.result-row__label bdi');

describe.runIf(browserAvailable())('ballot import in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  it('imports a file: the row named when one is wrong, then the counts and results change', async () => {
    const owner = await ownerOnResults(browser, server, {
      name: 'Imogen',
      prompt: 'Best pasta shape',
      items: ['Penne', 'Fusilli', 'Farfalle'],
      viewport: MOBILE,
    });
    const { page, game } = owner;
    try {
      await guestRanksByApi(server, game, 'Gus');
      const count = page.getByTestId('owner-submission-count');
      await count.getByText('1 ranking').waitFor();
      await firstResult(page).getByText('Penne').waitFor();

      // From the keyboard: the button opens the dialog.
      const open = page.getByRole('button', { name: 'Import ballots' });
      await open.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('import-ballots-dialog');
      await dialog.getByRole('heading', { name: 'Import ballots' }).waitFor();
      const template = dialog.getByRole('link', { name: /ballot export as a template/ });
      expect(await template.getAttribute('href')).toBe(
        `/api/games/${game.id}/export.csv?what=ballots`,
      );

      // Importing with no file says what to do (the button stays pressable: aria-disabled).
      await dialog.getByRole('button', { name: 'Import', exact: true }).press('Enter');
      await dialog
        .getByTestId('import-ballots-error')
        .getByText('Choose a CSV file first.')
        .waitFor();

      // A file with a bad third row: counted, refused by the server with its row, nothing saved.
      const input = page.getByTestId('import-ballots-input');
      await input.setInputFiles({
        name: 'paper.csv',
        mimeType: 'text/csv',
        buffer: csv(['Ann,,Farfalle,Fusilli,Penne', 'Bo,,Farfalle,Lasagne,Penne']),
      });
      await dialog.getByTestId('import-ballots-file').getByText('paper.csv: 2 ballots').waitFor();
      await dialog.getByRole('button', { name: 'Import', exact: true }).click();
      await dialog
        .getByTestId('import-ballots-error')
        .getByText('Row 3: Ranking has an item that is not in this game: "Lasagne"')
        .waitFor();
      await screenshot(page, 'ballot-import-error-375');
      expect(await count.textContent()).toBe('1 ranking');

      // The fixed file: imported, the counts after it, and Done has the focus.
      await input.setInputFiles({
        name: 'paper.csv',
        mimeType: 'text/csv',
        buffer: csv([
          'Ann,,Farfalle,Fusilli,Penne',
          'Bo,2026-11-01T10:00:00.000Z,Farfalle,Penne,Fusilli',
          ',,Fusilli,Farfalle,Penne',
        ]),
      });
      await dialog.getByTestId('import-ballots-file').getByText('paper.csv: 3 ballots').waitFor();
      expect(await dialog.getByTestId('import-ballots-error').textContent()).toBe('');
      await dialog.getByRole('button', { name: 'Import', exact: true }).press('Enter');
      const result = dialog.getByTestId('import-ballots-result');
      await result
        .getByText('Imported 3 ballots. This rank now has 4 rankings · 3 imported.')
        .waitFor();
      const done = dialog.getByRole('button', { name: 'Done' });
      await done.waitFor();
      expect(await done.evaluate((button) => button === document.activeElement)).toBe(true);
      await screenshotBothWidths(
        page,
        'ballot-import-done',
        '[data-testid=import-ballots-result] p',
      );

      // Closed: the panel counts them, and the results put the imported favourite first.
      await page.setViewportSize(MOBILE);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      expect(await open.evaluate((button) => button === document.activeElement)).toBe(true);
      await count.getByText('4 rankings').waitFor();
      await page.getByTestId('owner-imported-count').getByText('· 3 imported').waitFor();
      await firstResult(page).getByText('Farfalle').waitFor();
      await page.getByTestId('submission-count').getByText('4 rankings · 3 imported').waitFor();
      await page.getByTestId('owner-panel').evaluate((panel) => panel.scrollIntoView());
      await screenshot(page, 'ballot-import-panel-375');
    } finally {
      await owner.context.close();
    }
  });

  it('reads items from a file in the owner’s Edit items, as /create does', async () => {
    const owner = await ownerOnResults(browser, server, {
      name: 'Edda',
      prompt: 'Best soup',
      items: ['Tomato', 'Miso', 'Pho'],
      viewport: MOBILE,
    });
    const { page } = owner;
    try {
      await page.getByRole('button', { name: 'Edit items' }).click();
      const dialog = page.getByTestId('edit-items-dialog');
      await dialog.getByRole('button', { name: 'From a file' }).waitFor();
      await dialog.getByTestId('item-file-input').setInputFiles({
        name: 'soups.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Ramen\nBorscht\n'),
      });
      await dialog
        .getByTestId('pasted-note')
        .getByText('2 items added from soups.txt, one per row.')
        .waitFor();
      const values = await dialog
        .getByRole('textbox', { name: /^Item \d+$/ })
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      expect(values).toEqual(['Tomato', 'Miso', 'Pho', 'Ramen', 'Borscht']);
      await screenshotBothWidths(page, 'edit-items-from-file', '[data-testid=pasted-note] p');
      await page.setViewportSize(MOBILE);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      const read = await page.request.get(`/api/games/${owner.game.id}`);
      const body = (await read.json()) as { game: { items: { label: string }[] } };
      expect(body.game.items.map((item) => item.label)).toEqual(values);
    } finally {
      await owner.context.close();
    }
  });
});
