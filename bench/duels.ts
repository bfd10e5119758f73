/**
 * `npm run bench` (duels): duel mode's hot path (issue 28, decision 0060) on PostgreSQL, beside
 * the ranking game's, each figure printed next to its target.
 *
 *   one hot duel game   a game of BENCH_ITEMS (50) items whose ballot is duels, played by
 *                       BENCH_GUESTS guests (each its own guest session and client address, as in
 *                       life). BENCH_CONCURRENCY workers, each with its own share of the guests,
 *                       take the next guest in turn: it fetches its next pair (GET
 *                       /api/games/:id/duel, timed alone: target p95 <= 50 ms) and answers it
 *                       (POST /api/games/:id/duels: a or b, "can't decide" one time in twenty).
 *                       A guest who is done (its budget spent) is skipped; a worker whose guests
 *                       are all done signs in a new one.
 *   one hot ranking     beside it, a game of the same items whose ballot is a full ranking: the
 *                       same guests submit shuffled rankings (PUT /api/games/:id/submission).
 *   interleaved         A B A B A B: BENCH_ROUNDS pairs (3, never fewer) of BENCH_SECONDS (10)
 *                       each, so both games see the same machine; answers/s and submissions/s per
 *                       phase, and the ratio per pair: median and spread.
 *   statements          the server runs from the sources with its SQL statements counted
 *                       (bench/lib/query-counter-ipc.ts): statements per answer (its pair fetch
 *                       and its answer) under load, per ranking submission, and those of one
 *                       quiet fetch and one quiet answer.
 *   recount             at the end: every answer made is counted exactly once: answers the
 *                       server acknowledged = duel_answer rows = the tally's duel counts = the
 *                       results' (the strengths' duels, two items per answer); players with
 *                       answers = the results' submissions; no player has a pair twice.
 *
 * Env: BENCH_SECONDS (10), BENCH_CONCURRENCY (16), BENCH_GUESTS (max(200, 2 x concurrency)),
 * BENCH_ITEMS (50), BENCH_ROUNDS (3), BENCH_TRACE=1 prints the SQL of the quiet fetches and answers,
 * BENCH_DATABASE_URL / TEST_DATABASE_URL (an admin URL on a
 * loopback server; a fresh database is created on it and dropped at the end). Figures are printed
 * and written to bench/results/, never asserted. Exit code: 1 when setup failed, a request failed
 * or the recount differs; 130 when interrupted.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { DuelCounts } from '../src/domain/duels';
import { freePort } from '../test/support/server';
import { spawnServer, type ChildServer, type StatementCounter } from './lib/child-server';
import { CpuMeter, type CpuFigures } from './lib/cpu';
import { cookieHeader, HttpClient, type HttpResponse } from './lib/http';
import { createFreshDatabase, serverVersion, type FreshDatabase } from './lib/postgres';
import { closedLoop, mapLimit, Recorder, round, stopSignal, type Figures } from './lib/stats';
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
  runBench,
} from './lib/setup';

// ---------------------------------------------------------------------------------------------
// Settings

const TARGETS = { nextPairP95Ms: 50 };
/** "Can't decide" one answer in this many. */
const UNDECIDED_EVERY = 20;
/** Guests' client addresses (TEST-NET for benchmarks, RFC 2544), sent in the trusted proxy header. */
const guestIp = (index: number) => `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;

type Settings = {
  seconds: number;
  concurrency: number;
  guests: number;
  items: number;
  pairs: number;
  adminUrl: string;
};

function readSettings(): Settings {
  const seconds = positive('BENCH_SECONDS', 10, false);
  const concurrency = positive('BENCH_CONCURRENCY', 16);
  // Each worker plays its own guests, so there are at least as many guests as workers.
  const guests = Math.max(concurrency, positive('BENCH_GUESTS', Math.max(200, concurrency * 2)));
  const items = positive('BENCH_ITEMS', 50);
  if (items < 3) throw new SetupError('BENCH_ITEMS must be at least 3');
  return {
    seconds,
    concurrency,
    guests,
    items,
    pairs: Math.max(3, positive('BENCH_ROUNDS', 3)),
    adminUrl: benchAdminUrl(),
  };
}

// ---------------------------------------------------------------------------------------------
// The API as a client sees it

type Viewer = { cookie: string; ip: string };
type Item = { id: string; label: string };
type Progress = { answered: number; budget: number };
type Turn = { pair: [Item, Item]; progress: Progress } | { done: true; progress: Progress };

class Api {
  constructor(
    readonly http: HttpClient,
    readonly origin: string,
  ) {}

  send(method: string, path: string, viewer: Viewer, json?: unknown): Promise<HttpResponse> {
    const headers: Record<string, string> = { cookie: viewer.cookie, 'x-forwarded-for': viewer.ip };
    if (method !== 'GET') headers.origin = this.origin;
    return this.http.request(method, path, { json, headers });
  }

  post(path: string, json: unknown, ip: string): Promise<HttpResponse> {
    return this.http.request('POST', path, {
      json,
      headers: { origin: this.origin, 'x-forwarded-for': ip },
    });
  }
}

async function signUpOwner(api: Api, tag: string): Promise<Viewer> {
  const ip = '198.19.0.1';
  const res = await api.post(
    '/api/auth/sign-up/email',
    { name: 'Bench Owner', email: `owner-${tag}@bench.invalid`, password: `bench-${tag}-password` },
    ip,
  );
  expectStatus(res, 200, 'owner sign-up');
  const cookie = cookieHeader(res.setCookies);
  if (!cookie) throw new Error('owner sign-up: no session cookie in the response');
  return { cookie, ip };
}

async function signInGuest(api: Api, index: number): Promise<Viewer> {
  const ip = guestIp(index);
  const res = await api.post('/api/auth/sign-in/anonymous', {}, ip);
  expectStatus(res, 200, `guest ${index} sign-in`);
  const cookie = cookieHeader(res.setCookies);
  if (!cookie) throw new Error(`guest ${index} sign-in: no session cookie in the response`);
  return { cookie, ip };
}

async function createGame(
  api: Api,
  owner: Viewer,
  count: number,
  ballot: { kind: 'duel' } | { kind: 'ranking' },
): Promise<{ id: string; items: Item[] }> {
  const labels = Array.from({ length: count }, (_, i) => `Contender ${i + 1}`);
  const res = await api.send('POST', '/api/games', owner, {
    prompt: `Benchmark: which of ${count} contenders wins (${ballot.kind})?`,
    items: labels,
    ballot,
  });
  expectStatus(res, 201, `create ${ballot.kind} game`);
  const { game } = parse<{ game: { id: string; items: Item[] } }>(res, 'create game');
  if (game.items.length !== count) throw new Error(`create game: ${game.items.length} items`);
  return game;
}

// ---------------------------------------------------------------------------------------------
// The two phases

type DuelPhase = {
  /** Answers (POST /duels) taken, per second of the phase. */
  answers: Figures;
  /** Next pair fetches (GET /duel), each timed alone. */
  fetches: Figures;
  statementsPerAnswer: number | null;
  cpu: CpuFigures;
};

type RankingPhase = {
  submissions: Figures;
  statementsPerSubmission: number | null;
  cpu: CpuFigures;
};

/** What the client saw acknowledged, for the recount. */
type Made = { answers: number; players: Set<string> };

/** Each worker's guests (worker w starts with guests w, w + C, ...: a guest's requests never overlap). */
type Players = {
  lists: { viewer: Viewer; done: boolean }[][];
  /** Next guest of each worker, kept from phase to phase. */
  cursor: number[];
  /** Signs in one more guest (a worker whose guests are all done). */
  more: () => Promise<Viewer>;
};

async function duelPhase(
  api: Api,
  gameId: string,
  players: Players,
  settings: Settings,
  statements: StatementCounter,
  serverPid: number,
  made: Made,
): Promise<DuelPhase> {
  const fetches = new Recorder();
  const meter = new CpuMeter(serverPid);
  const before = await statements.count();
  const answers = await closedLoop(settings.concurrency, settings.seconds, async (worker) => {
    const list = players.lists[worker]!;
    let guest: { viewer: Viewer; done: boolean } | undefined;
    for (let tries = 0; tries < list.length && !guest; tries++) {
      const candidate = list[players.cursor[worker]! % list.length]!;
      players.cursor[worker] = (players.cursor[worker]! + 1) % list.length;
      if (!candidate.done) guest = candidate;
    }
    if (!guest) {
      // Every guest of this worker spent their budget: a new player comes (rare; BENCH_GUESTS).
      guest = { viewer: await players.more(), done: false };
      list.push(guest);
    }
    const began = performance.now();
    let next: Turn;
    try {
      const res = await api.send('GET', `/api/games/${gameId}/duel`, guest.viewer);
      expectStatus(res, 200, 'next pair');
      next = parse<Turn>(res, 'next pair');
      fetches.ok(performance.now() - began);
    } catch (error) {
      fetches.error(error);
      throw error;
    }
    if (!('pair' in next)) {
      guest.done = true;
      return;
    }
    const [a, b] = [next.pair[0].id, next.pair[1].id];
    const draw = Math.random() * UNDECIDED_EVERY;
    const winner = draw < 1 ? null : draw < 1 + (UNDECIDED_EVERY - 1) / 2 ? a : b;
    const res = await api.send('POST', `/api/games/${gameId}/duels`, guest.viewer, {
      a,
      b,
      winner,
    });
    expectStatus(res, 200, 'answer');
    made.answers += 1;
    made.players.add(guest.viewer.cookie);
  });
  const sent = (await statements.count()) - before;
  const cpu = meter.stop();
  const requests = answers.ops + answers.errors;
  return {
    answers,
    fetches: fetches.figures(answers.seconds),
    statementsPerAnswer: requests > 0 ? round(sent / requests, 2) : null,
    cpu,
  };
}

async function rankingPhase(
  api: Api,
  game: { id: string; items: Item[] },
  guests: readonly Viewer[],
  settings: Settings,
  statements: StatementCounter,
  serverPid: number,
): Promise<RankingPhase> {
  const ids = game.items.map((item) => item.id);
  const meter = new CpuMeter(serverPid);
  const before = await statements.count();
  const { concurrency } = settings;
  const submissions = await closedLoop(concurrency, settings.seconds, async (worker, iteration) => {
    const mine = Math.ceil((guests.length - worker) / concurrency);
    const guest = guests[worker + (iteration % mine) * concurrency]!;
    const res = await api.send('PUT', `/api/games/${game.id}/submission`, guest, {
      ranking: shuffled(ids),
    });
    expectStatus(res, 200, 'submission');
  });
  const sent = (await statements.count()) - before;
  const cpu = meter.stop();
  const requests = submissions.ops + submissions.errors;
  return {
    submissions,
    statementsPerSubmission: requests > 0 ? round(sent / requests, 2) : null,
    cpu,
  };
}

/** One quiet fetch and one quiet answer of a fresh guest: their statements, one by one. */
async function quietStatements(
  api: Api,
  gameId: string,
  guest: Viewer,
  statements: StatementCounter,
): Promise<{
  fetch: string[];
  answer: string[];
  secondFetch: string[];
  secondAnswer: string[];
  thirdAnswer: string[];
}> {
  let pair: [string, string] = ['', ''];
  const fetch = await statements.trace(async () => {
    const res = await api.send('GET', `/api/games/${gameId}/duel`, guest);
    expectStatus(res, 200, 'quiet fetch');
    const turn = parse<Turn>(res, 'quiet fetch');
    if (!('pair' in turn)) throw new Error('quiet fetch: a fresh guest is done');
    pair = [turn.pair[0].id, turn.pair[1].id];
  });
  const answer = await statements.trace(async () => {
    const res = await api.send('POST', `/api/games/${gameId}/duels`, guest, {
      a: pair[0],
      b: pair[1],
      winner: pair[0],
    });
    expectStatus(res, 200, 'quiet answer');
  });
  let next: Turn | undefined;
  const secondFetch = await statements.trace(async () => {
    const res = await api.send('GET', `/api/games/${gameId}/duel`, guest);
    expectStatus(res, 200, 'quiet second fetch');
    next = parse<Turn>(res, 'quiet second fetch');
  });
  // A second answer: no first play (its XP and play count) any more, as most answers are.
  const secondAnswer = await statements.trace(async () => {
    if (!next || !('pair' in next)) throw new Error('quiet second fetch: done');
    const [a, b] = [next.pair[0].id, next.pair[1].id];
    const res = await api.send('POST', `/api/games/${gameId}/duels`, guest, { a, b, winner: b });
    expectStatus(res, 200, 'quiet second answer');
  });
  // And a third, the common case: the player's kept ballot is this instance's own.
  const thirdAnswer = await statements.trace(async () => {
    const res = await api.send('GET', `/api/games/${gameId}/duel`, guest);
    const turn = parse<Turn>(res, 'quiet third fetch');
    if (!('pair' in turn)) throw new Error('quiet third fetch: done');
    const [a, b] = [turn.pair[0].id, turn.pair[1].id];
    expectStatus(
      await api.send('POST', `/api/games/${gameId}/duels`, guest, { a, b, winner: a }),
      200,
      'quiet third answer',
    );
  });
  return { fetch, answer, secondFetch, secondAnswer, thirdAnswer };
}

// ---------------------------------------------------------------------------------------------
// The recount

type Recount = {
  exact: boolean;
  acknowledged: number;
  rows: number;
  tally: number;
  results: number;
  players: { acknowledged: number; rows: number; results: number };
  repeatedPairs: number;
  detail: string;
};

function countsTotal(counts: DuelCounts | null | undefined): number {
  let total = 0;
  for (const pairs of [counts?.wins, counts?.ties]) {
    for (const row of Object.values(pairs ?? {})) {
      for (const count of Object.values(row)) total += count;
    }
  }
  return total;
}

async function recount(
  pool: pg.Pool,
  api: Api,
  owner: Viewer,
  gameId: string,
  made: Made,
): Promise<Recount> {
  const { rows } = await pool.query<{
    answers: string;
    players: string;
    distinct_pairs: string;
    duels: DuelCounts | null;
  }>(
    `select (select count(*) from duel_answer where game_id = $1) as answers,
            (select count(distinct user_id) from duel_answer where game_id = $1) as players,
            (select count(*) from (select distinct user_id, a, b from duel_answer
                                   where game_id = $1) p) as distinct_pairs,
            (select tally -> 'duels' from game_tally where game_id = $1) as duels`,
    [gameId],
  );
  const row = rows[0];
  if (!row) throw new Error('recount: no row');
  const res = await api.send('GET', `/api/games/${gameId}/results`, owner);
  expectStatus(res, 200, 'results read');
  const body = parse<{
    results: { submissions: number; duels?: { standings: { duels: number }[] } };
  }>(res, 'results read');
  const inResults =
    (body.results.duels?.standings ?? []).reduce((sum, standing) => sum + standing.duels, 0) / 2;
  const figures = {
    acknowledged: made.answers,
    rows: Number(row.answers),
    tally: countsTotal(row.duels),
    results: inResults,
  };
  const players = {
    acknowledged: made.players.size,
    rows: Number(row.players),
    results: body.results.submissions,
  };
  const repeatedPairs = figures.rows - Number(row.distinct_pairs);
  const exact =
    figures.rows === figures.acknowledged &&
    figures.tally === figures.acknowledged &&
    figures.results === figures.acknowledged &&
    players.rows === players.acknowledged &&
    players.results === players.acknowledged &&
    repeatedPairs === 0;
  return {
    exact,
    ...figures,
    players,
    repeatedPairs,
    detail:
      `answers acknowledged ${figures.acknowledged}, duel_answer rows ${figures.rows}, tally ${figures.tally}, ` +
      `results ${figures.results}; players ${players.acknowledged} / ${players.rows} / ${players.results}; ` +
      `repeated pairs ${repeatedPairs}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Output

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const spread = (values: readonly number[], digits: number) =>
  `${round(Math.min(...values), digits)}-${round(Math.max(...values), digits)}`;

/** Every fetch of every duel phase, as one set of figures. */
function allFetches(phases: readonly DuelPhase[]): Figures {
  // The phases' own p95s cannot be merged; the largest is the honest one to compare.
  const worst = Math.max(...phases.map((phase) => phase.fetches.p95Ms ?? 0));
  const ops = phases.reduce((sum, phase) => sum + phase.fetches.ops, 0);
  return { ...phases[0]!.fetches, ops, p95Ms: worst };
}

const cpuNote = (cpu: CpuFigures) =>
  `server ${cpu.serverPct ?? '-'} %, postgres ${cpu.postgresPct ?? '-'} %, machine ${cpu.machinePct ?? '-'} %`;

// ---------------------------------------------------------------------------------------------
// Main

async function main(): Promise<number> {
  const settings = readSettings();
  const startedAt = new Date();
  const loadAtStart = logLoadAtStart(log);
  let database: FreshDatabase | undefined;
  let server: ChildServer | undefined;
  let pool: pg.Pool | undefined;
  let http: HttpClient | undefined;
  try {
    try {
      database = await createFreshDatabase(settings.adminUrl);
    } catch (error) {
      throw new SetupError(
        `Cannot create a database on ${redact(settings.adminUrl)} (set BENCH_DATABASE_URL): ${(error as Error).message}`,
      );
    }
    log(`database ${database.name} created`);
    const pgVersion = await serverVersion(database.url);
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    server = await spawnServer(
      {
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        DATA_DIR: 'memory',
        LOG_LEVEL: 'error',
        TRUSTED_PROXY_HEADER: 'x-forwarded-for',
        DATABASE_URL: database.url,
        SMTP_URL: '',
        GOOGLE_CLIENT_ID: '',
        GOOGLE_CLIENT_SECRET: '',
        ADMIN_EMAILS: '',
        AUTH_SECRET: randomBytes(32).toString('base64url'),
        // The guests re-rank the ranking game far more than 30 times an hour (decision 0033).
        LIMIT_RERANKS_PER_HOUR: '1000000000',
      },
      { timeoutMs: 120_000, shouldStop: () => stopSignal.stopped, countStatements: true },
    ).catch((error: unknown) => {
      throw new SetupError(`the server did not start: ${(error as Error).message}`);
    });
    const statements = server.statements as StatementCounter;
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    http = new HttpClient('127.0.0.1', port, 'http', settings.concurrency + 4);
    const api = new Api(http, origin);

    const setup = await (async () => {
      const owner = await signUpOwner(api, database.name.slice(-8));
      const duelGame = await createGame(api, owner, settings.items, { kind: 'duel' });
      const rankingGame = await createGame(api, owner, settings.items, { kind: 'ranking' });
      log(`signing in ${settings.guests} guests, one client address each ...`);
      const guests = await mapLimit(
        Array.from({ length: settings.guests + 1 }, (_, i) => i),
        4,
        (i) => signInGuest(api, i),
      );
      const quiet = guests.pop()!;
      return { owner, duelGame, rankingGame, guests, quiet };
    })().catch((error: unknown) => {
      if (error instanceof Interrupted) throw error;
      throw new SetupError(`setup failed: ${(error as Error).message}`);
    });
    const { owner, duelGame, rankingGame, guests, quiet } = setup;
    checkpoint();

    // Warm-up (JIT, pools, each game kept in memory): one short round of each, not reported.
    const made: Made = { answers: 0, players: new Set() };
    let signedIn = guests.length + 1;
    const players: Players = {
      lists: Array.from({ length: settings.concurrency }, (_, worker) =>
        guests
          .filter((_, i) => i % settings.concurrency === worker)
          .map((viewer) => ({ viewer, done: false })),
      ),
      cursor: new Array<number>(settings.concurrency).fill(0),
      more: () => signInGuest(api, signedIn++),
    };
    const warm = { ...settings, seconds: Math.min(1, settings.seconds) };
    log('warming up ...');
    await duelPhase(api, duelGame.id, players, warm, statements, server.pid, made);
    await rankingPhase(api, rankingGame, guests, warm, statements, server.pid);
    checkpoint();
    // The statements of one quiet fetch and answer (nothing else running).
    const traced = await quietStatements(api, duelGame.id, quiet, statements);
    made.answers += 3;
    made.players.add(quiet.cookie);

    const duelPhases: DuelPhase[] = [];
    const rankingPhases: RankingPhase[] = [];
    for (let pair = 1; pair <= settings.pairs; pair++) {
      log(`pair ${pair} of ${settings.pairs}: duels ${settings.seconds} s ...`);
      duelPhases.push(
        await duelPhase(api, duelGame.id, players, settings, statements, server.pid, made),
      );
      checkpoint();
      log(`pair ${pair} of ${settings.pairs}: ranking submissions ${settings.seconds} s ...`);
      rankingPhases.push(
        await rankingPhase(api, rankingGame, guests, settings, statements, server.pid),
      );
      checkpoint();
    }
    const counted = await recount(pool, api, owner, duelGame.id, made);

    // Report.
    const answersPerSecond = duelPhases.map((phase) => phase.answers.opsPerSecond);
    const submissionsPerSecond = rankingPhases.map((phase) => phase.submissions.opsPerSecond);
    const ratios = duelPhases.map(
      (phase, i) => phase.answers.opsPerSecond / Math.max(0.01, submissionsPerSecond[i] ?? 0),
    );
    const fetches = allFetches(duelPhases);
    const perAnswer = duelPhases.map((phase) => phase.statementsPerAnswer ?? Number.NaN);
    const perSubmission = rankingPhases.map((phase) => phase.statementsPerSubmission ?? Number.NaN);
    const lines: string[] = [
      `Crowned duels benchmark (PostgreSQL ${pgVersion}; server in a child process from the sources, counting its SQL, NODE_ENV=production, pool 10)`,
      `node ${process.version}, ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} (${loadAtStart.toFixed(2)} at start); ${settings.items} items, ` +
        `${settings.guests} guests, ${settings.concurrency} at a time, ${settings.pairs} pairs of ${round(settings.seconds, 2)} s phases (duels, ranking)`,
      '',
      'phase  pair  ops/s   p50 ms  p95 ms  next pair p50/p95 ms  SQL/op  errors  CPU (% of one core)',
    ];
    duelPhases.forEach((phase, i) => {
      const ranking = rankingPhases[i]!;
      lines.push(
        `A duels    ${i + 1}  ${String(phase.answers.opsPerSecond).padStart(6)}  ${String(phase.answers.p50Ms ?? '-').padStart(6)}  ${String(phase.answers.p95Ms ?? '-').padStart(6)}  ${`${phase.fetches.p50Ms ?? '-'}/${phase.fetches.p95Ms ?? '-'}`.padStart(20)}  ${String(phase.statementsPerAnswer ?? '-').padStart(6)}  ${String(phase.answers.errors).padStart(6)}  ${cpuNote(phase.cpu)}`,
        `B ranking  ${i + 1}  ${String(ranking.submissions.opsPerSecond).padStart(6)}  ${String(ranking.submissions.p50Ms ?? '-').padStart(6)}  ${String(ranking.submissions.p95Ms ?? '-').padStart(6)}  ${'-'.padStart(20)}  ${String(ranking.statementsPerSubmission ?? '-').padStart(6)}  ${String(ranking.submissions.errors).padStart(6)}  ${cpuNote(ranking.cpu)}`,
      );
    });
    lines.push(
      '',
      'figure vs target',
      `next pair p95 (GET /duel), worst phase: ${fetches.p95Ms ?? '-'} ms (target <= ${TARGETS.nextPairP95Ms} ms; ${fetches.ops} fetches)`,
      `answers/s on one hot duel game: median ${round(median(answersPerSecond), 1)} (spread ${spread(answersPerSecond, 1)}) beside submissions/s on one hot ranking game: median ${round(median(submissionsPerSecond), 1)} (spread ${spread(submissionsPerSecond, 1)}) (target: beside it, same run)`,
      `answers/s / submissions/s, per pair: median ${round(median(ratios), 2)}x (spread ${spread(ratios, 2)}x)`,
      `recount: ${counted.exact ? 'exact' : 'DIFFERS'} (${counted.detail}) (target: exact)`,
      `SQL statements per answer (its pair fetch and its answer) under load: median ${round(median(perAnswer), 2)} (spread ${spread(perAnswer, 2)}); per ranking submission: median ${round(median(perSubmission), 2)}`,
      `SQL statements, quiet: a player's first fetch ${traced.fetch.length}, first answer ${traced.answer.length} (with the first play), the fetch after it ${traced.secondFetch.length}, a second answer ${traced.secondAnswer.length}, a third with its fetch ${traced.thirdAnswer.length}`,
    );
    if (process.env.BENCH_TRACE === '1') {
      for (const [what, list] of Object.entries(traced)) {
        lines.push(`SQL of ${what}:`, ...list.map((text) => `  ${text.slice(0, 160)}`));
      }
    }
    process.stdout.write(`\n${lines.join('\n')}\n\n`);

    let errors = 0;
    const failures: [string, Figures][] = [
      ...duelPhases.map((phase, i): [string, Figures] => [`duels, pair ${i + 1}`, phase.answers]),
      ...rankingPhases.map((phase, i): [string, Figures] => [
        `ranking, pair ${i + 1}`,
        phase.submissions,
      ]),
    ];
    for (const [what, figures] of failures) {
      errors += figures.errors;
      for (const sample of figures.errorSamples) {
        process.stdout.write(`ERROR in ${what} (x${sample.count}): ${sample.message}\n`);
      }
    }
    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    await mkdir(dir, { recursive: true });
    const file = `${dir}duels-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`;
    await writeFile(
      file,
      `${JSON.stringify(
        {
          benchmark: 'duels',
          startedAt: startedAt.toISOString(),
          settings: { ...settings, adminUrl: undefined },
          environment: {
            node: process.version,
            postgres: pgVersion,
            cpus: os.cpus().length,
            loadavgAtStart: loadAtStart,
            loadavgAtEnd: os.loadavg(),
          },
          targets: TARGETS,
          duelPhases,
          rankingPhases,
          ratios,
          quietStatements: traced,
          recount: counted,
          errors,
        },
        null,
        2,
      )}\n`,
    );
    process.stdout.write(`figures written to ${file}\n`);
    if (errors > 0) process.stdout.write(`${errors} request(s) failed\n`);
    return errors > 0 || !counted.exact ? 1 : 0;
  } finally {
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

runBench(main, log);
