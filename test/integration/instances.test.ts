/**
 * Three instances on one PostgreSQL database behind one address (issue 15): a round-robin proxy
 * (test/support/round-robin-proxy.ts) in front, every client talking only to the proxy, so
 * consecutive requests of one person land on different instances. Shows that live results reach
 * every watcher whichever instance it is on, that a game's players limit stays exact, that
 * rate limits and quotas are counted once for all instances, and that the watchers of an
 * instance that stops reconnect to another and catch up. Also that each instance's pool keeps to
 * DATABASE_POOL_SIZE and that LISTEN and the migrator use DATABASE_DIRECT_URL (docs/deploy.md).
 *
 * PostgreSQL only: PGlite is one process's embedded database, which no second instance can open.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { LIFECYCLE_MESSAGES } from '../../src/domain/lifecycle';
import { addRanking, emptyTally, summarize, type Tally } from '../../src/domain/results';
import { openStreamCount } from '../../src/server/realtime/sse';
import { startServer, type RunningServer } from '../../src/server/server';
import { randomIp, tag, TestClient, type SseStream } from '../support/client';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy';
import { createPostgresDatabase, freePort, testConfig } from '../support/server';
import { errorOf, Harness, ids, shuffled, type EventData, type GameBody } from './harness';

const POSTGRES =
  process.env.TEST_DATABASE_URL !== undefined && process.env.TEST_DATABASE_URL !== '';
const INSTANCES = 3;
const POOL_SIZE = 4;
const GAMES_PER_HOUR = 4;
/** GET /api/account/methods: 20 lookups a minute per client address (account/routes.ts). */
const LOOKUPS_PER_MINUTE = 20;

/** A connection string with an application_name, so pg_stat_activity tells whose it is. */
function named(url: string, name: string): string {
  const out = new URL(url);
  out.searchParams.set('application_name', name);
  return out.toString();
}

describe('the round-robin test proxy', () => {
  it('appends the address it saw, skips a backend that refuses, and answers 502 when all do', async ({
    onTestFinished,
  }) => {
    const seen: (string | undefined)[] = [];
    const backend = http.createServer((req, res) => {
      seen.push(req.headers['x-forwarded-for'] as string | undefined);
      res.end(`hello ${req.method}`);
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => backend.close(() => resolve())));
    const live = `http://localhost:${(backend.address() as AddressInfo).port}`;
    const dead = `http://localhost:${await freePort()}`;
    const proxy = await startRoundRobinProxy([dead, live]);
    onTestFinished(() => proxy.close());

    for (const method of ['GET', 'POST']) {
      const response = await fetch(proxy.url, {
        method,
        headers: { 'x-forwarded-for': '203.0.113.9' },
        ...(method === 'POST' ? { body: 'x' } : {}),
      });
      expect([response.status, await response.text()]).toEqual([200, `hello ${method}`]);
    }
    expect(seen).toEqual(['203.0.113.9, 127.0.0.1', '203.0.113.9, 127.0.0.1']);
    // Both requests met the dead backend at least once between them, and went on.
    expect(proxy.sent.get(dead)).toBeGreaterThan(0);

    proxy.remove(live);
    expect(proxy.backends()).toEqual([dead]);
    expect((await fetch(proxy.url)).status).toBe(502);
  });
});

describe.skipIf(!POSTGRES)(
  `three instances behind a round-robin proxy${POSTGRES ? '' : ' (skipped: PostgreSQL only, set TEST_DATABASE_URL)'}`,
  () => {
    let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
    let proxy: RoundRobinProxy | undefined;
    let instances: RunningServer[] = [];
    let guests: TestClient[] = [];
    /** Every API call goes through the proxy. */
    const h = new Harness();

    beforeAll(async () => {
      database = await createPostgresDatabase();
      // The proxy first: its address is the one public URL every instance is configured with.
      proxy = await startRoundRobinProxy();
      const authSecret = randomBytes(32).toString('base64url');
      instances = await Promise.all(
        Array.from({ length: INSTANCES }, async (_, i) =>
          startServer(
            await testConfig({
              DATABASE_URL: named(database!.url, `crowned-pool-${i}`),
              DATABASE_DIRECT_URL: named(database!.url, `crowned-direct-${i}`),
              DATABASE_POOL_SIZE: String(POOL_SIZE),
              AUTH_SECRET: authSecret,
              PUBLIC_URL: proxy!.url,
              // The test client writes the person's address (as a CDN would), the proxy appends
              // its peer's: the client's entry is the second from the right.
              TRUSTED_PROXY_HOPS: '2',
              LIMIT_GAMES_PER_HOUR: String(GAMES_PER_HOUR),
            }),
          ),
        ),
      );
      // As a load balancer's health check would: an instance takes traffic once it is ready.
      for (const instance of instances) {
        const ready = await fetch(`${instance.url}/api/ready`);
        expect(ready.status).toBe(200);
        expect(await ready.json()).toEqual({
          ready: true,
          checks: { database: true, migrations: true, listener: true },
        });
        proxy.add(instance.url);
      }
      h.server = { ...instances[0]!, url: proxy.url, kind: 'postgres' };
      guests = [];
      while (guests.length < 40) {
        guests.push(...(await Promise.all(Array.from({ length: 20 }, () => h.guest()))));
      }
    }, 60_000);

    afterAll(async () => {
      await Promise.all(instances.map((instance) => instance.close()));
      await proxy?.close();
      await database?.drop();
    });

    /** How many requests the proxy has sent each instance so far. */
    const sentCounts = () => instances.map((instance) => proxy!.sent.get(instance.url) ?? 0);

    async function watch(client: TestClient, gameId: string, lastEventId?: string) {
      const opened = await client.events(`/api/games/${gameId}/events`, { lastEventId });
      onTestFinished(() => opened.close());
      expect(opened.status).toBe(200);
      return opened;
    }

    /** Reads events until one has `version`; answers its data and when it came. */
    async function until(
      stream: SseStream,
      version: number,
    ): Promise<{ data: EventData; at: number; id: string | undefined }> {
      for (;;) {
        const message = await stream.nextEvent(10_000);
        const data = JSON.parse(message.data) as EventData;
        if (data.version >= version) return { data, at: Date.now(), id: message.id };
      }
    }

    it('keeps each pool within DATABASE_POOL_SIZE and LISTENs on DATABASE_DIRECT_URL', async () => {
      // A burst on every instance: more requests at once than a pool has connections.
      await Promise.all(Array.from({ length: 60 }, () => h.getGame(h.anonymous(), 'pizza-demo')));
      const rows = (await instances[0]!.database.db.execute(
        sql`select application_name as name, query from pg_stat_activity
            where datname = current_database() and application_name like 'crowned-%'`,
      )) as unknown as { rows: { name: string; query: string }[] };
      for (let i = 0; i < INSTANCES; i++) {
        const pool = rows.rows.filter((row) => row.name === `crowned-pool-${i}`);
        const direct = rows.rows.filter((row) => row.name === `crowned-direct-${i}`);
        expect(pool.length, `instance ${i}'s pool`).toBeGreaterThan(0);
        expect(pool.length, `instance ${i}'s pool`).toBeLessThanOrEqual(POOL_SIZE);
        // The one LISTEN connection, on the direct URL (the migrator's has ended).
        expect(direct.map((row) => row.query.startsWith('LISTEN'))).toEqual([true]);
        expect(pool.some((row) => row.query.startsWith('LISTEN'))).toBe(false);
      }
    });

    it('live results converge on every watcher, whichever instance it and the players are on', async () => {
      const owner = await h.user('Three Owner');
      const game = await h.createGame(owner, ['A', 'B', 'C', 'D', 'E']);
      const before = instances.map((instance) => openStreamCount(instance.hub));
      // Six watchers, opened one after another: round robin puts two on each instance. The
      // owner's see the results; anonymous ones see the counts (results unlock on playing).
      const watchers: { stream: SseStream; owner: boolean }[] = [];
      for (let i = 0; i < 6; i++) {
        const owns = i % 2 === 0;
        const stream = await watch(owns ? owner : h.anonymous(), game.id);
        expect(await until(stream, 0)).toMatchObject({ data: { version: 0, submissionCount: 0 } });
        watchers.push({ stream, owner: owns });
      }
      const opened = instances.map((instance, i) => openStreamCount(instance.hub) - before[i]!);
      expect(
        opened.every((n) => n >= 1),
        `streams per instance: ${opened.join(', ')}`,
      ).toBe(true);

      const players = guests.slice(0, 30);
      const rankings = players.map(() => shuffled(ids(game)));
      const sentBefore = sentCounts();
      let lastAnswer = 0;
      const started = Date.now();
      const [responses, seen] = await Promise.all([
        Promise.all(
          players.map(async (player, i) => {
            const response = await h.submit(player, game.id, rankings[i]);
            lastAnswer = Math.max(lastAnswer, Date.now());
            return response;
          }),
        ),
        Promise.all(watchers.map((watcher) => until(watcher.stream, players.length))),
      ]);
      expect(responses.map((r) => r.status)).toEqual(players.map(() => 200));
      // The submissions were spread over all three.
      const sent = sentCounts().map((n, i) => n - sentBefore[i]!);
      expect(
        sent.every((n) => n > 0),
        `submissions per instance: ${sent.join(', ')}`,
      ).toBe(true);

      const tally = rankings.reduce<Tally>((t, r) => addRanking(t, r), emptyTally());
      for (const [i, { data }] of seen.entries()) {
        expect(data).toMatchObject({ version: 30, submissionCount: 30, closed: false });
        if (watchers[i]!.owner) expect(data.results).toEqual(summarize(tally, game.items));
        else expect(data.results).toBeNull();
      }
      const converged = Math.max(...seen.map((s) => s.at));
      // Figures, not a speed target (that is bench/instances.ts's): a generous bound that only a
      // lost or stuck event would break.
      console.log(
        `[instances] 30 submissions at once over ${INSTANCES} instances: all answered in ${lastAnswer - started} ms; ` +
          `all 6 watchers had the final tally ${converged - started} ms after the first was sent ` +
          `(${Math.max(0, converged - lastAnswer)} ms after the last answer)`,
      );
      expect(converged - lastAnswer).toBeLessThan(5000);
    });

    it('keeps the players limit exact with submissions spread over the instances', async () => {
      const owner = await h.user('Limit Owner');
      const game = await h.createGame(owner, ['A', 'B', 'C', 'D'], undefined, { sizeLimit: 10 });
      const sentBefore = sentCounts();
      const responses = await Promise.all(
        guests.map((guest) => h.submit(guest, game.id, shuffled(ids(game)))),
      );
      const accepted = responses.filter((r) => r.status === 200);
      const refused = responses.filter((r) => r.status !== 200);
      expect(accepted).toHaveLength(10);
      expect(accepted.map((r) => r.body.submissionCount).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 10 }, (_, i) => i + 1),
      );
      expect(refused.map((r) => r.status)).toEqual(refused.map(() => 403));
      for (const response of refused) {
        expect(response.body).toEqual({
          error: { code: 'permission-denied', message: LIFECYCLE_MESSAGES.closed, closed: true },
        });
      }
      const sent = sentCounts().map((n, i) => n - sentBefore[i]!);
      expect(
        sent.every((n) => n > 0),
        `submissions per instance: ${sent.join(', ')}`,
      ).toBe(true);
      const read = await h.getGame(owner, game.id);
      expect(read.body).toMatchObject({ submissionCount: 10, game: { closed: true } });
    });

    it('a guest signed in on one instance is signed in on the others, and signed out on all', async () => {
      type Me = { profile: { id: string } | null };
      const guest = new TestClient(instances[0]!.url, randomIp());
      await guest.guest();
      // The browser's cookie, sent to each instance (kept after the sign-out below).
      const on = [0, 1, 2].map((i) => guest.copyAt(instances[i]!.url));
      const profileOn = async (i: number) =>
        (await on[i]!.request<Me>('GET', '/api/me')).body.profile;
      // The others never saw the session: each reads it (its signature checked there) and keeps
      // it. A forged signature signs no one in there either.
      const mine = await profileOn(0);
      expect(mine).not.toBeNull();
      expect(await profileOn(1)).toEqual(mine);
      expect(await profileOn(2)).toEqual(mine);
      const token = decodeURIComponent(guest.cookie('better-auth.session_token') ?? '').split(
        '.',
      )[0]!;
      const forged = guest.copyAt(instances[1]!.url);
      forged.setCookie('better-auth.session_token', `${token}.${'B'.repeat(43)}%3D`);
      expect((await forged.request<Me>('GET', '/api/me')).body.profile).toBeNull();
      // Signed out on the first: the others drop what they kept once the database's event
      // reaches them (no time asserted: polled until it has).
      expect((await guest.request('POST', '/api/auth/sign-out', {})).status).toBe(200);
      expect(await profileOn(0)).toBeNull();
      await expect.poll(() => profileOn(1), { timeout: 30_000 }).toBeNull();
      await expect.poll(() => profileOn(2), { timeout: 30_000 }).toBeNull();
    });

    it('counts rate limits and quotas once for all instances', async () => {
      // Per address: the sign-in methods lookup, through the proxy (spread) and straight to one
      // instance, refuse at the same count.
      const lookup = (client: TestClient) =>
        client.request('GET', `/api/account/methods?email=nobody-${tag()}%40example.test`);
      const spread = new TestClient(proxy!.url, randomIp());
      const single = new TestClient(instances[1]!.url, randomIp());
      const sentBefore = sentCounts();
      const [viaProxy, direct] = await Promise.all(
        [spread, single].map((client) =>
          Promise.all(Array.from({ length: LOOKUPS_PER_MINUTE + 10 }, () => lookup(client))),
        ),
      );
      const sent = sentCounts().map((n, i) => n - sentBefore[i]!);
      expect(
        sent.every((n) => n >= 5),
        `lookups per instance: ${sent.join(', ')}`,
      ).toBe(true);
      for (const responses of [viaProxy!, direct!]) {
        expect(responses.filter((r) => r.status === 200)).toHaveLength(LOOKUPS_PER_MINUTE);
        const over = responses.filter((r) => r.status === 429);
        expect(over).toHaveLength(10);
        for (const response of over) {
          expect(response.body).toEqual(
            errorOf('resource-exhausted', 'Too many requests. Please wait a minute and try again.'),
          );
        }
      }

      // Per account: games created an hour, twice the quota at once over the instances.
      const creator = await h.user('Quota Owner');
      const created = await Promise.all(
        Array.from({ length: GAMES_PER_HOUR * 2 }, (_, i) =>
          creator.request<GameBody>('POST', '/api/games', {
            prompt: `Quota ${i} ${tag()}`,
            items: ['A', 'B', 'C'],
          }),
        ),
      );
      const statuses = created.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(GAMES_PER_HOUR);
      const over = created.filter((r) => r.status === 429);
      expect(over).toHaveLength(GAMES_PER_HOUR);
      for (const response of over) {
        expect(response.body).toMatchObject({ error: { code: 'resource-exhausted' } });
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    });

    it("a stopped instance's watchers reconnect to another and catch up", async () => {
      const owner = await h.user('Failover Owner');
      const game = await h.createGame(owner, ['A', 'B', 'C']);
      const victim = instances[2]!;
      // The earlier tests' streams are all gone (their clients closed them).
      await expect
        .poll(() => instances.map((instance) => openStreamCount(instance.hub)))
        .toEqual([0, 0, 0]);
      const watchers: SseStream[] = [];
      for (let i = 0; i < INSTANCES; i++) {
        const stream = await watch(owner, game.id);
        await until(stream, 0);
        watchers.push(stream);
      }
      // Opened one after another: one on each instance.
      expect(instances.map((instance) => openStreamCount(instance.hub))).toEqual([1, 1, 1]);
      expect((await h.submit(guests[0]!, game.id, ids(game))).status).toBe(200);
      const lastIds = await Promise.all(watchers.map(async (w) => (await until(w, 1)).id));
      expect(lastIds).toEqual(['1', '1', '1']);

      // The instance stops (what SIGTERM does): its streams end with a `retry:` hint. The proxy
      // still lists it for now: requests it refuses go to the next instance.
      await victim.close();
      const triedVictim = proxy!.sent.get(victim.url) ?? 0;
      const whileDown = await Promise.all(
        guests.slice(1, 4).map((guest) => h.submit(guest, game.id, shuffled(ids(game)))),
      );
      expect(whileDown.map((r) => r.status)).toEqual([200, 200, 200]);
      // One of the three went to the stopped instance first, refused, and was sent on.
      expect(proxy!.sent.get(victim.url)).toBeGreaterThan(triedVictim);
      proxy!.remove(victim.url);
      expect(proxy!.backends()).toEqual(instances.slice(0, 2).map((i) => i.url));

      // Exactly one watcher lost its stream; the others heard the three submissions live.
      const outcomes = await Promise.all(
        watchers.map((w) =>
          until(w, 4).then(
            () => 'live' as const,
            (error: unknown) => {
              if (String(error).includes('SSE stream ended')) return 'dropped' as const;
              throw error;
            },
          ),
        ),
      );
      expect(outcomes.filter((o) => o === 'dropped')).toHaveLength(1);
      // It reconnects through the proxy, as EventSource does, with the last id it saw: the first
      // event is the current state, the submissions made while it was down included.
      const back = await watch(owner, game.id, lastIds[outcomes.indexOf('dropped')]);
      const first = await back.nextEvent(5000);
      expect(first.event).toBe('snapshot');
      expect(first.id).toBe('4');
      expect(JSON.parse(first.data)).toMatchObject({ version: 4, submissionCount: 4 });
      // And it is live again.
      expect((await h.submit(guests[4]!, game.id, ids(game))).status).toBe(200);
      expect((await until(back, 5)).data).toMatchObject({ version: 5, submissionCount: 5 });
    });
  },
);
