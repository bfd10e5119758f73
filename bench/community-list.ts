/**
 * `npm run bench` (second part): the Community's public lists against a real PostgreSQL server
 * holding BENCH_RANKS (100,000) public ranks, next to pgbench running the bare list statement
 * (and its single-row upsert) on the same server in the same run.
 *
 *   lists/s  GET /api/community?sort=new|popular, first pages and pages deep in the list (a
 *            cursor picked at random from the first BENCH_DEEP_PAGES pages), by a signed-in
 *            viewer (their likes and the creators' handles are joined), and New signed out
 *
 * Env: BENCH_SECONDS (10), BENCH_CONCURRENCY (16), BENCH_RANKS (100000), BENCH_DEEP_PAGES (40),
 * BENCH_DATABASE_URL / TEST_DATABASE_URL (an admin URL on a loopback server; a fresh database is
 * created on it and dropped at the end). Figures are printed and written to bench/results/, never
 * asserted. Exit code: 1 when setup failed or any request failed, 130 when interrupted.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { CommunityListResponse } from '../src/domain/community';
import { loadConfig } from '../src/server/config';
import { startServer, type RunningServer } from '../src/server/server';
import { freePort } from '../test/support/server';
import { CpuMeter, type CpuFigures } from './lib/cpu';
import { cookieHeader, HttpClient, type HttpResponse } from './lib/http';
import {
  createFreshDatabase,
  createUpsertTable,
  PGBENCH,
  runPgbench,
  serverVersion,
  UPSERT_KEYS,
  type FreshDatabase,
  type PgbenchResult,
} from './lib/postgres';
import { queryCount } from './lib/query-counter';
import { closedLoop, formatTable, round, stopSignal, type Figures, type Row } from './lib/stats';
import {
  benchAdminUrl,
  checkpoint,
  Interrupted,
  log,
  positive,
  runBench,
  SetupError,
} from './lib/setup';

const PAGE = 50;

function readSettings() {
  const adminUrl = benchAdminUrl();
  return {
    seconds: positive('BENCH_SECONDS', 10, false),
    concurrency: positive('BENCH_CONCURRENCY', 16),
    ranks: positive('BENCH_RANKS', 100_000),
    deepPages: positive('BENCH_DEEP_PAGES', 40),
    adminUrl,
  };
}

function expectPage(res: HttpResponse, what: string): CommunityListResponse {
  if (res.status !== 200) throw new Error(`${what}: HTTP ${res.status} ${res.body.slice(0, 300)}`);
  const body = JSON.parse(res.body) as CommunityListResponse;
  if (body.ranks.length !== PAGE || body.nextCursor === null) {
    throw new Error(`${what}: ${body.ranks.length} ranks, next ${String(body.nextCursor)}`);
  }
  return body;
}

/**
 * The ranks: `count` public ranks by the owner, with plays and likes spread so Popular has ties,
 * creation times a second apart, and one rank in 40 liked by the viewer. A few unlisted ones
 * (unpublished, archived, hidden) that the lists skip. Then ANALYZE, as autovacuum would.
 */
async function seedRanks(url: string, count: number, ownerId: string, viewerId: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into community_rank (id, title, emoji, items, creator_id, creator_name, tags, plays,
                                   likes, is_public, archived, hidden, created_at)
       select 'bench' || i, 'Bench rank number ' || i, '🏆',
              jsonb_build_array('First ' || i, 'Second', 'Third', 'Fourth', 'Fifth'),
              $1, 'Bench Owner', '["bench"]'::jsonb, ((i::bigint * 7919) % 1000)::int, ((i::bigint * 104729) % 50)::int,
              i % 1000 <> 0, i % 1000 = 1, i % 997 = 0,
              timestamptz '2026-01-01' + i * interval '1 second'
       from generate_series(1, $2::int) as i`,
      [ownerId, count],
    );
    await client.query(
      `insert into rank_like (rank_id, user_id) select 'bench' || i, $1
       from generate_series(1, $2::int, 40) as i`,
      [viewerId, count],
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** pgbench running one fixed read statement (the bare list page), like runPgbench's upsert. */
async function pgbenchSelect(
  url: string,
  statement: string,
  options: { concurrency: number; seconds: number },
): Promise<PgbenchResult> {
  if (!existsSync(PGBENCH)) return { ran: false, reason: `pgbench not found at ${PGBENCH}` };
  const dir = await mkdtemp(path.join(tmpdir(), 'crowned-bench-'));
  try {
    const script = path.join(dir, 'list.sql');
    await writeFile(script, `${statement.replace(/\s+/g, ' ').trim()};\n`);
    const seconds = Math.max(1, Math.round(options.seconds));
    const args = [
      '-n',
      '-f',
      script,
      '-c',
      String(options.concurrency),
      '-j',
      String(Math.max(1, Math.min(2, options.concurrency))),
      '-T',
      String(seconds),
      url,
    ];
    const shown = `pgbench ${args.slice(0, -1).join(' ').replace(script, 'list.sql')} <db>`;
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve) => {
      const child = spawn(PGBENCH, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
      const timer = setTimeout(() => child.kill('SIGKILL'), (seconds + 60) * 1000);
      const poll = setInterval(() => {
        if (stopSignal.stopped) child.kill('SIGINT');
      }, 100);
      const done = (exit: number | null, extra = '') => {
        clearTimeout(timer);
        clearInterval(poll);
        resolve({ code: exit, stdout: out, stderr: err + extra });
      };
      child.on('error', (error) => done(null, error.message));
      child.on('close', (exit) => done(exit));
    });
    const tps = /^tps = ([\d.]+)/m.exec(stdout)?.[1];
    if (code !== 0 || tps === undefined) {
      return { ran: false, reason: `${shown} exited ${code}: ${(stderr || stdout).slice(0, 500)}` };
    }
    const latency = /^latency average = ([\d.]+) ms/m.exec(stdout)?.[1];
    const failed = /^number of failed transactions: (\d+)/m.exec(stdout)?.[1];
    return {
      ran: true,
      tps: Number(tps),
      latencyAverageMs: latency === undefined ? null : Number(latency),
      failedTransactions: failed === undefined ? null : Number(failed),
      command: shown,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The New page as the server's own statement reads it from the index, without joins. */
const BARE_NEW_PAGE = `select id, title, items, plays, likes, created_at from community_rank
  where is_public and not archived and not hidden
  order by created_at desc nulls last, id desc nulls last limit ${PAGE + 1}`;

type Phase = Figures & { statementsPerRequest: number | null; cpu: CpuFigures };

async function phase(run: () => Promise<Figures>): Promise<Phase> {
  const meter = new CpuMeter();
  const before = queryCount();
  const figures = await run();
  const cpu = meter.stop();
  checkpoint();
  const requests = figures.ops + figures.errors;
  return {
    ...figures,
    cpu,
    statementsPerRequest: requests > 0 ? round((queryCount() - before) / requests, 2) : null,
  };
}

async function main(): Promise<number> {
  const settings = readSettings();
  const { seconds, concurrency } = settings;
  const startedAt = new Date();
  let database: FreshDatabase | undefined;
  let server: RunningServer | undefined;
  let http: HttpClient | undefined;
  try {
    try {
      database = await createFreshDatabase(settings.adminUrl);
    } catch (error) {
      throw new SetupError(
        `Cannot create a database on the admin URL (set BENCH_DATABASE_URL): ${(error as Error).message}`,
      );
    }
    log(`database ${database.name} created`);
    const dbUrl = database.url;
    const pgVersion = await serverVersion(dbUrl);
    const port = await freePort();
    const publicUrl = `http://localhost:${port}`;
    server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: publicUrl,
        DATA_DIR: 'memory',
        LOG_LEVEL: 'error',
        TRUSTED_PROXY_HEADER: 'x-forwarded-for',
        DATABASE_URL: dbUrl,
      }),
    );
    http = new HttpClient('127.0.0.1', port, 'http', concurrency + 4);
    const client = http;
    log(`server on ${publicUrl}`);

    // Setup: the viewer's account (their likes are joined), the ranks, the cursors of deep pages.
    const setup = await (async () => {
      const tag = database.name.slice(-8);
      const signUp = await client.request('POST', '/api/auth/sign-up/email', {
        json: {
          name: 'Bench Viewer',
          email: `viewer-${tag}@bench.invalid`,
          password: `bench-${tag}-password`,
        },
        headers: { origin: publicUrl, 'x-forwarded-for': '198.19.0.2' },
      });
      if (signUp.status !== 200) throw new Error(`viewer sign-up: HTTP ${signUp.status}`);
      const cookie = cookieHeader(signUp.setCookies);
      const viewerId = (JSON.parse(signUp.body) as { user: { id: string } }).user.id;
      log(`inserting ${settings.ranks} public ranks ...`);
      const began = performance.now();
      await seedRanks(dbUrl, settings.ranks, viewerId, viewerId);
      log(`ranks inserted and analyzed in ${((performance.now() - began) / 1000).toFixed(1)} s`);
      const headers = { cookie };
      const cursors: Record<'new' | 'popular', string[]> = { new: [], popular: [] };
      for (const sort of ['new', 'popular'] as const) {
        let cursor: string | null = null;
        for (let page = 0; page < settings.deepPages; page++) {
          const res = await client.request(
            'GET',
            `/api/community?sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`,
            { headers },
          );
          cursor = expectPage(res, `walking ${sort} pages`).nextCursor;
          if (cursor) cursors[sort].push(cursor);
        }
      }
      return { headers, cursors };
    })().catch((error: unknown) => {
      if (error instanceof Interrupted) throw error;
      throw new SetupError(`setup failed: ${(error as Error).message}`);
    });
    checkpoint();

    log(`pgbench: the bare New page statement, ${seconds} s ...`);
    const meterSelect = new CpuMeter();
    const pgbenchList = await pgbenchSelect(dbUrl, BARE_NEW_PAGE, { concurrency, seconds });
    const pgbenchListCpu = meterSelect.stop();
    if (!pgbenchList.ran) log(`pgbench (list) did not run: ${pgbenchList.reason}`);
    checkpoint();
    await createUpsertTable(dbUrl);
    log(`pgbench single-row upsert over ${UPSERT_KEYS} keys, ${seconds} s ...`);
    const pgbenchUpsert = await runPgbench(dbUrl, { concurrency, seconds, keys: UPSERT_KEYS });
    checkpoint();

    const list = (sort: 'new' | 'popular', deep: boolean, signedIn: boolean): Promise<Phase> => {
      const pool = setup.cursors[sort];
      return phase(() =>
        closedLoop(concurrency, seconds, async () => {
          const cursor = deep ? pool[Math.floor(Math.random() * pool.length)] : undefined;
          const res = await client.request(
            'GET',
            `/api/community?sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`,
            { headers: signedIn ? setup.headers : {} },
          );
          expectPage(res, `${sort} list`);
        }),
      );
    };
    const phases: [string, Phase][] = [];
    for (const [what, sort, deep, signedIn] of [
      ['New, first page, signed out', 'new', false, false],
      ['New, first page, signed in', 'new', false, true],
      ['New, deep pages, signed in', 'new', true, true],
      ['Popular, first page, signed in', 'popular', false, true],
      ['Popular, deep pages, signed in', 'popular', true, true],
    ] as const) {
      log(`${what}, ${seconds} s ...`);
      phases.push([what, await list(sort, deep, signedIn)]);
    }

    const listTps = pgbenchList.ran ? pgbenchList.tps : null;
    const rows: Row[] = [
      {
        what: 'pgbench: bare New page statement (baseline)',
        opsPerSecond: listTps,
        note: pgbenchList.ran
          ? `avg ${pgbenchList.latencyAverageMs ?? '?'} ms`
          : pgbenchList.reason,
      },
      {
        what: `pgbench: single-row upsert, ${UPSERT_KEYS} keys`,
        opsPerSecond: pgbenchUpsert.ran ? pgbenchUpsert.tps : null,
        note: pgbenchUpsert.ran
          ? `avg ${pgbenchUpsert.latencyAverageMs ?? '?'} ms`
          : pgbenchUpsert.reason,
      },
      ...phases.map(([what, figures]) => ({
        what: `${what} (HTTP)`,
        ...figures,
        note: `${figures.statementsPerRequest ?? '?'} SQL/req`,
      })),
    ];
    const ratios: [string, string][] = phases.map(([what, figures]) => [
      `${what} / pgbench bare page`,
      listTps ? `${((100 * figures.opsPerSecond) / listTps).toFixed(1)} %` : 'n/a (no pgbench)',
    ]);
    const title =
      `Crowned community list benchmark (PostgreSQL ${pgVersion}, ${settings.ranks} public ranks, ` +
      `${round(seconds, 2)} s each, concurrency ${concurrency}, ${PAGE} a page)\n` +
      `node ${process.version}, ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}, client in the server's process, server pool 10 connections\n`;
    process.stdout.write(`\n${formatTable(title, rows, ratios)}\n\n`);
    const pct = (value: number | null) => (value === null ? '-' : `${value.toFixed(0)} %`);
    process.stdout.write(
      `CPU (% of one core): pgbench list node ${pct(pgbenchListCpu.nodePct)} postgres ${pct(pgbenchListCpu.postgresPct)}; ` +
        phases
          .map(
            ([what, figures]) =>
              `${what}: node ${pct(figures.cpu.nodePct)} postgres ${pct(figures.cpu.postgresPct)}`,
          )
          .join('; ') +
        '\n',
    );
    let errors = 0;
    for (const [what, figures] of phases) {
      errors += figures.errors;
      for (const sample of figures.errorSamples) {
        process.stdout.write(`ERROR in ${what} (x${sample.count}): ${sample.message}\n`);
      }
    }
    const report = {
      benchmark: 'community-list',
      startedAt: startedAt.toISOString(),
      settings: { ...settings, adminUrl: undefined, page: PAGE, serverPool: 10 },
      environment: {
        node: process.version,
        postgres: pgVersion,
        cpus: os.cpus().length,
        loadavgAtEnd: os.loadavg(),
        platform: `${os.platform()} ${os.release()}`,
      },
      baselines: { pgbenchList, pgbenchUpsert },
      phases: Object.fromEntries(phases),
      ratios: Object.fromEntries(ratios),
      errors,
    };
    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    await mkdir(dir, { recursive: true });
    const file = `${dir}community-list-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`;
    await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`figures written to ${file}\n`);
    return errors > 0 ? 1 : 0;
  } finally {
    http?.close();
    await server
      ?.close()
      .catch((error: unknown) => log(`closing the server failed: ${String(error)}`));
    if (database) {
      await database.drop().then(
        () => log(`database ${database?.name} dropped`),
        (error: unknown) => log(`DROPPING ${database?.name} FAILED: ${String(error)}`),
      );
    }
  }
}

runBench(main, log);
