/**
 * `npx tsx bench/room.ts` (part of `npm run bench`): a live room of ten thousand phones (issue 27,
 * "Scale"), each figure printed beside its target. Servers are child processes started the way
 * `npm start` starts them (the bundle, NODE_ENV=production) on one fresh PostgreSQL database;
 * the phones are BENCH_ROOM_WORKERS processes (bench/lib/room-phones.ts; one per 2,500 phones, 1
 * to 4: one process fell behind its own arrivals), each with its share of the phones, over real
 * HTTP and SSE on loopback, each phone a guest of its own from a client address of its own (sent
 * in the trusted X-Forwarded-For), so per-address limits hold as they do in life. This process
 * sets up, plays the host and merges the workers' figures.
 *
 *   setup        a signed-up host; BENCH_ROOM_PLAYERS guests signed in (the anonymous sign-in,
 *                32 at a time; timed, no target: phones sign in before they reach the room).
 *   per room     the host creates a game of 5 items and a room over it and opens the lobby;
 *                - joins: every guest joins (POST /api/rooms/:code/join), arrivals spread evenly
 *                  over BENCH_ROOM_JOIN_SECONDS (an open loop, at most 512 in flight): p95 from
 *                  each arrival <= 1 s, no error;
 *                - streams: every phone opens the room's event stream and has its lobby snapshot;
 *                  the server's RSS (VmRSS) before and with them, and per stream;
 *                - round: the host starts it (a round of 300 s, the longest, ended by the host);
 *                  the time from the click to each phone's `room` event of the round; every phone
 *                  submits its ranking (PUT /api/games/:id/submission), arrivals spread over
 *                  BENCH_ROOM_SUBMIT_SECONDS (20): p95 <= 1 s; then the recount: final ballots
 *                  in the database, the game's tally and its results' count, each = the players;
 *                - reveal: the host ends the round, then reveals; from the reveal's click to each
 *                  phone's `room` event of the reveal: p95 <= 1 s (the end of the round beside it).
 *   rooms        first on one instance (phones talk to it directly), then on two instances on the
 *                same database behind the test suite's round-robin proxy (a new game and room,
 *                the same guests), the streams spread over both. A stream through the proxy is two
 *                sockets in it, so the proxy runs in processes of its own, as many as `ulimit -n`
 *                needs (two for 10,000 phones at 20,000 files; phones alternate between them, each
 *                sends its requests to both instances in turn), printed.
 *
 * CPU during joins, submissions and the reveal is printed as % of one core for the phone
 * processes (when one nears 100 % the client, not the server, is the bottleneck), the servers,
 * PostgreSQL (the backends of the bench's database only) and the machine, and per join and per
 * submission; and how many of the database's backends wait on a lock meanwhile (sampled every
 * 50 ms: a room's or a game's row, the notification queue). BENCH_ROOM_COUNT_STATEMENTS=1 runs the servers from the sources with the statement
 * counter and prints statements per join and per submission on each instance, with the most
 * frequent. Env: BENCH_ROOM_PLAYERS (10000), BENCH_ROOM_JOIN_SECONDS (10),
 * BENCH_ROOM_SUBMIT_SECONDS (20), BENCH_DATABASE_URL / TEST_DATABASE_URL (an admin URL on a
 * loopback server; a fresh database is created and dropped). Needs `ulimit -n` above the players
 * (checked first). Figures are printed, never asserted. Exit code 1 when setup failed or the room
 * could not be played to its reveal.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { MAX_ROUND_SECONDS } from '../src/domain/limits';
import { freePort } from '../test/support/server';
import { cpuSecondsOf, spawnServer, type ChildServer } from './lib/child-server';
import { CpuMeter } from './lib/cpu';
import { cookieHeader, HttpClient } from './lib/http';
import { createFreshDatabase, type FreshDatabase } from './lib/postgres';
import { startProxyProcess, type ProxyProcess } from './lib/proxy-process';
import { lockWaitsText, sampleLockWaits, type LockWaits } from './lib/lock-waits';
import { epochNow, startPhoneWorker, type LoopSamples, type PhoneWorker } from './lib/room-phones';
import {
  benchAdminUrl,
  checkpoint,
  expectStatus,
  log,
  logLoadAtStart,
  parse,
  positive,
  SetupError,
  sleep,
} from './lib/setup';
import {
  formatTable,
  mapLimit,
  Recorder,
  round,
  stopSignal,
  type Figures,
  type OpenLoopFigures,
  type Row,
  type Samples,
} from './lib/stats';

const ITEMS = 5;
const GUESTS_AT_ONCE = 32;
const STREAMS_AT_ONCE = 128;
/** Phones' requests in flight at most (the open loops' bound; sockets per client below). */
const IN_FLIGHT = 512;
const SOCKETS_PER_CLIENT = 256;
/** How long every phone may take to have an event before the missing ones count as errors. */
const EVENT_TIMEOUT_MS = 30_000;
/** Open files each process needs besides its streams' sockets. */
const SPARE_FILES = 500;
const READY_TIMEOUT_MS = 120_000;

const TARGETS = { joinP95Ms: 1000, submitP95Ms: 1000, revealP95Ms: 1000 };

const players = positive('BENCH_ROOM_PLAYERS', 10_000);
const joinSeconds = positive('BENCH_ROOM_JOIN_SECONDS', 10, false);
const submitSeconds = positive('BENCH_ROOM_SUBMIT_SECONDS', 20, false);
/**
 * BENCH_ROOM_WORKERS: processes the phones are spread over (default: one per 2,500 phones, 1 to
 * 4). One process for 10,000 phones fell behind its own arrivals; the server was not measured.
 */
const workerCount = positive('BENCH_ROOM_WORKERS', Math.min(4, Math.ceil(players / 2500)));
/**
 * BENCH_ROOM_COUNT_STATEMENTS=1: servers run from the sources with the statement counter
 * preloaded (slower than the bundle: compare statements, not times), and statements per join and
 * per submission are printed for each instance.
 */
const countStatements = process.env.BENCH_ROOM_COUNT_STATEMENTS === '1';
/**
 * BENCH_ROOM_STREAMS: `after-joins` (default) opens every phone's stream once all have joined,
 * `on-join` opens each as its phone is in, as phones do: then every join is sent to every
 * stream open at the time (about players² / 2 events in all).
 */
const streamsOnJoin = streamsMode();

function streamsMode(): boolean {
  const raw = process.env.BENCH_ROOM_STREAMS?.trim() || 'after-joins';
  if (raw !== 'after-joins' && raw !== 'on-join') {
    throw new SetupError(`BENCH_ROOM_STREAMS must be after-joins or on-join, got "${raw}"`);
  }
  return raw === 'on-join';
}
/**
 * The longest round the server allows, so that it outlasts the submissions even on a loaded
 * machine; the host ends it once all are in ("end the round early"), as hosts do.
 */
const roundSeconds = MAX_ROUND_SECONDS;

/** Clients' addresses (TEST-NET for benchmarks, RFC 2544: 198.18.0.0/15), one per phone. */
const phoneIp = (index: number) =>
  `198.${18 + Math.floor(index / 65_025)}.${Math.floor((index % 65_025) / 255)}.${(index % 255) + 1}`;
const HOST_IP = '203.0.113.7';

/** Where a client sends its requests: a server, or a proxy in front of servers. */
type Endpoint = { port: number; api: HttpClient };

type Guest = { ip: string; cookie: string };

type Setting = {
  label: string;
  servers: ChildServer[];
  proxies: ProxyProcess[];
  /** Where the host's requests go. */
  hostEndpoint: Endpoint;
  /** Where phone `index` goes. */
  endpointOf: (index: number) => Endpoint;
  origin: string;
  databaseUrl: string;
  /** Its name, to count PostgreSQL's CPU for its backends only. */
  databaseName: string;
  /** The phone processes. */
  workers: PhoneWorker[];
};

// ---------------------------------------------------------------------------------------------
// Requests

const runStarted = performance.now();
/** Progress on stderr, with the seconds since the run began. */
const progress = (message: string) =>
  log(`${((performance.now() - runStarted) / 1000).toFixed(1).padStart(6)} s  ${message}`);

const headersOf = (origin: string, who: Guest) => ({
  origin,
  cookie: who.cookie,
  'x-forwarded-for': who.ip,
});

function post(endpoint: Endpoint, origin: string, who: Guest, path: string, json: unknown = {}) {
  return endpoint.api.request('POST', path, { json, headers: headersOf(origin, who) });
}

function openFileLimit(): number {
  const shown = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout?.trim() ?? '';
  if (shown === 'unlimited') return Number.POSITIVE_INFINITY;
  const limit = Number(shown);
  return shown === '' || !Number.isFinite(limit) ? Number.NaN : limit;
}

/**
 * Every stream is a socket in its phone process and one in its server (a child inherits the
 * limit); one instance holds every stream.
 */
function checkOpenFiles(limit: number): void {
  if (Number.isNaN(limit)) return;
  const needed = players + SPARE_FILES;
  if (limit < needed) {
    throw new SetupError(
      `BENCH_ROOM_PLAYERS=${players} needs ${needed} open files in the server's process, ` +
        `but \`ulimit -n\` is ${limit}. Raise it in the shell that runs the bench ` +
        `(above the hard limit \`ulimit -Hn\`: limits.conf, LimitNOFILE= or docker --ulimit ` +
        `nofile=...) or lower BENCH_ROOM_PLAYERS.`,
    );
  }
}

function serverEnv(port: number, secret: string, databaseUrl: string, publicUrl: string, hops = 1) {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: secret,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'error',
    TRUSTED_PROXY_HEADER: 'x-forwarded-for',
    TRUSTED_PROXY_HOPS: String(hops),
    // The room holds every phone (10,000 by default, the server's default too).
    LIMIT_ROOM_PLAYERS: String(Math.max(players, 10_000)),
  };
}

async function signUpHost(endpoint: Endpoint, origin: string): Promise<Guest> {
  const tag = randomBytes(4).toString('hex');
  const res = await endpoint.api.request('POST', '/api/auth/sign-up/email', {
    json: { name: 'Bench Host', email: `host-${tag}@bench.invalid`, password: `bench-${tag}-pw` },
    headers: { origin, 'x-forwarded-for': HOST_IP },
  });
  expectStatus(res, 200, 'host sign-up');
  const cookie = cookieHeader(res.setCookies);
  if (!cookie) throw new Error('host sign-up: no session cookie in the response');
  return { ip: HOST_IP, cookie };
}

async function signInGuests(endpoint: Endpoint, origin: string): Promise<[Guest[], Figures]> {
  const recorder = new Recorder();
  const started = performance.now();
  const guests = await mapLimit(
    Array.from({ length: players }, (_, index) => index),
    GUESTS_AT_ONCE,
    async (index) => {
      const ip = phoneIp(index);
      const began = performance.now();
      const res = await endpoint.api.request('POST', '/api/auth/sign-in/anonymous', {
        json: {},
        headers: { origin, 'x-forwarded-for': ip },
      });
      expectStatus(res, 200, `guest ${index} sign-in`);
      const cookie = cookieHeader(res.setCookies);
      if (!cookie) throw new Error(`guest ${index} sign-in: no session cookie in the response`);
      recorder.ok(performance.now() - began);
      return { ip, cookie };
    },
  );
  return [guests, recorder.figures((performance.now() - started) / 1000)];
}

// ---------------------------------------------------------------------------------------------
// The phones: worker processes, each with its share (bench/lib/room-phones.ts)

/** Phone `index` is played by worker `index % workers` (so each worker's arrivals are spread). */
const workerOf = (index: number, count: number) => index % count;

/** One recorder of the workers' samples. */
function merged(samples: readonly Samples[]): Recorder {
  const recorder = new Recorder();
  for (const each of samples) recorder.absorb(each);
  return recorder;
}

function mergedLoop(shares: readonly LoopSamples[], seconds: number): OpenLoopFigures {
  return {
    fromArrival: merged(shares.map((share) => share.fromArrival)).figures(seconds),
    fromSent: merged(shares.map((share) => share.fromSent)).figures(seconds),
    lateStarts: shares.reduce((sum, share) => sum + share.lateStarts, 0),
  };
}

/**
 * Runs `click` (the host's action) and answers, for each phone, the time from the click to its
 * stream's first `room` event of `phase` (errors for those without it after EVENT_TIMEOUT_MS).
 */
async function timeTo(
  workers: readonly PhoneWorker[],
  phase: string,
  click: () => Promise<void>,
): Promise<{ fromClick: Figures; clickMs: number }> {
  await Promise.all(workers.map((worker) => worker.ask({ type: 'arm', phase })));
  const clicked = epochNow();
  await click();
  const clickMs = epochNow() - clicked;
  const shares = await Promise.all(
    workers.map((worker) => worker.ask({ type: 'collect', clicked, timeoutMs: EVENT_TIMEOUT_MS })),
  );
  return {
    fromClick: merged(shares.map((share) => share.fromClick)).figures(
      (epochNow() - clicked) / 1000,
    ),
    clickMs,
  };
}

// ---------------------------------------------------------------------------------------------
// CPU of the phones, the servers, PostgreSQL and the machine during a phase

type CpuLine = {
  /** The phone workers'. */
  client: number;
  /** The proxy processes', when there are some. */
  proxies: number;
  servers: number;
  postgres: number | null;
  machine: number | null;
  seconds: number;
};

function cpuMeter(setting: Setting): () => CpuLine {
  // PostgreSQL's: the backends of the bench's database only (others share the server).
  const meter = new CpuMeter(undefined, setting.databaseName);
  const began = performance.now();
  const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + (cpuSecondsOf(pid) ?? 0), 0);
  const serverCpu = () => cpuOf(setting.servers.map((server) => server.pid));
  const proxyCpu = () => cpuOf(setting.proxies.map((proxy) => proxy.pid));
  const workerCpu = () => cpuOf(setting.workers.map((worker) => worker.pid));
  const serverStart = serverCpu();
  const proxyStart = proxyCpu();
  const workerStart = workerCpu();
  return () => {
    const figures = meter.stop();
    const seconds = (performance.now() - began) / 1000;
    return {
      client: round(((workerCpu() - workerStart) / seconds) * 100, 1),
      proxies: round(((proxyCpu() - proxyStart) / seconds) * 100, 1),
      servers: round(((serverCpu() - serverStart) / seconds) * 100, 1),
      postgres: figures.postgresPct,
      machine: figures.machinePct,
      seconds,
    };
  };
}

const cpuText = (cpu: CpuLine, proxied: boolean) =>
  `${cpu.client}${proxied ? ` + ${cpu.proxies}` : ''} / ${cpu.servers} / ${cpu.postgres ?? '-'} / ${cpu.machine ?? '-'}`;

/**
 * CPU ms each operation cost the servers and PostgreSQL: on a machine others load too, what
 * they would need per second for a given rate (1,000 joins/s = 1 core per ms here).
 */
const cpuPerOp = (cpu: CpuLine, ops: number) => {
  const each = (pct: number | null) =>
    pct === null || ops === 0 ? '-' : ((pct / 100) * cpu.seconds * 1000) / ops;
  const shown = (value: number | string) => (typeof value === 'number' ? value.toFixed(2) : value);
  return `${shown(each(cpu.servers))} / ${shown(each(cpu.postgres))} ms`;
};

/** Statements one instance sent during a phase: how many, and the most frequent shapes. */
type StatementsSeen = { count: number; top: [string, number][] };

/**
 * SQL statements each server sent during a phase (BENCH_ROOM_COUNT_STATEMENTS=1: servers run from
 * the sources with the counter preloaded, bench/lib/query-counter-ipc.ts, and keep the text of
 * what they send meanwhile); null otherwise.
 */
async function statementMeter(setting: Setting): Promise<() => Promise<StatementsSeen[] | null>> {
  const counters = setting.servers.map((server) => server.statements);
  if (counters.some((counter) => counter === undefined)) return () => Promise.resolve(null);
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  let started = 0;
  let allStarted!: () => void;
  const tracing = new Promise<void>((resolve) => (allStarted = resolve));
  const traces = counters.map((counter) =>
    counter!.trace(() => {
      if (++started === counters.length) allStarted();
      return ended;
    }),
  );
  await tracing;
  return async () => {
    end();
    return (await Promise.all(traces)).map((texts) => ({
      count: texts.length,
      top: topShapes(texts, 6),
    }));
  };
}

/** The most frequent statements, each cut to its first words (parameters differ, text does not). */
function topShapes(texts: readonly string[], count: number): [string, number][] {
  const shapes = new Map<string, number>();
  for (const text of texts) {
    const shape = text.slice(0, 90);
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
  }
  return [...shapes].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/** Statements per operation, each instance's and their sum ("0.41 + 0.38 = 0.79"). */
const statementsPerOp = (seen: StatementsSeen[] | null, ops: number) => {
  if (seen === null || ops === 0) return null;
  const each = seen.map((instance) => instance.count / ops);
  const shown = each.map((value) => value.toFixed(2));
  return each.length === 1
    ? shown[0]!
    : `${shown.join(' + ')} = ${each.reduce((a, b) => a + b, 0).toFixed(2)}`;
};

// ---------------------------------------------------------------------------------------------
// One room, played to its reveal

type RoomFigures = {
  joins: OpenLoopFigures;
  joined: number;
  streamsOpen: Figures;
  rssBeforeMb: number[];
  rssWithMb: number[];
  start: { fromClick: Figures; clickMs: number };
  submissions: OpenLoopFigures;
  counted: { database: number; tally: number; results: number };
  ended: { fromClick: Figures; clickMs: number };
  reveal: { fromClick: Figures; clickMs: number };
  cpu: { joins: CpuLine; submissions: CpuLine; reveal: CpuLine };
  /** The database's backends waiting on a lock during the joins and the submissions. */
  locks: { joins: LockWaits; submissions: LockWaits };
  statements: { joins: StatementsSeen[] | null; submissions: StatementsSeen[] | null };
  streamsPerServer: string | null;
  streamFailures: Figures;
  joinEvents: number;
};

/** When an open loop's arrival 0 is: a moment ahead, so every worker has the command by then. */
const LOOP_LEAD_MS = 250;

async function playRoom(setting: Setting, host: Guest, guests: Guest[]): Promise<RoomFigures> {
  const { origin, hostEndpoint, workers } = setting;
  const count = workers.length;
  await Promise.all(
    workers.map((worker, w) =>
      worker.ask({
        type: 'init',
        origin,
        phones: guests.flatMap((guest, index) =>
          workerOf(index, count) === w
            ? [{ index, ...guest, port: setting.endpointOf(index).port }]
            : [],
        ),
        socketsPerEndpoint: Math.max(16, Math.ceil(SOCKETS_PER_CLIENT / count)),
        inFlight: Math.max(16, Math.ceil(IN_FLIGHT / count)),
      }),
    ),
  );
  let closed = false;
  const close = async () => {
    closed = true;
    const shares = await Promise.all(workers.map((worker) => worker.ask({ type: 'close' })));
    return merged(shares.map((share) => share.failures)).figures(1);
  };
  try {
    const created = await post(hostEndpoint, origin, host, '/api/games', {
      prompt: `Bench room: which of ${ITEMS} wins? (${setting.label})`,
      items: Array.from({ length: ITEMS }, (_, i) => `Contender ${i + 1}`),
    });
    expectStatus(created, 201, 'create the game');
    const game = parse<{ game: { id: string; items: { id: string }[] } }>(created, 'game').game;
    const itemIds = game.items.map((item) => item.id);
    const made = await post(hostEndpoint, origin, host, '/api/rooms', {
      gameIds: [game.id],
      roundSeconds,
    });
    expectStatus(made, 201, 'create the room');
    const { code } = parse<{ room: { code: string } }>(made, 'room').room;
    const act = async (action: string) => {
      const res = await post(hostEndpoint, origin, host, `/api/rooms/${code}/${action}`);
      expectStatus(res, 200, `host: ${action}`);
    };
    await act('open');
    checkpoint();

    progress(
      `${setting.label}: ${guests.length} phones join room ${code} over ${joinSeconds} s ` +
        `(${count} phone process(es)) ...`,
    );
    const rssAtStartMb = setting.servers.map((server) => server.memory()?.rssMb ?? Number.NaN);
    const sentAtStart = await sentPerServer(setting);
    const joinCpu = cpuMeter(setting);
    const joinLocks = await sampleLockWaits(setting.databaseUrl);
    const joinStatements = await statementMeter(setting);
    const joinStart = epochNow() + LOOP_LEAD_MS;
    const joinShares = await Promise.all(
      workers.map((worker) =>
        worker.ask({
          type: 'join',
          code,
          start: joinStart,
          seconds: joinSeconds,
          count: guests.length,
          streamsOnJoin,
        }),
      ),
    );
    const joinsCpu = joinCpu();
    const joinsLocks = await joinLocks();
    const joinsStatements = await joinStatements();
    const joins = mergedLoop(
      joinShares.map((share) => share.joins),
      (epochNow() - joinStart) / 1000,
    );
    const joined = joinShares.reduce((sum, share) => sum + share.joined, 0);
    checkpoint();

    const rssBeforeMb = streamsOnJoin
      ? rssAtStartMb
      : setting.servers.map((server) => server.memory()?.rssMb ?? Number.NaN);
    const sentBefore = streamsOnJoin ? sentAtStart : await sentPerServer(setting);
    if (!streamsOnJoin) progress(`${setting.label}: opening ${guests.length} event streams ...`);
    const openStarted = epochNow();
    const streamShares = await Promise.all(
      workers.map((worker) =>
        worker.ask({
          type: 'streams',
          code,
          streamsOnJoin,
          atOnce: Math.max(1, Math.ceil(STREAMS_AT_ONCE / count)),
        }),
      ),
    );
    const streamsOpen = merged(streamShares.map((share) => share.opening)).figures(
      (epochNow() - (streamsOnJoin ? joinStart : openStarted)) / 1000,
    );
    const joinEvents = streamShares.reduce((sum, share) => sum + share.joinEvents, 0);
    const streamsPerServer = await spreadOf(setting, sentBefore);
    await sleep(1000);
    const rssWithMb = setting.servers.map((server) => server.memory()?.rssMb ?? Number.NaN);
    checkpoint();

    progress(`${setting.label}: the host starts the round ...`);
    const start = await timeTo(workers, 'round', () => act('start'));
    progress(`${setting.label}: ${guests.length} phones submit over ${submitSeconds} s ...`);
    const submitCpu = cpuMeter(setting);
    const submitLocks = await sampleLockWaits(setting.databaseUrl);
    const submitStatements = await statementMeter(setting);
    const submitStart = epochNow() + LOOP_LEAD_MS;
    const submitShares = await Promise.all(
      workers.map((worker) =>
        worker.ask({
          type: 'submit',
          gameId: game.id,
          itemIds,
          start: submitStart,
          seconds: submitSeconds,
          count: guests.length,
        }),
      ),
    );
    const submissionsCpu = submitCpu();
    const submissionsLocks = await submitLocks();
    const submissionsStatements = await submitStatements();
    const submissions = mergedLoop(
      submitShares.map((share) => share.submissions),
      (epochNow() - submitStart) / 1000,
    );
    const counted = await recount(setting, host, game.id);
    checkpoint();

    progress(`${setting.label}: the host ends the round and reveals ...`);
    const ended = await timeTo(workers, 'ended', () => act('end-round'));
    const revealCpu = cpuMeter(setting);
    const reveal = await timeTo(workers, 'reveal', () => act('reveal'));
    const revealedCpu = revealCpu();
    const streamFailures = await close();
    return {
      joins,
      joined,
      streamsOpen,
      rssBeforeMb,
      rssWithMb,
      start,
      submissions,
      counted,
      ended,
      reveal,
      cpu: { joins: joinsCpu, submissions: submissionsCpu, reveal: revealedCpu },
      locks: { joins: joinsLocks, submissions: submissionsLocks },
      statements: { joins: joinsStatements, submissions: submissionsStatements },
      streamsPerServer,
      streamFailures,
      joinEvents,
    };
  } finally {
    if (!closed) await close().catch(() => undefined);
  }
}

/** The game's final ballots three ways: rows in the database, its tally, its results' count. */
async function recount(
  setting: Setting,
  host: Guest,
  gameId: string,
): Promise<RoomFigures['counted']> {
  const client = new pg.Client({ connectionString: setting.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ database: number; tally: number }>(
      `select
         (select count(*)::int from submission where game_id = $1 and not partial) as database,
         (select submissions from game_tally where game_id = $1) as tally`,
      [gameId],
    );
    const res = await setting.hostEndpoint.api.request('GET', `/api/games/${gameId}/results`, {
      headers: headersOf(setting.origin, host),
    });
    expectStatus(res, 200, 'results');
    const results = parse<{ results: { submissions: number } }>(res, 'results').results.submissions;
    return { database: rows[0]?.database ?? 0, tally: rows[0]?.tally ?? 0, results };
  } finally {
    await client.end();
  }
}

async function sentPerServer(setting: Setting): Promise<Map<string, number>> {
  const total = new Map<string, number>();
  for (const proxy of setting.proxies) {
    for (const [backend, sent] of Object.entries(await proxy.sent())) {
      total.set(backend, (total.get(backend) ?? 0) + sent);
    }
  }
  return total;
}

/** Requests the proxies sent each server since `before` (streams, when only streams were opened). */
async function spreadOf(setting: Setting, before: Map<string, number>): Promise<string | null> {
  if (setting.proxies.length === 0) return null;
  const after = await sentPerServer(setting);
  return setting.servers
    .map((server) => {
      const backend = `http://127.0.0.1:${server.port}`;
      return String((after.get(backend) ?? 0) - (before.get(backend) ?? 0));
    })
    .join(' / ');
}

// ---------------------------------------------------------------------------------------------
// The printed table

const ms = (value: number) => `${Math.round(value)} ms`;
const mb = (values: number[]) =>
  values.length === 1
    ? `${values[0]!.toFixed(1)} MB`
    : `${values.map((v) => v.toFixed(1)).join(' + ')} = ${values.reduce((a, b) => a + b, 0).toFixed(1)} MB`;

/** A row of figures; `rate` false for a click's fan-out, whose count per second means nothing. */
function row(what: string, figures: Figures, note?: string, rate = true): Row {
  return {
    what,
    opsPerSecond: rate ? figures.opsPerSecond : null,
    p50Ms: figures.p50Ms,
    p95Ms: figures.p95Ms,
    p99Ms: figures.p99Ms,
    errors: figures.errors,
    note,
  };
}

const errorsOf = (figures: Figures) =>
  figures.errorSamples.map(({ message, count }) => `${count}x ${message}`).join('; ');

function printRoom(setting: Setting, room: RoomFigures, signIn: Figures | null): void {
  const n = players;
  const proxied = setting.proxies.length > 0;
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const perStreamKb = ((sum(room.rssWithMb) - sum(room.rssBeforeMb)) * 1024) / n;
  const rows: Row[] = [
    ...(signIn ? [row('guest sign-in (setup, 32 at a time)', signIn, 'no target')] : []),
    row(
      `join, from arrival (${n} over ${joinSeconds} s)`,
      room.joins.fromArrival,
      `target p95 <= ${TARGETS.joinP95Ms} ms, 0 errors`,
    ),
    row('join, from sent', room.joins.fromSent),
    row(
      'stream open -> its lobby snapshot',
      room.streamsOpen,
      streamsOnJoin
        ? 'each once its phone joined'
        : `${STREAMS_AT_ONCE} at a time, after the joins`,
    ),
    row('start click -> phone has the round', room.start.fromClick, undefined, false),
    row(
      `submission, from arrival (${n} over ${submitSeconds} s)`,
      room.submissions.fromArrival,
      `target p95 <= ${TARGETS.submitP95Ms} ms`,
    ),
    row('submission, from sent', room.submissions.fromSent),
    row('end-round click -> phone has it', room.ended.fromClick, undefined, false),
    row(
      'reveal click -> phone has the reveal',
      room.reveal.fromClick,
      `target p95 <= ${TARGETS.revealP95Ms} ms`,
      false,
    ),
  ];
  const { database, tally, results } = room.counted;
  const exact = database === n && tally === n && results === n;
  const ratios: [string, string][] = [
    ['players joined (201)', `${room.joined} of ${n}`],
    [
      'ballots counted: rows / tally / results',
      `${database} / ${tally} / ${results} of ${n} (target: all = ${n}; ${exact ? 'exact' : 'NOT exact'})`,
    ],
    [
      'arrivals sent > 100 ms late: joins / submissions',
      `${room.joins.lateStarts} / ${room.submissions.lateStarts}`,
    ],
    [
      'host click answered: start / end / reveal',
      `${ms(room.start.clickMs)} / ${ms(room.ended.clickMs)} / ${ms(room.reveal.clickMs)}`,
    ],
    [
      streamsOnJoin ? 'server RSS before the joins and streams' : 'server RSS before the streams',
      mb(room.rssBeforeMb),
    ],
    [`server RSS with ${n} streams`, `${mb(room.rssWithMb)} (printed, no target)`],
    ['server RSS per stream', `${perStreamKb.toFixed(1)} KB`],
    ['streams that failed or ended (any time)', String(room.streamFailures.errors)],
    ['join events the phones were sent', String(room.joinEvents)],
    [
      `CPU % of a core: phones (${setting.workers.length} processes)${proxied ? ' + proxies' : ''} / servers / postgres (this database) / machine`,
      '',
    ],
    ['  during the joins', cpuText(room.cpu.joins, proxied)],
    ['  during the submissions', cpuText(room.cpu.submissions, proxied)],
    ['  from the reveal click to the last phone', cpuText(room.cpu.reveal, proxied)],
    ['CPU per join: servers / postgres', cpuPerOp(room.cpu.joins, room.joins.fromSent.ops)],
    [
      'CPU per submission: servers / postgres',
      cpuPerOp(room.cpu.submissions, room.submissions.fromSent.ops),
    ],
    [
      'backends waiting on a lock (mean, sampled): during the joins',
      lockWaitsText(room.locks.joins),
    ],
    ['  during the submissions', lockWaitsText(room.locks.submissions)],
  ];
  const perJoin = statementsPerOp(room.statements.joins, room.joins.fromSent.ops);
  const perSubmission = statementsPerOp(room.statements.submissions, room.submissions.fromSent.ops);
  const shapes = (what: string, seen: StatementsSeen[] | null, ops: number) =>
    (seen ?? []).forEach((instance, i) => {
      for (const [shape, count] of instance.top) {
        ratios.push([`  ${what}, instance ${i + 1}: ${(count / ops).toFixed(2)} x`, shape]);
      }
    });
  if (perJoin !== null) {
    ratios.push(['SQL statements per join, by instance', perJoin]);
    shapes('join', room.statements.joins, room.joins.fromSent.ops);
  }
  if (perSubmission !== null) {
    ratios.push(['SQL statements per submission, by instance', perSubmission]);
    shapes('submission', room.statements.submissions, room.submissions.fromSent.ops);
  }
  if (room.streamsPerServer !== null) {
    ratios.push([
      streamsOnJoin ? 'joins and streams per instance' : 'streams per instance',
      room.streamsPerServer,
    ]);
    ratios.push(['proxy processes (2 sockets a stream)', String(setting.proxies.length)]);
  }
  for (const [what, figures] of [
    ['join', room.joins.fromArrival],
    ['stream', room.streamsOpen],
    ['stream failure', room.streamFailures],
    ['start', room.start.fromClick],
    ['submission', room.submissions.fromArrival],
    ['end-round', room.ended.fromClick],
    ['reveal', room.reveal.fromClick],
  ] as const) {
    if (figures.errors > 0) ratios.push([`${what} errors`, errorsOf(figures)]);
  }
  process.stdout.write(`\n${formatTable(`Live room, ${setting.label}`, rows, ratios)}\n`);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const adminUrl = benchAdminUrl();
  const limit = openFileLimit();
  checkOpenFiles(limit);
  const load = logLoadAtStart(log);
  let database: FreshDatabase | undefined;
  const servers: ChildServer[] = [];
  const proxies: ProxyProcess[] = [];
  const clients: HttpClient[] = [];
  const workers: PhoneWorker[] = [];
  const client = (port: number): Endpoint => {
    const api = new HttpClient('127.0.0.1', port, 'http', SOCKETS_PER_CLIENT);
    clients.push(api);
    return { port, api };
  };
  const onSigint = () => (stopSignal.stopped = true);
  process.once('SIGINT', onSigint);
  try {
    database = await createFreshDatabase(adminUrl);
    const secret = randomBytes(32).toString('base64url');
    workers.push(
      ...(await Promise.all(Array.from({ length: workerCount }, () => startPhoneWorker()))),
    );
    const spawnOptions = {
      timeoutMs: READY_TIMEOUT_MS,
      shouldStop: () => stopSignal.stopped,
      countStatements,
    };

    // One instance: phones talk to it directly.
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    progress('starting one instance ...');
    const single = await spawnServer(serverEnv(port, secret, database.url, origin), spawnOptions);
    servers.push(single);
    const direct = client(port);
    const host = await signUpHost(direct, origin);
    progress(`signing in ${players} guests ...`);
    const [guests, signIn] = await signInGuests(direct, origin);
    checkpoint();
    const one: Setting = {
      label: `one instance (${players} phones; load average ${load.toFixed(2)} at start)`,
      servers: [single],
      proxies: [],
      hostEndpoint: direct,
      endpointOf: () => direct,
      origin,
      databaseUrl: database.url,
      databaseName: database.name,
      workers,
    };
    printRoom(one, await playRoom(one, host, guests), signIn);
    await single.stop();
    servers.length = 0;
    checkpoint();

    // Two instances behind round-robin proxies, on the same database (the same guests).
    const ports = [await freePort(), await freePort()];
    const backends = ports.map((p) => `http://127.0.0.1:${p}`);
    const proxyCount = Number.isFinite(limit)
      ? Math.max(1, Math.ceil((2 * players) / Math.max(1, limit - SPARE_FILES)))
      : 1;
    progress(`starting ${proxyCount} proxy process(es) and two instances ...`);
    for (let i = 0; i < proxyCount; i++) proxies.push(await startProxyProcess(backends));
    const proxied = proxies.map((proxy) => client(proxy.port));
    const proxyOrigin = `http://127.0.0.1:${proxies[0]!.port}`;
    // The first applies nothing new (migrated above); both start together.
    servers.push(
      ...(await Promise.all(
        ports.map((p) =>
          spawnServer(serverEnv(p, secret, database!.url, proxyOrigin, 2), spawnOptions),
        ),
      )),
    );
    const two: Setting = {
      label: `two instances behind the round-robin proxy (${players} phones)`,
      servers: [...servers],
      proxies,
      hostEndpoint: proxied[0]!,
      endpointOf: (index) => proxied[index % proxied.length]!,
      origin: proxyOrigin,
      databaseUrl: database.url,
      databaseName: database!.name,
      workers,
    };
    printRoom(two, await playRoom(two, host, guests), null);
    process.stdout.write('\n');
  } finally {
    process.off('SIGINT', onSigint);
    for (const api of clients) api.close();
    await Promise.all(workers.map((worker) => worker.stop()));
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(proxies.map((proxy) => proxy.stop()));
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
