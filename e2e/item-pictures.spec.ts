/**
 * Pictures on items (issue 26, decisions 0050 and 0052) in Chromium: pictures dropped on /create
 * make one item each, named after their files, uploading a few at a time; the game is created and
 * played with the pictures as thumbnails, one opened full screen with its description (Esc closes
 * it and focus goes back), and the ranking submitted. The head-to-head matrix's headers and the
 * community card show the pictures too, a hidden one as its placeholder. Twenty pictures dropped
 * on a phone make a game that is played by touch and by keyboard (axe clean); an admin hides a
 * reported picture from the queue and every player sees the placeholder until it is shown again.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import { HIDDEN_PICTURE_ALT } from '../src/domain/item-pictures';
import { user } from '../src/server/db/schema/auth';
import type { TestServer } from '../test/support/server';
import { auditAll } from './support/axe';
import { guestPlaysByApi } from './support/games';
import { browserAvailable, newApiPerson, screenshot, useAppInBrowser } from './support/harness';
import { startAtTop, tabTo } from './support/keyboard';
import { touchDragOnto } from './support/drag';
import {
  DESKTOP,
  MOBILE,
  newVisitor,
  registerByApi,
  screenshotBothWidths,
  setProgress,
  settledInView,
  viewportScreenshot,
  visitorsInTurn,
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

/** A colour of this run's own: hiding a picture hides it in every game (a retry's included). */
const freshColour = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;

/** Uploads the files from the page (its session, its origin); their picture ids, in order. */
function uploadFromPage(page: Page, files: { name: string; base64: string }[]) {
  return page.evaluate(async (specs) => {
    const ids: string[] = [];
    for (const spec of specs) {
      const form = new FormData();
      const bytes = Uint8Array.from(atob(spec.base64), (c) => c.charCodeAt(0));
      form.set('file', new Blob([bytes], { type: 'image/png' }), spec.name);
      const uploaded = await fetch('/api/images', { method: 'POST', body: form });
      ids.push(((await uploaded.json()) as { image: { id: string } }).image.id);
    }
    return ids;
  }, files);
}

/**
 * Uploads the files and creates games of them through the API, from the page (its session, its
 * origin): one game per ballot, each item labelled after its file with the alt text `A <file>`.
 */
async function createPictureGames(
  page: Page,
  server: TestServer,
  files: { name: string; base64: string }[],
  ballots: readonly Record<string, unknown>[],
): Promise<string[]> {
  const imageIds = await uploadFromPage(page, files);
  const items = files.map((file, i) => ({
    label: file.name.replace('.png', ''),
    image: { id: imageIds[i], alt: `A ${file.name}` },
  }));
  const ids = [];
  for (const ballot of ballots) {
    const created = await page.request.post('/api/games', {
      data: { prompt: `Pictures, ${String(ballot.kind)}`, items, ballot },
      headers: { origin: server.url },
    });
    expect(created.status(), await created.text()).toBe(201);
    ids.push(((await created.json()) as { game: { id: string } }).game.id);
  }
  return ids;
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

  /** People who are never on screen together, one after another in one browser context. */
  const inTurn = visitorsInTurn(() => ({ server, browser }));

  it('drops pictures on /create, creates the game and plays it with the pictures', async () => {
    const { page } = await inTurn({ viewport: DESKTOP });
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
  });

  it('shows the pictures in the top-N picker and on the tier board, each opening full screen', async () => {
    const { page } = await inTurn({ viewport: MOBILE });
    await registerByApi(page, server, 'Tia');
    await page.goto('/create');
    const gameIds = await createPictureGames(page, server, await pictures(), [
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
  });
  it('makes a game of 20 pictures dropped on a phone, played by touch and by keyboard, axe clean', async () => {
    const { context, page } = await inTurn({ viewport: MOBILE });
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
  });

  it('an admin hides a reported picture from the queue: a placeholder everywhere, then back', async () => {
    // The owner's part is done before the reporter's begins: they take turns in one context.
    const owner = await inTurn({ viewport: MOBILE });
    const admin = await newVisitor(browser, server, { viewport: DESKTOP });
    try {
      await registerByApi(owner.page, server, 'Olu');
      await owner.page.goto('/create');
      const files = await pictures(
        ['golden_retriever.png', 'tabby-cat.png', 'red panda.png', 'Barn_Owl-2.png'].map(
          (name) => [name, freshColour()] as const,
        ),
      );
      const [gameId] = await createPictureGames(owner.page, server, files, [{ kind: 'ranking' }]);
      const published = await owner.page.request.post(`/api/games/${gameId}/publish`, {
        data: {},
        headers: { origin: server.url },
      });
      expect(published.status(), await published.text()).toBe(200);
      const { game } = (await published.json()) as { game: { communityRankId: string } };

      const reporter = await inTurn({ viewport: MOBILE });
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
      await admin.context.close();
    }
  });

  it('shows the pictures in the head-to-head headers and on the community card, a hidden one as its placeholder', async () => {
    const { context, page } = await inTurn({ viewport: DESKTOP });
    // The moderator only calls the API.
    const moderator = await newApiPerson(server);
    try {
      await registerByApi(page, server, 'Hugo');
      await page.goto('/create');
      const files = await Promise.all(
        ['dog', 'cat', 'panda'].map(async (name) => ({
          name: `${name}.png`,
          base64: (
            await sharp({
              create: {
                width: 320,
                height: 240,
                channels: 3,
                background: freshColour(),
              },
            })
              .png()
              .toBuffer()
          ).toString('base64'),
        })),
      );
      const [dog, cat, panda] = await uploadFromPage(page, files);
      const label = `pics${Date.now().toString(36)}`;
      const post = async <T>(url: string, data: unknown) => {
        const response = await page.request.post(url, { data, headers: { origin: server.url } });
        expect(response.ok(), await response.text()).toBe(true);
        return (await response.json()) as T;
      };
      const publish = async (prompt: string, items: unknown[]) => {
        const { game } = await post<{ game: GameView }>('/api/games', { prompt, items });
        return (await post<{ game: GameView }>(`/api/games/${game.id}/publish`, { tags: [label] }))
          .game;
      };
      await publish('Best breakfast', ['Toast', 'Porridge', 'Pancakes', 'Eggs']);
      const game = await publish('Cutest animal', [
        { label: 'Golden retriever', image: { id: dog, alt: 'A golden retriever' } },
        'Plain toast',
        { label: 'Red panda', image: { id: panda, alt: 'A red panda' } },
        { label: 'Tabby cat', image: { id: cat, alt: 'A tabby cat' } },
      ]);
      for (let i = 0; i < 2; i++) await guestPlaysByApi(server, game);

      // A moderator hides the red panda: the placeholder shows wherever the picture was.
      const mo = await registerByApi(moderator, server, 'Moe');
      await server.database.db
        .update(user)
        .set({ role: 'admin', adminGrantedBy: 'test-seed' })
        .where(eq(user.id, mo.id));
      const hidden = await moderator.put(`/api/admin/pictures/${panda}`, {
        data: { hidden: true },
        headers: { origin: server.url },
      });
      expect(hidden.status(), await hidden.text()).toBe(200);

      // The results: the matrix's row and column headers carry what the results rows carry.
      await page.goto(`/g/${game.id}/results`);
      const rows = page.getByTestId('result-item');
      await expect.poll(() => rows.locator('img').count()).toBe(3);
      const shown = (images: ReturnType<Page['locator']>) =>
        images.evaluateAll((list) =>
          list.map((image) => [
            (image as HTMLImageElement).alt,
            new URL((image as HTMLImageElement).src).pathname +
              new URL((image as HTMLImageElement).src).search,
          ]),
        );
      const inRows = await shown(rows.locator('img'));
      expect(inRows.map(([alt]) => alt)).toEqual([
        'A golden retriever',
        HIDDEN_PICTURE_ALT,
        'A tabby cat',
      ]);
      expect(inRows[1]?.[1]).toBe(`/img/${panda}.thumb.webp?hidden`);
      await page.getByRole('button', { name: 'Head to head' }).click();
      const grid = page.getByRole('grid');
      await grid.waitFor();
      expect(await shown(grid.getByRole('rowheader').locator('img'))).toEqual(inRows);
      expect(await shown(grid.getByRole('columnheader').locator('img'))).toEqual(inRows);
      // The text item's headers have none.
      expect(
        await grid
          .getByRole('rowheader', { name: /Plain toast/ })
          .locator('img')
          .count(),
      ).toBe(0);
      await grid
        .getByRole('rowheader', { name: /Golden retriever/ })
        .getByRole('img', {
          name: 'A golden retriever',
        })
        .waitFor();
      await expect
        .poll(() =>
          grid
            .locator('img')
            .evaluateAll((images) =>
              images.every((image) => (image as HTMLImageElement).naturalWidth > 0),
            ),
        )
        .toBe(true);

      for (const viewport of [MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await settledInView(page, grid);
        // A column with a picture is as narrow as one without; the page never scrolls sideways.
        const widths = await grid
          .getByRole('columnheader')
          .evaluateAll((headers) => headers.map((th) => th.getBoundingClientRect().width));
        expect(Math.max(...widths) - Math.min(...widths)).toBeLessThan(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
          viewport.width,
        );
        await screenshot(page, `results-h2h-pictures-${viewport.width}`);
      }

      // The community card: its first three items, each picture beside its name.
      await page.goto(`/community?tag=${label}`);
      const card = page.locator(`[data-rank-id="${game.communityRankId ?? ''}"]`);
      await card.waitFor();
      expect(await shown(card.locator('.rank-card__items img'))).toEqual([inRows[0], inRows[1]]);
      await card.getByRole('img', { name: 'A golden retriever' }).waitFor();
      // The text-only rank's card has no picture at all.
      expect(await page.getByTestId('rank-card').locator('img').count()).toBe(2);
      for (const viewport of [MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
        await settledInView(page, card);
        await viewportScreenshot(page, `community-card-pictures-${viewport.width}`);
      }

      // The rank's own page: every contender with its picture, in the game's order.
      await page.goto(`/r/${game.communityRankId ?? ''}`);
      const contenders = page.locator('.rank-page__items');
      await contenders.locator('img').first().waitFor();
      expect(await shown(contenders.locator('img'))).toEqual([inRows[0], inRows[1], inRows[2]]);
      // Its results preview too, beside the crowd's order.
      const preview = page.getByTestId('results-preview');
      await expect.poll(() => preview.locator('img').count()).toBe(3);
      await screenshotBothWidths(page, 'community-rank-pictures', '.rank-page__picture');

      await auditAll(context, [
        { path: `/community?tag=${label}`, ready: '.rank-card__picture' },
        { path: `/r/${game.communityRankId ?? ''}`, ready: '.rank-page__picture' },
      ]);
    } finally {
      await moderator.dispose();
    }
  });
});
