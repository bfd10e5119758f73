/**
 * `npx tsx bench/instances.ts`: live results across three instances behind one address (issue 15:
 * "live results converge on every watcher within 1 s"). Three servers, each a child process
 * started as `npm start` starts it (the bundle, NODE_ENV=production), on one fresh PostgreSQL
 * database, behind the test suite's round-robin proxy (test/support/round-robin-proxy.ts, in this
 * process). BENCH_INSTANCE_WATCHERS event streams are opened through the proxy, so they spread
 * over the three instances, each from its own client address; then one guest resubmits through
 * the proxy (landing on each instance in turn) and waits until every stream has that version,
 * repeated for BENCH_SECONDS. Printed: the time from the submission's answer to its event at the
 * last stream (p50/p95/p99; target p95 <= 1 s), and from sending it to the last stream.
 *
 * Env: BENCH_SECONDS (10), BENCH_INSTANCE_WATCHERS (300), BENCH_DATABASE_URL / TEST_DATABASE_URL
 * (an admin URL on a loopback server; a fresh database is created and dropped). Figures are
 * printed, never asserted. Exit code 1 when setup failed or a round failed.
 */
import { randomBytes } from 'node:crypto';
import { startRoundRobinProxy, type RoundRobinProxy } from '../test/support/round-robin-proxy';
import { freePort } from '../test/support/server';
import { spawnServer, type ChildServer } from './lib/child-server';
import { cookieHeader, HttpClient, SseConnection } from './lib/http';
import { createFreshDatabase, type FreshDatabase } from './lib/postgres';
import { benchAdminUrl, expectStatus, log, parse, positive, shuffled, sleep } from './lib/setup';
import { formatTable, Recorder } from './lib/stats';

const INSTANCES = 3;
const EVENT_TIMEOUT_MS = 10_000;

const seconds = positive('BENCH_SECONDS', 10);
const watchers = positive('BENCH_INSTANCE_WATCHERS', 300);

/** A private address per simulated person (the instances trust X-Forwarded-For, two hops). */
let nextIp = 0;
const newIp = () => `10.77.${Math.floor(++nextIp / 250)}.${(nextIp % 250) + 1}`;

async function main(): Promise<void> {
  const adminUrl = benchAdminUrl();
  let database: FreshDatabase | undefined;
  let proxy: RoundRobinProxy | undefined;
  const servers: ChildServer[] = [];
  const streams: SseConnection[] = [];
  try {
    database = await createFreshDatabase(adminUrl);
    proxy = await startRoundRobinProxy();
    const secret = randomBytes(32).toString('base64url');
    const env = async () => ({
      PORT: String(await freePort()),
      NODE_ENV: 'production',
      DATABASE_URL: database!.url,
      AUTH_SECRET: secret,
      PUBLIC_URL: proxy!.url,
      TRUSTED_PROXY_HEADER: 'x-forwarded-for',
      TRUSTED_PROXY_HOPS: '2',
      LOG_LEVEL: 'warn',
      // Guests here may re-rank one game more than 30 times an hour (decision 0033's limit).
      LIMIT_RERANKS_PER_HOUR: '1000000000',
    });
    log(`starting ${INSTANCES} instances on one database ...`);
    // The first applies the migrations; the others then start together.
    servers.push(await spawnServer(await env(), { timeoutMs: 60_000 }));
    servers.push(
      ...(await Promise.all(
        Array.from({ length: INSTANCES - 1 }, async () =>
          spawnServer(await env(), { timeoutMs: 60_000 }),
        ),
      )),
    );
    for (const server of servers) proxy.add(`http://localhost:${server.port}`);

    const api = new HttpClient('127.0.0.1', proxy.port, 'http', 16);
    const as = (ip: string, cookie = '') => ({
      headers: { 'x-forwarded-for': ip, origin: proxy!.url, ...(cookie ? { cookie } : {}) },
    });
    const ownerIp = newIp();
    const signUp = await api.request('POST', '/api/auth/sign-up/email', {
      ...as(ownerIp),
      json: {
        name: 'Bench Owner',
        email: `bench-${randomBytes(4).toString('hex')}@example.test`,
        password: 'correct horse battery',
      },
    });
    expectStatus(signUp, 200, 'sign-up');
    const owner = cookieHeader(signUp.setCookies);
    const created = await api.request('POST', '/api/games', {
      ...as(ownerIp, owner),
      json: { prompt: 'Bench across instances', items: ['A', 'B', 'C', 'D', 'E'] },
    });
    expectStatus(created, 201, 'create');
    const game = parse<{ game: { id: string; items: { id: string }[] } }>(created, 'create').game;
    const itemIds = game.items.map((item) => item.id);
    const guestIp = newIp();
    const guest = await api.request('POST', '/api/auth/sign-in/anonymous', {
      ...as(guestIp),
      json: {},
    });
    expectStatus(guest, 200, 'guest sign-in');
    const submitter = cookieHeader(guest.setCookies);

    // Every stream's newest version; `waiting` resolves when all have reached `target`.
    const versions = new Array<number>(watchers).fill(-1);
    let target = 0;
    let reached = 0;
    let waiting: ((at: number) => void) | undefined;
    let failure: Error | undefined;
    log(`opening ${watchers} event streams through the proxy ...`);
    for (let i = 0; i < watchers; i++) {
      const stream = new SseConnection(
        '127.0.0.1',
        proxy.port,
        `/api/games/${game.id}/events`,
        { 'x-forwarded-for': newIp() },
        (event) => {
          const version = Number(event.id);
          if (!Number.isFinite(version) || version <= versions[i]!) return;
          const before = versions[i]!;
          versions[i] = version;
          if (before < target && version >= target && ++reached === watchers) waiting?.(event.at);
        },
        (error) => (failure ??= error),
      );
      streams.push(stream);
      await stream.opened;
    }
    const until = performance.now() + 30_000;
    while (versions.some((v) => v < 0)) {
      if (failure) throw failure;
      if (performance.now() > until) throw new Error('not every stream had its snapshot');
      await sleep(20);
    }

    const answered = new Recorder();
    const sent = new Recorder();
    const start = performance.now();
    let rounds = 0;
    while (performance.now() - start < seconds * 1000) {
      target = Math.max(...versions) + 1;
      reached = versions.filter((v) => v >= target).length;
      const all = new Promise<number>((resolve) => (waiting = resolve));
      const sentAt = performance.now();
      const res = await api.request('PUT', `/api/games/${game.id}/submission`, {
        ...as(guestIp, submitter),
        json: { ranking: shuffled(itemIds) },
      });
      const answeredAt = performance.now();
      expectStatus(res, 200, 'submission');
      const allAt = await Promise.race([all, sleep(EVENT_TIMEOUT_MS).then(() => Number.NaN)]);
      if (failure) throw failure;
      if (Number.isNaN(allAt)) {
        throw new Error(`${watchers - reached} streams had no version ${target} after 10 s`);
      }
      answered.ok(Math.max(0, allAt - answeredAt));
      sent.ok(allAt - sentAt);
      rounds += 1;
    }
    const elapsed = (performance.now() - start) / 1000;
    const fromAnswer = answered.figures(elapsed);
    const fromSend = sent.figures(elapsed);
    const perInstance = servers.map((server) => proxy!.sent.get(`http://localhost:${server.port}`));
    process.stdout.write(
      `\n${formatTable(
        `Live results over ${INSTANCES} instances behind a round-robin proxy (${watchers} streams, ${rounds} rounds)`,
        [
          {
            what: 'answered -> last stream has it',
            opsPerSecond: fromAnswer.opsPerSecond,
            p50Ms: fromAnswer.p50Ms,
            p95Ms: fromAnswer.p95Ms,
            p99Ms: fromAnswer.p99Ms,
            errors: 0,
            note: 'target p95 <= 1000 ms',
          },
          {
            what: 'sent -> last stream has it',
            opsPerSecond: fromSend.opsPerSecond,
            p50Ms: fromSend.p50Ms,
            p95Ms: fromSend.p95Ms,
            p99Ms: fromSend.p99Ms,
            errors: 0,
          },
        ],
        [['requests per instance', perInstance.join(' / ')]],
      )}\n\n`,
    );
  } finally {
    for (const stream of streams) stream.close();
    await Promise.all(servers.map((server) => server.stop()));
    await proxy?.close();
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
