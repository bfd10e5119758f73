/**
 * `npm run bench`: Crowned's core loop against a real PostgreSQL server, with the SQL statements
 * each request sends and the node driver's own single-row upsert beside it. The ratios to
 * pgbench are bench/hot-path.ts's (interleaved with pgbench, so load does not flatter them).
 *
 *   submissions/s  guests re-submit random rankings to one game (PUT /api/games/:id/submission)
 *   results/s      the owner and guests read the results (GET /api/games/:id/results)
 *   live fan-out   K event streams on the game; time from a submission's response to its event
 *                  reaching every stream
 *
 * Env: BENCH_SECONDS (10), BENCH_CONCURRENCY (16), BENCH_GUESTS (max(64, 2 x concurrency)),
 * BENCH_SUBSCRIBERS (50, 0 skips the fan-out), BENCH_CLIENT (http | fetch), BENCH_TRACE=1 prints
 * the SQL of one submission and one results read, BENCH_DATABASE_URL / TEST_DATABASE_URL (an
 * admin URL on a loopback server; a fresh database is created on it and dropped at the end).
 * The server runs in a child process (from the sources, counting its SQL statements), so the
 * load generator does not share its core. Figures are printed and written to bench/results/,
 * never asserted. Exit code: 1 when setup
 * failed or any request failed, 130 when interrupted.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../test/support/server';
import { spawnServer, type ChildServer, type StatementCounter } from './lib/child-server';
import {
  cookieHeader,
  HttpClient,
  SseConnection,
  type ClientKind,
  type HttpResponse,
} from './lib/http';
import {
  createFreshDatabase,
  createUpsertTable,
  runDriverUpsert,
  serverVersion,
  UPSERT_KEYS,
  type FreshDatabase,
} from './lib/postgres';
import { CpuMeter, type CpuFigures } from './lib/cpu';
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
  parse,
  positive,
  redact,
  SetupError,
  shuffled,
  sleep,
  runBench,
} from './lib/setup';
import { checkTally } from './lib/seed-results';

// ---------------------------------------------------------------------------------------------
// Settings

const ITEM_COUNT = 10;
/** Guests' client addresses (TEST-NET for benchmarks, RFC 2544), sent in the trusted proxy header. */
const guestIp = (index: number) => `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;
const FANOUT_EVENT_TIMEOUT_MS = 5_000;

type Settings = {
  seconds: number;
  concurrency: number;
  guests: number;
  subscribers: number;
  client: ClientKind;
  trace: boolean;
  adminUrl: string;
};

function readSettings(): Settings {
  const seconds = positive('BENCH_SECONDS', 10, false);
  const concurrency = positive('BENCH_CONCURRENCY', 16);
  const guests = positive('BENCH_GUESTS', Math.max(64, concurrency * 2));
  const subscribersRaw = process.env.BENCH_SUBSCRIBERS?.trim();
  const subscribers = subscribersRaw === '0' ? 0 : positive('BENCH_SUBSCRIBERS', 50);
  const client = (process.env.BENCH_CLIENT?.trim() || 'http') as ClientKind;
  if (client !== 'http' && client !== 'fetch')
    throw new SetupError('BENCH_CLIENT must be http or fetch');
  const adminUrl = benchAdminUrl();
  return {
    seconds,
    concurrency,
    guests,
    subscribers,
    client,
    trace: process.env.BENCH_TRACE === '1',
    adminUrl,
  };
}

// ---------------------------------------------------------------------------------------------
// The game under test

type Viewer = { cookie: string };
type Item = { id: string; label: string };

class Api {
  constructor(
    private readonly http: HttpClient,
    readonly publicUrl: string,
  ) {}

  post(path: string, json: unknown, headers: Record<string, string> = {}): Promise<HttpResponse> {
    return this.http.request('POST', path, {
      json,
      headers: { origin: this.publicUrl, ...headers },
    });
  }

  put(path: string, json: unknown, viewer: Viewer): Promise<HttpResponse> {
    return this.http.request('PUT', path, {
      json,
      headers: { origin: this.publicUrl, cookie: viewer.cookie },
    });
  }

  get(path: string, viewer: Viewer): Promise<HttpResponse> {
    return this.http.request('GET', path, { headers: { cookie: viewer.cookie } });
  }
}

async function signUpOwner(api: Api, tag: string): Promise<Viewer> {
  const res = await api.post(
    '/api/auth/sign-up/email',
    { name: 'Bench Owner', email: `owner-${tag}@bench.invalid`, password: `bench-${tag}-password` },
    { 'x-forwarded-for': '198.19.0.1' },
  );
  expectStatus(res, 200, 'owner sign-up');
  const cookie = cookieHeader(res.setCookies);
  if (!cookie) throw new Error('owner sign-up: no session cookie in the response');
  return { cookie };
}

async function signInGuest(api: Api, index: number): Promise<Viewer> {
  const res = await api.post(
    '/api/auth/sign-in/anonymous',
    {},
    { 'x-forwarded-for': guestIp(index) },
  );
  expectStatus(res, 200, `guest ${index} sign-in`);
  const cookie = cookieHeader(res.setCookies);
  if (!cookie) throw new Error(`guest ${index} sign-in: no session cookie in the response`);
  return { cookie };
}

async function createGame(api: Api, owner: Viewer): Promise<{ id: string; items: Item[] }> {
  const labels = Array.from({ length: ITEM_COUNT }, (_, i) => `Contender ${i + 1}`);
  const res = await api.post(
    '/api/games',
    { prompt: 'Benchmark: which contender wins?', items: labels },
    { cookie: owner.cookie },
  );
  expectStatus(res, 201, 'create game');
  const { game } = parse<{ game: { id: string; items: Item[] } }>(res, 'create game');
  if (game.items.length !== ITEM_COUNT) throw new Error(`create game: ${game.items.length} items`);
  return game;
}

// ---------------------------------------------------------------------------------------------
// Phases

type PhaseFigures = Figures & { statementsPerRequest: number | null };

async function measured(
  statements: StatementCounter,
  run: () => Promise<Figures>,
): Promise<PhaseFigures> {
  const before = await statements.count();
  const figures = await run();
  const requests = figures.ops + figures.errors;
  const sent = (await statements.count()) - before;
  return { ...figures, statementsPerRequest: requests > 0 ? round(sent / requests, 2) : null };
}

/** Runs a phase and adds where the CPU went meanwhile (the child server's given its pid). */
async function withCpu<T extends object>(
  serverPid: number | undefined,
  run: () => Promise<T>,
): Promise<T & { cpu: CpuFigures }> {
  const meter = new CpuMeter(serverPid);
  const result = await run();
  const cpu = meter.stop();
  checkpoint();
  return { ...result, cpu };
}

type FanoutFigures = {
  subscribers: number;
  rounds: number;
  seconds: number;
  roundsPerSecond: number;
  eventsPerSecond: number;
  /** From a submission's response to its event at the last of the K streams. */
  allReceived: {
    p50Ms: number | null;
    p95Ms: number | null;
    p99Ms: number | null;
    maxMs: number | null;
  };
  /** From a submission's response to its event at each stream. */
  eachReceived: { p50Ms: number | null; p95Ms: number | null; p99Ms: number | null };
  errors: number;
  errorSamples: { message: string; count: number }[];
  statementsPerRound: number | null;
};

/**
 * One guest submits, then waits until every stream got that submission's version; repeated for
 * `seconds`. Sequential on purpose: each event is unambiguous and nothing coalesces.
 */
async function runFanout(options: {
  port: number;
  gameId: string;
  submitter: Viewer;
  watchers: Viewer[];
  items: Item[];
  api: Api;
  seconds: number;
  subscribers: number;
  connections: SseConnection[];
  expectedCount: number;
  statements: StatementCounter;
}): Promise<FanoutFigures> {
  const { subscribers } = options;
  const seen = new Array<number>(subscribers).fill(-1);
  const arrivals = Array.from({ length: subscribers }, () => new Map<number, number>());
  const streamErrors = new Recorder();
  let waiter: { version: number; check(): void } | undefined;

  const opened = Array.from({ length: subscribers }, (_, i) => {
    const watcher = options.watchers[i % options.watchers.length] as Viewer;
    const connection = new SseConnection(
      '127.0.0.1',
      options.port,
      `/api/games/${options.gameId}/events`,
      { cookie: watcher.cookie, 'x-forwarded-for': guestIp(10_000 + i) },
      (event) => {
        const version = Number(event.id);
        if (!Number.isFinite(version)) return;
        if (!arrivals[i]?.has(version)) arrivals[i]?.set(version, event.at);
        seen[i] = Math.max(seen[i] ?? -1, version);
        waiter?.check();
      },
      (error) => {
        streamErrors.error(new Error(`stream ${i}: ${error.message}`));
        waiter?.check();
      },
    );
    options.connections.push(connection);
    return connection.opened;
  });
  await Promise.all(opened);
  // Each stream sends its snapshot right after subscribing to the hub: wait for all of them.
  await waitFor(() => seen.every((version) => version >= 0), 10_000, 'snapshots on every stream');

  const eachLatency = new Recorder();
  const allLatency = new Recorder();
  const roundErrors = new Recorder();
  let base = Math.max(...seen);
  const before = await options.statements.count();
  const start = performance.now();
  const deadline = start + options.seconds * 1000;
  let rounds = 0;
  while (!stopSignal.stopped && performance.now() < deadline && streamErrors.errors === 0) {
    const version = base + 1;
    let finish: (complete: boolean) => void = () => undefined;
    const allIn = new Promise<boolean>((resolve) => {
      finish = resolve;
    });
    const timer = setTimeout(() => finish(false), FANOUT_EVENT_TIMEOUT_MS);
    const current = {
      version,
      check() {
        if (streamErrors.errors > 0 || seen.every((v) => v >= version)) {
          clearTimeout(timer);
          finish(streamErrors.errors === 0);
        }
      },
    };
    waiter = current;
    let respondedAt: number;
    try {
      const res = await options.api.put(
        `/api/games/${options.gameId}/submission`,
        { ranking: shuffled(options.items.map((item) => item.id)) },
        options.submitter,
      );
      respondedAt = performance.now();
      expectStatus(res, 200, 'fan-out submission');
      const body = parse<{ submissionCount: number }>(res, 'fan-out submission');
      if (body.submissionCount !== options.expectedCount) {
        throw new Error(
          `fan-out submission: count ${body.submissionCount}, expected ${options.expectedCount}`,
        );
      }
    } catch (error) {
      roundErrors.error(error);
      waiter = undefined;
      clearTimeout(timer);
      await sleep(50);
      base = Math.max(base, ...seen);
      continue;
    }
    current.check();
    const complete = await allIn;
    waiter = undefined;
    if (!complete) {
      const missing = seen.filter((v) => v < version).length;
      roundErrors.error(
        new Error(
          `${missing} of ${subscribers} streams had no event for version ${version} after ${FANOUT_EVENT_TIMEOUT_MS} ms`,
        ),
      );
      base = Math.max(base, ...seen);
      continue;
    }
    // An event can only carry a newer version if another writer ran; there is none here.
    let last = -Infinity;
    for (const map of arrivals) {
      const at = map.get(version) ?? [...map].find(([v]) => v >= version)?.[1];
      if (at === undefined) continue;
      eachLatency.ok(at - respondedAt);
      last = Math.max(last, at);
      map.clear();
    }
    allLatency.ok(last - respondedAt);
    rounds += 1;
    base = version;
  }
  const seconds = (performance.now() - start) / 1000;
  const all = allLatency.figures(seconds);
  const each = eachLatency.figures(seconds);
  const failures = [
    ...roundErrors.figures(seconds).errorSamples,
    ...streamErrors.figures(seconds).errorSamples,
  ];
  return {
    subscribers,
    rounds,
    seconds: round(seconds, 3),
    roundsPerSecond: round(rounds / seconds, 1),
    eventsPerSecond: round((rounds * subscribers) / seconds, 1),
    allReceived: { p50Ms: all.p50Ms, p95Ms: all.p95Ms, p99Ms: all.p99Ms, maxMs: all.maxMs },
    eachReceived: { p50Ms: each.p50Ms, p95Ms: each.p95Ms, p99Ms: each.p99Ms },
    errors: roundErrors.errors + streamErrors.errors,
    errorSamples: failures,
    statementsPerRound:
      rounds > 0 ? round(((await options.statements.count()) - before) / rounds, 1) : null,
  };
}

async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!condition()) {
    checkpoint();
    if (performance.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

// ---------------------------------------------------------------------------------------------
// Main

type Report = Record<string, unknown>;

async function main(): Promise<number> {
  const settings = readSettings();
  const { seconds, concurrency } = settings;
  const startedAt = new Date();
  let database: FreshDatabase | undefined;
  let server: ChildServer | undefined;
  let pool: pg.Pool | undefined;
  let http: HttpClient | undefined;
  const connections: SseConnection[] = [];
  try {
    try {
      database = await createFreshDatabase(settings.adminUrl);
    } catch (error) {
      throw new SetupError(
        `Cannot create a database on ${redact(settings.adminUrl)} (set BENCH_DATABASE_URL): ${(error as Error).message}`,
      );
    }
    log(`database ${database.name} created`);
    const dbUrl = database.url;
    const pgVersion = await serverVersion(dbUrl);
    const port = await freePort();
    const publicUrl = `http://localhost:${port}`;
    server = await spawnServer(
      {
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        DATA_DIR: 'memory',
        LOG_LEVEL: 'error',
        TRUSTED_PROXY_HEADER: 'x-forwarded-for',
        DATABASE_URL: dbUrl,
      },
      { timeoutMs: 60_000, shouldStop: () => stopSignal.stopped, countStatements: true },
    ).catch((error: unknown) => {
      throw new SetupError(`the server did not start: ${(error as Error).message}`);
    });
    const statements = server.statements as StatementCounter;
    const serverPid = server.pid;
    pool = new pg.Pool({ connectionString: dbUrl, max: 1 });
    http = new HttpClient('127.0.0.1', port, settings.client, concurrency + 4);
    const api = new Api(http, publicUrl);
    log(`server on ${publicUrl}`);

    // Setup: an owner, a game of 10 items, guests (one client address each: the sign-in limit
    // is per address), and one final ranking from every guest so every later PUT is a resubmit.
    const setup = await (async () => {
      const tag = database.name.slice(-8);
      const owner = await signUpOwner(api, tag);
      const game = await createGame(api, owner);
      const guests = await mapLimit(
        Array.from({ length: settings.guests }, (_, i) => i),
        4,
        (i) => signInGuest(api, i),
      );
      const itemIds = game.items.map((item) => item.id);
      await mapLimit(guests, concurrency, async (guest, i) => {
        const res = await api.put(
          `/api/games/${game.id}/submission`,
          { ranking: shuffled(itemIds) },
          guest,
        );
        expectStatus(res, 200, `first submission of guest ${i}`);
      });
      // Warm-up reads (JIT, pool): not measured.
      await mapLimit([owner, ...guests], concurrency, async (viewer) => {
        expectStatus(
          await api.get(`/api/games/${game.id}/results`, viewer),
          200,
          'warm-up results read',
        );
      });
      return { owner, game, guests, itemIds };
    })().catch((error: unknown) => {
      if (error instanceof Interrupted) throw error;
      throw new SetupError(`setup failed: ${(error as Error).message}`);
    });
    const { owner, game, guests, itemIds } = setup;
    const gamePath = `/api/games/${game.id}`;
    log(
      `game ${game.id} with ${itemIds.length} items, ${guests.length} guests, each submitted once`,
    );

    if (settings.trace) {
      const [guest] = guests;
      if (guest) {
        const put = await statements.trace(async () => {
          await api.put(`${gamePath}/submission`, { ranking: shuffled(itemIds) }, guest);
        });
        const read = await statements.trace(async () => {
          await api.get(`${gamePath}/results`, guest);
        });
        process.stdout.write(
          `SQL of one resubmission (${put.length} statements):\n${put.map((s) => `  ${s}`).join('\n')}\n`,
        );
        process.stdout.write(
          `SQL of one results read (${read.length} statements):\n${read.map((s) => `  ${s}`).join('\n')}\n\n`,
        );
      }
    }

    // Baseline: the single-row upsert through the node driver.
    await createUpsertTable(dbUrl);
    log(`node pg single-row upsert over ${UPSERT_KEYS} keys, ${seconds} s ...`);
    const driver = await withCpu(serverPid, () =>
      runDriverUpsert(dbUrl, { concurrency, seconds, keys: UPSERT_KEYS }),
    );

    // (1) Submissions to one game: every guest already counted, so each PUT subtracts the old
    // ranking and adds the new one under the game's row lock; the count must stay the same.
    log(`submissions to one game, ${seconds} s ...`);
    const submissions = await withCpu(serverPid, () =>
      measured(statements, () =>
        closedLoop(concurrency, seconds, async (worker, iteration) => {
          const guest = guests[(worker + iteration * concurrency) % guests.length] as Viewer;
          const res = await api.put(
            `${gamePath}/submission`,
            { ranking: shuffled(itemIds) },
            guest,
          );
          expectStatus(res, 200, 'submission');
          const body = parse<{ submissionCount: number }>(res, 'submission');
          if (body.submissionCount !== guests.length) {
            throw new Error(`submission: count ${body.submissionCount}, expected ${guests.length}`);
          }
        }),
      ),
    );
    const tally = await checkTally(pool, game.id);
    log(`tally after the submissions: ${tally.detail}`);

    // (2) Results reads by the owner and by guests who submitted (they also get their agreement).
    log(`results reads, ${seconds} s ...`);
    const viewers = [owner, ...guests];
    const reads = await withCpu(serverPid, () =>
      measured(statements, () =>
        closedLoop(concurrency, seconds, async (worker, iteration) => {
          const viewer = viewers[(worker + iteration * concurrency) % viewers.length] as Viewer;
          const res = await api.get(`${gamePath}/results`, viewer);
          expectStatus(res, 200, 'results');
          const body = parse<{ results: { submissions: number } }>(res, 'results');
          if (body.results.submissions !== guests.length) {
            throw new Error(
              `results: ${body.results.submissions} submissions, expected ${guests.length}`,
            );
          }
        }),
      ),
    );

    // (3) Live fan-out to K streams watched by guests other than the submitter.
    let fanout: (FanoutFigures & { cpu: CpuFigures }) | { skipped: string } = {
      skipped: 'BENCH_SUBSCRIBERS=0',
    };
    if (settings.subscribers > 0 && !stopSignal.stopped) {
      log(`live fan-out to ${settings.subscribers} event streams, ${seconds} s ...`);
      const [submitter, ...watchers] = guests;
      try {
        fanout = await withCpu(serverPid, () =>
          runFanout({
            port,
            gameId: game.id,
            submitter: submitter as Viewer,
            watchers: watchers.length > 0 ? watchers : [owner],
            items: game.items,
            api,
            seconds,
            subscribers: settings.subscribers,
            connections,
            expectedCount: guests.length,
            statements,
          }),
        );
      } catch (error) {
        if (error instanceof Interrupted) throw error;
        fanout = { skipped: `fan-out failed: ${(error as Error).message}` };
        log(fanout.skipped);
      } finally {
        for (const connection of connections) connection.close();
      }
    }

    // Report.
    const rows: Row[] = [
      { what: `node pg single-row upsert, ${UPSERT_KEYS} keys`, ...driver },
      {
        what: 'submissions to one game (HTTP)',
        ...submissions,
        note: `${submissions.statementsPerRequest ?? '?'} SQL/req`,
      },
      {
        what: 'results reads (HTTP)',
        ...reads,
        note: `${reads.statementsPerRequest ?? '?'} SQL/req`,
      },
    ];
    if ('rounds' in fanout) {
      rows.push({
        what: `live fan-out, ${fanout.subscribers} streams (to all)`,
        opsPerSecond: fanout.roundsPerSecond,
        ...fanout.allReceived,
        errors: fanout.errors,
        note: `${fanout.eventsPerSecond} events/s; each stream p50 ${fanout.eachReceived.p50Ms ?? '-'} ms, p95 ${fanout.eachReceived.p95Ms ?? '-'} ms; ${fanout.statementsPerRound ?? '?'} SQL/event`,
      });
    } else {
      rows.push({ what: 'live fan-out', opsPerSecond: null, note: fanout.skipped });
    }
    const ratios: [string, string][] = [['ratios to pgbench', 'bench/hot-path.ts (interleaved)']];
    const title =
      `Crowned core-loop benchmark (PostgreSQL ${pgVersion}, ${round(seconds, 2)} s each, concurrency ${concurrency})\n` +
      `node ${process.version}, ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, ` +
      `client ${settings.client} (its own process), ${guests.length} guests, ${ITEM_COUNT} items, ` +
      `server pool 10 connections\n`;
    process.stdout.write(`\n${formatTable(title, rows, ratios)}\n\n`);
    const cpuRows: [string, CpuFigures][] = [
      ['node pg upsert', driver.cpu],
      ['submissions (HTTP)', submissions.cpu],
      ['results reads (HTTP)', reads.cpu],
    ];
    if ('rounds' in fanout) cpuRows.push(['live fan-out', fanout.cpu]);
    process.stdout.write(`${formatCpu(cpuRows)}\n`);
    process.stdout.write(
      `tally after concurrent resubmissions: ${tally.consistent ? 'consistent' : 'INCONSISTENT'} (${tally.detail})\n`,
    );

    const failures: [
      string,
      { errors: number; errorSamples: { message: string; count: number }[] },
    ][] = [
      ['node pg upsert', driver],
      ['submissions', submissions],
      ['results reads', reads],
    ];
    if ('rounds' in fanout) failures.push(['live fan-out', fanout]);
    let errors = 0;
    for (const [what, figures] of failures) {
      errors += figures.errors;
      for (const sample of figures.errorSamples) {
        process.stdout.write(`ERROR in ${what} (x${sample.count}): ${sample.message}\n`);
      }
    }

    const report: Report = {
      benchmark: 'core-loop',
      startedAt: startedAt.toISOString(),
      settings: {
        seconds,
        concurrency,
        guests: guests.length,
        items: ITEM_COUNT,
        subscribers: settings.subscribers,
        client: settings.client,
        serverPool: 10,
      },
      environment: {
        node: process.version,
        postgres: pgVersion,
        cpus: os.cpus().length,
        loadavgAtEnd: os.loadavg(),
        platform: `${os.platform()} ${os.release()}`,
      },
      baselines: { nodePgUpsert: driver },
      submissions,
      resultsReads: reads,
      fanout,
      tally,
      errors,
    };
    const file = await writeReport(report, startedAt);
    process.stdout.write(`figures written to ${file}\n`);
    if (!tally.consistent || errors > 0) {
      process.stdout.write(
        `${errors} request(s) failed${tally.consistent ? '' : ' and the tally is inconsistent'}\n`,
      );
      return 1;
    }
    return 0;
  } finally {
    for (const connection of connections) connection.close();
    http?.close();
    await server
      ?.stop()
      .catch((error: unknown) => log(`stopping the server failed: ${String(error)}`));
    await pool?.end().catch(() => undefined);
    if (database) {
      await database.drop().then(
        () => log(`database ${database?.name} dropped`),
        (error: unknown) => log(`DROPPING ${database?.name} FAILED: ${String(error)}`),
      );
    }
  }
}

function formatCpu(rows: readonly [string, CpuFigures][]): string {
  const cores = rows[0]?.[1].cores ?? os.cpus().length;
  const pct = (value: number | null) =>
    (value === null ? '-' : `${value.toFixed(0)} %`).padStart(9);
  const width = Math.max(...rows.map(([what]) => what.length), 30);
  const rest = (cpu: CpuFigures) =>
    cpu.machinePct === null
      ? null
      : Math.max(0, cpu.machinePct - cpu.nodePct - (cpu.serverPct ?? 0) - (cpu.postgresPct ?? 0));
  return [
    `CPU during each phase, % of one core (${cores} cores = ${cores * 100} %). server = the Crowned server`,
    `process; bench = this process (load generator, node pg baseline); rest = everything else:`,
    `other work on the machine`,
    `${''.padEnd(width)}  ${'server'.padStart(9)}  ${'bench'.padStart(9)}  ${'postgres'.padStart(9)}  ${'rest'.padStart(9)}  ${'machine'.padStart(9)}`,
    ...rows.map(
      ([what, cpu]) =>
        `${what.padEnd(width)}  ${pct(cpu.serverPct)}  ${pct(cpu.nodePct)}  ${pct(cpu.postgresPct)}  ${pct(rest(cpu))}  ${pct(cpu.machinePct)}`,
    ),
  ].join('\n');
}

async function writeReport(report: Report, startedAt: Date): Promise<string> {
  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  await mkdir(dir, { recursive: true });
  const file = `${dir}core-loop-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`;
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}

runBench(main, log);
