/**
 * The owner's page in a real browser: the owner panel on the results page (share link, QR code,
 * live count, settings), and the owner's actions: edit items, close now, archive, delete.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import { qrFor } from '../src/web/ui/qr-path';
import type { TestServer } from '../test/support/server';
import {
  browserAvailable,
  newPerson,
  screenshot,
  SCREENSHOT_DIR,
  useAppInBrowser,
} from './support/harness';
import { DESKTOP, MOBILE, newVisitor, registerByApi, type Visitor } from './support/web';

const ITEMS = ['Pancakes', 'Waffles', 'French toast'];

type Owner = Visitor & { game: GameView; link: string };

/** Marks the page, so a reload (which would clear the mark) is noticed. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { stayedOpen: boolean }).stayedOpen = true));
}

async function stayedOpen(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { stayedOpen?: boolean }).stayedOpen === true);
}

function resultRows(page: Page) {
  return page.getByTestId('result-item');
}

/** The crowd's order as shown: each row's item id, label and stats line. */
async function shownResults(page: Page) {
  return resultRows(page).evaluateAll((rows) =>
    rows.map((row) => ({
      id: row.getAttribute('data-item-id') ?? '',
      label: row.querySelector('.result-row__label bdi')?.textContent ?? '',
      stats: row.querySelector('.result-row__stats')?.textContent ?? '',
    })),
  );
}

describe.runIf(browserAvailable())("the owner's page in Chromium", () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  let owners: Promise<BrowserContext> | undefined;
  /**
   * A registered owner with a new game, on the game's link (which sends owners to results): a new
   * tab of the owner's one browser (a new browser context with its first page load costs Chromium
   * about four loads in a known one). Close the tab, not the context.
   */
  async function ownerWithGame(
    options: { viewport?: { width: number; height: number }; sizeLimit?: number } = {},
  ): Promise<Owner> {
    owners ??= (async () => {
      const first = await newVisitor(browser, server);
      await registerByApi(first.page, server, 'Olive');
      return first.context;
    })();
    const context = await owners;
    const visitor = { context, page: await context.newPage() };
    await visitor.page.setViewportSize(options.viewport ?? DESKTOP);
    await visitor.page.emulateMedia({ reducedMotion: 'reduce' });
    const response = await visitor.page.request.post('/api/games', {
      data: { prompt: 'Best breakfast', items: ITEMS, sizeLimit: options.sizeLimit ?? null },
      headers: { origin: server.url },
    });
    expect(response.status()).toBe(201);
    const { game } = (await response.json()) as { game: GameView };
    await visitor.page.goto(`/g/${game.id}`);
    await visitor.page.waitForURL((url) => url.pathname === `/g/${game.id}/results`);
    await visitor.page.getByTestId('owner-panel').waitFor({ timeout: 15_000 });
    return { ...visitor, game, link: `${server.url}/share/g/${game.id}` };
  }

  /** Someone else, signed in as a guest through the API, in a browser of their own. */
  async function guest(viewport = MOBILE): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newPerson(browser, server, viewport);
    const signIn = await context.request.post('/api/auth/sign-in/anonymous', {
      data: {},
      headers: { origin: server.url },
    });
    expect(signIn.ok()).toBe(true);
    return { context, page: await context.newPage() };
  }

  /** A guest's final ranking through the API: labels in the order given. */
  async function guestRanks(game: GameView, labels: string[]) {
    const player = await guest();
    const ids = labels.map((label) => game.items.find((item) => item.label === label)!.id);
    const response = await player.context.request.put(`/api/games/${game.id}/submission`, {
      data: { ranking: ids },
      headers: { origin: server.url },
    });
    expect(response.status()).toBe(200);
    return player;
  }

  it('shows the owner the share link, a QR code of it, the count and the settings', async () => {
    const owner = await ownerWithGame({ sizeLimit: 10 });
    const panel = owner.page.getByTestId('owner-panel');

    expect(await panel.getByTestId('share-link').inputValue()).toBe(owner.link);
    expect(await panel.getByLabel('Share link').getAttribute('readonly')).not.toBeNull();
    // Focus selects the whole link, ready to copy by hand.
    await panel.getByTestId('share-link').focus();
    expect(await owner.page.evaluate(() => window.getSelection()?.toString())).toBe(owner.link);

    // The QR code is drawn from the link itself: the same modules as encoding the link here.
    const qr = panel.getByRole('img', { name: 'QR code for the link to this rank' });
    const expected = qrFor(owner.link);
    expect(await qr.getAttribute('viewBox')).toBe(`0 0 ${expected.size} ${expected.size}`);
    expect(await qr.getAttribute('shape-rendering')).toBe('crispEdges');
    expect(await qr.locator('path').getAttribute('d')).toBe(expected.path);
    // Big enough to scan from a laptop screen.
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(160);
    // And as a picture to print or post.
    const saved = owner.page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Download QR code' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe(`crowned-${owner.game.slug}-qr.png`);
    await download.saveAs(path.join(SCREENSHOT_DIR, 'owner-qr-download.png'));

    expect(await panel.getByTestId('owner-submission-count').textContent()).toBe('0 rankings');
    expect(await panel.getByTestId('owner-state').textContent()).toBe(
      'Open · Results unlock after 10 players (10 more needed)',
    );
    for (const name of ['Edit items', 'Close now', 'Archive', 'Delete']) {
      await panel.getByRole('button', { name, exact: true }).waitFor();
    }
    await screenshot(owner.page, 'owner-panel-1280');
    await owner.page.close();
  });

  it('lays the panel out for a phone, with a QR code big enough to scan', async () => {
    const owner = await ownerWithGame({ viewport: MOBILE });
    const panel = owner.page.getByTestId('owner-panel');
    expect(await panel.getByTestId('owner-state').textContent()).toBe(
      'Open · No unlock rules: players see results right after they rank',
    );
    const qr = panel.getByRole('img', { name: 'QR code for the link to this rank' });
    expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(200);
    // Nothing wider than the screen.
    const overflow = await owner.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshot(owner.page, 'owner-panel-375');
    await owner.page.close();
  });

  it('shows no owner panel to anyone else', async () => {
    const owner = await ownerWithGame();
    const player = await guestRanks(owner.game, ITEMS);
    await player.page.goto(`/g/${owner.game.id}/results`);
    await resultRows(player.page).first().waitFor({ timeout: 15_000 });
    expect(await player.page.getByTestId('owner-panel').count()).toBe(0);
    expect(await player.page.getByRole('button', { name: 'Edit items' }).count()).toBe(0);

    const other = await newVisitor(browser, server);
    await registerByApi(other.page, server, 'Nosy');
    await other.page.goto(`/g/${owner.game.id}/results`);
    await other.page.getByRole('link', { name: 'Rank it now' }).waitFor({ timeout: 15_000 });
    expect(await other.page.getByTestId('owner-panel').count()).toBe(0);
    await Promise.all([owner.page.close(), player.context.close(), other.context.close()]);
  });

  it('copies the link with the copy button, and the embed code', async () => {
    const owner = await ownerWithGame();
    await owner.page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
    const panel = owner.page.getByTestId('owner-panel');
    await panel.getByRole('button', { name: 'Copy link' }).click();
    await panel.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await owner.page.evaluate(() => navigator.clipboard.readText())).toBe(owner.link);

    // And the embed code: an iframe of the game's live card, shown and copied (issue 24 item 9).
    const { page, game } = owner;
    await panel.getByRole('button', { name: 'Embed', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Get embed code' });
    const code = await dialog.getByLabel('Embed code').inputValue();
    const src = `${server.url}/embed/g/${game.id}`;
    expect(code).toBe(
      `<iframe src="${src}" title="Best breakfast — live results on Crowned" width="100%" ` +
        `height="420" style="border:0;max-width:600px" loading="lazy"></iframe>`,
    );
    expect((await fetch(src)).status).toBe(200);
    await dialog.getByRole('button', { name: 'Copy code' }).click();
    await dialog.getByRole('button', { name: 'Embed code copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await screenshot(page, 'owner-embed-code-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'owner-embed-code-375');
    await owner.page.close();
  });

  it('counts rankings live, without a reload', async () => {
    const owner = await ownerWithGame({ sizeLimit: 5 });
    const count = owner.page.getByTestId('owner-submission-count');
    const state = owner.page.getByTestId('owner-state');
    expect(await count.textContent()).toBe('0 rankings');
    await markPage(owner.page);

    const first = await guestRanks(owner.game, ITEMS);
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toBe('1 ranking');
    await expect
      .poll(() => state.textContent(), { timeout: 15_000 })
      .toBe('Open · Results unlock after 5 players (4 more needed)');
    const second = await guestRanks(owner.game, [...ITEMS].reverse());
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toBe('2 rankings');
    expect(await stayedOpen(owner.page)).toBe(true);
    await Promise.all([owner.page.close(), first.context.close(), second.context.close()]);
  });

  it('edits items: a rename keeps its votes, an added item appears, errors show in the dialog', async () => {
    const owner = await ownerWithGame({ viewport: MOBILE });
    const players = [
      await guestRanks(owner.game, ['Pancakes', 'Waffles', 'French toast']),
      await guestRanks(owner.game, ['Waffles', 'Pancakes', 'French toast']),
    ];
    const { page } = owner;
    await expect.poll(async () => (await shownResults(page)).length, { timeout: 15_000 }).toBe(3);
    const pancakesId = owner.game.items.find((item) => item.label === 'Pancakes')!.id;
    const before = (await shownResults(page)).find((row) => row.id === pancakesId)!;
    expect(before.label).toBe('Pancakes');

    await page.getByRole('button', { name: 'Edit items' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit items' });
    await dialog.waitFor();
    await dialog
      .getByText('Removing an item removes its votes; adding items asks players who already ranked')
      .waitFor();
    expect(await dialog.getByLabel('Item 1', { exact: true }).inputValue()).toBe('Pancakes');
    await dialog.getByLabel('Item 1', { exact: true }).fill('Buttermilk pancakes');
    await dialog.getByRole('button', { name: 'Add item' }).click();
    // The new row has the focus.
    await page.keyboard.type('Crêpes');
    expect(await dialog.getByLabel('Item 4', { exact: true }).inputValue()).toBe('Crêpes');
    await dialog.getByText('1 renamed · 1 added').waitFor();
    await screenshot(page, 'owner-edit-items-375');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Items saved').waitFor();

    await expect
      .poll(async () => (await shownResults(page)).map((row) => row.label).sort(), {
        timeout: 15_000,
      })
      .toEqual(['Buttermilk pancakes', 'Crêpes', 'French toast', 'Waffles']);
    const after = await shownResults(page);
    // Same id, new label, the same votes.
    expect(after.find((row) => row.id === pancakesId)).toEqual({
      ...before,
      label: 'Buttermilk pancakes',
    });
    expect(after.find((row) => row.label === 'Crêpes')!.stats).toContain('Nobody ranked it yet');

    // A duplicate: the server's message in the dialog, and the rows as typed.
    await page.getByRole('button', { name: 'Edit items' }).click();
    await dialog.waitFor();
    await dialog.getByLabel('Item 2', { exact: true }).fill('crêpes');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Items must be unique' }).waitFor();
    expect(await dialog.getByLabel('Item 2', { exact: true }).inputValue()).toBe('crêpes');

    // Every row removed: 'At least one item required'.
    while ((await dialog.getByRole('button', { name: /^Remove / }).count()) > 0) {
      await dialog
        .getByRole('button', { name: /^Remove / })
        .first()
        .click();
    }
    await dialog.getByText('No items left').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'At least one item required' }).waitFor();
    await screenshot(page, 'owner-edit-items-error-375');

    // Escape closes it; nothing was saved, and it opens again on the current items.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Edit items' }).click();
    expect(await dialog.getByLabel('Item 4', { exact: true }).inputValue()).toBe('Crêpes');
    await page.keyboard.press('Escape');
    expect((await shownResults(page)).length).toBe(4);
    await Promise.all([owner.page.close(), ...players.map((p) => p.context.close())]);
  });

  it('closes the game by keyboard after a confirmation; players then cannot submit', async () => {
    const owner = await ownerWithGame({ sizeLimit: 10 });
    const { page } = owner;
    const panel = page.getByTestId('owner-panel');
    await panel.getByRole('button', { name: 'Close now' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Close this rank?' });
    await dialog.waitFor();
    await dialog
      .getByText('Nobody can submit after this, and results unlock for everyone.')
      .waitFor();
    // Cancel has the focus: Enter alone does not close the game.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await screenshot(page, 'owner-close-confirm-1280');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Close rank');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Rank closed: results are unlocked for everyone').waitFor();
    expect(await panel.getByTestId('owner-state').textContent()).toBe(
      'Closed: anyone with the link sees the results',
    );
    expect(await panel.getByRole('button', { name: 'Close now' }).count()).toBe(0);
    // The button that had the focus is gone: the state line, now saying closed, has it.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'owner-state',
    );
    await screenshot(page, 'owner-panel-closed-1280');

    const player = await guest();
    await player.page.goto(`/g/${owner.game.id}`);
    await player.page.getByRole('heading', { name: 'This rank is closed' }).waitFor({
      timeout: 15_000,
    });
    const refused = await player.context.request.put(`/api/games/${owner.game.id}/submission`, {
      data: { ranking: owner.game.items.map((item) => item.id) },
      headers: { origin: server.url },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { closed?: boolean } }).error.closed).toBe(true);
    await Promise.all([owner.page.close(), player.context.close()]);
  });

  it('archives and unarchives', async () => {
    const owner = await ownerWithGame({ viewport: MOBILE });
    const panel = owner.page.getByTestId('owner-panel');
    await panel.getByRole('button', { name: 'Archive', exact: true }).click();
    await owner.page.getByText('Rank archived').waitFor();
    await panel.getByText('Archived', { exact: true }).waitFor();
    await screenshot(owner.page, 'owner-panel-archived-375');
    const stored = await owner.page.request.get(`/api/games/${owner.game.id}`);
    expect(((await stored.json()) as { game: GameView }).game.archived).toBe(true);

    await panel.getByRole('button', { name: 'Unarchive' }).click();
    await owner.page.getByText('Rank unarchived').waitFor();
    await panel.getByRole('button', { name: 'Archive', exact: true }).waitFor();
    expect(await panel.getByText('Archived', { exact: true }).count()).toBe(0);
    await owner.page.close();
  });

  it('deletes after a confirmation naming the rank; open pages learn it live', async () => {
    const owner = await ownerWithGame();
    const { page } = owner;
    const viewer = await guestRanks(owner.game, ITEMS);
    await viewer.page.goto(`/g/${owner.game.id}/results`);
    await resultRows(viewer.page).first().waitFor({ timeout: 15_000 });
    await markPage(viewer.page);

    const deleteButton = page.getByTestId('owner-panel').getByRole('button', { name: 'Delete' });
    await deleteButton.click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this rank?' });
    await dialog.getByText('“Best breakfast”').waitFor();
    // The destructive button is not where the focus starts.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await screenshot(page, 'owner-delete-confirm-1280');
    // Escape closes it, and nothing is deleted.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await page.request.get(`/api/games/${owner.game.id}`)).status()).toBe(200);

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete rank' }).click();
    await page.waitForURL((url) => url.pathname === '/myranks', { timeout: 15_000 });
    await page.getByText('Rank deleted').waitFor();
    await screenshot(page, 'owner-deleted-myranks-1280');

    // The viewer's open results page says so, without a reload.
    await viewer.page.getByRole('heading', { name: 'Game not found' }).waitFor({ timeout: 15_000 });
    expect(await stayedOpen(viewer.page)).toBe(true);

    await page.goto(`/g/${owner.game.id}`);
    await page.getByRole('heading', { name: 'Game not found' }).waitFor({ timeout: 15_000 });
    await Promise.all([owner.page.close(), viewer.context.close()]);
  });
});
