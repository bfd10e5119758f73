/** The benchmark's PostgreSQL side: a fresh database per run and the raw-database baselines. */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { closedLoop, stopSignal, type Figures } from './stats';

export type FreshDatabase = { name: string; url: string; drop(): Promise<void> };

/** Creates an empty database on the admin URL's server; `drop()` removes it (idempotent). */
export async function createFreshDatabase(adminUrl: string): Promise<FreshDatabase> {
  const name = `crowned_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    name,
    url: url.toString(),
    drop() {
      dropped ??= (async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        try {
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await client.end();
        }
      })();
      return dropped;
    },
  };
}

export async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>(
      `select current_setting('server_version') as v`,
    );
    return rows[0]?.v ?? 'unknown';
  } finally {
    await client.end();
  }
}

export const UPSERT_TABLE = 'bench_upsert';
export const UPSERT_KEYS = 1000;

export async function createUpsertTable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE TABLE ${UPSERT_TABLE} (k int PRIMARY KEY, v int NOT NULL)`);
  } finally {
    await client.end();
  }
}

const UPSERT_SQL = `INSERT INTO ${UPSERT_TABLE} VALUES ($1, 1) ON CONFLICT (k) DO UPDATE SET v = ${UPSERT_TABLE}.v + 1`;

export type PgbenchResult =
  | {
      ran: true;
      tps: number;
      latencyAverageMs: number | null;
      failedTransactions: number | null;
      command: string;
    }
  | { ran: false; reason: string };

export const PGBENCH = process.env.PGBENCH ?? '/usr/bin/pgbench';

/**
 * pgbench with a custom single-row upsert script: `keys` random keys (1 = one hot row, the shape
 * of submissions to one game). Bounded by -T plus a kill timer.
 */
export async function runPgbench(
  url: string,
  options: { concurrency: number; seconds: number; keys: number },
): Promise<PgbenchResult> {
  if (!existsSync(PGBENCH)) return { ran: false, reason: `pgbench not found at ${PGBENCH}` };
  const dir = await mkdtemp(path.join(tmpdir(), 'crowned-bench-'));
  try {
    const script = path.join(dir, 'upsert.sql');
    await writeFile(
      script,
      `\\set k random(1, ${options.keys})\n` +
        `INSERT INTO ${UPSERT_TABLE} VALUES (:k, 1) ON CONFLICT (k) DO UPDATE SET v = ${UPSERT_TABLE}.v + 1;\n`,
    );
    const seconds = Math.max(1, Math.round(options.seconds));
    const threads = Math.max(1, Math.min(2, options.concurrency));
    const args = [
      '-n',
      '-f',
      script,
      '-c',
      String(options.concurrency),
      '-j',
      String(threads),
      '-T',
      String(seconds),
      url,
    ];
    const shown = `pgbench ${args.slice(0, -1).join(' ').replace(script, 'upsert.sql')} <db>`;
    const { code, stdout, stderr } = await run(PGBENCH, args, (seconds + 60) * 1000);
    const tps = /^tps = ([\d.]+)/m.exec(stdout)?.[1];
    if (code !== 0 || tps === undefined) {
      return {
        ran: false,
        reason: `${shown} exited ${code}: ${(stderr || stdout).trim().slice(0, 500)}`,
      };
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

function run(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    // Ctrl-C reaches this process only when it is signalled alone (kill, a supervisor): pass it on.
    const poll = setInterval(() => {
      if (stopSignal.stopped) child.kill('SIGINT');
    }, 100);
    child.on('error', (error) => {
      clearTimeout(timer);
      clearInterval(poll);
      resolve({ code: null, stdout, stderr: `${stderr}${error.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      clearInterval(poll);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The same upsert through node `pg` with a pool of `concurrency` connections: the raw driver. */
export async function runDriverUpsert(
  url: string,
  options: { concurrency: number; seconds: number; keys: number },
): Promise<Figures> {
  const pool = new pg.Pool({ connectionString: url, max: options.concurrency });
  pool.on('error', () => undefined);
  try {
    // Open every connection first, as pgbench does before its clock starts.
    const clients = await Promise.all(
      Array.from({ length: options.concurrency }, () => pool.connect()),
    );
    for (const client of clients) client.release();
    return await closedLoop(options.concurrency, options.seconds, async () => {
      await pool.query(UPSERT_SQL, [1 + Math.floor(Math.random() * options.keys)]);
    });
  } finally {
    await pool.end();
  }
}
