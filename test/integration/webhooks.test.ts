/**
 * Owner webhooks (issue 15): a local receiver on 127.0.0.1 gets signed `submission` and `closed`
 * events; a receiver that fails is retried on the (shortened) schedule; the delivery log, the
 * owner-only rules, URL rules and cascade on game deletion, through the real API.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES } from '../../src/domain/lifecycle';
import {
  MAX_WEBHOOKS_PER_GAME,
  WEBHOOK_MESSAGES,
  type DeliveryView,
  type WebhookPayload,
  type WebhookView,
} from '../../src/domain/webhooks';
import { webhook, webhookDelivery } from '../../src/server/db/schema/webhooks';
import { verifySignature } from '../../src/server/webhooks/signing';
import { runDeliveries } from '../../src/server/webhooks/worker';
import { createLogger } from '../../src/server/platform/log';
import type { TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer } from './harness';

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

/** A local receiver: records every POST; `/flaky-<n>` answers 500 to its first two requests. */
class Receiver {
  readonly received: Received[] = [];
  private readonly failures = new Map<string, number>();
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const path = req.url ?? '/';
        this.received.push({ path, headers: req.headers, body });
        if (path.startsWith('/flaky')) {
          const failed = this.failures.get(path) ?? 0;
          if (failed < 2) {
            this.failures.set(path, failed + 1);
            res.writeHead(500).end('nope');
            return;
          }
        }
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  at(path: string): Received[] {
    return this.received.filter((entry) => entry.path === path);
  }
}

/** Waits for a condition the server reaches in the background (generous cap; not a timing test). */
async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined) {
  const give = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > give) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(testDatabases)('webhooks on %s', (kind) => {
  const h = useServer(kind, {
    env: {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_POLL_MS: '20',
      WEBHOOK_RETRY_SCHEDULE_MS: '20,20,20,20,20',
      WEBHOOK_COALESCE_MS: '0',
    },
  });
  const receiver = new Receiver();
  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());

  const base = (gameId: string) => `/api/games/${encodeURIComponent(gameId)}/webhooks`;

  async function addHook(owner: TestClient, gameId: string, body: Record<string, unknown>) {
    return owner.request<{ webhook: WebhookView; secret: string } | ErrorLike>(
      'POST',
      base(gameId),
      body,
    );
  }
  type ErrorLike = { error: { code: string; message: string } };

  async function deliveries(owner: TestClient, gameId: string, webhookId: string) {
    const response = await owner.request<{ deliveries: DeliveryView[] }>(
      'GET',
      `${base(gameId)}/${webhookId}/deliveries`,
    );
    expect(response.status).toBe(200);
    return response.body.deliveries;
  }

  it('sends signed submission and closed events; the log shows them delivered', async () => {
    const owner = await h.verifiedUser('Hook Owner');
    const game = await h.createGame(owner, ['Alpha', 'Bravo', 'Charlie']);
    const path = `/hook-${game.id}`;
    const added = await addHook(owner, game.id, { url: `${receiver.url}${path}` });
    expect(added.status).toBe(201);
    const { webhook: hook, secret } = added.body as { webhook: WebhookView; secret: string };
    expect(secret).toMatch(/^whsec_/);
    expect(hook).toMatchObject({ url: `${receiver.url}${path}`, events: ['submission', 'closed'] });
    // The list never shows the secret again.
    const listed = await owner.request<{ webhooks: WebhookView[] }>('GET', base(game.id));
    expect(listed.body.webhooks).toEqual([hook]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    const player = await h.user('Pat Player');
    const submitted = await h.submit(player, game.id, ids(game, ['Charlie', 'Alpha', 'Bravo']), {
      name: 'Pat',
    });
    expect(submitted.status).toBe(200);
    // A partial ranking is progress, not a submission: no event.
    const other = await h.user('Quinn');
    expect((await h.submit(other, game.id, ids(game, ['Alpha']), { partial: true })).status).toBe(
      200,
    );
    const closed = await owner.request('POST', `/api/games/${game.id}/close`);
    expect(closed.status).toBe(200);

    const [first, second] = await until('two events', () =>
      receiver.at(path).length >= 2 ? receiver.at(path) : undefined,
    );
    const events = [first!, second!].map((entry) => JSON.parse(entry.body) as WebhookPayload);
    expect(events.map((event) => event.type).sort()).toEqual(['closed', 'submission']);
    const submission = events.find((event) => event.type === 'submission')!;
    expect(submission).toMatchObject({
      type: 'submission',
      gameId: game.id,
      data: { player: 'Pat', ranking: ['Charlie', 'Alpha', 'Bravo'] },
    });
    expect(Date.parse(submission.data.submittedAt)).not.toBeNaN();
    const closedEvent = events.find((event) => event.type === 'closed')!;
    expect(closedEvent).toMatchObject({
      type: 'closed',
      gameId: game.id,
      data: { submissionCount: 1, title: game.prompt },
    });
    // Nothing that identifies an account.
    for (const entry of [first!, second!]) {
      expect(entry.body).not.toContain(player.ip);
      expect(entry.body).not.toMatch(/@|userId|email/i);
    }

    for (const entry of [first!, second!]) {
      const headers = entry.headers;
      const event = JSON.parse(entry.body) as WebhookPayload;
      expect(headers['content-type']).toBe('application/json');
      expect(headers['x-crowned-event']).toBe(event.type);
      expect(typeof headers['x-crowned-delivery']).toBe('string');
      const timestamp = headers['x-crowned-timestamp'] as string;
      const signature = headers['x-crowned-signature'] as string;
      expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
      const now = Math.floor(Date.now() / 1000);
      expect(
        verifySignature({ secret, timestamp, body: entry.body, signature, nowSeconds: now }),
      ).toBe(true);
      // Another secret, or a changed body, does not verify.
      expect(
        verifySignature({
          secret: `${secret}x`,
          timestamp,
          body: entry.body,
          signature,
          nowSeconds: now,
        }),
      ).toBe(false);
      expect(
        verifySignature({ secret, timestamp, body: `${entry.body} `, signature, nowSeconds: now }),
      ).toBe(false);
    }

    const log = await until('both delivered', async () => {
      const list = await deliveries(owner, game.id, hook.id);
      return list.length === 2 && list.every((entry) => entry.status === 'delivered')
        ? list
        : undefined;
    });
    for (const entry of log) {
      expect(entry).toMatchObject({ attempts: 1, lastStatusCode: 200, lastError: null });
      expect(entry.deliveredAt).not.toBeNull();
    }
    const deliveryIds = [first!, second!].map((entry) => entry.headers['x-crowned-delivery']);
    expect(log.map((entry) => entry.id).sort()).toEqual([...deliveryIds].sort());
  });

  it('retries a failing receiver with backoff: two failures then 200 is delivered after 3 attempts', async () => {
    const owner = await h.verifiedUser('Retry Owner');
    const game = await h.createGame(owner);
    const path = `/flaky-${game.id}`;
    const added = await addHook(owner, game.id, {
      url: `${receiver.url}${path}`,
      events: ['closed'],
    });
    expect(added.status).toBe(201);
    const hook = (added.body as { webhook: WebhookView }).webhook;
    // Subscribed to `closed` only: a submission sends nothing.
    const player = await h.user();
    expect((await h.submit(player, game.id, ids(game))).status).toBe(200);
    expect((await owner.request('POST', `/api/games/${game.id}/close`)).status).toBe(200);

    const [entry] = await until('delivered after retries', async () => {
      const list = await deliveries(owner, game.id, hook.id);
      return list[0]?.status === 'delivered' ? list : undefined;
    });
    expect(entry).toMatchObject({
      event: 'closed',
      status: 'delivered',
      attempts: 3,
      lastStatusCode: 200,
    });
    const sent = receiver.at(path);
    expect(sent).toHaveLength(3);
    // One delivery, the same id each time, never a submission.
    expect(new Set(sent.map((request) => request.headers['x-crowned-delivery'])).size).toBe(1);
    expect(sent.every((request) => request.headers['x-crowned-event'] === 'closed')).toBe(true);
  });

  it('marks a delivery failed after the last attempt, with the last error', async () => {
    const owner = await h.verifiedUser('Failing Owner');
    const game = await h.createGame(owner, undefined, undefined, { sizeLimit: 1 });
    // Nothing listens on port 9 (discard) of this machine: every attempt is refused.
    const added = await addHook(owner, game.id, { url: 'http://127.0.0.1:9/hook' });
    expect(added.status).toBe(201);
    const hook = (added.body as { webhook: WebhookView }).webhook;
    const player = await h.user();
    // The players rule closes the game with this submission: both events are queued.
    expect((await h.submit(player, game.id, ids(game))).status).toBe(200);
    const log = await until('both failed', async () => {
      const list = await deliveries(owner, game.id, hook.id);
      return list.length === 2 && list.every((entry) => entry.status === 'failed')
        ? list
        : undefined;
    });
    for (const entry of log) {
      expect(entry).toMatchObject({ attempts: 6, lastStatusCode: null, nextAttemptAt: null });
      expect(entry.lastError).toBeTruthy();
    }
  });

  it('only the owner sees and changes a game’s webhooks', async () => {
    const owner = await h.verifiedUser('Private Owner');
    const game = await h.createGame(owner);
    const added = await addHook(owner, game.id, { url: `${receiver.url}/private` });
    const hook = (added.body as { webhook: WebhookView }).webhook;
    const stranger = await h.verifiedUser('Stranger');
    const notOwner = errorOf('permission-denied', LIFECYCLE_MESSAGES.notOwner);
    expect(await stranger.request('GET', base(game.id))).toMatchObject({
      status: 403,
      body: notOwner,
    });
    expect(await addHook(stranger, game.id, { url: `${receiver.url}/x` })).toMatchObject({
      status: 403,
      body: notOwner,
    });
    expect(await stranger.request('DELETE', `${base(game.id)}/${hook.id}`)).toMatchObject({
      status: 403,
    });
    expect(await stranger.request('GET', `${base(game.id)}/${hook.id}/deliveries`)).toMatchObject({
      status: 403,
    });
    expect((await h.anonymous().request('GET', base(game.id))).status).toBe(401);
    expect(await owner.request('GET', base('no-such-game'))).toMatchObject({ status: 404 });
    // A webhook of another game is not found under this one.
    const otherGame = await h.createGame(owner);
    expect(await owner.request('DELETE', `${base(otherGame.id)}/${hook.id}`)).toMatchObject({
      status: 404,
      body: errorOf('not-found', WEBHOOK_MESSAGES.notFound),
    });
    expect(await owner.request('GET', `${base(otherGame.id)}/${hook.id}/deliveries`)).toMatchObject(
      { status: 404 },
    );
    // The owner removes it.
    expect(await owner.request('DELETE', `${base(game.id)}/${hook.id}`)).toMatchObject({
      status: 200,
      body: { deleted: true, id: hook.id },
    });
    expect((await owner.request<{ webhooks: unknown[] }>('GET', base(game.id))).body).toEqual({
      webhooks: [],
    });
  });

  it('refuses bad URLs and events with clear messages, and more than five webhooks', async () => {
    const owner = await h.verifiedUser('Careful Owner');
    const game = await h.createGame(owner);
    const refused = async (body: Record<string, unknown>, message: string) => {
      const response = await addHook(owner, game.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body).toEqual(errorOf('invalid-argument', message));
    };
    await refused({ url: 'not a url' }, WEBHOOK_MESSAGES.urlInvalid);
    await refused({ url: '' }, WEBHOOK_MESSAGES.urlRequired);
    await refused({}, WEBHOOK_MESSAGES.urlRequired);
    await refused({ url: 42 }, WEBHOOK_MESSAGES.urlRequired);
    await refused({ url: 'http://example.com/hook' }, WEBHOOK_MESSAGES.urlHttpsOrLocal);
    await refused({ url: 'ftp://example.com/hook' }, WEBHOOK_MESSAGES.urlHttpsOrLocal);
    await refused({ url: 'https://user:pw@example.com/hook' }, WEBHOOK_MESSAGES.urlCredentials);
    await refused({ url: `https://example.com/${'a'.repeat(2100)}` }, WEBHOOK_MESSAGES.urlTooLong);
    await refused({ url: 'https://example.com/hook', events: [] }, WEBHOOK_MESSAGES.eventsRequired);
    await refused(
      { url: 'https://example.com/hook', events: ['everything'] },
      WEBHOOK_MESSAGES.eventsInvalid,
    );
    await refused(
      { url: 'https://example.com/hook', events: 'closed' },
      WEBHOOK_MESSAGES.eventsInvalid,
    );
    for (let i = 0; i < MAX_WEBHOOKS_PER_GAME; i++) {
      const added = await addHook(owner, game.id, { url: `https://example.com/hook/${i}` });
      expect(added.status).toBe(201);
    }
    await refused({ url: 'https://example.com/one-more' }, WEBHOOK_MESSAGES.tooMany);
  });

  it('sends a tier list with its tiers, as labels, beside the ranking they make', async () => {
    const owner = await h.verifiedUser('Tier Owner');
    const game = await h.createGame(owner, ['Alpha', 'Bravo', 'Charlie', 'Delta'], undefined, {
      ballot: {
        kind: 'tiers',
        tiers: [
          { label: 'Great', color: '#ff7f7f' },
          { label: 'Fine', color: '#ffdf7f' },
          { label: 'Meh', color: '#7fbfff' },
        ],
      },
    });
    const path = `/tiers-${game.id}`;
    expect(
      (await addHook(owner, game.id, { url: `${receiver.url}${path}`, events: ['submission'] }))
        .status,
    ).toBe(201);
    const tiers = [ids(game, ['Charlie', 'Alpha']), [], ids(game, ['Bravo'])];
    const player = await h.user();
    const sent = await player.request('PUT', `/api/games/${game.id}/submission`, {
      tiers,
      name: 'Tia',
    });
    expect(sent.status).toBe(200);
    const [event] = await until('the tier list', () =>
      receiver.at(path).length > 0 ? receiver.at(path) : undefined,
    );
    expect((JSON.parse(event!.body) as WebhookPayload).data).toMatchObject({
      player: 'Tia',
      ranking: ['Charlie', 'Alpha', 'Bravo'],
      tiers: [
        { label: 'Great', items: ['Charlie', 'Alpha'] },
        { label: 'Fine', items: [] },
        { label: 'Meh', items: ['Bravo'] },
      ],
      itemCount: 3,
      truncated: false,
    });
  });

  it('a webhook added after rankings began gets the very next one (and only rankings after it)', async () => {
    const owner = await h.verifiedUser('Late Owner');
    const game = await h.createGame(owner);
    // Before any webhook: the instance now remembers this game has none.
    expect((await h.submit(await h.user(), game.id, ids(game), { name: 'Early' })).status).toBe(
      200,
    );
    const path = `/late-${game.id}`;
    const added = await addHook(owner, game.id, {
      url: `${receiver.url}${path}`,
      events: ['submission'],
    });
    const hook = (added.body as { webhook: WebhookView }).webhook;
    expect((await h.submit(await h.user(), game.id, ids(game), { name: 'Late' })).status).toBe(200);
    const [event] = await until('the late ranking', () =>
      receiver.at(path).length > 0 ? receiver.at(path) : undefined,
    );
    expect((JSON.parse(event!.body) as WebhookPayload).data).toMatchObject({ player: 'Late' });
    // Removed: the next ranking sends nothing (the log still has only the one).
    expect((await owner.request('DELETE', `${base(game.id)}/${hook.id}`)).status).toBe(200);
    expect((await h.submit(await h.user(), game.id, ids(game), { name: 'After' })).status).toBe(
      200,
    );
    const db = h.server.database.db;
    const [left] = await db
      .select({ n: count() })
      .from(webhookDelivery)
      .where(eq(webhookDelivery.webhookId, hook.id));
    expect(left?.n).toBe(0);
    expect(receiver.at(path)).toHaveLength(1);
  });

  it('several workers at once never send one delivery twice', async () => {
    const owner = await h.verifiedUser('Busy Owner');
    const game = await h.createGame(owner);
    const path = `/busy-${game.id}`;
    const added = await addHook(owner, game.id, { url: `${receiver.url}${path}` });
    const hook = (added.body as { webhook: WebhookView }).webhook;
    const db = h.server.database.db;
    const rows = Array.from({ length: 40 }, (_, i) => ({
      id: `busy-${game.id}-${i}`,
      webhookId: hook.id,
      event: 'submission',
      payload: { id: `event-${i}`, type: 'submission', gameId: game.id },
    }));
    await db.insert(webhookDelivery).values(rows);
    // The server's own worker, and three more runs at once (as other instances would be).
    const options = {
      db,
      log: createLogger('silent'),
      intervalMs: 20,
      schedule: [20, 20, 20, 20, 20],
      allowPrivate: true,
    };
    await Promise.all([1, 2, 3].map(() => runDeliveries(options)));
    await until('all delivered', async () => {
      const [pending] = await db
        .select({ n: count() })
        .from(webhookDelivery)
        .where(eq(webhookDelivery.webhookId, hook.id));
      const done = await deliveries(owner, game.id, hook.id);
      return (
        pending?.n === rows.length &&
        done.filter((entry) => entry.status === 'delivered').length === rows.length
      );
    });
    const sent = receiver.at(path).map((request) => request.headers['x-crowned-delivery']);
    expect(sent).toHaveLength(rows.length);
    expect(new Set(sent).size).toBe(rows.length);
    const log = await deliveries(owner, game.id, hook.id);
    expect(log.every((entry) => entry.attempts === 1)).toBe(true);
  });

  it('deleting a game removes its webhooks and their deliveries', async () => {
    const owner = await h.verifiedUser('Leaving Owner');
    const game = await h.createGame(owner);
    const added = await addHook(owner, game.id, { url: `${receiver.url}/gone-${game.id}` });
    const hook = (added.body as { webhook: WebhookView }).webhook;
    expect((await h.submit(await h.user(), game.id, ids(game))).status).toBe(200);
    const db = h.server.database.db;
    await until('a delivery row', async () => {
      const [row] = await db
        .select({ n: count() })
        .from(webhookDelivery)
        .where(eq(webhookDelivery.webhookId, hook.id));
      return (row?.n ?? 0) > 0 || undefined;
    });
    expect((await owner.request('DELETE', `/api/games/${game.id}`)).status).toBe(200);
    const [hooks] = await db
      .select({ n: count() })
      .from(webhook)
      .where(eq(webhook.gameId, game.id));
    const [rows] = await db
      .select({ n: count() })
      .from(webhookDelivery)
      .where(eq(webhookDelivery.webhookId, hook.id));
    expect(hooks?.n).toBe(0);
    expect(rows?.n).toBe(0);
  });
});
