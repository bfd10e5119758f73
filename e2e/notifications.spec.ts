/**
 * Notifications on the web (issue 30): a player asks on a locked game's results to be told when
 * they unlock, the owner closes the game, the e-mail arrives in the dev outbox and its link opens
 * the results; on /account each kind switched off stays off after a reload; on /player, a browser
 * that refuses notifications says how to allow them. One browser context per person.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import type { TestServer } from '../test/support/server';
import { messageOf, pushOf } from '../src/server/notifications/mails';
import { audit, auditInPlace } from './support/axe';
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

/** The app's service worker in control of `page`: its registration's scope. */
async function workerScope(page: Page): Promise<string> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
}

type Shown = { title: string; body: string; tag: string; url: unknown };

/**
 * Push in the browser (issue 30). Chromium's own push service is out of reach here, so the
 * browser's side is driven without it: a push is delivered to the app's real service worker by
 * DevTools (`ServiceWorker.deliverPushMessage`, the same event a push service's message makes);
 * a click on a notification (which no protocol can make) runs push-sw.js's handler in a page of
 * its own; and /player subscribes through a PushManager that answers as a push service would.
 */
describe.runIf(browserAvailable())('web push in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  useAppInBrowser((app) => ({ server, browser } = app));

  it("the service worker shows a push as the server sends it, and a click opens or focuses the notification's page", async () => {
    const { context, page } = await newVisitor(browser, server, { serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: server.url });
    await page.goto('/');
    await page.getByRole('link', { name: 'Crowned home' }).waitFor();
    const scope = await workerScope(page);

    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    // What the server pushes when a game's results unlock (notifications/mails.ts).
    const gameId = 'pasta-e2e';
    const message = messageOf(
      'unlocked',
      {
        gameId,
        prompt: 'Best pasta shape',
        submissions: 5,
        closed: true,
        crowd: ['Penne', 'Fusilli'],
        leader: 'Penne',
        agreement: 80,
      },
      `${server.url}/g/${gameId}/results`,
      0,
    );
    const payload = pushOf(message, `unlocked:${gameId}`);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: await registrationId,
      data: JSON.stringify(payload),
    });
    const worker = context.serviceWorkers().find((w) => w.url() === `${server.url}/sw.js`);
    expect(worker, 'the app’s service worker').toBeDefined();
    const shown = () =>
      worker!.evaluate(async () => {
        const { registration } = globalThis as unknown as {
          registration: ServiceWorkerRegistration;
        };
        return (await registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url?: unknown } | null)?.url,
        }));
      });
    await expect.poll(shown, { timeout: 15_000 }).toEqual([
      {
        title: 'Results unlocked: Best pasta shape',
        body: 'The results of “Best pasta shape” are unlocked. You agreed with the crowd 80%. The crowd’s winner: Penne.',
        tag: `unlocked:${gameId}`,
        url: `${server.url}/g/${gameId}/results`,
      },
    ] satisfies Shown[]);
    await cdp.detach();

    // The click: push-sw.js's handlers in a blank page, with the worker's `self` (its origin, its
    // windows) standing in, as the browser would give them.
    const source = await (await page.request.get('/push-sw.js')).text();
    const blank = await context.newPage();
    const clicks = await blank.evaluate(
      async ({ source, origin }) => {
        const handlers: Record<string, (event: unknown) => void> = {};
        const log: string[] = [];
        const windows = [
          { url: `${origin}/g/a/results`, focus: async () => void log.push('focus /g/a/results') },
        ];
        const self = {
          location: { origin },
          addEventListener: (type: string, handler: (event: unknown) => void) => {
            handlers[type] = handler;
          },
          registration: {
            showNotification: async (title: string, options: { body: string; data: unknown }) =>
              void log.push(`show ${title} | ${options.body} | ${JSON.stringify(options.data)}`),
          },
          clients: {
            matchAll: async () => windows,
            openWindow: async (url: string) => void log.push(`open ${url}`),
          },
        };
        new Function('self', source)(self);
        const dispatch = async (type: string, event: Record<string, unknown>) => {
          const waits: Promise<unknown>[] = [];
          handlers[type]!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
          await Promise.all(waits);
        };
        const click = (url: unknown) =>
          dispatch('notificationclick', {
            notification: { data: { url }, close: () => void log.push('close') },
          });
        await click(`${origin}/g/a/results`);
        await click(`${origin}/g/b/results`);
        await click('https://elsewhere.example/phish');
        await dispatch('push', {
          data: { json: () => ({ title: 'T', body: 'B', url: '/g/c/results' }), text: () => '' },
        });
        await dispatch('push', { data: null });
        return log;
      },
      { source, origin: server.url },
    );
    expect(clicks).toEqual([
      'close',
      'focus /g/a/results',
      'close',
      `open ${server.url}/g/b/results`,
      'close',
      `open ${server.url}/`,
      `show T | B | {"url":"${server.url}/g/c/results"}`,
      `show Crowned |  | {"url":"${server.url}/"}`,
    ]);
    await context.close();
  });

  it('on /player, turns notifications on, then off on this device (the browser unsubscribed, the server forgets it)', async () => {
    const { context, page } = await newVisitor(browser, server, { serviceWorkers: 'allow' });
    await context.grantPermissions(['notifications'], { origin: server.url });
    // The browser's push service (unreachable here) stands in: a subscription to a public
    // endpoint, with keys of the right shape, that records its unsubscribe.
    await context.addInitScript(() => {
      type Fake = { endpoint: string; unsubscribed: boolean };
      const state = { current: null as Fake | null, unsubscribed: [] as string[] };
      (window as unknown as { pushService: typeof state }).pushService = state;
      const asSubscription = (fake: Fake) => ({
        endpoint: fake.endpoint,
        expirationTime: null,
        toJSON: () => ({
          endpoint: fake.endpoint,
          expirationTime: null,
          keys: { p256dh: `BA${'A'.repeat(85)}`, auth: 'A'.repeat(22) },
        }),
        unsubscribe: async () => {
          state.unsubscribed.push(fake.endpoint);
          state.current = null;
          return true;
        },
      });
      PushManager.prototype.getSubscription = async function () {
        return (state.current ? asSubscription(state.current) : null) as PushSubscription | null;
      };
      PushManager.prototype.subscribe = async function () {
        state.current = {
          endpoint: `https://push.example.com/e2e/${Math.random().toString(36).slice(2)}`,
          unsubscribed: false,
        };
        return asSubscription(state.current) as unknown as PushSubscription;
      };
    });
    await registerByApi(page, server, 'Pusher');
    await page.goto('/');
    await workerScope(page);
    const devices = async () =>
      (
        (await (await page.request.get('/api/me/notifications')).json()) as {
          pushSubscriptions: number;
        }
      ).pushSubscriptions;

    await page.goto('/player');
    const device = page.getByTestId('device-notifications');
    const state = device.getByTestId('push-state');
    await state.waitFor({ timeout: 15_000 });
    expect(await state.getAttribute('data-state')).toBe('granted');
    await device.getByRole('button', { name: 'Turn on notifications on this device' }).click();
    await device.getByText('Notifications are on for this device.').waitFor();
    expect(await state.getAttribute('data-state')).toBe('on');
    expect(await devices()).toBe(1);
    const turnOff = device.getByRole('button', { name: 'Turn off on this device' });
    await screenshotBothWidths(page, 'notifications-player-on', '[data-testid="push-state"]');
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await screenshotBothWidths(page, 'notifications-player-on-dark', '[data-testid="push-state"]');
    expect(
      await auditInPlace(page, { path: '/player', ready: '[data-testid="push-state"]' }),
    ).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    await turnOff.click();
    const turnOn = device.getByRole('button', { name: 'Turn on notifications on this device' });
    await turnOn.waitFor();
    expect(await state.getAttribute('data-state')).toBe('granted');
    // The button that was pressed is gone: the one that turns it on again has the focus.
    await expect.poll(() => turnOn.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await devices()).toBe(0);
    const unsubscribed = await page.evaluate(
      () =>
        (window as unknown as { pushService: { unsubscribed: string[] } }).pushService.unsubscribed,
    );
    expect(unsubscribed).toHaveLength(1);
    await context.close();
  });
});
