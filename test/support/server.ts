/**
 * Starts the real Crowned server for tests on a fresh database: in-memory PGlite, or a new
 * PostgreSQL database created on TEST_DATABASE_URL's server and dropped afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig, type Config } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { createLogger, type Logger } from '../../src/server/platform/log';
import { startServer, type RunningServer } from '../../src/server/server';
import { responseCheck } from '../../src/server/api-docs/check-responses';

export type TestDatabase = 'pglite' | 'postgres';

/** The databases integration tests run on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabases: TestDatabase[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Creates an empty PostgreSQL database next to TEST_DATABASE_URL's; returns its URL and a dropper. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `crowned_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

const MIGRATIONS = fileURLToPath(new URL('../../migrations', import.meta.url));
let template: Promise<string> | undefined;

/**
 * A fresh in-memory PGlite costs seconds of CPU to initialise and migrate; every test server
 * instead starts from one data directory migrated by the real migrator and dumped. It is kept in
 * the temporary directory under a hash of the migrations (so test workers share it, and a new
 * migration makes a new one); the server still runs the migrator on it, which finds nothing to do.
 */
export function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256');
    for (const dir of [MIGRATIONS, path.join(MIGRATIONS, 'meta')]) {
      for (const name of (await readdir(dir)).sort()) {
        if (/\.(sql|json)$/.test(name))
          hash.update(name).update(await readFile(path.join(dir, name)));
      }
    }
    const file = path.join(tmpdir(), `crowned-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
    if (existsSync(file)) return file;
    const database = await openDatabase({
      kind: 'pglite',
      dataDir: 'memory',
      log: createLogger('error'),
    });
    try {
      await runMigrations(database);
      if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
      const dump = await database.raw.client.dumpDataDir('none');
      const bytes = new Uint8Array(await dump.arrayBuffer());
      // Written aside and renamed, so a worker never reads a half-written template.
      const partial = `${file}.${randomBytes(4).toString('hex')}`;
      await writeFile(partial, bytes);
      await rename(partial, file);
      return file;
    } finally {
      await database.close();
    }
  })();
  return template;
}

export type TestServer = RunningServer & { kind: TestDatabase };

/**
 * A server config for tests on a free port; `env` adds to or overrides the defaults (`{PORT}` in
 * a value is that port: e.g. a PUBLIC_URL on another host name than the server's own url).
 */
export async function testConfig(env: Record<string, string> = {}): Promise<Config> {
  const port = await freePort();
  const given = Object.fromEntries(
    Object.entries(env).map(([name, value]) => [name, value.replaceAll('{PORT}', String(port))]),
  );
  return loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: 'memory',
    LOG_LEVEL: 'error',
    SSE_HEARTBEAT_MS: '1000',
    // Tests speak for many clients from one machine, as a reverse proxy would.
    TRUSTED_PROXY_HEADER: 'x-forwarded-for',
    // Tests read verification and reset links there (opt-in: never in production).
    DEV_OUTBOX: '1',
    // A creator's digest is sent an hour after a game's first play, so that no test's count of
    // statements meets its sending (notifications tests set their own, short, batch).
    NOTIFY_BATCH_MS: '3600000',
    ...given,
  });
}

export async function startTestServer(
  kind: TestDatabase,
  options: {
    env?: Record<string, string>;
    webRoot?: string;
    /** Where the server logs (e.g. a logger with a sink, to read its lines); LOG_LEVEL's otherwise. */
    log?: Logger;
  } = {},
): Promise<TestServer> {
  const created = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  try {
    // The free port is found before the server listens on it: another process on the machine
    // may take it in between (EADDRINUSE), and then another free port is tried.
    for (let attempt = 1; ; attempt++) {
      const config = await testConfig({
        ...(created ? { DATABASE_URL: created.url } : {}),
        ...options.env,
      });
      try {
        const server = await startServer(config, {
          webRoot: options.webRoot,
          log: options.log,
          pgliteTemplate: kind === 'pglite' ? await pgliteTemplate() : undefined,
          // Every response of the integration suite is checked against /api/openapi.json.
          checkResponses: responseCheck,
          // Idle connections close at once when a test stops its server (test/integration/
          // drain.test.ts holds the real process to the grace).
          drainIdleGraceMs: 0,
        });
        return {
          ...server,
          kind,
          async close() {
            await server.close();
            await created?.drop();
          },
        };
      } catch (error) {
        const taken = (error as { code?: unknown }).code === 'EADDRINUSE';
        if (!taken || attempt >= 3 || options.env?.PORT) throw error;
      }
    }
  } catch (error) {
    await created?.drop();
    throw error;
  }
}
