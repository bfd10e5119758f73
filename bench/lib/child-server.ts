/**
 * The real server in a child process, so its memory and CPU are its own. By default it starts the
 * way `npm start` starts it (the bundle scripts/build-server.mjs makes, and on PGlite its database
 * template, built here when missing or stale; no web build needed: the server serves the API alone when dist/web is
 * absent). With `countStatements` it starts from the sources with query-counter-ipc.ts preloaded,
 * and `statements` asks it how many SQL statements it has sent. Linux /proc gives its RSS and CPU.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type { CounterReply, CounterRequest } from './query-counter-ipc';
import {
  buildPgliteTemplate,
  buildServer,
  pgliteTemplateStale,
  SERVER_BUNDLE,
  serverBundleStale,
} from '../../scripts/build-server.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const READY_POLL_MS = 10;
const STOP_TIMEOUT_MS = 10_000;

export type ChildServer = {
  pid: number;
  port: number;
  /** From spawn() until GET /api/health first answered 200. */
  readyMs: number;
  /** Resident memory now (VmRSS) and its peak so far (VmHWM), in MB; null once exited. */
  memory(): { rssMb: number; peakMb: number } | null;
  /** User + system CPU seconds used so far (every thread), null once exited. */
  cpuSeconds(): number | null;
  /** The last lines it wrote (stdout and stderr), for error messages. */
  output(): string;
  /** SIGTERM (graceful shutdown), SIGKILL after 10 s; idempotent. */
  stop(): Promise<void>;
  /** Only when started with `countStatements`. */
  statements?: StatementCounter;
};

export type StatementCounter = {
  /** SQL statements the server has sent so far. */
  count(): Promise<number>;
  /** The text of the statements the server sends while `fn` runs (nothing else running). */
  trace(fn: () => Promise<void>): Promise<string[]>;
};

/**
 * The environment of a development server on the embedded database in memory, at
 * `http://127.0.0.1:<port>`, quiet and trusting `X-Forwarded-For` (each bench client's address),
 * with `extra` on top.
 */
export function memoryServerEnv(port: number, extra: Record<string, string> = {}) {
  return {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: 'memory',
    LOG_LEVEL: 'error',
    TRUSTED_PROXY_HEADER: 'x-forwarded-for',
    ...extra,
  };
}

/**
 * Spawns the server with `env` on top of this process's environment (PORT must be set) and
 * resolves once /api/health answers 200; rejects with its output if it exits or is not ready in
 * `timeoutMs`. `shouldStop` is polled so an interrupted run does not wait for the timeout.
 */
export async function spawnServer(
  env: Record<string, string>,
  options: { timeoutMs: number; shouldStop?: () => boolean; countStatements?: boolean },
): Promise<ChildServer> {
  const port = Number(env.PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('spawnServer: PORT must be set');
  const counting = options.countStatements === true;
  if (!counting && serverBundleStale()) await buildServer();
  // On PGlite, the migrated template `npm start` makes (scripts/prepare-start.mjs) too: without
  // it a fresh data directory starts the slow way (a new cluster, every migration).
  if (!counting && !{ ...process.env, ...env }.DATABASE_URL && pgliteTemplateStale()) {
    await buildPgliteTemplate();
  }
  // BENCH_CPU_PROF=<dir>: the server writes a CPU profile there when it exits.
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const args = counting
    ? [
        ...profile,
        ...['--import', 'tsx', '--import', './bench/lib/query-counter-ipc.ts'],
        'src/server/main.ts',
      ]
    : [...profile, SERVER_BUNDLE];
  const began = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: counting ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: string) => {
    tail = (tail + chunk).slice(-4000);
  };
  child.stdout?.setEncoding('utf8').on('data', keep);
  child.stderr?.setEncoding('utf8').on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let exitCode: number | string | null = null;
  child.once('exit', (code, signal) => {
    exitCode = code ?? signal;
  });
  child.once('error', (error) => keep(`\nspawn failed: ${error.message}`));

  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= stopChild(child, exited));
  try {
    for (;;) {
      if (exitCode !== null || child.exitCode !== null) {
        throw new Error(`the server exited (${String(exitCode)}) before it was ready:\n${tail}`);
      }
      if (options.shouldStop?.()) throw new Error('interrupted while the server was starting');
      if (performance.now() - began > options.timeoutMs) {
        throw new Error(`the server was not ready after ${options.timeoutMs} ms:\n${tail}`);
      }
      if (await healthy(port)) break;
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const readyMs = performance.now() - began;
  const pid = child.pid ?? 0;
  return {
    pid,
    port,
    readyMs,
    memory: () => memoryOf(pid),
    cpuSeconds: () => cpuSecondsOf(pid),
    output: () => tail,
    stop,
    statements: counting ? statementCounter(child) : undefined,
  };
}

/** Asks the child's query-counter-ipc.ts, one question at a time (replies come in order). */
function statementCounter(child: ChildProcess): StatementCounter {
  const ask = (request: CounterRequest) =>
    new Promise<CounterReply>((resolve, reject) => {
      const onExit = () => reject(new Error('the server exited'));
      child.once('exit', onExit);
      child.once('message', (reply: CounterReply) => {
        child.off('exit', onExit);
        resolve(reply);
      });
      child.send(request);
    });
  return {
    async count() {
      const reply = await ask({ type: 'count' });
      return 'count' in reply ? reply.count : Number.NaN;
    },
    async trace(fn) {
      await ask({ type: 'trace', on: true });
      await fn();
      const reply = await ask({ type: 'trace', on: false });
      return 'statements' in reply ? reply.statements : [];
    },
  };
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/health', agent: false, timeout: 2_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
        res.on('error', () => resolve(false));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

/** VmRSS and VmHWM of a process, in MB (Linux). */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
    const rss = kb('VmRSS');
    const peak = kb('VmHWM');
    if (!Number.isFinite(rss)) return null;
    return { rssMb: rss / 1024, peakMb: Number.isFinite(peak) ? peak / 1024 : rss / 1024 };
  } catch {
    return null;
  }
}

const TICKS_PER_SECOND = 100; // USER_HZ on every Linux we run on

/** utime + stime of a process (all its threads), in seconds (Linux). */
export function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
