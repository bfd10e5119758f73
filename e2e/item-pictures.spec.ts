/**
 * Pictures on items (issue 26, decision 0050) in Chromium: pictures dropped on /create make one
 * item each, named after their files, uploading a few at a time; the game is created and played
 * with the pictures as thumbnails, one opened full screen with its description (Esc closes it and
 * focus goes back), and the ranking submitted.
 */
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { browserAvailable, screenshot, useAppInBrowser } from './support/harness';
import { DESKTOP, MOBILE, newVisitor, registerByApi, screenshotBothWidths } from './support/web';

/** Small PNGs made on the spot, each of its own colour, under the names a camera roll gives. */
async function pictures() {
  const files = [
    ['golden_retriever.png', '#d4a017'],
    ['tabby-cat.png', '#8e5b3a'],
    ['red panda.png', '#c0392b'],
    ['Barn_Owl-2.png', '#bdc3c7'],
  ] as const;
  return Promise.all(
    files.map(async ([name, background]) => ({
      name,
      base64: (
        await sharp({ create: { width: 320, height: 240, channels: 3, background } })
          .png()
          .toBuffer()
      ).toString('base64'),
    })),
  );
}

/** Drops the files on the item list, as pictures dragged from the desktop. */
async function dropPictures(page: Page, files: { name: string; base64: string }[]) {
  const dataTransfer = await page.evaluateHandle((specs) => {
    const transfer = new DataTransfer();
    for (const spec of specs) {
      const bytes = Uint8Array.from(atob(spec.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], spec.name, { type: 'image/png' }));
    }
    return transfer;
  }, files);
  const field = page.getByTestId('item-rows-field');
  await field.dispatchEvent('dragenter', { dataTransfer });
  await field.dispatchEvent('dragover', { dataTransfer });
  await field.dispatchEvent('drop', { dataTransfer });
}

const itemInputs = (page: Page) => page.getByRole('textbox', { name: /^Item \d+$/ });
const rowValues = (page: Page) =>
  itemInputs(page).evaluateAll((inputs) =>
    inputs.map((input) => (input as HTMLInputElement).value),
  );

describe.runIf(browserAvailable())('pictures on items, in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  it('drops pictures on /create, creates the game and plays it with the pictures', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: DESKTOP });
    try {
      await registerByApi(page, server, 'Pia');
      await page.goto('/create');
      await itemInputs(page).first().waitFor();

      await dropPictures(page, await pictures());
      await page
        .getByTestId('pasted-note')
        .getByText('4 items made from pictures, named after their files.')
        .waitFor();
      expect(await rowValues(page)).toEqual([
        'golden retriever',
        'tabby cat',
        'red panda',
        'Barn Owl 2',
      ]);
      // Each uploaded: its description field, the label until edited.
      const descriptions = page.getByRole('textbox', { name: /^Description of picture \d+$/ });
      await expect.poll(() => descriptions.count(), { timeout: 20_000 }).toBe(4);
      expect(
        await descriptions.evaluateAll((inputs) =>
          inputs.map((input) => (input as HTMLInputElement).value),
        ),
      ).toEqual(['golden retriever', 'tabby cat', 'red panda', 'Barn Owl 2']);

      // Renamed, and one description written.
      await itemInputs(page).nth(3).fill('Barn owl');
      await descriptions.nth(2).fill('A red panda asleep on a branch');
      await page.getByLabel('What are we ranking?').fill('Cutest animal?');
      await screenshotBothWidths(page, 'create-item-pictures', '.item-row__thumb');
      await page.setViewportSize(MOBILE);
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await page.getByTestId('rank-list').waitFor();

      // Playing: each item with its thumbnail, loaded.
      const views = page.getByTestId('item-picture');
      await expect.poll(() => views.count()).toBe(4);
      await expect
        .poll(() =>
          views
            .locator('img')
            .evaluateAll((images) =>
              images.every((image) => (image as HTMLImageElement).naturalWidth > 0),
            ),
        )
        .toBe(true);
      const panda = page.getByRole('button', {
        name: 'View picture: A red panda asleep on a branch',
      });
      await panda.waitFor();
      await screenshotBothWidths(page, 'play-item-pictures', '[data-testid=item-picture] img');

      // Opened by keyboard: full screen with its description; Esc closes it, focus comes back.
      await page.setViewportSize(MOBILE);
      await panda.focus();
      await page.keyboard.press('Enter');
      const viewer = page.getByTestId('picture-viewer');
      await viewer.getByRole('img', { name: 'A red panda asleep on a branch' }).waitFor();
      expect(await viewer.getByRole('heading').textContent()).toBe('red panda');
      await screenshot(page, 'item-picture-viewer-375');
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      expect(await panda.evaluate((button) => button === document.activeElement)).toBe(true);

      // And by a click; the Close button closes it too.
      await page.getByRole('button', { name: 'View picture: golden retriever' }).click();
      await viewer.getByRole('button', { name: 'Close the picture' }).click();
      await viewer.waitFor({ state: 'detached' });

      // The ballot still works: submitted as shown.
      await page.getByTestId('submit-button').click();
      await page.waitForURL(/\/results$/);
      // The results: each row with its thumbnail.
      const rows = page.getByTestId('result-item');
      await expect.poll(() => rows.locator('img.result-row__picture').count()).toBe(4);
      await rows.first().getByRole('img', { name: 'golden retriever' }).waitFor();
      await screenshotBothWidths(page, 'results-item-pictures', 'img.result-row__picture');
    } finally {
      await context.close();
    }
  });

  it('shows the pictures in the top-N picker and on the tier board, each opening full screen', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    try {
      await registerByApi(page, server, 'Tia');
      await page.goto('/create');
      const files = await pictures();
      // Uploaded and created through the API from the page (its session, its origin).
      const gameIds = await page.evaluate(async (specs) => {
        const items = [];
        for (const spec of specs) {
          const form = new FormData();
          const bytes = Uint8Array.from(atob(spec.base64), (c) => c.charCodeAt(0));
          form.set('file', new Blob([bytes], { type: 'image/png' }), spec.name);
          const uploaded = await fetch('/api/images', { method: 'POST', body: form });
          const { image } = (await uploaded.json()) as { image: { id: string } };
          items.push({
            label: spec.name.replace('.png', ''),
            image: { id: image.id, alt: `A ${spec.name}` },
          });
        }
        const ids = [];
        for (const ballot of [{ kind: 'top', n: 2 }, { kind: 'tiers' }]) {
          const created = await fetch('/api/games', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ prompt: `Pictures, ${ballot.kind}`, items, ballot }),
          });
          ids.push(((await created.json()) as { game: { id: string } }).game.id);
        }
        return ids;
      }, files);

      for (const [index, gameId] of gameIds.entries()) {
        await page.goto(`/g/${gameId}/play`);
        const views = page.getByTestId('item-picture');
        await expect.poll(() => views.count()).toBe(4);
        const name = index === 0 ? 'top-n' : 'tiers';
        await screenshotBothWidths(
          page,
          `play-item-pictures-${name}`,
          '[data-testid=item-picture] img',
        );
        await page.setViewportSize(MOBILE);
        const owl = page.getByRole('button', { name: 'View picture: A Barn_Owl-2.png' });
        await owl.click();
        const viewer = page.getByTestId('picture-viewer');
        await viewer.getByRole('img', { name: 'A Barn_Owl-2.png' }).waitFor();
        await page.keyboard.press('Escape');
        await viewer.waitFor({ state: 'detached' });
        expect(await owl.evaluate((button) => button === document.activeElement)).toBe(true);
      }
    } finally {
      await context.close();
    }
  });
});
