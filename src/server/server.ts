/** Starts a complete Crowned server: database, migrations, seed, auth, live events, HTTP. */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from './project-root';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createAuth } from './auth';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { seedDemoGame } from './db/seed';
import { startDeadlineScheduler } from './games/deadlines';
import { createLogger, type Logger } from './log';
import { createMailer } from './mail/mailer';
import { EventHub } from './realtime/hub';

export const DEFAULT_WEB_ROOT = path.join(PROJECT_ROOT, 'dist/web');

export type RunningServer = {
  url: string;
  port: number;
  database: Database;
  hub: EventHub;
  /** Every route of the app as its router has them (test/integration/authz-matrix.test.ts). */
  routes: { method: string; path: string }[];
  close(): Promise<void>;
};

/** AUTH_SECRET when set; otherwise one generated once and kept in the data directory. */
async function resolveAuthSecret(config: Config): Promise<string> {
  if (config.authSecret) return config.authSecret;
  if (config.dataDir === 'memory') return randomBytes(32).toString('base64url');
  const file = path.join(config.dataDir, 'auth-secret');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing.trim().length >= 32) return existing.trim();
  await mkdir(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/** Made by `npm run build` / `npm start` (scripts/build-server.mjs): migrations already applied. */
const PGLITE_TEMPLATE = path.join(PROJECT_ROOT, 'dist/server/pglite-template.tar.gz');

async function builtPgliteTemplate(): Promise<Blob | undefined> {
  const bytes = await readFile(PGLITE_TEMPLATE).catch(() => undefined);
  return bytes ? new Blob([bytes]) : undefined;
}

export async function startServer(
  config: Config,
  options: {
    log?: Logger;
    webRoot?: string;
    /**
     * A new PGlite database starts from this dumped data directory (a migrated template; tests
     * pass theirs). By default the one the build makes, when it exists.
     */
    pgliteTemplate?: Blob;
  } = {},
): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, log }
      : {
          kind: 'pglite',
          dataDir: config.dataDir,
          log,
          loadDataDir: options.pgliteTemplate ?? (await builtPgliteTemplate()),
        },
  );
  try {
    await runMigrations(database);
    await seedDemoGame(database.db);
    const hub = new EventHub(database, log);
    await hub.start();
    const trustedOrigins = [config.publicUrl];
    if (config.env === 'development') trustedOrigins.push('http://localhost:5173');
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log,
      devOutbox: config.devOutbox,
    });
    const auth = createAuth({
      db: database.db,
      secret: await resolveAuthSecret(config),
      baseUrl: config.publicUrl,
      trustedOrigins,
      log,
      mailer,
      google: config.google,
    });
    const app = createApp({
      database,
      auth,
      hub,
      log,
      trustedOrigins,
      trustedProxyHeader: config.trustedProxyHeader,
      trustedProxyHops: config.trustedProxyHops,
      mailer,
      googleEnabled: config.google !== undefined,
      adminEmails: config.adminEmails,
      canonicalOrigin: config.canonicalOrigin,
      heartbeatMs: config.sseHeartbeatMs,
      quotas: config.quotas,
      streamsPerAccount: config.streamsPerAccount,
      streamsPerAddress: config.streamsPerAddress,
      webRoot: options.webRoot,
    });
    const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const deadlines = startDeadlineScheduler({
      db: database.db,
      log,
      intervalMs: config.deadlineCheckMs,
    });
    const port = (server.address() as AddressInfo).port;
    let closing: Promise<void> | undefined;
    return {
      url: `http://localhost:${port}`,
      port,
      database,
      hub,
      routes: app.routes.map((route) => ({ method: route.method, path: route.path })),
      close() {
        closing ??= (async () => {
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            // Open event streams would hold the server forever.
            (server as { closeAllConnections?: () => void }).closeAllConnections?.();
          });
          await deadlines.stop();
          await hub.stop();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
