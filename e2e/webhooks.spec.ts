/**
 * The owner's Webhooks section in a real browser (decision 0025): opened from the keyboard, a bad
 * URL refused with the server's words, a local receiver added (its secret shown once, copied),
 * a ranking's event delivered and signed, the delivery log, removal after a confirmation; a
 * webhook turned off for failing (decision 0030) shown with the section folded and turned back
 * on; and screenshots at 375 and 1280 px, light and dark.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import { WEBHOOK_MESSAGES } from '../src/domain/webhooks';
import { eq } from 'drizzle-orm';
import { webhook } from '../src/server/db/schema/webhooks';
import { verifySignature } from '../src/server/webhooks/signing';
import type { TestServer } from '../test/support/server';
import { browserAvailable, newPerson, useAppInBrowser } from './support/harness';
import { tabTo } from './support/keyboard';
import {
  DESKTOP,
  MOBILE,
  newVisitor,
  registerByApi,
  screenshotBothWidths,
  verifyEmailByApi,
} from './support/web';

const ITEMS = ['Pancakes', 'Waffles', 'French toast'];

describe.runIf(browserAvailable())('owner webhooks in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  useAppInBrowser((app) => ({ server, browser } = app));

  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  let receiver: Server;
  let receiverUrl = '';
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/crowned`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('adds a webhook from the keyboard, shows its secret once, delivers and logs a ranking', async () => {
    const { page } = await newVisitor(browser, server, { viewport: DESKTOP });
    const account = await registerByApi(page, server, 'Hooky');
    const created = await page.request.post('/api/games', {
      data: { prompt: 'Best breakfast', items: ITEMS },
      headers: { origin: server.url },
    });
    expect(created.status()).toBe(201);
    const { game } = (await created.json()) as { game: GameView };
    await page.goto(`/g/${game.id}/results`);
    const section = page.getByTestId('owner-webhooks');
    await section.waitFor({ timeout: 15_000 });

    // Unconfirmed: the section says what adding a webhook needs, with a link to the account page
    // (decision 0029), instead of a form the server would refuse.
    await section.locator('summary').click();
    const verify = section.getByTestId('webhooks-verify');
    await verify.waitFor();
    expect(await section.getByTestId('webhook-url').count()).toBe(0);
    await screenshotBothWidths(page, 'webhooks-unverified', '[data-testid="webhooks-verify"]');
    await page.setViewportSize(DESKTOP);
    expect(await verify.getByRole('link').getAttribute('href')).toBe('/account');
    await verifyEmailByApi(page, server, account);
    await page.goto(`/g/${game.id}/results`);
    await section.waitFor({ timeout: 15_000 });

    // Folded until asked for; Enter on its summary opens it.
    const summary = section.locator('summary');
    await tabTo(page, summary);
    await page.keyboard.press('Enter');
    await section.getByText('No webhooks yet.').waitFor();

    const url = section.getByTestId('webhook-url');
    await url.focus();
    await page.keyboard.type('ftp://example.com/hook');
    await page.keyboard.press('Enter');
    const alert = section.getByRole('alert').filter({ hasText: WEBHOOK_MESSAGES.urlHttpsOrLocal });
    await alert.waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    // The failed try leaves the focus in the field, to correct it.
    expect(await url.evaluate((el) => el === document.activeElement)).toBe(true);

    await url.fill(receiverUrl);
    await page.keyboard.press('Enter');
    const notice = section.getByTestId('webhook-secret');
    await notice.waitFor();
    const secret = (await notice.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await notice.getByRole('button', { name: 'Copy secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await section.getByTestId('webhook-row').waitFor();
    expect(await section.getByTestId('webhook-row').textContent()).toContain(receiverUrl);

    // Someone ranks: the event reaches the receiver, signed with that secret.
    const player = await newPerson(browser, server);
    await player.request.post('/api/auth/sign-in/anonymous', {
      data: {},
      headers: { origin: server.url },
    });
    const ranked = await player.request.put(`/api/games/${game.id}/submission`, {
      data: { ranking: game.items.map((item) => item.id), name: 'Robin' },
      headers: { origin: server.url },
    });
    expect(ranked.status()).toBe(200);
    await player.close();

    await section.getByRole('button', { name: 'Delivery log' }).click();
    const log = section.getByTestId('webhook-log');
    await log.getByText('Delivered').waitFor({ timeout: 20_000 });
    expect(await log.locator('tbody tr').count()).toBe(1);
    expect(await log.locator('tbody tr td').first().textContent()).toBe('New ranking');
    const [delivery] = received;
    expect(delivery).toBeDefined();
    expect(JSON.parse(delivery!.body)).toMatchObject({
      type: 'submission',
      data: { player: 'Robin', ranking: ITEMS },
    });
    expect(
      verifySignature({
        secret,
        timestamp: delivery!.headers['x-crowned-timestamp'] as string,
        body: delivery!.body,
        signature: delivery!.headers['x-crowned-signature'] as string,
        nowSeconds: Math.floor(Date.now() / 1000),
      }),
    ).toBe(true);

    // The log scrolls inside its box on a phone; the page does not widen.
    await page.setViewportSize(MOBILE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    await screenshotBothWidths(page, 'webhooks-owner', '[data-testid="webhook-log"]');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshotBothWidths(page, 'webhooks-owner-dark', '[data-testid="webhook-log"]');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);

    // Saved: the secret goes for good.
    await notice.getByRole('button', { name: 'I’ve saved it' }).click();
    await notice.waitFor({ state: 'detached' });

    // Remove, after a confirmation (Cancel has the focus first).
    await section.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(receiverUrl);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await section.getByText('No webhooks yet.').waitFor();
  });

  it('tells the owner a webhook was turned off for failing, and turns it back on', async () => {
    const { page } = await newVisitor(browser, server, { viewport: DESKTOP });
    // Adding a webhook needs a proven inbox (decision 0029).
    await verifyEmailByApi(page, server, await registerByApi(page, server, 'Offish'));
    const created = await page.request.post('/api/games', {
      data: { prompt: 'Best soup', items: ['Tomato', 'Leek', 'Miso'] },
      headers: { origin: server.url },
    });
    const { game } = (await created.json()) as { game: GameView };
    const added = await page.request.post(`/api/games/${game.id}/webhooks`, {
      data: { url: 'http://127.0.0.1:9/down' },
      headers: { origin: server.url },
    });
    expect(added.status()).toBe(201);
    const { webhook: hook } = (await added.json()) as { webhook: { id: string } };
    // What the worker does after WEBHOOK_DISABLE_AFTER_FAILURES failures in a row over an hour
    // (webhook-fairness.test.ts drives it for real): set directly, the page is what is tested.
    await server.database.db
      .update(webhook)
      .set({ disabledAt: new Date(), consecutiveFailures: 20, failingSince: new Date() })
      .where(eq(webhook.id, hook.id));

    await page.goto(`/g/${game.id}/results`);
    const notice = page.getByTestId('webhooks-off-notice');
    await notice.waitFor({ timeout: 15_000 });
    expect(await notice.textContent()).toContain('A webhook is turned off');
    const section = page.getByTestId('owner-webhooks');
    // Folded: the notice opens it, and the row says why.
    expect(await section.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await notice.getByRole('button', { name: 'Show webhooks' }).click();
    const off = section.getByTestId('webhook-off');
    await off.waitFor();
    expect(await off.textContent()).toContain('after 20 failed deliveries in a row');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      DESKTOP.width,
    );
    await screenshotBothWidths(page, 'webhooks-off', '[data-testid="webhook-off"]');
    await page.setViewportSize(MOBILE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    await page.setViewportSize(DESKTOP);

    await section.getByRole('button', { name: 'Turn back on' }).click();
    await notice.waitFor({ state: 'detached' });
    await off.waitFor({ state: 'detached' });
    await section.getByRole('button', { name: 'Turn off' }).waitFor();
    const listed = await page.request.get(`/api/games/${game.id}/webhooks`);
    expect(((await listed.json()) as { webhooks: unknown[] }).webhooks).toMatchObject([
      { id: hook.id, disabledAt: null, consecutiveFailures: 0 },
    ]);
  });
});
