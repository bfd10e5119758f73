/**
 * Starts the real Crowned server for tests on a fresh database: in-memory PGlite, or a new
 * PostgreSQL database created on TEST_DATABASE_URL's server and dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { loadConfig, type Config } from '../../src/server/config';
import { startServer, type RunningServer } from '../../src/server/server';

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

export type TestServer = RunningServer & { kind: TestDatabase };

/** A server config for tests on a free port; `env` adds to or overrides the defaults. */
export async function testConfig(env: Record<string, string> = {}): Promise<Config> {
  const port = await freePort();
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
    ...env,
  });
}

export async function startTestServer(
  kind: TestDatabase,
  options: { env?: Record<string, string>; webRoot?: string } = {},
): Promise<TestServer> {
  const created = kind === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = await testConfig({
    ...(created ? { DATABASE_URL: created.url } : {}),
    ...options.env,
  });
  try {
    const server = await startServer(config, { webRoot: options.webRoot });
    return {
      ...server,
      kind,
      async close() {
        await server.close();
        await created?.drop();
      },
    };
  } catch (error) {
    await created?.drop();
    throw error;
  }
}
