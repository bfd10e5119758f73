/**
 * `npx tsx bench/room.ts` (part of `npm run bench`): a live room of ten thousand phones (issue 27,
 * "Scale"), each figure printed beside its target. Servers are child processes started the way
 * `npm start` starts them (the bundle, NODE_ENV=production) on one fresh PostgreSQL database;
 * this process is every phone, over real HTTP and SSE on loopback, each phone a guest of its own
 * from a client address of its own (sent in the trusted X-Forwarded-For), so per-address limits
 * hold as they do in life.
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
 * CPU during joins, submissions and the reveal is printed as % of one core for this process (the
 * phones: when it nears 100 % the client, not the server, is the bottleneck), the servers,
 * PostgreSQL and the machine. Env: BENCH_ROOM_PLAYERS (10000), BENCH_ROOM_JOIN_SECONDS (10),
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
import { cookieHeader, HttpClient, SseConnection, type HttpResponse } from './lib/http';
import { createFreshDatabase, type FreshDatabase } from './lib/postgres';
import { startProxyProcess, type ProxyProcess } from './lib/proxy-process';
import {
  benchAdminUrl,
  checkpoint,
  expectStatus,
  log,
  logLoadAtStart,
  parse,
  positive,
  SetupError,
  shuffled,
  sleep,
} from './lib/setup';
import {
  formatTable,
  mapLimit,
  openLoop,
  Recorder,
  round,
  stopSignal,
  type Figures,
  type OpenLoopFigures,
  type Row,
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

type Phone = Guest & { endpoint: Endpoint; stream?: SseConnection };

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

/** Every stream is a socket in this process and one in its server (a child inherits the limit). */
function checkOpenFiles(limit: number): void {
  if (Number.isNaN(limit)) return;
  const needed = players + SPARE_FILES;
  if (limit < needed) {
    throw new SetupError(
      `BENCH_ROOM_PLAYERS=${players} needs ${needed} open files in this process and in the ` +
        `server's, but \`ulimit -n\` is ${limit}. Raise it in the shell that runs the bench ` +
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
// Phones' streams: each phone's latest room phase, and the time each first had a phase awaited

/** `promise`, or a rejection after `ms` (its timer cleared, so it holds no exit back). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`nothing within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const PHASE = /"phase":"([a-z]+)"/;

class Streams {
  /** The phase each phone's stream last told (undefined before its snapshot). */
  readonly phases: (string | undefined)[];
  /** `join` events the phones were sent (each join goes to every stream open then). */
  joinEvents = 0;
  private awaited: { phase: string; at: Float64Array; count: number; done(): void } | undefined;
  failures = new Recorder();

  constructor(count: number) {
    this.phases = new Array<string | undefined>(count);
  }

  onRoomEvent(index: number, data: string, at: number): void {
    const phase = PHASE.exec(data)?.[1];
    this.phases[index] = phase;
    const awaited = this.awaited;
    if (!awaited || phase !== awaited.phase || !Number.isNaN(awaited.at[index]!)) return;
    awaited.at[index] = at;
    if (++awaited.count === this.phases.length) awaited.done();
  }

  /**
   * Runs `click` (the host's action) and answers, for each phone, the time from the click to its
   * stream's first `room` event of `phase` (NaN for those without it after EVENT_TIMEOUT_MS).
   */
  async timeTo(
    phase: string,
    click: () => Promise<void>,
  ): Promise<{ fromClick: Figures; clickMs: number }> {
    const at = new Float64Array(this.phases.length).fill(Number.NaN);
    let done!: () => void;
    const all = new Promise<void>((resolve) => (done = resolve));
    this.awaited = { phase, at, count: 0, done };
    const clicked = performance.now();
    await click();
    const clickMs = performance.now() - clicked;
    await within(all, EVENT_TIMEOUT_MS).catch(() => undefined);
    this.awaited = undefined;
    const recorder = new Recorder();
    for (const arrived of at) {
      if (Number.isNaN(arrived))
        recorder.error(new Error(`no ${phase} event within ${EVENT_TIMEOUT_MS / 1000} s`));
      else recorder.ok(arrived - clicked);
    }
    return { fromClick: recorder.figures((performance.now() - clicked) / 1000), clickMs };
  }
}

// ---------------------------------------------------------------------------------------------
// CPU of this process, the servers, PostgreSQL and the machine during a phase

type CpuLine = {
  client: number;
  /** The proxy processes', when there are some. */
  proxies: number;
  servers: number;
  postgres: number | null;
  machine: number | null;
  seconds: number;
};

function cpuMeter(setting: Setting): () => CpuLine {
  const meter = new CpuMeter();
  const began = performance.now();
  const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + (cpuSecondsOf(pid) ?? 0), 0);
  const serverCpu = () => cpuOf(setting.servers.map((server) => server.pid));
  const proxyCpu = () => cpuOf(setting.proxies.map((proxy) => proxy.pid));
  const serverStart = serverCpu();
  const proxyStart = proxyCpu();
  return () => {
    const figures = meter.stop();
    const seconds = (performance.now() - began) / 1000;
    return {
      client: figures.nodePct,
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
  streamsPerServer: string | null;
  streamFailures: Figures;
  joinEvents: number;
};

async function playRoom(setting: Setting, host: Guest, guests: Guest[]): Promise<RoomFigures> {
  const { origin, hostEndpoint } = setting;
  const phones: Phone[] = guests.map((guest, index) => ({
    ...guest,
    endpoint: setting.endpointOf(index),
  }));
  const streams = new Streams(phones.length);
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
      `${setting.label}: ${phones.length} phones join room ${code} over ${joinSeconds} s ...`,
    );
    const opening = new Recorder();
    const openStream = async (phone: Phone, index: number): Promise<void> => {
      const began = performance.now();
      let snapshot!: () => void;
      const first = new Promise<void>((resolve) => (snapshot = resolve));
      const stream = new SseConnection(
        '127.0.0.1',
        phone.endpoint.port,
        `/api/rooms/${code}/events`,
        { cookie: phone.cookie, 'x-forwarded-for': phone.ip },
        (event) => {
          if (event.event === 'join') streams.joinEvents += 1;
          if (event.event !== 'room') return;
          streams.onRoomEvent(index, event.data, event.at);
          snapshot();
        },
        (error) => streams.failures.error(error),
      );
      phone.stream = stream;
      try {
        await stream.opened;
        await within(first, EVENT_TIMEOUT_MS);
        opening.ok(performance.now() - began);
      } catch (error) {
        opening.error(error);
      }
    };

    const rssAtStartMb = setting.servers.map((server) => server.memory()?.rssMb ?? Number.NaN);
    const sentAtStart = await sentPerServer(setting);
    let joined = 0;
    const openedOnJoin: Promise<void>[] = [];
    const joinCpu = cpuMeter(setting);
    let openStarted = performance.now();
    const joins = await openLoop(phones.length, joinSeconds, IN_FLIGHT, async (index) => {
      const phone = phones[index]!;
      const res = await post(phone.endpoint, origin, phone, `/api/rooms/${code}/join`, {
        name: `Phone ${index + 1}`,
      });
      failUnless(res, 201, 'join');
      joined += 1;
      // As a phone does: its stream opens once it is in (not counted in the join's time).
      if (streamsOnJoin) openedOnJoin.push(openStream(phone, index));
    });
    const joinsCpu = joinCpu();
    checkpoint();

    const rssBeforeMb = streamsOnJoin
      ? rssAtStartMb
      : setting.servers.map((server) => server.memory()?.rssMb ?? Number.NaN);
    const sentBefore = streamsOnJoin ? sentAtStart : await sentPerServer(setting);
    if (streamsOnJoin) await Promise.all(openedOnJoin);
    else {
      progress(`${setting.label}: opening ${phones.length} event streams ...`);
      openStarted = performance.now();
      await mapLimit(phones, STREAMS_AT_ONCE, openStream);
    }
    const streamsOpen = opening.figures((performance.now() - openStarted) / 1000);
    const joinEvents = streams.joinEvents;
    const streamsPerServer = await spreadOf(setting, sentBefore);
    await sleep(1000);
    const rssWithMb = setting.servers.map((server) => server.memory()?.rssMb ?? Number.NaN);
    checkpoint();

    progress(`${setting.label}: the host starts the round ...`);
    const start = await streams.timeTo('round', () => act('start'));
    progress(`${setting.label}: ${phones.length} phones submit over ${submitSeconds} s ...`);
    const submitCpu = cpuMeter(setting);
    const submissions = await openLoop(phones.length, submitSeconds, IN_FLIGHT, async (index) => {
      const phone = phones[index]!;
      const res = await phone.endpoint.api.request('PUT', `/api/games/${game.id}/submission`, {
        json: { ranking: shuffled(itemIds) },
        headers: headersOf(origin, phone),
      });
      failUnless(res, 200, 'submission');
    });
    const submissionsCpu = submitCpu();
    const counted = await recount(setting, host, game.id);
    checkpoint();

    progress(`${setting.label}: the host ends the round and reveals ...`);
    const ended = await streams.timeTo('ended', () => act('end-round'));
    const revealCpu = cpuMeter(setting);
    const reveal = await streams.timeTo('reveal', () => act('reveal'));
    const revealedCpu = revealCpu();
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
      streamsPerServer,
      streamFailures: streams.failures.figures(1),
      joinEvents,
    };
  } finally {
    for (const phone of phones) phone.stream?.close();
  }
}

function failUnless(res: HttpResponse, status: number, what: string): void {
  if (res.status !== status)
    throw new Error(`${what}: HTTP ${res.status} ${res.body.slice(0, 120)}`);
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
    [`CPU % of a core: phones${proxied ? ' + proxies' : ''} / servers / postgres / machine`, ''],
    ['  during the joins', cpuText(room.cpu.joins, proxied)],
    ['  during the submissions', cpuText(room.cpu.submissions, proxied)],
    ['  from the reveal click to the last phone', cpuText(room.cpu.reveal, proxied)],
    ['CPU per join: servers / postgres', cpuPerOp(room.cpu.joins, room.joins.fromSent.ops)],
    [
      'CPU per submission: servers / postgres',
      cpuPerOp(room.cpu.submissions, room.submissions.fromSent.ops),
    ],
  ];
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

    // One instance: phones talk to it directly.
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    progress('starting one instance ...');
    const single = await spawnServer(serverEnv(port, secret, database.url, origin), {
      timeoutMs: READY_TIMEOUT_MS,
      shouldStop: () => stopSignal.stopped,
    });
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
          spawnServer(serverEnv(p, secret, database!.url, proxyOrigin, 2), {
            timeoutMs: READY_TIMEOUT_MS,
            shouldStop: () => stopSignal.stopped,
          }),
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
    };
    printRoom(two, await playRoom(two, host, guests), null);
    process.stdout.write('\n');
  } finally {
    process.off('SIGINT', onSigint);
    for (const api of clients) api.close();
    await Promise.all(servers.map((server) => server.stop()));
    await Promise.all(proxies.map((proxy) => proxy.stop()));
    await database?.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
