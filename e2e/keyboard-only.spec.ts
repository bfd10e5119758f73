/**
 * The main action of each flow, done with the keyboard alone (issue 14): every control is reached
 * with Tab and used with Enter, Space or the arrow keys. Ordering and creating have their own
 * keyboard variants (ordering.spec.ts, create-screen.spec.ts); these are the rest: accounts,
 * publishing, likes, counting methods and the admin's grant; keyboard-only-more.spec.ts has the
 * owner's actions, reports, remix, handles, password reset, the builder, the theme and offline.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import type { TestServer } from '../test/support/server';
import { browserAvailable, useAppInBrowser } from './support/harness';
import { startAtTop, tabTo } from './support/keyboard';
import {
  newVisitor,
  PASSWORD,
  registerByApi,
  setProgress,
  signOutByApi,
  uniqueEmail,
  type Visitor,
} from './support/web';

describe.runIf(browserAvailable())('keyboard-only flows in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  async function ownerWithGame(): Promise<Visitor & { game: GameView }> {
    const owner = await newVisitor(browser, server);
    await registerByApi(owner.page, server, 'Kemal');
    const response = await owner.page.request.post('/api/games', {
      data: { prompt: 'Best board game', items: ['Chess', 'Go', 'Catan', 'Azul'] },
      headers: { origin: server.url },
    });
    expect(response.ok()).toBe(true);
    const { game } = (await response.json()) as { game: GameView };
    const submit = await owner.page.request.put(`/api/games/${game.id}/submission`, {
      data: { ranking: game.items.map((item) => item.id) },
      headers: { origin: server.url },
    });
    expect(submit.ok()).toBe(true);
    return { ...owner, game };
  }

  it('creates an account, signs out and signs in again, with the keyboard only', async () => {
    const { page, context } = await newVisitor(browser, server);
    const email = uniqueEmail('keys');
    await page.goto('/account');
    await startAtTop(page);
    await tabTo(page, page.getByRole('button', { name: 'Create account' }).first());
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByLabel('Display name'));
    await page.keyboard.type('Keys');
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/account');
    await page.getByTestId('level-button').waitFor();

    await signOutByApi(page, server);
    await page.goto('/login');
    await startAtTop(page);
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel('Password', { exact: true }));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByTestId('level-button').waitFor();
    await context.close();
  });

  it('publishes a game from the owner panel, and a player likes it, with the keyboard', async () => {
    const owner = await ownerWithGame();
    await owner.page.goto(`/g/${owner.game.id}/results`);
    await startAtTop(owner.page);
    const publish = owner.page.getByTestId('publish-button');
    await tabTo(owner.page, publish);
    await owner.page.keyboard.press('Enter');
    await expect.poll(() => publish.innerText(), { timeout: 10_000 }).toMatch(/Unpublish/);
    const { game } = (await (
      await owner.page.request.get(`/api/games/${owner.game.id}`)
    ).json()) as {
      game: GameView;
    };
    expect(game.isPublic).toBe(true);

    const player = await newVisitor(browser, server);
    await registerByApi(player.page, server, 'Liu');
    await player.page.goto(`/r/${game.communityRankId}`);
    await startAtTop(player.page);
    const like = player.page.getByTestId('like-button').first();
    await tabTo(player.page, like);
    await player.page.keyboard.press('Space');
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => like.getByTestId('like-count').innerText()).toBe('1');
    await owner.context.close();
    await player.context.close();
  });

  it('switches the counting method with the arrow keys', async () => {
    const owner = await ownerWithGame();
    const { page } = owner;
    await page.goto(`/g/${owner.game.id}/results`);
    await startAtTop(page);
    const mean = page.getByRole('radio', { name: 'Average position' });
    await tabTo(page, mean);
    expect(await mean.isChecked()).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Borda count' }).isChecked()).toBe(true);
    await expect
      .poll(() => page.getByTestId('method-explanation').innerText())
      .toMatch(/Borda|points/i);
    await owner.context.close();
  });

  it('lets an admin grant admin with the keyboard', async () => {
    const admin = await newVisitor(browser, server);
    const account = await registerByApi(admin.page, server, 'Ines');
    await setProgress(server, account.id, { role: 'admin', adminGrantedBy: 'e2e-seed' });
    const other = await newVisitor(browser, server);
    const target = await registerByApi(other.page, server, 'Tomas');

    const { page } = admin;
    await page.goto(`/admin/users?q=${encodeURIComponent(target.email)}`);
    await page.getByTestId('admin-user-row').waitFor();
    await startAtTop(page);
    await tabTo(page, page.getByRole('button', { name: 'Make admin: Tomas' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Make admin' }));
    await page.keyboard.press('Enter');
    await page.getByText('Tomas is now an admin').waitFor();
    const me = (await (await other.page.request.get('/api/me')).json()) as {
      profile: { role: string };
    };
    expect(me.profile.role).toBe('admin');
    await admin.context.close();
    await other.context.close();
  });
});
