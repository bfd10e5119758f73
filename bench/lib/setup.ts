/** What every bench shares: its settings, its checks of answers, its log and its interruption. */
import { loadavg } from 'node:os';
import type { HttpResponse } from './http';
import { stopSignal } from './stats';

/** Setup failed (a setting, the database, the server): exit 1, no figures. */
export class SetupError extends Error {
  override name = 'SetupError';
}

export class Interrupted extends Error {
  override name = 'Interrupted';
}

/** Between phases: an interrupted run stops here, cleans up and reports nothing. */
export function checkpoint(): void {
  if (stopSignal.stopped) throw new Interrupted('interrupted: no figures reported');
}

/** A positive number from the environment, or `fallback` when unset. */
export function positive(name: string, fallback: number, integer = true): number {
  const raw = process.env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value))) {
    throw new SetupError(
      `${name} must be a positive ${integer ? 'integer' : 'number'}, got "${raw}"`,
    );
  }
  return value;
}

/**
 * Prints the 1-minute load average at start, warning above 0.5 (load flatters or hides figures),
 * and answers it for the bench's results file.
 */
export function logLoadAtStart(log: (message: string) => void): number {
  const load = loadavg()[0] ?? 0;
  log(
    `load average ${load.toFixed(2)} at start${load > 0.5 ? ' (above 0.5: figures may mislead)' : ''}`,
  );
  return load;
}

/** Whether a database URL points at this machine (a Unix socket counts). */
export function isLoopbackUrl(raw: string): boolean {
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const socketHost = url.searchParams.get('host');
  if (host === '' && (socketHost === null || socketHost.startsWith('/'))) return true; // Unix socket
  return host === 'localhost' || host === '::1' || /^127\./.test(host);
}

/**
 * The PostgreSQL server the benches create their databases on: BENCH_DATABASE_URL, else
 * TEST_DATABASE_URL, else the local server every machine here has. Only one on this machine.
 */
export function benchAdminUrl(): string {
  const url =
    process.env.BENCH_DATABASE_URL?.trim() ||
    process.env.TEST_DATABASE_URL?.trim() ||
    'postgres://postgres@127.0.0.1:5432/postgres';
  if (!isLoopbackUrl(url)) {
    throw new SetupError(
      'The benchmark runs against a PostgreSQL server on this machine only (loopback)',
    );
  }
  return url;
}

/** A database URL fit for printing. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<invalid URL>';
  }
}

export function expectStatus(res: HttpResponse, status: number, what: string): void {
  if (res.status !== status) {
    throw new Error(`${what}: HTTP ${res.status} ${res.body.slice(0, 300)}`);
  }
}

export function parse<T>(res: HttpResponse, what: string): T {
  try {
    return JSON.parse(res.body) as T;
  } catch {
    throw new Error(`${what}: the body is not JSON: ${res.body.slice(0, 200)}`);
  }
}

export function shuffled<T>(values: readonly T[]): T[] {
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

/**
 * Runs a bench's `main` as the process: its answer is the exit code; a SetupError or an
 * interruption is one line, anything else its stack. The first Ctrl-C (or SIGTERM) stops the
 * phases and lets `main` clean up; another one more than a second later quits at once (tsx
 * relays Ctrl-C too, and that copy arrives within the second). A finished run never waits on a
 * stray handle.
 */
export function runBench(main: () => Promise<number>, log: (message: string) => void): void {
  let firstInterrupt: number | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stopSignal.stopped = true;
      if (firstInterrupt === undefined) {
        firstInterrupt = performance.now();
        log(`${signal}: stopping, then cleaning up (again to quit at once)`);
      } else if (performance.now() - firstInterrupt > 1_000) {
        process.exit(130);
      }
    });
  }
  main()
    .then(
      (code) => {
        process.exitCode = code;
      },
      (error: unknown) => {
        const known = error instanceof SetupError || error instanceof Interrupted;
        process.stderr.write(
          `[bench] ${known ? error.message : ((error as Error)?.stack ?? String(error))}\n`,
        );
        process.exitCode = error instanceof Interrupted ? 130 : 1;
      },
    )
    .finally(() => {
      setTimeout(() => process.exit(), 2_000).unref();
    });
}
