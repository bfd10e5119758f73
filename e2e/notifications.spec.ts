/**
 * Notifications on the web (issue 30): a player asks on a locked game's results to be told when
 * they unlock, the owner closes the game, the e-mail arrives in the dev outbox and its link opens
 * the results; on /account each kind switched off stays off after a reload; on /player, a browser
 * that refuses notifications says how to allow them. One browser context per person.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import type { TestServer } from '../test/support/server';
import { audit } from './support/axe';
import { browserAvailable, useAppInBrowser } from './support/harness';
import {
  goInApp,
  newVisitor,
  registerByApi,
  screenshotBothWidths,
  verifyEmailByApi,
  type Account,
  type Visitor,
} from './support/web';

type OutboxMail = { to: string; subject: string; links: string[] };

/** The mails the dev outbox holds for `email` (read from this machine, as a developer would). */
async function mailsTo(server: TestServer, email: string): Promise<OutboxMail[]> {
  const response = await fetch(`${server.url}/api/dev/outbox`);
  expect(response.ok).toBe(true);
  const { messages } = (await response.json()) as { messages: OutboxMail[] };
  return messages.filter((message) => message.to === email);
}

describe.runIf(browserAvailable())('notifications in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  useAppInBrowser((app) => ({ server, browser } = app));

  let owner: Visitor;
  let player: Visitor;
  let account: Account;
  let game: GameView;

  it('a player asks on the locked results, the owner closes the rank, the mail links to the results', async () => {
    owner = await newVisitor(browser, server);
    await registerByApi(owner.page, server, 'Owner');
    const created = await owner.page.request.post('/api/games', {
      data: { prompt: 'Best pasta shape', items: ['Penne', 'Fusilli', 'Farfalle'], sizeLimit: 5 },
      headers: { origin: server.url },
    });
    expect(created.status(), await created.text()).toBe(201);
    game = ((await created.json()) as { game: GameView }).game;

    player = await newVisitor(browser, server);
    account = await registerByApi(player.page, server, 'Player');
    await verifyEmailByApi(player.page, server, account);
    const ranked = await player.page.request.put(`/api/games/${game.id}/submission`, {
      data: { ranking: game.items.map((item) => item.id) },
      headers: { origin: server.url },
    });
    expect(ranked.status(), await ranked.text()).toBe(200);

    const { page } = player;
    await page.goto(`/g/${game.id}/results`);
    const toggle = page.getByRole('switch', { name: 'Tell me when results unlock' });
    await toggle.waitFor({ timeout: 15_000 });
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await page.getByText("We'll e-mail you once when the results unlock").waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await screenshotBothWidths(page, 'notifications-unlock-on', '[data-testid="unlock-notify"]');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Kept by the server: still on after a reload.
    await page.reload();
    await expect.poll(() => toggle.getAttribute('aria-checked'), { timeout: 15_000 }).toBe('true');
    expect(
      await audit(page, { path: `/g/${game.id}/results`, ready: '[role="switch"]:enabled' }),
    ).toEqual([]);

    // The player leaves (a page that shows the results takes the request back: nothing new to tell).
    await goInApp(page, '/');

    await owner.page.goto(`/g/${game.id}/results`);
    const panel = owner.page.getByTestId('owner-panel');
    await panel.getByRole('button', { name: 'Close now' }).click();
    await owner.page
      .getByRole('alertdialog', { name: 'Close this rank?' })
      .getByRole('button', { name: 'Close rank' })
      .click();
    await owner.page.getByText('Rank closed: results are unlocked for everyone').waitFor();

    const resultsLink = (mail: OutboxMail) =>
      mail.links.find((link) => new URL(link).pathname === `/g/${game.id}/results`);
    await expect
      .poll(
        async () =>
          (await mailsTo(server, account.email)).filter((mail) =>
            mail.subject.startsWith('Results unlocked'),
          ).length,
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
    const [mail] = (await mailsTo(server, account.email)).filter((m) =>
      m.subject.startsWith('Results unlocked'),
    );
    expect(mail?.subject).toBe('Results unlocked: Best pasta shape');
    const link = resultsLink(mail!);
    expect(link).toBeDefined();
    await page.goto(new URL(link!).pathname);
    await page.getByTestId('result-item').first().waitFor({ timeout: 15_000 });
    expect(await page.getByRole('switch', { name: 'Tell me when results unlock' }).count()).toBe(0);
  });

  it('on /account, each kind switched off stays off after a reload', async () => {
    const { page } = player;
    await page.goto('/account');
    const section = page.getByTestId('notification-settings');
    const kinds = ['People played your rank', 'Your rank closed', 'Results unlocked'];
    await section.getByLabel(kinds[0]!).waitFor({ timeout: 15_000 });
    for (const kind of kinds) expect(await section.getByLabel(kind).inputValue()).toBe('email');
    await screenshotBothWidths(
      page,
      'notifications-settings',
      '[data-testid="notification-settings"] select',
    );
    await page.setViewportSize({ width: 1280, height: 900 });

    for (const kind of kinds) {
      await section.getByLabel(kind).selectOption({ label: 'Off' });
      await section.getByTestId('notification-status').getByText('Saved').waitFor();
    }
    const digest = section.getByRole('switch', { name: 'Daily digest' });
    await digest.click();
    await expect.poll(() => digest.getAttribute('aria-checked')).toBe('true');
    await section.getByTestId('notification-status').getByText('Saved').waitFor();

    await page.reload();
    await section.getByLabel(kinds[0]!).waitFor({ timeout: 15_000 });
    for (const kind of kinds) expect(await section.getByLabel(kind).inputValue()).toBe('off');
    expect(await digest.getAttribute('aria-checked')).toBe('true');
    expect(
      await audit(page, {
        path: '/account',
        ready: '[data-testid="notification-settings"] select',
      }),
    ).toEqual([]);
  });

  it('on /player, a browser that refuses notifications says how to allow them', async () => {
    const { page } = player;
    await page.goto('/player');
    const device = page.getByTestId('device-notifications');
    const state = device.getByTestId('push-state');
    await state.waitFor({ timeout: 15_000 });
    // Headless Chromium refuses notifications unless they were granted: at once, or when the
    // button asks.
    if ((await state.getAttribute('data-state')) === 'ask') {
      await device.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    }
    await device.getByText('Notifications are blocked for Crowned in this browser').waitFor();
    expect(await state.getAttribute('data-state')).toBe('denied');
    await screenshotBothWidths(page, 'notifications-player', '[data-testid="push-state"]');
    await owner.context.close();
    await player.context.close();
  });
});
