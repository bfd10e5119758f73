/**
 * Opens the database: PGlite in a data directory (the embedded default) or a `pg` pool when a
 * DATABASE_URL is given. Both give the same Drizzle API plus LISTEN/NOTIFY.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { AppError } from '../../domain/errors';
import { TRANSACTION_MAX_ATTEMPTS } from '../../domain/limits';
import type { Logger } from '../platform/log';
import { lockDataDir } from './data-dir-lock';
import { allowNamedStatements } from './prepared';
import { isGzip, restoreTemplate } from './template';
/** No relational queries: the client knows no feature's tables (each feature's are in schema/). */
type Schema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Subscribes to a NOTIFY channel; `onReconnect` runs when messages may have been missed. */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** For the migrator: the raw client kinds. */
  raw:
    | { kind: 'pglite'; client: PGlite }
    | {
        kind: 'postgres';
        url: string;
        /** Where sessions of their own connect (LISTEN, the migrator's lock): `url` by default. */
        directUrl: string;
        pool: pg.Pool;
      };
};

export type OpenOptions =
  | {
      kind: 'pglite';
      dataDir: string | 'memory';
      log: Logger;
      /**
       * A dumped data directory (a migrated template: a tar file, gzipped or not) that a new
       * database starts from: in memory, or a data directory that holds no database yet. Skips
       * creating an empty cluster.
       */
      template?: string;
    }
  | {
      kind: 'postgres';
      url: string;
      log: Logger;
      /** The query pool's most connections (10 when omitted). */
      poolSize?: number;
      /**
       * A URL straight to PostgreSQL for LISTEN and the migrator's advisory lock, which need a
       * session of their own: behind a transaction-mode pooler `url` gives none (docs/deploy.md).
       */
      directUrl?: string;
    };

/**
 * PostgreSQL's default 128 MB of shared buffers is a third of an embedded server's memory, and
 * the operating system caches the data files anyway: 16 MB keeps a fresh start under 400 MB.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database =
    options.kind === 'pglite' ? await openPglite(options) : await openPostgres(options);
  retryTransactions(database.db);
  return database;
}

/**
 * SQLSTATEs that say "this transaction lost a race, run it again": deadlock_detected (PostgreSQL
 * aborted one of two transactions waiting on each other) and serialization_failure.
 */
const CONFLICT_SQLSTATES = new Set(['40P01', '40001']);

/** The answer when a transaction lost its race every time (409, never 500). */
export const CONFLICT_MESSAGE = 'Someone else changed this at the same moment. Please try again.';

/**
 * The SQLSTATE of a database error, or of the error it wraps (Drizzle wraps the driver's as
 * `cause`); undefined for anything else.
 */
export function sqlStateOf(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    // Five characters; no SQLSTATE class starts with E (socket errors: EPIPE).
    if (typeof code === 'string' && /^(?!E)[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
}

/**
 * Whether `error` is a deadlock or a serialization failure, after which the whole transaction may
 * simply run again.
 */
export function isTransactionConflict(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && CONFLICT_SQLSTATES.has(state);
}

/** foreign_key_violation: a row refers to one that is gone (e.g. a player deleted meanwhile). */
export const FOREIGN_KEY_VIOLATION = '23503';
/** unique_violation: a row a unique index already holds. */
export const UNIQUE_VIOLATION = '23505';

/**
 * Runs `attempt` (one whole transaction) again when it fails with a deadlock or serialization
 * failure, at most `maxAttempts` times in all (SPEC: transaction max attempts 5), after a short
 * random wait that grows with each try so the racers do not meet again in step. Gives up with
 * `aborted` (409). Any other failure is thrown at once.
 */
export async function withConflictRetries<T>(
  attempt: (attemptNumber: number) => Promise<T>,
  options: { maxAttempts?: number; baseDelayMs?: number } = {},
): Promise<T> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? TRANSACTION_MAX_ATTEMPTS);
  const base = options.baseDelayMs ?? 5;
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (n >= maxAttempts) {
        throw Object.assign(new AppError('aborted', CONFLICT_MESSAGE), { cause: error });
      }
      const delay = base * 2 ** (n - 1) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/**
 * Every top-level `db.transaction(...)` of the server (and of better-auth's adapter, which is
 * given this same object) runs through withConflictRetries. A transaction's callback must
 * therefore be safe to run again: it only talks to the database through `tx` (a rolled-back
 * attempt leaves nothing behind, NOTIFY included, which is sent only at commit) and keeps what it
 * learns in local variables until it returns. Savepoints (`tx.transaction`) are not retried on
 * their own: the conflict aborts the whole transaction, which runs again.
 */
function retryTransactions(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) =>
    withConflictRetries(() => transaction(run, config))) as Db['transaction'];
}

async function openPglite(options: {
  dataDir: string | 'memory';
  log: Logger;
  template?: string;
}): Promise<Database> {
  const release = options.dataDir === 'memory' ? undefined : await lockDataDir(options.dataDir);
  let client: PGlite;
  try {
    const dir =
      options.dataDir === 'memory' ? undefined : `${options.dataDir.replace(/\/+$/, '')}/pglite`;
    const start = { startParams: PGLITE_START_PARAMS };
    if (dir === undefined) {
      // In memory the database is all in memory anyway: PGlite loads the template itself.
      const loadDataDir = options.template ? await templateBlob(options.template) : undefined;
      client = await PGlite.create({ ...start, ...(loadDataDir ? { loadDataDir } : {}) });
    } else {
      // On disk it is unpacked beside PGlite, a block at a time (db/template.ts).
      if (options.template && !existsSync(dir)) await restoreTemplate(options.template, dir);
      client = await PGlite.create(dir, start);
    }
  } catch (error) {
    await release?.();
    throw error;
  }
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    raw: { kind: 'pglite', client },
    async listen(channel, onMessage) {
      const unlisten = await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    async close() {
      if (!client.closed) await client.close();
      await release?.();
    },
  };
}

/** A template file as PGlite's `loadDataDir` wants it (gzipped ones say so in their type). */
async function templateBlob(file: string): Promise<Blob> {
  const bytes = await readFile(file);
  return new Blob([bytes], isGzip(bytes) ? { type: 'application/gzip' } : {});
}

async function openPostgres(options: {
  url: string;
  log: Logger;
  poolSize?: number;
  directUrl?: string;
}): Promise<Database> {
  const directUrl = options.directUrl ?? options.url;
  const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
  // An idle client errors when Postgres restarts; without a listener the process would die.
  pool.on('error', (error) => options.log.warn('postgres idle client error', error));
  // A client in use whose connection dies outside a query (between a transaction's statements)
  // emits `error` too, and the pool listens only while it is idle: heard here, the request fails
  // (503, http/errors.ts) and the pool drops the broken client when it comes back.
  // Drizzle never releases a client whose `begin` fails (it runs outside its try/finally): a
  // client in use whose connection ends goes back to the pool at once (which drops it), and its
  // holder's own release becomes a no-op. Else every such client would be lost to the pool for
  // good, and `pool.end()` would wait for it forever.
  const inUse = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => inUse.add(client));
  pool.on('release', (_error, client) => inUse.delete(client));
  pool.on('connect', (client) => {
    client.on('error', (error) => options.log.debug('postgres client error', error));
    client.on('end', () => {
      if (!inUse.has(client)) return;
      const release = client.release.bind(client);
      client.release = () => undefined;
      release(new Error('the connection ended while in use'));
    });
  });
  const probe = await pool.connect();
  probe.release();
  const listeners = new Set<PgListener>();
  const db = drizzlePg(pool) as unknown as Db;
  // Without a direct URL the pool reaches PostgreSQL itself (or a session-mode pooler), which
  // keeps a connection's prepared statements; a transaction-mode pooler may not (decision 0079).
  if (options.directUrl === undefined) allowNamedStatements(db);
  return {
    db,
    kind: 'postgres',
    raw: { kind: 'postgres', url: options.url, directUrl, pool },
    async listen(channel, onMessage, onReconnect) {
      const listener = new PgListener(directUrl, channel, onMessage, onReconnect, options.log);
      listeners.add(listener);
      await listener.start();
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async close() {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      await pool.end();
    },
  };
}

/** A dedicated connection holding LISTEN; it reconnects with backoff when the server goes away. */
class PgListener {
  private client: pg.Client | undefined;
  private stopped = false;
  private retryMs = 250;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onMessage: (payload: string) => void,
    private readonly onReconnect: (() => void) | undefined,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.onMessage(message.payload ?? '');
    });
    client.on('error', (error) => {
      this.log.warn('postgres listener error', error);
      this.reconnectSoon(client);
    });
    client.on('end', () => this.reconnectSoon(client));
    await client.connect();
    await client.query(`LISTEN "${this.channel.replace(/"/g, '""')}"`);
    this.client = client;
    this.retryMs = 250;
  }

  private reconnectSoon(broken: pg.Client): void {
    if (this.stopped || this.client !== broken) return;
    this.client = undefined;
    broken.removeAllListeners('end');
    broken.end().catch(() => undefined);
    const attempt = (): void => {
      if (this.stopped) return;
      this.connect()
        .then(() => {
          this.log.info('postgres listener reconnected');
          this.onReconnect?.();
        })
        .catch(() => {
          this.retryMs = Math.min(this.retryMs * 2, 5000);
          setTimeout(attempt, this.retryMs).unref();
        });
    };
    setTimeout(attempt, this.retryMs).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = undefined;
    if (client) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
    }
  }
}
