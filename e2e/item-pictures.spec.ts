/**
 * Pictures on items (issue 26, decision 0050) in Chromium: pictures dropped on /create make one
 * item each, named after their files, uploading a few at a time; the game is created and played
 * with the pictures as thumbnails, one opened full screen with its description (Esc closes it and
 * focus goes back), and the ranking submitted. Twenty pictures dropped on a phone make a game that
 * is played by touch and by keyboard (axe clean); an admin hides a reported picture from the
 * queue and every player sees the placeholder until it is shown again.
 */
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { auditAll } from './support/axe';
import { browserAvailable, screenshot, useAppInBrowser } from './support/harness';
import { startAtTop, tabTo } from './support/keyboard';
import { touchDragOnto } from './support/touch';
import {
  DESKTOP,
  MOBILE,
  newVisitor,
  registerByApi,
  screenshotBothWidths,
  setProgress,
  viewportScreenshot,
} from './support/web';

/** Small PNGs made on the spot, each of its own colour, under the names a camera roll gives. */
async function pictures(
  files: readonly (readonly [string, string])[] = [
    ['golden_retriever.png', '#d4a017'],
    ['tabby-cat.png', '#8e5b3a'],
    ['red panda.png', '#c0392b'],
    ['Barn_Owl-2.png', '#bdc3c7'],
  ],
) {
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

/** Twenty holiday photos, `beach-day-01.png` to `beach-day-20.png`, each of its own hue. */
const TWENTY = Array.from({ length: 20 }, (_, i) => {
  const number = String(i + 1).padStart(2, '0');
  const hue = Math.round((i * 360) / 20);
  return [`beach-day-${number}.png`, `hsl(${hue}, 70%, 50%)`] as const;
});

/**
 * Uploads the files and creates games of them through the API, from the page (its session, its
 * origin): one game per ballot, each item labelled after its file with the alt text `A <file>`.
 */
async function createPictureGames(
  page: Page,
  files: { name: string; base64: string }[],
  ballots: readonly Record<string, unknown>[],
): Promise<string[]> {
  return page.evaluate(
    async ({ specs, ballots }) => {
      const items = [];
      for (const spec of specs) {
        const form = new FormData();
        const bytes = Uint8Array.from(atob(spec.base64), (c) => c.charCodeAt(0));
        form.set('file', new Blob([bytes], { type: 'image/png' }), spec.name);
        const uploaded = await fetch('/api/images', { method: 'POST', body: form });
        if (uploaded.status !== 201) throw new Error(`Upload: ${await uploaded.text()}`);
        const { image } = (await uploaded.json()) as { image: { id: string } };
        items.push({
          label: spec.name.replace('.png', ''),
          image: { id: image.id, alt: `A ${spec.name}` },
        });
      }
      const ids = [];
      for (const ballot of ballots) {
        const created = await fetch('/api/games', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ prompt: `Pictures, ${String(ballot.kind)}`, items, ballot }),
        });
        if (created.status !== 201) throw new Error(`Create: ${await created.text()}`);
        ids.push(((await created.json()) as { game: { id: string } }).game.id);
      }
      return ids;
    },
    { specs: files, ballots },
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

/** The play list's labels, top to bottom. */
const labelsOnPage = (page: Page) =>
  page
    .locator('[data-testid="rank-item"] .rank-row__label')
    .evaluateAll((labels) => labels.map((label) => label.textContent ?? ''));

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
      const gameIds = await createPictureGames(page, await pictures(), [
        { kind: 'top', n: 2 },
        { kind: 'tiers' },
      ]);

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
  it('makes a game of 20 pictures dropped on a phone, played by touch and by keyboard, axe clean', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    try {
      await registerByApi(page, server, 'Noor');
      await page.goto('/create');
      await itemInputs(page).first().waitFor();
      await dropPictures(page, await pictures(TWENTY));
      await page
        .getByTestId('pasted-note')
        .getByText('20 items made from pictures, named after their files.')
        .waitFor();
      expect(await rowValues(page)).toEqual(
        TWENTY.map(([name]) => name.slice(0, -4).replaceAll('-', ' ')),
      );
      const descriptions = page.getByRole('textbox', { name: /^Description of picture \d+$/ });
      await expect.poll(() => descriptions.count(), { timeout: 60_000 }).toBe(20);
      await page.getByLabel('What are we ranking?').fill('Best beach day?');
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      await page.getByTestId('rank-list').waitFor();
      const gameId = /\/g\/([^/]+)\/play/.exec(page.url())?.[1];
      expect(gameId).toBeDefined();
      await expect.poll(() => page.getByTestId('item-picture').count()).toBe(20);
      await page.evaluate(() => document.fonts.ready);

      // A finger: day 02 long-pressed by its handle and slid onto day 01.
      await touchDragOnto(page, 'beach day 02', 'beach day 01');
      await expect
        .poll(() => labelsOnPage(page).then((labels) => labels.slice(0, 3)))
        .toEqual(['beach day 02', 'beach day 01', 'beach day 03']);
      // The keyboard: day 03's handle reached by Tab, lifted, moved up twice, dropped.
      await startAtTop(page);
      await tabTo(page, page.getByRole('button', { name: 'Drag beach day 03', exact: true }), {
        max: 120,
      });
      for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
        await page.keyboard.press(key);
        await page.waitForTimeout(150); // a person's pace between key presses
      }
      await expect
        .poll(() => labelsOnPage(page).then((labels) => labels.slice(0, 3)))
        .toEqual(['beach day 03', 'beach day 02', 'beach day 01']);
      await viewportScreenshot(page, 'play-twenty-pictures-375');
      await page.getByTestId('submit-button').click();
      await page.waitForURL(/\/results$/);
      const rows = page.getByTestId('result-item');
      // The top ten, then all twenty, each with its picture.
      await expect.poll(() => rows.locator('img.result-row__picture').count()).toBe(10);
      await page.getByRole('button', { name: /^Show all/ }).click();
      await expect.poll(() => rows.locator('img.result-row__picture').count()).toBe(20);

      // Screen readers and contrast, on both widths and themes: the play page and the results.
      await auditAll(context, [
        { path: `/g/${gameId}/play`, ready: '[data-testid="item-picture"] img' },
        { path: `/g/${gameId}/results`, ready: 'img.result-row__picture' },
      ]);
    } finally {
      await context.close();
    }
  });

  it('an admin hides a reported picture from the queue: a placeholder everywhere, then back', async () => {
    const owner = await newVisitor(browser, server, { viewport: MOBILE });
    const reporter = await newVisitor(browser, server, { viewport: MOBILE });
    const admin = await newVisitor(browser, server, { viewport: DESKTOP });
    try {
      await registerByApi(owner.page, server, 'Olu');
      await owner.page.goto('/create');
      const [gameId] = await createPictureGames(owner.page, await pictures(), [
        { kind: 'ranking' },
      ]);
      const published = await owner.page.request.post(`/api/games/${gameId}/publish`, {
        data: {},
        headers: { origin: server.url },
      });
      expect(published.status(), await published.text()).toBe(200);
      const { game } = (await published.json()) as { game: { communityRankId: string } };

      await registerByApi(reporter.page, server, 'Rey');
      const reported = await reporter.page.request.post(
        `/api/community/${game.communityRankId}/report`,
        { data: { reason: 'offensive', note: 'That owl' }, headers: { origin: server.url } },
      );
      expect(reported.status(), await reported.text()).toBe(202);

      const adminAccount = await registerByApi(admin.page, server, 'Mo');
      await setProgress(server, adminAccount.id, { role: 'admin', adminGrantedBy: 'e2e-seed' });
      await admin.page.goto('/admin/reports');
      const queue = admin.page.getByTestId('reported-pictures');
      const owl = queue.getByRole('button', { name: 'Hide picture: A Barn_Owl-2.png' });
      await owl.waitFor({ timeout: 15_000 });
      await screenshotBothWidths(
        admin.page,
        'admin-reports-pictures',
        '[data-testid="reported-pictures"] img',
      );
      await admin.page.setViewportSize(DESKTOP);
      await owl.click();
      await admin.page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'Picture hidden on every page' })
        .waitFor();
      const showAgain = queue.getByRole('button', { name: 'Show picture again: A Barn_Owl-2.png' });
      await showAgain.waitFor();

      // A player sees the placeholder in its place, described as hidden; the others as they were.
      const player = reporter.page;
      await player.goto(`/g/${gameId}/play`);
      const views = player.getByTestId('item-picture');
      await expect.poll(() => views.count()).toBe(4);
      const hiddenOnes = views.getByRole('img', { name: 'Picture hidden by a moderator' });
      await expect.poll(() => hiddenOnes.count()).toBe(1);
      expect(await hiddenOnes.getAttribute('src')).toContain('hidden');
      await expect
        .poll(() => hiddenOnes.evaluate((image) => (image as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      expect(await views.getByRole('img', { name: 'A Barn_Owl-2.png' }).count()).toBe(0);
      await views.getByRole('img', { name: 'A tabby-cat.png' }).waitFor();

      // Shown again: back under its own description.
      await showAgain.click();
      await admin.page
        .locator('[data-sonner-toast]')
        .filter({ hasText: 'Picture shown again' })
        .waitFor();
      await player.reload();
      await player
        .getByTestId('item-picture')
        .getByRole('img', { name: 'A Barn_Owl-2.png' })
        .waitFor();
      expect(await hiddenOnes.count()).toBe(0);
    } finally {
      await Promise.all([owner.context.close(), reporter.context.close(), admin.context.close()]);
    }
  });
});
