/**
 * Issue 22, rows 4 and 6 (decision 0030), through the real API, worker and database:
 * - one owner's receiver that accepts and never answers holds at most WEBHOOK_IN_FLIGHT_PER_OWNER
 *   sends, another owner's delivery goes out while those are still hanging, each hung send is
 *   abandoned at the total timeout as a failure, and after WEBHOOK_DISABLE_AFTER_FAILURES in a row
 *   the webhook is off (shown to its owner) until the owner turns it back on;
 * - 200 re-rankings in a burst are at most two deliveries per webhook (the first at once, then one
 *   carrying the latest ranking), at most 16 KB even for a 200-item game, with the link to the
 *   full results;
 * - a webhook's finished deliveries never pass WEBHOOK_LOG_SIZE.
 * Counts and orderings only: every wait is for a state, with a generous cap.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFECYCLE_MESSAGES } from '../../src/domain/lifecycle';
import {
  MAX_PAYLOAD_BYTES,
  WEBHOOK_MESSAGES,
  type DeliveryView,
  type SubmissionEventData,
  type WebhookPayload,
  type WebhookView,
} from '../../src/domain/webhooks';
import { webhookDelivery } from '../../src/server/db/schema/webhooks';
import { createLogger } from '../../src/server/platform/log';
import { runDeliveries } from '../../src/server/webhooks/worker';
import type { TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, useServer } from './harness';

const IN_FLIGHT_PER_OWNER = 2;
const DISABLE_AFTER = 3;
const LOG_SIZE = 5;

/** Accepts every request and never answers; counts the ones open now and at most. */
class HungReceiver {
  private server!: Server;
  private readonly open = new Set<IncomingMessage>();
  url = '';
  total = 0;
  maxOpen = 0;

  get openNow(): number {
    return this.open.size;
  }

  async start(): Promise<void> {
    this.server = createServer((req) => {
      this.total++;
      this.open.add(req);
      this.maxOpen = Math.max(this.maxOpen, this.open.size);
      req.resume();
      // Closed only by the sender giving up.
      req.socket.once('close', () => this.open.delete(req));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

type Received = { path: string; body: string; bytes: number; hungOpen: number; hungTotal: number };

/** Answers 200 at once; records each request and what the hung receiver had open then. */
class OkReceiver {
  private server!: Server;
  readonly received: Received[] = [];
  url = '';

  constructor(private readonly hung: HungReceiver) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        this.received.push({
          path: req.url ?? '/',
          body: raw.toString('utf8'),
          bytes: raw.length,
          hungOpen: this.hung.openNow,
          hungTotal: this.hung.total,
        });
        res.writeHead(200).end('ok');
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

/** Waits for a state the server reaches in the background (generous cap; not a timing test). */
async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined) {
  const give = Date.now() + 40_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > give) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(testDatabases)('webhook fairness and coalescing on %s', (kind) => {
  const h = useServer(kind, {
    env: {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_POLL_MS: '20',
      WEBHOOK_RETRY_SCHEDULE_MS: '20,20,20,20,20',
      WEBHOOK_IN_FLIGHT_PER_OWNER: String(IN_FLIGHT_PER_OWNER),
      // Tiny next to the 10 s default, long next to a local answer (B's delivery is one).
      WEBHOOK_TIMEOUT_MS: '2500',
      WEBHOOK_CONNECT_TIMEOUT_MS: '1000',
      WEBHOOK_DISABLE_AFTER_FAILURES: String(DISABLE_AFTER),
      WEBHOOK_DISABLE_AFTER_MS: '0',
      // Re-rankings wait a minute for later ones: nothing of a burst is sent meanwhile.
      WEBHOOK_COALESCE_MS: '60000',
      WEBHOOK_LOG_SIZE: String(LOG_SIZE),
      WEBHOOK_QUEUE_LIMIT: '8',
    },
  });
  const hung = new HungReceiver();
  const ok = new OkReceiver(hung);
  beforeAll(async () => {
    await hung.start();
    await ok.start();
  });
  afterAll(async () => {
    await hung.stop();
    await ok.stop();
  });

  const base = (gameId: string) => `/api/games/${encodeURIComponent(gameId)}/webhooks`;

  async function addHook(owner: TestClient, gameId: string, url: string, events?: string[]) {
    const added = await owner.request<{ webhook: WebhookView }>('POST', base(gameId), {
      url,
      ...(events ? { events } : {}),
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return added.body.webhook;
  }

  async function listHooks(owner: TestClient, gameId: string) {
    const listed = await owner.request<{ webhooks: WebhookView[] }>('GET', base(gameId));
    expect(listed.status).toBe(200);
    return listed.body.webhooks;
  }

  async function deliveries(owner: TestClient, gameId: string, webhookId: string) {
    const response = await owner.request<{ deliveries: DeliveryView[] }>(
      'GET',
      `${base(gameId)}/${webhookId}/deliveries`,
    );
    expect(response.status).toBe(200);
    return response.body.deliveries;
  }

  /** Queues `n` submission deliveries for a webhook at once (a backlog, as re-rankings made). */
  async function backlog(webhookId: string, gameId: string, n: number) {
    await h.server.database.db.insert(webhookDelivery).values(
      Array.from({ length: n }, (_, i) => ({
        id: `${webhookId}-${i}`,
        webhookId,
        event: 'submission',
        payload: { id: `event-${webhookId}-${i}`, type: 'submission', gameId, data: {} },
      })),
    );
  }

  it('a hung receiver holds at most k sends of its owner; another owner is delivered meanwhile; failures in a row turn it off until its owner turns it on', async () => {
    // Owner A: two webhooks to a receiver that never answers, with a backlog of six.
    const ownerA = await h.verifiedUser('Hung Owner');
    const gameA = await h.createGame(ownerA);
    const hooksA = [
      await addHook(ownerA, gameA.id, `${hung.url}/a1`),
      await addHook(ownerA, gameA.id, `${hung.url}/a2`),
    ];
    for (const hook of hooksA) await backlog(hook.id, gameA.id, 3);
    const backlogSize = 6;
    // Three more workers at once, as other instances would be: the cap is for all of them.
    const others = [1, 2, 3].map(() =>
      runDeliveries({
        db: h.server.database.db,
        log: createLogger('silent'),
        intervalMs: 20,
        schedule: [20, 20, 20, 20, 20],
        allowPrivate: true,
        limits: {
          inFlightPerOwner: IN_FLIGHT_PER_OWNER,
          timeoutMs: 2500,
          disableAfterFailures: DISABLE_AFTER,
          disableAfterMs: 0,
        },
      }),
    );
    // A's sends are hanging: k of them, no more.
    await until('A at its cap', () => hung.openNow === IN_FLIGHT_PER_OWNER || undefined);

    // Owner B closes a game: its `closed` event goes out while A's sends still hang.
    const ownerB = await h.verifiedUser('Other Owner');
    const gameB = await h.createGame(ownerB);
    const pathB = `/b-${gameB.id}`;
    await addHook(ownerB, gameB.id, `${ok.url}${pathB}`, ['closed']);
    expect((await ownerB.request('POST', `/api/games/${gameB.id}/close`)).status).toBe(200);
    const [atB] = await until('B delivered', () =>
      ok.at(pathB).length > 0 ? ok.at(pathB) : undefined,
    );
    expect(JSON.parse(atB!.body)).toMatchObject({
      type: 'closed',
      gameId: gameB.id,
      // The worker links `closed` events (queued by the database) to the results too.
      data: { resultsUrl: expect.stringMatching(new RegExp(`/g/${gameB.id}/results$`)) },
    });
    // When B's arrived, A still had sends hanging (B did not wait for them to end) ...
    expect(atB!.hungOpen).toBeGreaterThanOrEqual(1);
    expect(atB!.hungOpen).toBeLessThanOrEqual(IN_FLIGHT_PER_OWNER);
    // ... and A's backlog had not drained: some of it had not even been tried once.
    expect(atB!.hungTotal).toBeLessThan(backlogSize);

    // Each hung send is abandoned at the total timeout and counted as a failure; after
    // DISABLE_AFTER in a row, each webhook is off, and its owner sees it.
    const off = await until('both of A’s webhooks off', async () => {
      const listed = await listHooks(ownerA, gameA.id);
      return listed.every((hook) => hook.disabledAt !== null) ? listed : undefined;
    });
    for (const hook of off) expect(hook.consecutiveFailures).toBeGreaterThanOrEqual(DISABLE_AFTER);
    await Promise.all(others);
    await until('A’s last sends given up', () => hung.openNow === 0 || undefined);
    // Never more than k at once, and no more tries than the failures it took (plus those
    // already under way when it was turned off).
    expect(hung.maxOpen).toBeLessThanOrEqual(IN_FLIGHT_PER_OWNER);
    expect(hung.total).toBeLessThanOrEqual(hooksA.length * (DISABLE_AFTER + IN_FLIGHT_PER_OWNER));
    const logA = await deliveries(ownerA, gameA.id, hooksA[0]!.id);
    const tried = logA.filter((entry) => entry.attempts > 0);
    expect(tried.length).toBeGreaterThan(0);
    for (const entry of tried) expect(entry.lastError).toMatch(/no answer within 2500 ms/);
    // Kept for when it is turned back on.
    expect(logA.some((entry) => entry.status === 'pending')).toBe(true);

    // Off means nothing is sent: B's next event goes out, A's receiver gets nothing new.
    const triesWhenOff = hung.total;
    const gameB2 = await h.createGame(ownerB);
    const pathB2 = `/b2-${gameB2.id}`;
    await addHook(ownerB, gameB2.id, `${ok.url}${pathB2}`, ['closed']);
    expect((await ownerB.request('POST', `/api/games/${gameB2.id}/close`)).status).toBe(200);
    await until('B’s second delivered', () => ok.at(pathB2).length > 0 || undefined);
    expect(hung.total).toBe(triesWhenOff);

    // Only the owner turns it back on; a body without `enabled` is refused.
    const patchPath = `${base(gameA.id)}/${hooksA[0]!.id}`;
    expect(await ownerB.request('PATCH', patchPath, { enabled: true })).toMatchObject({
      status: 403,
      body: errorOf('permission-denied', LIFECYCLE_MESSAGES.notOwner),
    });
    expect(await ownerA.request('PATCH', patchPath, { enabled: 'yes' })).toMatchObject({
      status: 400,
      body: errorOf('invalid-argument', WEBHOOK_MESSAGES.enabledRequired),
    });
    expect(
      await ownerA.request('PATCH', `${base(gameA.id)}/nope`, { enabled: true }),
    ).toMatchObject({ status: 404, body: errorOf('not-found', WEBHOOK_MESSAGES.notFound) });
    const turnedOn = await ownerA.request<{ webhook: WebhookView }>('PATCH', patchPath, {
      enabled: true,
    });
    expect(turnedOn.status).toBe(200);
    expect(turnedOn.body.webhook).toMatchObject({
      id: hooksA[0]!.id,
      disabledAt: null,
      consecutiveFailures: 0,
    });
    // Its kept deliveries go out again (and hang again).
    await until('A tried again', () => hung.total > triesWhenOff || undefined);
    // The owner can turn it off too.
    const turnedOff = await ownerA.request<{ webhook: WebhookView }>('PATCH', patchPath, {
      enabled: false,
    });
    expect(turnedOff.status).toBe(200);
    expect(turnedOff.body.webhook.disabledAt).not.toBeNull();
    for (const hook of hooksA) {
      expect((await ownerA.request('DELETE', `${base(gameA.id)}/${hook.id}`)).status).toBe(200);
    }
  });

  it('200 re-rankings in a burst are at most two deliveries per webhook (the first, then the latest), each at most 16 KB, linking to the full results', async () => {
    const owner = await h.verifiedUser('Burst Owner');
    // 200 items of 120 characters, most of them two bytes in UTF-8: a whole ranking is ~48 KB.
    const labels = Array.from({ length: 200 }, (_, i) =>
      `${String(i).padStart(3, '0')} ${'é'.repeat(116)}`.slice(0, 120),
    );
    const game = await h.createGame(owner, labels);
    const paths = Array.from({ length: 5 }, (_, i) => `/burst-${game.id}-${i}`);
    const hooks: WebhookView[] = [];
    for (const path of paths) {
      hooks.push(await addHook(owner, game.id, `${ok.url}${path}`, ['submission']));
    }
    const player = await h.user('Ranker');
    const itemIds = game.items.map((item) => item.id);
    const rotated = (i: number) => [...itemIds.slice(i), ...itemIds.slice(0, i)];
    // 199 re-rankings, ten at a time, then the last one.
    for (let i = 0; i < 199; i += 10) {
      const batch = Array.from({ length: Math.min(10, 199 - i) }, (_, j) =>
        h.submit(player, game.id, rotated(i + j), { name: 'Rory' }),
      );
      for (const response of await Promise.all(batch)) expect(response.status).toBe(200);
    }
    // Not among the burst's orders: only the last ranking starts with the last item.
    const last = [...itemIds].reverse();
    expect((await h.submit(player, game.id, last, { name: 'Rory' })).status).toBe(200);
    const db = h.server.database.db;
    const hookIds = hooks.map((hook) => hook.id);
    // The first ranking went at once; the rest of the burst is folded into one unsent delivery
    // per webhook, due a window (a minute here) after the first.
    const rows = await db
      .select()
      .from(webhookDelivery)
      .where(inArray(webhookDelivery.webhookId, hookIds));
    for (const id of hookIds) {
      const mine = rows.filter((row) => row.webhookId === id);
      expect(mine.length).toBeGreaterThanOrEqual(1);
      expect(mine.length).toBeLessThanOrEqual(2);
      expect(mine.filter((row) => row.attempts === 0)).toHaveLength(1);
    }
    for (const row of rows) {
      expect(Buffer.byteLength(JSON.stringify(row.payload))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    }
    expect(paths.every((path) => ok.at(path).length <= 1)).toBe(true);

    // The coalescing window ends.
    await db
      .update(webhookDelivery)
      .set({ nextAttemptAt: new Date() })
      .where(and(inArray(webhookDelivery.webhookId, hookIds), eq(webhookDelivery.attempts, 0)));
    const latestLabels = last.map((id) => game.items.find((item) => item.id === id)!.label);
    const carriesLatest = (entry: Received) =>
      (JSON.parse(entry.body) as { data: SubmissionEventData }).data.ranking[0] === latestLabels[0];
    await until(
      'each webhook has the latest',
      () => paths.every((path) => ok.at(path).some(carriesLatest)) || undefined,
    );
    for (const path of paths) {
      const sent = ok.at(path);
      // At most two for 200 re-rankings: the first, and the latest.
      expect(sent.length).toBeGreaterThanOrEqual(1);
      expect(sent.length).toBeLessThanOrEqual(2);
      const entry = sent.at(-1)!;
      for (const each of sent) expect(each.bytes).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
      const payload = JSON.parse(entry.body) as WebhookPayload;
      expect(payload.type).toBe('submission');
      const data = payload.data as SubmissionEventData;
      expect(data).toMatchObject({ player: 'Rory', itemCount: 200, truncated: true });
      // The latest ranking's top, as many items as fit, in order.
      expect(data.ranking.length).toBeGreaterThan(10);
      expect(data.ranking.length).toBeLessThan(200);
      expect(data.ranking).toEqual(latestLabels.slice(0, data.ranking.length));
      expect(data.resultsUrl).toMatch(new RegExp(`/g/${game.id}/results$`));
      expect(entry.body).not.toMatch(/userId|@/);
    }

    // Another player's ranking is a delivery of its own, not folded into this one's.
    expect((await h.submit(await h.user(), game.id, itemIds, { name: 'Sam' })).status).toBe(200);
    const [pending] = await db
      .select({ n: count() })
      .from(webhookDelivery)
      .where(
        and(inArray(webhookDelivery.webhookId, hookIds), eq(webhookDelivery.status, 'pending')),
      );
    expect(pending?.n).toBe(hooks.length);
  });

  it('a webhook’s finished deliveries never pass the log size', async () => {
    const owner = await h.verifiedUser('Log Owner');
    const game = await h.createGame(owner);
    const path = `/log-${game.id}`;
    const hook = await addHook(owner, game.id, `${ok.url}${path}`, ['submission']);
    // As many as the queue holds (8), more than the log keeps.
    await backlog(hook.id, game.id, 8);
    const db = h.server.database.db;
    const finished = async () => {
      const [row] = await db
        .select({ n: count() })
        .from(webhookDelivery)
        .where(and(eq(webhookDelivery.webhookId, hook.id), ne(webhookDelivery.status, 'pending')));
      return row?.n ?? 0;
    };
    let most = 0;
    await until('all eight sent', async () => {
      most = Math.max(most, await finished());
      return ok.at(path).length >= 8 || undefined;
    });
    await until('none pending', async () => {
      most = Math.max(most, await finished());
      const [row] = await db
        .select({ n: count() })
        .from(webhookDelivery)
        .where(and(eq(webhookDelivery.webhookId, hook.id), eq(webhookDelivery.status, 'pending')));
      return row?.n === 0 || undefined;
    });
    expect(most).toBeLessThanOrEqual(LOG_SIZE);
    expect(await finished()).toBe(LOG_SIZE);
    const log = await deliveries(owner, game.id, hook.id);
    expect(log).toHaveLength(LOG_SIZE);
    expect(log.every((entry) => entry.status === 'delivered')).toBe(true);
  });
});
