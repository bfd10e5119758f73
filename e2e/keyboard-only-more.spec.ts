/**
 * More main actions done with the keyboard alone (issue 14), the rest after keyboard-only.spec.ts:
 * reporting a community rank, the owner's actions (edit items, download the ballots, copy the
 * link, archive, close, delete), a long results list's search and Show all, an admin hiding a rank
 * and deleting a game, remix, the handle editor, My Ranks' tabs, signing out and resetting a
 * password through the dev outbox, the builder, the theme toggle, and playing and creating while
 * offline ('Continue with Google' has its keyboard variant in account-google.spec.ts, which runs
 * the stand-in provider). Every control is reached with Tab (tabTo walks the focus; nothing is
 * clicked or focused directly) and used with Enter, Space, Escape or the arrow keys: a control the
 * keyboard cannot reach fails its test.
 */
import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import { rankReport } from '../src/server/db/schema/community';
import type { TestServer } from '../test/support/server';
import { browserAvailable, useAppInBrowser } from './support/harness';
import { startAtTop, tabTo } from './support/keyboard';
import {
  MOBILE,
  goInApp,
  newVisitor,
  registerByApi,
  setProgress,
  type Visitor,
  visitorsInTurn,
} from './support/web';

type OutboxBody = { messages: { to: string; subject: string; links: string[] }[] };

/** Selects an input's text and types over it, as a keyboard user does (Ctrl+A, then type). */
async function typeOver(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

describe.runIf(browserAvailable())('more keyboard-only flows in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  /**
   * People who are never on screen together, one after another in one browser context (not those
   * who go offline or read the dev outbox: options of a context of their own).
   */
  const inTurn = visitorsInTurn(() => ({ server, browser }));

  let owners: Promise<BrowserContext> | undefined;
  /**
   * A registered owner with a new game they ranked themselves (so results show), through the API,
   * in a new tab of the owner's one browser (a new browser context costs Chromium about four page
   * loads): close the tab, not the context.
   */
  async function ownerWithGame(
    options: { publish?: boolean; prompt?: string; items?: string[] } = {},
  ): Promise<Visitor & { game: GameView }> {
    owners ??= (async () => {
      const first = await newVisitor(browser, server);
      await registerByApi(first.page, server, 'Noor');
      return first.context;
    })();
    const context = await owners;
    const owner = { context, page: await context.newPage() };
    await owner.page.emulateMedia({ reducedMotion: 'reduce' });
    const response = await owner.page.request.post('/api/games', {
      data: {
        prompt: options.prompt ?? 'Best soup',
        items: options.items ?? ['Miso', 'Pho', 'Borscht'],
        publish: options.publish ?? false,
      },
      headers: { origin: server.url },
    });
    expect(response.status()).toBe(201);
    const { game } = (await response.json()) as { game: GameView };
    const submit = await owner.page.request.put(`/api/games/${game.id}/submission`, {
      data: { ranking: game.items.map((item) => item.id) },
      headers: { origin: server.url },
    });
    expect(submit.ok()).toBe(true);
    return { ...owner, game };
  }

  async function gameNow(page: Page, id: string): Promise<GameView> {
    return ((await (await page.request.get(`/api/games/${id}`)).json()) as { game: GameView }).game;
  }

  async function openResults(page: Page, id: string): Promise<void> {
    await page.goto(`/g/${id}/results`);
    await page.getByTestId('result-item').first().waitFor({ timeout: 15_000 });
    await startAtTop(page);
  }

  it('reports a community rank: a reason with the arrow keys, a note, Enter', async () => {
    const owner = await ownerWithGame({ publish: true });
    const reporter = await inTurn();
    const who = await registerByApi(reporter.page, server, 'Vera');
    const { page } = reporter;
    await page.goto(`/r/${owner.game.communityRankId}`);
    await startAtTop(page);
    await tabTo(page, page.getByRole('button', { name: 'Report Best soup' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Report this rank' });
    await dialog.waitFor();
    const spam = dialog.getByLabel('Spam');
    await tabTo(page, spam);
    await page.keyboard.press('ArrowDown');
    expect(await dialog.getByLabel('Offensive').isChecked()).toBe(true);
    await tabTo(page, dialog.getByLabel('Note (optional)'));
    await page.keyboard.type('Not nice');
    await tabTo(page, dialog.getByRole('button', { name: 'Report', exact: true }));
    await page.keyboard.press('Enter');
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'a moderator will take a look' })
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    const reports = await server.database.db
      .select()
      .from(rankReport)
      .where(eq(rankReport.userId, who.id));
    expect(reports.map((r) => [r.reason, r.note])).toEqual([['offensive', 'Not nice']]);
    await owner.page.close();
  });

  it("edits a game's items: renames one and adds one, then saves, from the keyboard", async () => {
    const owner = await ownerWithGame();
    const { page } = owner;
    await openResults(page, owner.game.id);
    await tabTo(page, page.getByRole('button', { name: 'Edit items' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit items' });
    await dialog.waitFor();
    await tabTo(page, dialog.getByLabel('Item 1', { exact: true }));
    await typeOver(page, 'White miso');
    await tabTo(page, dialog.getByRole('button', { name: 'Add item' }));
    await page.keyboard.press('Enter');
    // The new row has the focus.
    await page.keyboard.type('Ramen');
    expect(await dialog.getByLabel('Item 4', { exact: true }).inputValue()).toBe('Ramen');
    await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Items saved').waitFor();
    const game = await gameNow(page, owner.game.id);
    expect(game.items.map((item) => item.label).sort()).toEqual([
      'Borscht',
      'Pho',
      'Ramen',
      'White miso',
    ]);
    await owner.page.close();
  });

  it('downloads the ballots as CSV with the keyboard', async () => {
    const owner = await ownerWithGame();
    const { page } = owner;
    await openResults(page, owner.game.id);
    await tabTo(page, page.getByRole('button', { name: 'Download', exact: true }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Download results' });
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('link', { name: /Ballots \(CSV\)/ }));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ]);
    expect(download.suggestedFilename()).toBe('best-soup-ballots.csv');
    const text = await readFile((await download.path()) ?? '', 'utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('name,submitted_at,1,2,3');
    // Escape closes the dialog.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await owner.page.close();
  });

  it('closes the game, then deletes it, with the keyboard', async () => {
    const owner = await ownerWithGame();
    const { page } = owner;
    await openResults(page, owner.game.id);
    const panel = page.getByTestId('owner-panel');
    await tabTo(page, panel.getByRole('button', { name: 'Close now' }));
    await page.keyboard.press('Enter');
    const close = page.getByRole('alertdialog', { name: 'Close this rank?' });
    await close.waitFor();
    await tabTo(page, close.getByRole('button', { name: 'Close rank' }));
    await page.keyboard.press('Enter');
    await close.waitFor({ state: 'detached' });
    await page.getByText('Rank closed: results are unlocked for everyone').waitFor();
    expect((await gameNow(page, owner.game.id)).closed).toBe(true);

    await startAtTop(page);
    await tabTo(page, panel.getByRole('button', { name: 'Delete' }));
    await page.keyboard.press('Enter');
    const remove = page.getByRole('alertdialog', { name: 'Delete this rank?' });
    await remove.waitFor();
    await tabTo(page, remove.getByRole('button', { name: 'Delete rank' }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/myranks', { timeout: 15_000 });
    expect((await page.request.get(`/api/games/${owner.game.id}`)).status()).toBe(404);
    await owner.page.close();
  });

  it('copies the share link and archives the game from the owner panel with the keyboard', async () => {
    const owner = await ownerWithGame();
    const { page } = owner;
    await openResults(page, owner.game.id);
    await page.evaluate(() => navigator.clipboard.writeText('nothing yet'));
    const panel = page.getByTestId('owner-panel');
    await tabTo(page, panel.getByRole('button', { name: 'Copy link' }));
    await page.keyboard.press('Enter');
    await panel.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${server.url}/share/g/${owner.game.id}`,
    );
    await tabTo(page, panel.getByRole('button', { name: 'Archive', exact: true }));
    await page.keyboard.press('Enter');
    await page.getByText('Rank archived').waitFor();
    expect((await gameNow(page, owner.game.id)).archived).toBe(true);
    await owner.page.close();
  });

  it('finds an item in a long results list and shows all of it, with the keyboard', async () => {
    const owner = await ownerWithGame({
      prompt: 'Fifteen fruits',
      items: Array.from({ length: 15 }, (_, i) => `Fruit ${i + 1}`),
    });
    const { page } = owner;
    await openResults(page, owner.game.id);
    const rows = page.getByTestId('result-item');
    expect(await rows.count()).toBe(10);
    await tabTo(page, page.getByRole('searchbox', { name: 'Find an item in the results' }));
    await page.keyboard.type('fruit 12');
    await expect.poll(() => rows.count()).toBe(1);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('Backspace');
    await expect.poll(() => rows.count()).toBe(10);
    await tabTo(page, page.getByRole('button', { name: 'Show all 15 items' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => rows.count()).toBe(15);
    await owner.page.close();
  });

  it('lets an admin hide a community rank and delete a game with the keyboard', async () => {
    const owner = await ownerWithGame({ publish: true, prompt: 'Best moderated snack' });
    const admin = await inTurn();
    const account = await registerByApi(admin.page, server, 'Mona');
    await setProgress(server, account.id, { role: 'admin', adminGrantedBy: 'e2e-seed' });
    const { page } = admin;
    await page.goto('/community-cop');
    const card = page
      .getByTestId('rank-card')
      .filter({ has: page.getByRole('link', { name: 'Best moderated snack' }) });
    await card.waitFor();
    await startAtTop(page);
    await tabTo(page, card.getByRole('button', { name: 'Hide Best moderated snack' }), {
      max: 150,
    });
    await page.keyboard.press('Enter');
    await card.getByTestId('hidden-badge').waitFor();

    await goInApp(page, '/admin/games');
    await page.getByTestId('admin-games').waitFor();
    await startAtTop(page);
    await tabTo(page, page.getByLabel('Search games'));
    await page.keyboard.type('moderated snack');
    await expect.poll(() => page.getByTestId('admin-game-row').count()).toBe(1);
    await tabTo(page, page.getByRole('button', { name: 'Delete Best moderated snack' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog');
    await tabTo(page, confirm.getByRole('button', { name: 'Delete rank' }));
    await page.keyboard.press('Enter');
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Rank deleted' }).waitFor();
    expect((await page.request.get(`/api/games/${owner.game.id}`)).status()).toBe(404);
    await owner.page.close();
  });

  it('remixes a game into one of your own with the keyboard', async () => {
    const owner = await ownerWithGame();
    const visitor = await inTurn();
    await registerByApi(visitor.page, server, 'Remo');
    const { page } = visitor;
    await page.goto(`/g/${owner.game.id}/results`);
    await startAtTop(page);
    await tabTo(page, page.getByRole('button', { name: 'Remix' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(
      (url) => /^\/g\/[^/]+\/results$/.test(url.pathname) && !url.pathname.includes(owner.game.id),
    );
    await page.getByTestId('owner-panel').waitFor();
    await page.getByText('Remixed from').waitFor();
    await owner.page.close();
  });

  it('chooses a handle on /player with the keyboard', async () => {
    const { page } = await inTurn();
    await registerByApi(page, server, 'Hana');
    const handle = `hana_${Date.now().toString(36).slice(-6)}`;
    await page.goto('/player');
    await startAtTop(page);
    await tabTo(page, page.getByRole('button', { name: 'Choose a handle' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByLabel('Handle', { exact: true }));
    await page.keyboard.type(handle);
    await expect
      .poll(() => page.getByTestId('handle-status').innerText())
      .toBe(`@${handle} is available`);
    await tabTo(page, page.getByRole('button', { name: 'Save' }));
    await page.keyboard.press('Enter');
    await page.getByTestId('player-handle').waitFor();
    expect(await page.getByTestId('player-handle').innerText()).toBe(`@${handle}`);
  });

  it('switches the My Ranks tabs with the arrow keys', async () => {
    const owner = await ownerWithGame({ prompt: 'Best tea' });
    const { page } = owner;
    await page.goto('/myranks');
    await page.getByTestId('created-card').first().waitFor();
    await startAtTop(page);
    const created = page.getByRole('tab', { name: 'Created' });
    await tabTo(page, created);
    expect(await created.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Played' }).getAttribute('aria-selected'))
      .toBe('true');
    await owner.page.close();
  });

  it('signs out, resets the password through the dev outbox and signs in, with the keyboard', async () => {
    const { context, page } = await newVisitor(browser, server, { readsOutbox: true });
    const account = await registerByApi(page, server, 'Rafa');
    await page.goto('/account');
    await startAtTop(page);
    await tabTo(page, page.getByRole('button', { name: 'Sign out' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Sign in to Crowned' }).waitFor();
    const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
      user?: unknown;
    } | null;
    expect(session?.user).toBeUndefined();

    await startAtTop(page);
    await tabTo(page, page.getByRole('button', { name: 'Forgot password?' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(account.email);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    const outbox = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as OutboxBody;
    expect(outbox.messages.some((m) => m.to === account.email)).toBe(true);

    await tabTo(page, page.getByRole('link', { name: 'dev outbox' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dev/outbox');
    await startAtTop(page);
    await tabTo(
      page,
      page.getByRole('link', {
        name: `Open link from “Reset your Crowned password” to ${account.email}`,
      }),
      { max: 200 },
    );
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/account\/reset\?token=/);
    await startAtTop(page);
    await tabTo(page, page.getByLabel('New password', { exact: true }));
    await page.keyboard.type('new keyboard password 9');
    await tabTo(page, page.getByLabel('Confirm new password', { exact: true }));
    await page.keyboard.type('new keyboard password 9');
    await tabTo(page, page.getByRole('button', { name: 'Save new password' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/login\?notice=password-reset/);

    await startAtTop(page);
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(account.email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type('new keyboard password 9');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByTestId('level-button').waitFor();
    await context.close();
  });

  it('builds and publishes a community rank in the builder with the keyboard', async () => {
    const { page } = await inTurn();
    await registerByApi(page, server, 'Bea');
    await page.goto('/builder');
    await page.getByRole('heading', { name: 'Rank builder' }).waitFor();
    await startAtTop(page);
    await tabTo(page, page.getByLabel('Title'));
    await page.keyboard.type('Best keyboard switch');
    const inputs = page.locator('.item-rows input');
    for (const [i, item] of ['Linear', 'Tactile', 'Clicky'].entries()) {
      await tabTo(page, inputs.nth(i));
      await page.keyboard.type(item);
    }
    const tags = page.getByLabel('Tags (optional)');
    await tabTo(page, tags);
    await page.keyboard.type('gear');
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Create and publish' }));
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/r\/[^/]+$/);
    await page.getByRole('heading', { name: 'Best keyboard switch', level: 1 }).waitFor();
    expect(await page.getByRole('list', { name: 'Tags' }).textContent()).toBe('#gear');
  });

  it('switches the theme with the header toggle, Enter and Space', async () => {
    const { page } = await inTurn();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await startAtTop(page);
    const toggle = page.getByTestId('theme-toggle');
    await tabTo(page, toggle);
    expect(await toggle.getAttribute('data-choice')).toBe('system');
    await page.keyboard.press('Enter'); // System → Light
    await expect.poll(() => toggle.getAttribute('data-choice')).toBe('light');
    await page.keyboard.press('Space'); // Light → Dark
    await expect.poll(() => toggle.getAttribute('data-choice')).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('crowned.theme'))).toBe('dark');
  });

  it('submits a ranking while offline; it is sent when back online', async () => {
    const owner = await ownerWithGame();
    const player = await newVisitor(browser, server, { viewport: MOBILE });
    const { page, context } = player;
    await page.goto(`/g/${owner.game.id}/play`);
    await page.getByTestId('rank-list').waitFor();
    await startAtTop(page);
    await tabTo(page, page.getByRole('button', { name: 'Move Borscht up' }));
    await page.keyboard.press('Enter');
    await context.setOffline(true);
    await tabTo(page, page.getByRole('button', { name: 'Submit ranking' }));
    await page.keyboard.press('Enter');
    await page.getByTestId('offline-notice').waitFor();
    await context.setOffline(false);
    await page.waitForURL(new RegExp(`/g/${owner.game.id}/results$`), { timeout: 15_000 });
    await page.getByText('Your ranking was sent.').waitFor();
    await expect.poll(() => page.getByTestId('submission-count').textContent()).toMatch(/^2\b/);
    await Promise.all([owner.page.close(), context.close()]);
  });

  it('creates a game while offline; it is created when back online', async () => {
    const { page, context } = await newVisitor(browser, server, { viewport: MOBILE });
    await page.goto('/');
    await registerByApi(page, server, 'Otto');
    await page.goto('/create');
    await page.getByTestId('level-button').waitFor();
    await startAtTop(page);
    await tabTo(page, page.getByLabel('What are we ranking?'));
    await page.keyboard.type('Best offline keyboard game');
    for (const [i, item] of ['Tetris', 'Snake', 'Pong'].entries()) {
      await tabTo(page, page.getByLabel(`Item ${i + 1}`, { exact: true }));
      await page.keyboard.type(item);
    }
    await context.setOffline(true);
    // Offline, the button says what it will do.
    await tabTo(page, page.getByRole('button', { name: 'Create when back online' }));
    await page.keyboard.press('Enter');
    await page.getByTestId('offline-notice').waitFor();
    expect(page.url()).toMatch(/\/create$/);
    await context.setOffline(false);
    await page.waitForURL(/\/g\/[A-Za-z0-9]{10}\/play$/, { timeout: 15_000 });
    await page.getByTestId('rank-list').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Best offline keyboard game',
    );
    await context.close();
  });
});
