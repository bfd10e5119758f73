/**
 * Readiness (`GET /api/ready`): whether this instance can do its work now. Three checks, run
 * together, each bounded in time: the database answers, every migration in migrations/ is applied
 * (the migrator's own bookkeeping table holds the newest one's timestamp, or a later one written
 * by a newer instance), and the live-event listener works: a barrier event sent through the
 * database comes back through this instance's hub (on PGlite, in-process, it always does while
 * the database is open). Liveness (`/api/health`) asks none of this.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../platform/ids';
import { PROJECT_ROOT } from '../platform/project-root';
import { publish, type BarrierEvent, type EventHub } from '../realtime/hub';

export type ReadinessChecks = { database: boolean; migrations: boolean; listener: boolean };
export type Readiness = { ready: boolean; checks: ReadinessChecks };

/** Each check gives up after this long (a pool with no free connection waits, by default, forever). */
export const READINESS_TIMEOUT_MS = 2000;

const JOURNAL = path.join(PROJECT_ROOT, 'migrations/meta/_journal.json');

let journalNewest: Promise<number> | undefined;

/** The newest migration's timestamp in the journal (what the migrator records as created_at). */
function newestMigration(): Promise<number> {
  journalNewest ??= readFile(JOURNAL, 'utf8').then((text) => {
    const journal = JSON.parse(text) as { entries: { when: number }[] };
    return Math.max(0, ...journal.entries.map((entry) => entry.when));
  });
  return journalNewest;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Passes (true) or fails (false: threw or took too long). */
function passes(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  return within(check(), ms).catch(() => false);
}

async function databaseAnswers(database: Database): Promise<boolean> {
  await database.db.execute(sql`select 1`);
  return true;
}

async function migrationsApplied(database: Database): Promise<boolean> {
  const result = (await database.db.execute(
    sql`select max(created_at) as latest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { latest: string | number | null }[] };
  const latest = Number(result.rows[0]?.latest ?? 0);
  return latest >= (await newestMigration());
}

/** Sends a barrier event through the database and waits for this instance's hub to hear it. */
function listenerHears(database: Database, hub: EventHub, ms: number): Promise<boolean> {
  const id = `ready-${newId(12)}`;
  let stop: (() => void) | undefined;
  const heard = new Promise<boolean>((resolve) => {
    stop = hub.tap<BarrierEvent>((message) => {
      if (message.type === 'barrier' && message.id === id) resolve(true);
    });
  });
  return passes(async () => {
    await publish<BarrierEvent>(database.db, { type: 'barrier', id });
    return heard;
  }, ms).finally(() => stop?.());
}

export async function checkReadiness(
  database: Database,
  hub: EventHub,
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<Readiness> {
  const [db, migrations, listener] = await Promise.all([
    passes(() => databaseAnswers(database), timeoutMs),
    passes(() => migrationsApplied(database), timeoutMs),
    listenerHears(database, hub, timeoutMs),
  ]);
  const checks = { database: db, migrations, listener };
  return { ready: db && migrations && listener, checks };
}

/**
 * checkReadiness for one server, with concurrent probes sharing one check: a burst of requests
 * to /api/ready costs the database what one does.
 */
export function readinessProbe(database: Database, hub: EventHub): () => Promise<Readiness> {
  let running: Promise<Readiness> | undefined;
  return () => {
    running ??= checkReadiness(database, hub).finally(() => {
      running = undefined;
    });
    return running;
  };
}
