/**
 * `npx tsx bench/hot-path.ts` (part of `npm run bench`): the hot path of a viral game (issue 10),
 * each figure printed next to its target. The server runs in a child process started the way
 * `npm start` starts it (`node dist/server/main.mjs`, the bundled server; NODE_ENV=production), so its
 * RSS and CPU are its own and the load generator (this process, which also parses thousands of
 * event streams) is a separate client on the other core, as real clients would be. The load
 * average is printed at start, with a warning above 0.5.
 *
 *   hot game vs        on a fresh PostgreSQL database: a 10-item game every one of BENCH_GUESTS
 *   pgbench            guests played once; then BENCH_PAIRS (at least 3) pairs of phases, A B A B
 *   (interleaved)      A B, each phase BENCH_SECONDS at BENCH_CONCURRENCY: A = pgbench's
 *                      single-row upsert over 1000 keys, then on one hot row; B = the guests
 *                      re-submitting to the game, then results reads (owner and guests). Each
 *                      pair is printed with its ratios; the figures are their medians with the
 *                      spread (issue 29: load slows pgbench more than Crowned, so ratios from
 *                      phases far apart flatter). Targets: hot game >= 100 % of the hot row,
 *                      submissions >= 20 % of the 1000-key upsert, reads >= 40 % of it. The tally
 *                      is recounted from the stored rankings at the end.
 *   results read       on a fresh PostgreSQL database: a game of 200 items created through the
 *                      API by a signed-up owner, then BENCH_SUBMISSIONS final rankings seeded in
 *                      SQL (synthetic guest users, random full rankings) with the matching
 *                      game_tally (submissions = BENCH_SUBMISSIONS, version bumped); the server is
 *                      restarted so none of its state predates the seed, and the count is checked
 *                      once. GET /api/games/:id/results as the owner: BENCH_READS reads one at a
 *                      time after a warm-up (p50/p95/p99; target p99 <= 20 ms), then
 *                      BENCH_CONCURRENCY at a time for BENCH_SECONDS (reads/s).
 *   ballot kinds       beside it, a 200-item game whose ballot is a top 10 (issue 25), seeded
 *                      with as many top-10 picks (tallied by the domain's weak-order tally): its
 *                      results read one at a time (p99; target <= 20 ms); then submissions/s to
 *                      each of the two games, BENCH_CONCURRENCY guests at a time for
 *                      BENCH_SECONDS (each guest's first is a new ballot, the rest re-rankings).
 *   live fan-out       BENCH_WATCHERS event streams (/api/games/:id/events) on a 10-item game,
 *                      each a guest of its own (signed in, played once) from its own client
 *                      address, as watchers are in life; one other guest resubmits, then waits until every stream has that version;
 *                      repeated for BENCH_SECONDS. Time from the submission's response to its
 *                      event at the last stream (p50/p95/max over rounds; target p95 <= 1 s), and
 *                      the server's RSS before the streams, with them, and its peak.
 *   server ready, RSS  the server spawned (a) on a migrated PostgreSQL database (a restart; its
 *                      first start, which ran the migrations, is shown beside it) and (b) on an
 *                      empty PGlite data directory (migrations and the demo seed run). Ready = from
 *                      spawn() until GET /api/health answers 200, polled every 10 ms: it includes
 *                      Node's own start-up and loading the bundle. RSS = VmRSS from /proc right after ready
 *                      and after 200 warm-up requests. Targets: PostgreSQL <= 1 s, <= 150 MB;
 *                      fresh PGlite <= 5 s, peak (VmHWM, start-up included) <= 400 MB.
 *
 * Env: BENCH_SECONDS (10), BENCH_CONCURRENCY (16), BENCH_GUESTS (max(64, 2 x concurrency)),
 * BENCH_PAIRS (3), BENCH_HOT_GAME_ONLY=1 (the interleaved pairs alone, for profiling),
 * BENCH_SUBMISSIONS (100000), BENCH_READS (2000),
 * BENCH_WATCHERS (5000; needs `ulimit -n` above it, checked first), BENCH_DATABASE_URL /
 * TEST_DATABASE_URL (an admin URL on a loopback server; fresh databases are created on it and
 * dropped at the end). Figures are printed and written to bench/results/, never asserted. Exit
 * code: 1 when setup failed or any request failed, 130 when interrupted.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  checkTally,
  counterMatchesDomain,
  seedFinalSubmissions,
  type SeedFigures,
} from './lib/seed-results';
import { freePort } from '../test/support/server';
import { spawnServer, type ChildServer } from './lib/child-server';
import { CpuMeter } from './lib/cpu';
import { cookieHeader, HttpClient, SseConnection, type HttpResponse } from './lib/http';
import {
  createFreshDatabase,
  createUpsertTable,
  runPgbench,
  serverVersion,
  UPSERT_KEYS,
  type FreshDatabase,
  type PgbenchResult,
} from './lib/postgres';
import {
  closedLoop,
  formatTable,
  mapLimit,
  Recorder,
  round,
  stopSignal,
  type Figures,
  type Row,
} from './lib/stats';
import {
  benchAdminUrl,
  checkpoint,
  expectStatus,
  Interrupted,
  log,
  logLoadAtStart,
  parse,
  positive,
  redact,
  SetupError,
  shuffled,
  sleep,
  runBench,
} from './lib/setup';

// ---------------------------------------------------------------------------------------------
// Settings

const RESULTS_ITEMS = 200;
/** The top-N game's N. */
const TOP_N = 10;
const FANOUT_ITEMS = 10;
/** Guests signed in (and their first plays) at once while a fan-out game is set up. */
const GUESTS_SET_UP_AT_ONCE = 16;
const FANOUT_EVENT_TIMEOUT_MS = 15_000;
const STREAMS_OPENED_AT_ONCE = 64;
const WARM_UP_READS = 50;
/** The one-at-a-time reads stop here even if BENCH_READS were not reached (a slow server). */
const READS_TIME_CAP_S = 90;
const STARTUP_WARM_UP_REQUESTS = 200;
const READY_TIMEOUT_MS = 120_000;
/** Open files this process needs besides one per stream (and the server likewise). */
const SPARE_FILES = 200;
/** Clients' addresses (TEST-NET for benchmarks, RFC 2544), sent in the trusted proxy header. */
const guestIp = (index: number) => `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;

const TARGETS = {
  hotGameOfHotRowPct: 100,
  submissionsOfUpsertPct: 20,
  readsOfUpsertPct: 40,
  resultsP99Ms: 20,
  fanoutP95Ms: 1000,
  postgresReadyMs: 1000,
  postgresRssMb: 150,
  pgliteReadyMs: 5000,
  pgliteRssMb: 400,
};

type Settings = {
  seconds: number;
  concurrency: number;
  /** The hot game's players, and its A B pairs. */
  guests: number;
  pairs: number;
  submissions: number;
  reads: number;
  watchers: number;
  adminUrl: string;
};

function readSettings(): Settings {
  const adminUrl = benchAdminUrl();
  const concurrency = positive('BENCH_CONCURRENCY', 16);
  return {
    seconds: positive('BENCH_SECONDS', 10, false),
    concurrency,
    guests: positive('BENCH_GUESTS', Math.max(64, concurrency * 2)),
    pairs: Math.max(3, positive('BENCH_PAIRS', 3)),
    submissions: positive('BENCH_SUBMISSIONS', 100_000),
    reads: positive('BENCH_READS', 2_000),
    watchers: positive('BENCH_WATCHERS', 5_000),
    adminUrl,
  };
}

/**
 * Every stream is a socket here and another in the server; Node cannot raise its own limit, and
 * the server (a child) inherits this process's.
 */
function checkOpenFileLimit(watchers: number): string {
  const shown = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (shown === 'unlimited') return shown;
  const limit = Number(shown);
  if (shown === '' || !Number.isFinite(limit)) return 'unknown';
  const needed = watchers + SPARE_FILES;
  if (limit < needed) {
    throw new SetupError(
      `BENCH_WATCHERS=${watchers} needs ${needed} open files in this process and in the server's, ` +
        `but \`ulimit -n\` is ${shown}. Raise it in the shell that runs the bench (\`ulimit -n ` +
        `${Math.max(needed, 20_000)}\`; above the hard limit \`ulimit -Hn\`, raise that first: ` +
        `limits.conf, LimitNOFILE= or docker --ulimit nofile=...) or lower BENCH_WATCHERS.`,
    );
  }
  return shown;
}

// ---------------------------------------------------------------------------------------------
// Servers and databases made by this run (cleaned up in main's finally)

type Resources = {
  databases: FreshDatabase[];
  servers: ChildServer[];
  dirs: string[];
  clients: HttpClient[];
  streams: SseConnection[];
};

function serverEnv(
  port: number,
  authSecret: string,
  store: { databaseUrl: string } | { dataDir: string },
): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    AUTH_SECRET: authSecret,
    LOG_LEVEL: 'error',
    TRUSTED_PROXY_HEADER: 'x-forwarded-for',
    DATABASE_URL: 'databaseUrl' in store ? store.databaseUrl : '',
    DATA_DIR: 'dataDir' in store ? store.dataDir : 'memory',
    // Nothing from the caller's environment: no mail, no Google, no admins.
    SMTP_URL: '',
    GOOGLE_CLIENT_ID: '',
    GOOGLE_CLIENT_SECRET: '',
    ADMIN_EMAILS: '',
    // Guests here re-rank one game far more than 30 times an hour (decision 0033's limit).
    LIMIT_RERANKS_PER_HOUR: '1000000000',
  };
}

async function startChild(resources: Resources, env: Record<string, string>) {
  try {
    const server = await spawnServer(env, {
      timeoutMs: READY_TIMEOUT_MS,
      shouldStop: () => stopSignal.stopped,
    });
    resources.servers.push(server);
    return server;
  } catch (error) {
    checkpoint();
    throw new SetupError(`the server did not start: ${(error as Error).message}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The API as a client sees it

type Viewer = { cookie: string; ip: string };
type Item = { id: string; label: string };

class Api {
  readonly http: HttpClient;

  constructor(
    readonly port: number,
    maxSockets: number,
  ) {
    this.http = new HttpClient('127.0.0.1', port, 'http', maxSockets);
  }

  get origin(): string {
    return `http://localhost:${this.port}`;
  }

  post(path: string, json: unknown, headers: Record<string, string>): Promise<HttpResponse> {
    return this.http.request('POST', path, { json, headers: { origin: this.origin, ...headers } });
  }

  put(path: string, json: unknown, viewer: Viewer): Promise<HttpResponse> {
    return this.http.request('PUT', path, {
      json,
      headers: { origin: this.origin, cookie: viewer.cookie, 'x-forwarded-for': viewer.ip },
    });
  }

  get(path: string, viewer: Viewer): Promise<HttpResponse> {
    return this.http.request('GET', path, {
      headers: { cookie: viewer.cookie, 'x-forwarded-for': viewer.ip },
    });
  }
}

async function signUpOwner(api: Api, tag: string): Promise<Viewer> {
  const ip = '198.19.0.1';
  const res = await api.post(
    '/api/auth/sign-up/email',
    { name: 'Bench Owner', email: `owner-${tag}@bench.invalid`, password: `bench-${tag}-password` },
    { 'x-forwarded-for': ip },
  );
  expectStatus(res, 200, 'owner sign-up');
  const cookie = cookieHeader(res.setCookies);
  if (!cookie) throw new Error('owner sign-up: no session cookie in the response');
  return { cookie, ip };
}

async function signInGuest(api: Api, index: number): Promise<Viewer> {
  const ip = guestIp(index);
  const res = await api.post('/api/auth/sign-in/anonymous', {}, { 'x-forwarded-for': ip });
  expectStatus(res, 200, `guest ${index} sign-in`);
  const cookie = cookieHeader(res.setCookies);
  if (!cookie) throw new Error(`guest ${index} sign-in: no session cookie in the response`);
  return { cookie, ip };
}

async function createGame(
  api: Api,
  owner: Viewer,
  count: number,
  ballot: { kind: 'ranking' } | { kind: 'top'; n: number } = { kind: 'ranking' },
): Promise<{ id: string; items: Item[] }> {
  const labels = Array.from({ length: count }, (_, i) => `Contender ${i + 1}`);
  const res = await api.post(
    '/api/games',
    { prompt: `Benchmark: which of ${count} contenders wins?`, items: labels, ballot },
    { cookie: owner.cookie, 'x-forwarded-for': owner.ip },
  );
  expectStatus(res, 201, 'create game');
  const { game } = parse<{ game: { id: string; items: Item[] } }>(res, 'create game');
  if (game.items.length !== count) throw new Error(`create game: ${game.items.length} items`);
  return game;
}

// ---------------------------------------------------------------------------------------------
// Measuring helpers

/** Where the CPU went while `run` ran, in % of one core. */
type PhaseCpu = {
  /** The server's process (all its threads). */
  serverPct: number | null;
  /** This process: the load generator and stream parser. */
  clientPct: number;
  postgresPct: number | null;
  machinePct: number | null;
};

/** Runs a phase; adds where the CPU went and the server's largest RSS (sampled every 100 ms). */
async function observed<T>(
  server: ChildServer,
  run: () => Promise<T>,
): Promise<T & { cpu: PhaseCpu; maxRssMb: number | null }> {
  const meter = new CpuMeter();
  const serverBefore = server.cpuSeconds();
  let maxRssMb = rssMb(server);
  const sampler = setInterval(() => {
    const now = rssMb(server);
    if (now !== null && (maxRssMb === null || now > maxRssMb)) maxRssMb = now;
  }, 100);
  const began = performance.now();
  const result = await run().finally(() => clearInterval(sampler));
  const serverAfter = server.cpuSeconds();
  const seconds = (performance.now() - began) / 1000;
  const { nodePct, postgresPct, machinePct } = meter.stop();
  const serverPct =
    serverBefore === null || serverAfter === null || seconds <= 0
      ? null
      : round(((serverAfter - serverBefore) / seconds) * 100, 1);
  const cpu = { serverPct, clientPct: nodePct, postgresPct, machinePct };
  return { ...result, cpu, maxRssMb };
}

function rssMb(server: ChildServer): number | null {
  const memory = server.memory();
  return memory ? round(memory.rssMb, 1) : null;
}

/** `count` requests one after another (or until the time cap), each timed. */
async function oneAtATime(
  count: number,
  capSeconds: number,
  op: () => Promise<void>,
): Promise<Figures> {
  const recorder = new Recorder();
  const start = performance.now();
  const cap = start + capSeconds * 1000;
  for (let i = 0; i < count && !stopSignal.stopped && performance.now() < cap; i++) {
    const began = performance.now();
    try {
      await op();
      recorder.ok(performance.now() - began);
    } catch (error) {
      recorder.error(error);
    }
  }
  return recorder.figures((performance.now() - start) / 1000);
}

// ---------------------------------------------------------------------------------------------
// (1) Results read of a 200-item game with BENCH_SUBMISSIONS submissions

type ResultsFigures = {
  seed: SeedFigures;
  responseBytes: number;
  oneAtATime: Figures & { cpu: PhaseCpu; maxRssMb: number | null };
  concurrent: Figures & { cpu: PhaseCpu; maxRssMb: number | null };
};

/**
 * A 200-item game with `submissions` final ballots seeded in SQL: full rankings, or with `top`
 * top-N picks (players numbered after `from`, so both games fit one database).
 */
async function setUpBigGame(
  api: Api,
  owner: Viewer,
  dbUrl: string,
  submissions: number,
  top?: { n: number; from: number },
) {
  const game = await createGame(
    api,
    owner,
    RESULTS_ITEMS,
    top ? { kind: 'top', n: top.n } : undefined,
  );
  const itemIds = game.items.map((item) => item.id);
  if (!top && !(await counterMatchesDomain(itemIds, 30))) {
    throw new SetupError('the seed tally differs from emptyTally/addRanking: fix bench/lib');
  }
  const what = top ? `top-${top.n} picks` : 'full rankings';
  log(`seeding ${submissions} ${what} of ${RESULTS_ITEMS} items in SQL ...`);
  const seed = await seedFinalSubmissions(dbUrl, {
    gameId: game.id,
    itemIds,
    count: submissions,
    top: top?.n,
    from: top?.from,
  });
  log(`seeded in ${seed.seconds.toFixed(1)} s (tally version ${seed.tallyVersion})`);
  return { game, seed };
}

/** One read checked in full: the results must count every seeded submission. */
async function checkResultsCount(api: Api, owner: Viewer, gameId: string, expected: number) {
  const res = await api.get(`/api/games/${gameId}/results`, owner);
  expectStatus(res, 200, 'results read');
  const body = parse<{ results: { submissions: number; items: unknown[] } }>(res, 'results read');
  if (body.results.submissions !== expected || body.results.items.length !== RESULTS_ITEMS) {
    throw new SetupError(
      `results read: ${body.results.submissions} submissions and ${body.results.items.length} items, expected ${expected} and ${RESULTS_ITEMS}`,
    );
  }
  return Buffer.byteLength(res.body);
}

async function measureResultsReads(
  api: Api,
  server: ChildServer,
  owner: Viewer,
  gameId: string,
  settings: Settings,
): Promise<Pick<ResultsFigures, 'oneAtATime' | 'concurrent'>> {
  const read = async () => {
    expectStatus(await api.get(`/api/games/${gameId}/results`, owner), 200, 'results read');
  };
  await oneAtATime(WARM_UP_READS, 60, read);
  checkpoint();
  log(`results reads one at a time (${settings.reads}, at most ${READS_TIME_CAP_S} s) ...`);
  const single = await observed(server, () => oneAtATime(settings.reads, READS_TIME_CAP_S, read));
  checkpoint();
  log(`results reads, ${settings.concurrency} at a time, ${settings.seconds} s ...`);
  const concurrent = await observed(server, () =>
    closedLoop(settings.concurrency, settings.seconds, read),
  );
  checkpoint();
  return { oneAtATime: single, concurrent };
}

/** Ballot kinds beside the full ranking: the top-N game's reads, and submissions/s to each. */
type KindsFigures = {
  topReads: Figures & { cpu: PhaseCpu; maxRssMb: number | null };
  submissions: { full: Figures; top: Figures };
};

/**
 * BENCH_CONCURRENCY guests, each submitting again as soon as answered for BENCH_SECONDS: to the
 * full-ranking game (a shuffled ranking of all 200) and to the top-N game (N random picks).
 */
async function measureBallotKinds(
  api: Api,
  server: ChildServer,
  owner: Viewer,
  games: { full: { id: string; items: Item[] }; top: { id: string; items: Item[] } },
  settings: Settings,
): Promise<KindsFigures> {
  const read = async () => {
    expectStatus(await api.get(`/api/games/${games.top.id}/results`, owner), 200, 'top-N read');
  };
  await oneAtATime(WARM_UP_READS, 60, read);
  log(`top-${TOP_N} game: results reads one at a time (${settings.reads}) ...`);
  const topReads = await observed(server, () => oneAtATime(settings.reads, READS_TIME_CAP_S, read));
  checkpoint();
  const guests = await mapLimit(
    Array.from({ length: settings.concurrency }, (_, i) => 30_000 + i),
    GUESTS_SET_UP_AT_ONCE,
    (index) => signInGuest(api, index),
  );
  const submitting = async (gameId: string, ballot: () => { ranking: string[] }) =>
    closedLoop(settings.concurrency, settings.seconds, async (worker) => {
      const res = await api.put(`/api/games/${gameId}/submission`, ballot(), guests[worker]!);
      expectStatus(res, 200, 'submission');
    });
  const fullIds = games.full.items.map((item) => item.id);
  const topIds = games.top.items.map((item) => item.id);
  log(`submissions to the full-ranking game, ${settings.seconds} s ...`);
  const full = await submitting(games.full.id, () => ({ ranking: shuffled(fullIds) }));
  checkpoint();
  log(`submissions to the top-${TOP_N} game, ${settings.seconds} s ...`);
  const top = await submitting(games.top.id, () => ({
    ranking: shuffled(topIds).slice(0, TOP_N),
  }));
  checkpoint();
  return { topReads, submissions: { full, top } };
}

// ---------------------------------------------------------------------------------------------
// (0) The hot game beside the database's own upsert, interleaved (issue 29)

/** The hot game's size, as core-loop's: a ranking of 10. */
const HOT_ITEMS = 10;
/** The hot game's guests sign in from addresses of their own, after the others'. */
const HOT_GUEST_BASE = 40_000;

type PairFigures = {
  /** The 1-minute load average as the pair began. */
  load: number;
  upsert: PgbenchResult;
  hotRow: PgbenchResult;
  submissions: Figures & { cpu: PhaseCpu };
  reads: Figures & { cpu: PhaseCpu };
};

type Ratio = {
  median: number | null;
  min: number | null;
  max: number | null;
  each: (number | null)[];
};

type HotGameFigures = {
  guests: number;
  pairs: PairFigures[];
  ratios: { hotRow: Ratio; upsert: Ratio; reads: Ratio };
  tally: { consistent: boolean; detail: string };
  errors: number;
  errorSamples: { message: string; count: number }[];
};

const percentOf = (value: number, of: PgbenchResult): number | null =>
  of.ran && of.tps > 0 ? (100 * value) / of.tps : null;

function ratioOf(each: (number | null)[]): Ratio {
  const known = each.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return { median: null, min: null, max: null, each };
  const mid = Math.floor(known.length / 2);
  const median = known.length % 2 ? known[mid]! : (known[mid - 1]! + known[mid]!) / 2;
  return { median, min: known[0]!, max: known.at(-1)!, each };
}

/**
 * A 10-item game on a fresh database, every guest counted once, then pairs of phases, one after
 * the other: A = pgbench's single-row upsert over 1000 keys, then on one hot row; B = guests
 * re-submitting to the game, then results reads. Each pair's ratios compare figures taken
 * seconds apart, so load that comes and goes (other work on the machine) moves both sides of a
 * pair; the median of the pairs and their spread are the figures.
 */
async function measureHotGame(
  resources: Resources,
  settings: Settings,
  authSecret: string,
): Promise<HotGameFigures> {
  const { concurrency, seconds } = settings;
  const database = await createFreshDatabase(settings.adminUrl).catch((error: unknown) => {
    throw new SetupError(
      `Cannot create a database on ${redact(settings.adminUrl)} (set BENCH_DATABASE_URL): ${(error as Error).message}`,
    );
  });
  resources.databases.push(database);
  const env = serverEnv(await freePort(), authSecret, { databaseUrl: database.url });
  const server = await startChild(resources, env);
  const api = new Api(server.port, concurrency + 4);
  resources.clients.push(api.http);
  const setup = await (async () => {
    const owner = await signUpOwner(api, `hot-${database.name.slice(-8)}`);
    const game = await createGame(api, owner, HOT_ITEMS);
    const itemIds = game.items.map((item) => item.id);
    log(`hot game: ${settings.guests} guests sign in and play once ...`);
    const guests = await mapLimit(
      Array.from({ length: settings.guests }, (_, i) => HOT_GUEST_BASE + i),
      GUESTS_SET_UP_AT_ONCE,
      (index) => signInGuest(api, index),
    );
    await mapLimit(guests, GUESTS_SET_UP_AT_ONCE, async (guest, i) => {
      const res = await api.put(
        `/api/games/${game.id}/submission`,
        { ranking: shuffled(itemIds) },
        guest,
      );
      expectStatus(res, 200, `first submission of guest ${i}`);
    });
    // Warm-up (JIT, pool, kept state): not measured.
    await mapLimit([owner, ...guests], concurrency, async (viewer) => {
      expectStatus(await api.get(`/api/games/${game.id}/results`, viewer), 200, 'warm-up read');
    });
    await createUpsertTable(database.url);
    return { owner, game, itemIds, guests };
  })().catch((error: unknown) => {
    if (error instanceof Interrupted || error instanceof SetupError) throw error;
    checkpoint();
    throw new SetupError(`hot game setup failed: ${(error as Error).message}`);
  });
  const { owner, game, itemIds, guests } = setup;
  const gamePath = `/api/games/${game.id}`;
  const viewers = [owner, ...guests];

  // Every guest is counted already: each PUT takes their old ranking out and puts the new one in,
  // and the count must stay the same.
  const submitting = () =>
    closedLoop(concurrency, seconds, async (worker, iteration) => {
      const guest = guests[(worker + iteration * concurrency) % guests.length]!;
      const res = await api.put(`${gamePath}/submission`, { ranking: shuffled(itemIds) }, guest);
      expectStatus(res, 200, 'hot game submission');
      const { submissionCount } = parse<{ submissionCount: number }>(res, 'hot game submission');
      if (submissionCount !== guests.length) {
        throw new Error(`submission count ${submissionCount}, expected ${guests.length}`);
      }
    });
  const reading = () =>
    closedLoop(concurrency, seconds, async (worker, iteration) => {
      const viewer = viewers[(worker + iteration * concurrency) % viewers.length]!;
      const res = await api.get(`${gamePath}/results`, viewer);
      expectStatus(res, 200, 'hot game results read');
      const body = parse<{ results: { submissions: number } }>(res, 'hot game results read');
      if (body.results.submissions !== guests.length) {
        throw new Error(
          `results: ${body.results.submissions} submissions, expected ${guests.length}`,
        );
      }
    });

  // One B phase first, not measured: the server's code is compiled for the path it serves
  // (V8's optimising tiers) before a figure is taken. Without it every run's first pair fell
  // 20-30 % below the others (pgbench, a compiled program, needs none).
  log(`warm-up: one B phase (${seconds} s of submissions, then of reads), not measured ...`);
  await submitting();
  checkpoint();
  await reading();
  checkpoint();

  const pairs: PairFigures[] = [];
  for (let pair = 1; pair <= settings.pairs; pair++) {
    const load = os.loadavg()[0] ?? 0;
    log(
      `pair ${pair} of ${settings.pairs} (load ${load.toFixed(2)}): A pgbench upsert, 1000 keys then 1 hot row ...`,
    );
    const upsert = await runPgbench(database.url, { concurrency, seconds, keys: UPSERT_KEYS });
    checkpoint();
    const hotRow = await runPgbench(database.url, { concurrency, seconds, keys: 1 });
    checkpoint();
    log(`pair ${pair}: B submissions to the hot game, then results reads ...`);
    const began = process.hrtime.bigint() / 1000n;
    const submissions = await observed(server, submitting);
    // With BENCH_CPU_PROF, the phase's window on the profile's clock (both monotonic, in µs).
    if (process.env.BENCH_CPU_PROF) {
      log(`profile window, submissions: ${began} ${process.hrtime.bigint() / 1000n}`);
    }
    checkpoint();
    const reads = await observed(server, reading);
    checkpoint();
    const figures: PairFigures = { load, upsert, hotRow, submissions, reads };
    pairs.push(figures);
    process.stdout.write(`${pairLine(pair, figures)}\n`);
  }

  const pool = new pg.Pool({ connectionString: database.url, max: 1 });
  const tally = await checkTally(pool, game.id).finally(() => pool.end());
  log(`hot game tally: ${tally.detail}`);
  api.http.close();
  await server.stop();
  await database.drop();
  const failures = new Recorder();
  let errors = 0;
  const errorSamples: { message: string; count: number }[] = [];
  for (const each of pairs) {
    for (const figures of [each.submissions, each.reads]) {
      errors += figures.errors;
      errorSamples.push(...figures.errorSamples);
    }
    for (const run of [each.upsert, each.hotRow]) {
      if (!run.ran) failures.error(new Error(run.reason));
      else errors += run.failedTransactions ?? 0;
    }
  }
  errorSamples.push(...failures.figures(1).errorSamples);
  return {
    guests: guests.length,
    pairs,
    ratios: {
      hotRow: ratioOf(pairs.map((p) => percentOf(p.submissions.opsPerSecond, p.hotRow))),
      upsert: ratioOf(pairs.map((p) => percentOf(p.submissions.opsPerSecond, p.upsert))),
      reads: ratioOf(pairs.map((p) => percentOf(p.reads.opsPerSecond, p.upsert))),
    },
    tally,
    errors: errors + (tally.consistent ? 0 : 1),
    errorSamples: tally.consistent
      ? errorSamples
      : [...errorSamples, { message: `tally: ${tally.detail}`, count: 1 }],
  };
}

const tps = (run: PgbenchResult) => (run.ran ? `${run.tps.toFixed(0)}/s` : 'did not run');
const pct = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(1)} %`);

function pairLine(pair: number, p: PairFigures): string {
  return (
    `  pair ${pair} (load ${p.load.toFixed(2)}): pgbench ${tps(p.upsert)} (1000 keys), ` +
    `${tps(p.hotRow)} (hot row); submissions ${p.submissions.opsPerSecond.toFixed(0)}/s ` +
    `(server CPU ${cpu(p.submissions.cpu.serverPct)}; ${cpuEach(p.submissions)}), ` +
    `reads ${p.reads.opsPerSecond.toFixed(0)}/s (server CPU ${cpu(p.reads.cpu.serverPct)}; ` +
    `${cpuEach(p.reads)}) -> ` +
    `hot game / hot row ${pct(percentOf(p.submissions.opsPerSecond, p.hotRow))}, ` +
    `submissions / upsert ${pct(percentOf(p.submissions.opsPerSecond, p.upsert))}, ` +
    `reads / upsert ${pct(percentOf(p.reads.opsPerSecond, p.upsert))}`
  );
}

/**
 * CPU time per request, server and PostgreSQL (every postgres process: other work on the
 * machine's databases counts too): steadier under load than rates, which load slows.
 */
function cpuEach(phase: Figures & { cpu: PhaseCpu }): string {
  const each = (pct: number | null) =>
    pct === null || phase.opsPerSecond <= 0
      ? 'n/a'
      : `${((pct * 10) / phase.opsPerSecond).toFixed(2)} ms`;
  return `CPU each: server ${each(phase.cpu.serverPct)}, PostgreSQL ${each(phase.cpu.postgresPct)}`;
}

/** "median 68.5 % (62.1-70.3 % over 3 pairs)" */
function ratioText(ratio: Ratio): string {
  if (ratio.median === null) return 'n/a (no pgbench)';
  return `${pct(ratio.median)} median (${ratio.min!.toFixed(1)}-${ratio.max!.toFixed(1)} % over ${ratio.each.length} pairs)`;
}

// ---------------------------------------------------------------------------------------------
// (2) One submission -> its event at every one of BENCH_WATCHERS streams

/**
 * The latest version each stream has seen, and how many reached the armed target: O(1) per
 * event, so thousands of streams cost the client little.
 */
class StreamTracker {
  readonly latest: Float64Array;
  readonly errors = new Recorder();
  private target = Number.POSITIVE_INFINITY;
  private reached = 0;
  private halfAt = 0;
  private allAt = 0;
  private wake: (() => void) | undefined;

  constructor(readonly size: number) {
    this.latest = new Float64Array(size).fill(-1);
  }

  event(stream: number, version: number, at: number): void {
    const before = this.latest[stream] ?? -1;
    if (!(version > before)) return;
    this.latest[stream] = version;
    if (before >= this.target || version < this.target) return;
    this.reached += 1;
    if (this.reached === Math.ceil(this.size / 2)) this.halfAt = at;
    if (this.reached === this.size) {
      this.allAt = at;
      this.wake?.();
    }
  }

  error(stream: number, error: Error): void {
    this.errors.error(new Error(`stream ${stream}: ${error.message}`));
    this.wake?.();
  }

  /** Streams that have seen at least `version`. */
  count(version: number): number {
    let n = 0;
    for (const v of this.latest) if (v >= version) n++;
    return n;
  }

  newest(): number {
    return Math.max(...this.latest);
  }

  /** From now on, counts the streams reaching `version` (before the submission is sent). */
  arm(version: number): void {
    this.target = version;
    this.reached = this.count(version);
    this.halfAt = this.allAt = performance.now();
  }

  /** Resolves with the arrival times once every stream reached the target, or null. */
  async waitAll(timeoutMs: number): Promise<{ halfAt: number; allAt: number } | null> {
    if (this.reached < this.size && this.errors.errors === 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, timeoutMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
    return this.reached === this.size ? { halfAt: this.halfAt, allAt: this.allAt } : null;
  }
}

type FanoutFigures = {
  watchers: number;
  openSeconds: number;
  rounds: number;
  /** From a submission's response to its event at the last stream, per round. */
  allReceived: Figures;
  /** ... and at half of the streams. */
  halfReceived: Figures;
  cpu: PhaseCpu;
  /** The server's RSS before the streams opened, once they were open, and its most in the rounds. */
  rss: {
    beforeStreamsMb: number | null;
    withStreamsMb: number | null;
    maxInRoundsMb: number | null;
  };
  errors: number;
  errorSamples: { message: string; count: number }[];
};

async function setUpFanoutGame(api: Api, owner: Viewer, watchers: number) {
  const game = await createGame(api, owner, FANOUT_ITEMS);
  const itemIds = game.items.map((item) => item.id);
  // Guests 0..watchers (a client address each): 0 submits in the rounds, each other one watches
  // on one stream. Everyone submits once first, so the watchers see results and every round is a
  // resubmission.
  const guests = await mapLimit(
    Array.from({ length: watchers + 1 }, (_, i) => i),
    GUESTS_SET_UP_AT_ONCE,
    (i) => signInGuest(api, i),
  );
  await mapLimit(guests, GUESTS_SET_UP_AT_ONCE, async (guest, i) => {
    const res = await api.put(
      `/api/games/${game.id}/submission`,
      { ranking: shuffled(itemIds) },
      guest,
    );
    expectStatus(res, 200, `first submission of guest ${i}`);
  });
  const [submitter, ...watching] = guests as [Viewer, ...Viewer[]];
  return { game, itemIds, submitter, watching };
}

async function openStreams(
  port: number,
  gameId: string,
  watching: Viewer[],
  tracker: StreamTracker,
  streams: SseConnection[],
): Promise<void> {
  await mapLimit(
    Array.from({ length: tracker.size }, (_, i) => i),
    STREAMS_OPENED_AT_ONCE,
    async (i) => {
      checkpoint();
      const watcher = watching[i] as Viewer;
      const stream = new SseConnection(
        '127.0.0.1',
        port,
        `/api/games/${gameId}/events`,
        { cookie: watcher.cookie, 'x-forwarded-for': watcher.ip },
        (event) => {
          const version = Number(event.id);
          if (event.id !== undefined && Number.isFinite(version)) {
            tracker.event(i, version, event.at);
          }
        },
        (error) => tracker.error(i, error),
      );
      streams.push(stream);
      await stream.opened;
    },
  );
  // Each stream sends its snapshot once subscribed: wait for all of them.
  const until = performance.now() + 60_000;
  while (tracker.count(0) < tracker.size) {
    checkpoint();
    if (tracker.errors.errors > 0) throw new Error('an event stream failed while opening');
    if (performance.now() > until) {
      throw new Error(`${tracker.size - tracker.count(0)} streams had no snapshot after 60 s`);
    }
    await sleep(20);
  }
}

/**
 * One guest resubmits, then waits until every stream has that submission's version; repeated
 * for `seconds`. Sequential on purpose: each event is unambiguous and nothing coalesces.
 */
async function fanoutRounds(options: {
  api: Api;
  gameId: string;
  itemIds: string[];
  submitter: Viewer;
  expectedCount: number;
  tracker: StreamTracker;
  seconds: number;
}) {
  const { api, tracker } = options;
  const all = new Recorder();
  const half = new Recorder();
  const failures = new Recorder();
  let base = tracker.newest();
  let rounds = 0;
  const start = performance.now();
  const deadline = start + options.seconds * 1000;
  while (!stopSignal.stopped && performance.now() < deadline && tracker.errors.errors === 0) {
    const version = base + 1;
    tracker.arm(version);
    let respondedAt: number;
    try {
      const res = await api.put(
        `/api/games/${options.gameId}/submission`,
        { ranking: shuffled(options.itemIds) },
        options.submitter,
      );
      respondedAt = performance.now();
      expectStatus(res, 200, 'fan-out submission');
      const { submissionCount } = parse<{ submissionCount: number }>(res, 'fan-out submission');
      if (submissionCount !== options.expectedCount) {
        throw new Error(`submission count ${submissionCount}, expected ${options.expectedCount}`);
      }
    } catch (error) {
      failures.error(error);
      await sleep(50);
      base = Math.max(base, tracker.newest());
      continue;
    }
    const arrived = await tracker.waitAll(FANOUT_EVENT_TIMEOUT_MS);
    if (!arrived) {
      if (tracker.errors.errors === 0) {
        const missing = tracker.size - tracker.count(version);
        failures.error(
          new Error(
            `${missing} of ${tracker.size} streams had no event for version ${version} after ${FANOUT_EVENT_TIMEOUT_MS} ms`,
          ),
        );
      }
      base = Math.max(base, tracker.newest());
      continue;
    }
    // Events that beat the response (the notification can) count as instant.
    all.ok(Math.max(0, arrived.allAt - respondedAt));
    half.ok(Math.max(0, arrived.halfAt - respondedAt));
    rounds += 1;
    base = Math.max(version, tracker.newest());
  }
  const seconds = (performance.now() - start) / 1000;
  const failed = failures.figures(seconds);
  const streamFailures = tracker.errors.figures(seconds);
  return {
    rounds,
    allReceived: all.figures(seconds),
    halfReceived: half.figures(seconds),
    errors: failed.errors + streamFailures.errors,
    errorSamples: [...failed.errorSamples, ...streamFailures.errorSamples],
  };
}

async function measureFanout(
  api: Api,
  server: ChildServer,
  owner: Viewer,
  settings: Settings,
  streams: SseConnection[],
): Promise<FanoutFigures> {
  log(`signing in ${settings.watchers} watchers, one guest each ...`);
  const { game, itemIds, submitter, watching } = await setUpFanoutGame(
    api,
    owner,
    settings.watchers,
  );
  const beforeStreamsMb = rssMb(server);
  const tracker = new StreamTracker(settings.watchers);
  log(`opening ${settings.watchers} event streams ...`);
  const opening = performance.now();
  await openStreams(api.port, game.id, watching, tracker, streams);
  const openSeconds = (performance.now() - opening) / 1000;
  log(`streams open in ${openSeconds.toFixed(1)} s; rounds for ${settings.seconds} s ...`);
  const withStreamsMb = rssMb(server);
  const rounds = await observed(server, () =>
    fanoutRounds({
      api,
      gameId: game.id,
      itemIds,
      submitter,
      expectedCount: settings.watchers + 1,
      tracker,
      seconds: settings.seconds,
    }),
  );
  for (const stream of streams.splice(0)) stream.close();
  checkpoint();
  const { maxRssMb, ...figures } = rounds;
  return {
    watchers: settings.watchers,
    openSeconds: round(openSeconds, 2),
    ...figures,
    rss: { beforeStreamsMb, withStreamsMb, maxInRoundsMb: maxRssMb },
  };
}

// ---------------------------------------------------------------------------------------------
// (3) Server ready and RSS

type StartupFigures = {
  readyMs: number;
  rssAtReadyMb: number | null;
  rssAfterWarmUpMb: number | null;
  peakMb: number;
  warmUp: Figures;
};

/** A guest plays the demo game, then reads pages of the API (about 200 requests in all). */
async function warmUp(port: number): Promise<Figures> {
  const api = new Api(port, 4);
  try {
    const recorder = new Recorder();
    const start = performance.now();
    const guest = await signInGuest(api, 20_000);
    const demo = await api.get('/api/games/pizza-demo', guest);
    expectStatus(demo, 200, 'demo game');
    const { game } = parse<{ game: { items: Item[] } }>(demo, 'demo game');
    const ranking = shuffled(game.items.map((item) => item.id));
    expectStatus(
      await api.put('/api/games/pizza-demo/submission', { ranking }, guest),
      200,
      'demo submission',
    );
    const paths = [
      '/api/games/pizza-demo',
      '/api/games/pizza-demo/results',
      '/api/community?sort=new',
      '/api/auth/get-session',
      '/api/health',
    ];
    const count = STARTUP_WARM_UP_REQUESTS - 3;
    await mapLimit(
      Array.from({ length: count }, (_, i) => paths[i % paths.length] as string),
      4,
      async (path) => {
        const began = performance.now();
        try {
          expectStatus(await api.get(path, guest), 200, `warm-up ${path}`);
          recorder.ok(performance.now() - began);
        } catch (error) {
          recorder.error(error);
        }
      },
    );
    return recorder.figures((performance.now() - start) / 1000);
  } finally {
    api.http.close();
  }
}

async function measureStartup(
  resources: Resources,
  env: Record<string, string>,
): Promise<StartupFigures> {
  const server = await startChild(resources, env);
  const rssAtReadyMb = rssMb(server);
  let warm: Figures;
  try {
    warm = await warmUp(server.port);
  } catch (error) {
    throw new SetupError(`warm-up failed: ${(error as Error).message}`);
  }
  const figures = {
    readyMs: round(server.readyMs, 0),
    rssAtReadyMb,
    rssAfterWarmUpMb: rssMb(server),
    // VmHWM: the most it ever held, start-up (migrations, seed) included.
    peakMb: round(server.memory()?.peakMb ?? Number.NaN, 1),
    warmUp: warm,
  };
  await server.stop();
  checkpoint();
  return figures;
}

/** How long Node takes to start and run nothing: the floor under every ready time. */
function nodeAloneMs(): Promise<number> {
  return new Promise((resolve) => {
    const began = performance.now();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    child.on('exit', () => resolve(round(performance.now() - began, 0)));
    child.on('error', () => resolve(Number.NaN));
  });
}

type StartupRows = {
  nodeAloneMs: number;
  postgresFirstStartMs: number;
  postgres: StartupFigures;
  pglite: StartupFigures;
};

async function measureStartups(
  resources: Resources,
  adminUrl: string,
  authSecret: string,
): Promise<StartupRows> {
  const nodeAlone = await nodeAloneMs();
  const database = await createFreshDatabase(adminUrl);
  resources.databases.push(database);
  const pgEnv = serverEnv(await freePort(), authSecret, { databaseUrl: database.url });
  log('server start on an empty PostgreSQL database (runs the migrations) ...');
  const first = await startChild(resources, pgEnv);
  await first.stop();
  checkpoint();
  log('server restart on the migrated PostgreSQL database ...');
  const postgres = await measureStartup(resources, pgEnv);
  await database.drop();

  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'crowned-bench-pglite-'));
  resources.dirs.push(dataDir);
  log('server start on an empty PGlite data directory ...');
  const pglite = await measureStartup(
    resources,
    serverEnv(await freePort(), authSecret, { dataDir }),
  );
  return {
    nodeAloneMs: nodeAlone,
    postgresFirstStartMs: round(first.readyMs, 0),
    postgres,
    pglite,
  };
}

// ---------------------------------------------------------------------------------------------
// Output

const ms = (value: number | null | undefined) =>
  value === null || value === undefined ? '-' : `${value.toFixed(1)} ms`;
const mb = (value: number | null | undefined) =>
  value === null || value === undefined ? '-' : `${value.toFixed(0)} MB`;
const cpu = (value: number | null) => (value === null ? '-' : `${value.toFixed(0)} %`);
/** A duration in ms, as seconds from one second up. */
const readyTime = (value: number) =>
  value >= 1000 ? `${Number((value / 1000).toFixed(2))} s` : `${value.toFixed(0)} ms`;

function tableRows(
  results: ResultsFigures,
  kinds: KindsFigures,
  fanout: FanoutFigures,
  startup: StartupRows,
  settings: Settings,
): Row[] {
  const { submissions, concurrency } = settings;
  const subs = `${Math.round(submissions / 1000)}k`;
  const startupRow = (what: string, s: StartupFigures, extra: string): Row => ({
    what,
    opsPerSecond: null,
    errors: s.warmUp.errors,
    note: `ready ${readyTime(s.readyMs)}; RSS ${mb(s.rssAtReadyMb)} at ready, ${mb(s.rssAfterWarmUpMb)} after ${STARTUP_WARM_UP_REQUESTS} requests, peak ${mb(s.peakMb)}${extra}`,
  });
  return [
    {
      what: `results read, ${RESULTS_ITEMS} items, ${subs} subs, 1 at a time`,
      ...results.oneAtATime,
      note: `${results.oneAtATime.ops} reads, ${(results.responseBytes / 1024).toFixed(0)} KB each, count ${submissions} checked; server CPU ${cpu(results.oneAtATime.cpu.serverPct)}, RSS up to ${mb(results.oneAtATime.maxRssMb)}`,
    },
    {
      what: `results reads, ${RESULTS_ITEMS} items, ${subs} subs, ${concurrency} at a time`,
      ...results.concurrent,
      note: `server CPU ${cpu(results.concurrent.cpu.serverPct)}, RSS up to ${mb(results.concurrent.maxRssMb)}`,
    },
    {
      what: `results read, ${RESULTS_ITEMS} items top ${TOP_N}, ${subs} subs, 1 at a time`,
      ...kinds.topReads,
      note: `${kinds.topReads.ops} reads; server CPU ${cpu(kinds.topReads.cpu.serverPct)}`,
    },
    {
      what: `submissions, ${RESULTS_ITEMS} items full ranking, ${concurrency} at a time`,
      ...kinds.submissions.full,
    },
    {
      what: `submissions, ${RESULTS_ITEMS} items top ${TOP_N}, ${concurrency} at a time`,
      ...kinds.submissions.top,
    },
    {
      what: `submission -> event at all ${fanout.watchers} streams`,
      ...fanout.allReceived,
      errors: fanout.errors,
      note: `${fanout.rounds} rounds (ops/s); max ${ms(fanout.allReceived.maxMs)}; half the streams p50 ${ms(fanout.halfReceived.p50Ms)}; server CPU ${cpu(fanout.cpu.serverPct)}; RSS ${mb(fanout.rss.beforeStreamsMb)} before the streams, ${mb(fanout.rss.withStreamsMb)} with them, up to ${mb(fanout.rss.maxInRoundsMb)} in the rounds; opened in ${fanout.openSeconds} s`,
    },
    startupRow(
      'server ready, PostgreSQL (migrated)',
      startup.postgres,
      `; its first start (migrations) ${readyTime(startup.postgresFirstStartMs)}`,
    ),
    startupRow('server ready, fresh PGlite', startup.pglite, ''),
  ];
}

function targetLines(
  results: ResultsFigures,
  kinds: KindsFigures,
  fanout: FanoutFigures,
  startup: StartupRows,
  watchers: number,
): [string, string][] {
  const t = TARGETS;
  return [
    [`results read p99 (target <= ${readyTime(t.resultsP99Ms)})`, ms(results.oneAtATime.p99Ms)],
    [
      `top-${TOP_N} results read p99 (target <= ${readyTime(t.resultsP99Ms)})`,
      ms(kinds.topReads.p99Ms),
    ],
    [
      `event at all ${watchers} streams p95 (target <= ${readyTime(t.fanoutP95Ms)})`,
      ms(fanout.allReceived.p95Ms),
    ],
    [
      `server ready, PostgreSQL (target <= ${readyTime(t.postgresReadyMs)})`,
      readyTime(startup.postgres.readyMs),
    ],
    [
      `server RSS, PostgreSQL (target <= ${mb(t.postgresRssMb)})`,
      mb(startup.postgres.rssAfterWarmUpMb),
    ],
    [
      `server ready, fresh PGlite (target <= ${readyTime(t.pgliteReadyMs)})`,
      readyTime(startup.pglite.readyMs),
    ],
    [
      `server RSS, fresh PGlite, peak (target <= ${mb(t.pgliteRssMb)})`,
      `${mb(startup.pglite.peakMb)} (${mb(startup.pglite.rssAfterWarmUpMb)} after warm-up)`,
    ],
  ];
}

function hotGameTargets(hot: HotGameFigures): [string, string][] {
  const t = TARGETS;
  return [
    [
      `submissions to one hot game / pgbench hot-row upsert (target >= ${t.hotGameOfHotRowPct} %)`,
      ratioText(hot.ratios.hotRow),
    ],
    [
      `submissions / pgbench upsert, 1000 keys (target >= ${t.submissionsOfUpsertPct} %)`,
      ratioText(hot.ratios.upsert),
    ],
    [
      `results reads / pgbench upsert, 1000 keys (target >= ${t.readsOfUpsertPct} %)`,
      ratioText(hot.ratios.reads),
    ],
  ];
}

/** The interleaved pairs again, under the table, with the load they ran at. */
function hotGameText(hot: HotGameFigures, settings: Settings, loadAtStart: number): string {
  const warning = loadAtStart > 0.5 ? ' (above 0.5: a loaded machine, figures may mislead)' : '';
  return [
    `Hot game vs pgbench, interleaved A B (A = pgbench upsert 1000 keys, then 1 hot row; B = submissions, then results reads; ` +
      `${HOT_ITEMS} items, ${hot.guests} guests, ${settings.concurrency} at a time, ${settings.seconds} s a phase); load at start ${loadAtStart.toFixed(2)}${warning}`,
    ...hot.pairs.map((pair, i) => pairLine(i + 1, pair)),
    `  tally after the pairs: ${hot.tally.consistent ? 'consistent' : 'INCONSISTENT'} (${hot.tally.detail})`,
  ].join('\n');
}

function formatCpu(rows: readonly [string, PhaseCpu][]): string {
  const cores = os.cpus().length;
  const pct = (value: number | null) =>
    (value === null ? '-' : `${value.toFixed(0)} %`).padStart(9);
  const width = Math.max(36, ...rows.map(([what]) => what.length));
  return [
    `CPU during each phase, % of one core (${cores} cores = ${cores * 100} %): server = its process,`,
    'client = this process (requests, event stream parsing), machine = everything',
    `${''.padEnd(width)}  ${'server'.padStart(9)}  ${'client'.padStart(9)}  ${'postgres'.padStart(9)}  ${'machine'.padStart(9)}`,
    ...rows.map(
      ([what, c]) =>
        `${what.padEnd(width)}  ${pct(c.serverPct)}  ${pct(c.clientPct)}  ${pct(c.postgresPct)}  ${pct(c.machinePct)}`,
    ),
  ].join('\n');
}

async function writeReport(report: Record<string, unknown>, startedAt: Date): Promise<string> {
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  await mkdir(dir, { recursive: true });
  const file = `${dir}hot-path-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`;
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

// ---------------------------------------------------------------------------------------------
// Main

/** Rows 1 and 2 on one server and one fresh database; the server restarts after the seed. */
async function measureServing(resources: Resources, settings: Settings, authSecret: string) {
  let database: FreshDatabase;
  try {
    database = await createFreshDatabase(settings.adminUrl);
  } catch (error) {
    throw new SetupError(
      `Cannot create a database on ${redact(settings.adminUrl)} (set BENCH_DATABASE_URL): ${(error as Error).message}`,
    );
  }
  resources.databases.push(database);
  log(`database ${database.name} created`);
  const pgVersion = await serverVersion(database.url);
  const env = serverEnv(await freePort(), authSecret, { databaseUrl: database.url });
  const port = Number(env.PORT);
  let server = await startChild(resources, env);
  const setupApi = new Api(port, 8);
  resources.clients.push(setupApi.http);
  const { owner, bigGame, topGame } = await (async () => {
    const owner = await signUpOwner(setupApi, database.name.slice(-8));
    const bigGame = await setUpBigGame(setupApi, owner, database.url, settings.submissions);
    const topGame = await setUpBigGame(setupApi, owner, database.url, settings.submissions, {
      n: TOP_N,
      from: settings.submissions,
    });
    return { owner, bigGame, topGame };
  })().catch((error: unknown) => {
    if (error instanceof Interrupted || error instanceof SetupError) throw error;
    checkpoint();
    throw new SetupError(`setup failed: ${(error as Error).message}`);
  });
  setupApi.http.close();
  checkpoint();

  log('restarting the server after the seed ...');
  await server.stop();
  server = await startChild(resources, env);
  const api = new Api(port, settings.concurrency + 4);
  resources.clients.push(api.http);
  const responseBytes = await checkResultsCount(
    api,
    owner,
    bigGame.game.id,
    settings.submissions,
  ).catch((error: unknown) => {
    throw error instanceof SetupError ? error : new SetupError((error as Error).message);
  });
  const reads = await measureResultsReads(api, server, owner, bigGame.game.id, settings);
  const results: ResultsFigures = { seed: bigGame.seed, responseBytes, ...reads };
  const kinds = await measureBallotKinds(
    api,
    server,
    owner,
    { full: bigGame.game, top: topGame.game },
    settings,
  );

  let fanout: FanoutFigures;
  try {
    fanout = await measureFanout(api, server, owner, settings, resources.streams);
  } catch (error) {
    if (error instanceof Interrupted) throw error;
    throw new SetupError(`live fan-out failed: ${(error as Error).message}`);
  }
  api.http.close();
  await server.stop();
  await database.drop();
  log(`database ${database.name} dropped`);
  return { pgVersion, results, kinds, fanout };
}

async function main(): Promise<number> {
  const settings = readSettings();
  const openFiles = checkOpenFileLimit(settings.watchers);
  const startedAt = new Date();
  const began = performance.now();
  const authSecret = randomBytes(32).toString('base64url');
  const resources: Resources = { databases: [], servers: [], dirs: [], clients: [], streams: [] };
  const loadAtStart = logLoadAtStart(log);
  try {
    log(
      `hot game vs pgbench: ${settings.pairs} pairs of ${settings.seconds} s phases, interleaved ...`,
    );
    const hotGame = await measureHotGame(resources, settings, authSecret);
    if (process.env.BENCH_HOT_GAME_ONLY === '1') {
      process.stdout.write(
        `\n${hotGameText(hotGame, settings, loadAtStart)}\n${hotGameTargets(hotGame)
          .map(([what, value]) => `${what}: ${value}`)
          .join('\n')}\n`,
      );
      if (hotGame.errors > 0) {
        for (const sample of hotGame.errorSamples) {
          process.stdout.write(`ERROR (x${sample.count}): ${sample.message}\n`);
        }
      }
      return hotGame.errors > 0 ? 1 : 0;
    }
    const { pgVersion, results, kinds, fanout } = await measureServing(
      resources,
      settings,
      authSecret,
    );
    const startup = await measureStartups(resources, settings.adminUrl, authSecret);

    const title =
      `Crowned hot-path benchmark (PostgreSQL ${pgVersion}; server in a child process, NODE_ENV=production, pool 10)\n` +
      `node ${process.version}, ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ulimit -n ${openFiles}; ready times include Node's own start-up ` +
      `(node alone: ${startup.nodeAloneMs} ms)\n`;
    const rows = tableRows(results, kinds, fanout, startup, settings);
    const targets = [
      ...hotGameTargets(hotGame),
      ...targetLines(results, kinds, fanout, startup, settings.watchers),
    ];
    process.stdout.write(
      `\n${formatTable(title, rows, [['figure vs target', ''], ...targets])}\n\n`,
    );
    process.stdout.write(`${hotGameText(hotGame, settings, loadAtStart)}\n\n`);
    process.stdout.write(
      `${formatCpu([
        ['results reads, 1 at a time', results.oneAtATime.cpu],
        [`results reads, ${settings.concurrency} at a time`, results.concurrent.cpu],
        [`fan-out rounds, ${settings.watchers} streams`, fanout.cpu],
      ])}\n\n`,
    );

    const failures: [string, { errors: number; errorSamples: Figures['errorSamples'] }][] = [
      ['results reads, one at a time', results.oneAtATime],
      ['results reads, concurrent', results.concurrent],
      [`top-${TOP_N} results reads`, kinds.topReads],
      ['submissions, full ranking', kinds.submissions.full],
      [`submissions, top ${TOP_N}`, kinds.submissions.top],
      ['hot game vs pgbench', hotGame],
      ['live fan-out', fanout],
      ['warm-up on PostgreSQL', startup.postgres.warmUp],
      ['warm-up on PGlite', startup.pglite.warmUp],
    ];
    let errors = 0;
    for (const [what, figures] of failures) {
      errors += figures.errors;
      for (const sample of figures.errorSamples) {
        process.stdout.write(`ERROR in ${what} (x${sample.count}): ${sample.message}\n`);
      }
    }
    const totalSeconds = round((performance.now() - began) / 1000, 1);
    const file = await writeReport(
      {
        benchmark: 'hot-path',
        startedAt: startedAt.toISOString(),
        totalSeconds,
        settings: { ...settings, adminUrl: undefined, openFiles },
        environment: {
          node: process.version,
          postgres: pgVersion,
          cpus: os.cpus().length,
          loadAverageAtStart: loadAtStart,
          loadavgAtEnd: os.loadavg(),
          platform: `${os.platform()} ${os.release()}`,
        },
        targets: TARGETS,
        hotGame,
        resultsRead: results,
        ballotKinds: kinds,
        fanout,
        startup,
        figuresVsTargets: Object.fromEntries(targets),
        errors,
      },
      startedAt,
    );
    process.stdout.write(`figures written to ${file} (the run took ${totalSeconds} s)\n`);
    if (errors > 0) process.stdout.write(`${errors} request(s) failed\n`);
    return errors > 0 ? 1 : 0;
  } finally {
    await cleanUp(resources);
  }
}

async function cleanUp(resources: Resources): Promise<void> {
  for (const stream of resources.streams) stream.close();
  for (const client of resources.clients) client.close();
  await Promise.all(resources.servers.map((server) => server.stop()));
  for (const database of resources.databases) {
    await database.drop().then(
      () => undefined,
      (error: unknown) => log(`DROPPING ${database.name} FAILED: ${String(error)}`),
    );
  }
  for (const dir of resources.dirs) await rm(dir, { recursive: true, force: true });
}

runBench(main, log);
