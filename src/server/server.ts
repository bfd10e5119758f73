/** Starts a complete Crowned server: database, migrations, seed, auth, live events, HTTP. */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PROJECT_ROOT } from './platform/project-root';
import { getRequestListener } from '@hono/node-server';
import type { ResponseCheck } from './api-docs/check-responses';
import { createApp } from './app';
import { s3Store, startImageCollector } from './images/public';
import { createAuth } from './auth/better-auth';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { seedDemoGame } from './db/seed';
import { AnalyticsRecorder } from './analytics/record';
import { startAnalyticsRetention } from './analytics/retention';
import { VisitorIds } from './analytics/visitor';
import { startDeadlineScheduler } from './games/deadlines';
import { deletePlayer } from './games/public';
import { moveGuestData } from './players/migrate-guest';
import { removeUnprovenWebhooksOf } from './webhooks/public';
import { startRoomPurge } from './rooms/public';
import { startWebhookWorker } from './webhooks/worker';
import {
  gameFacts,
  pushSender,
  resolveVapidKeys,
  startNotificationWorker,
} from './notifications/public';
import { GameStates } from './games/state';
import { DEFAULT_RETRY_SCHEDULE_MS } from '../domain/webhooks';
import { createLogger, type Logger } from './platform/log';
import { createMailer } from './auth/mailer';
import { EventHub } from './realtime/hub';
import { AppMetrics } from './observability/metrics';
import { ImageStore } from './share/image-store';
import { RenderPool } from './share/render-pool';
import { endStreams } from './realtime/sse';
import { HttpDrain } from './http/drain';

/** How long an idle keep-alive connection stays open (above a proxy's usual 60 s). */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/**
 * Connections the kernel holds for us while the event loop is busy (Linux caps it at
 * net.core.somaxconn). Node's 511 overflowed when thousands of phones opened their streams at
 * once on a loaded server: past it the kernel answers with SYN cookies and drops handshakes, and
 * some of those connections were reset (ECONNRESET) instead of answered (decision 0059).
 */
const LISTEN_BACKLOG = 4096;

export const DEFAULT_WEB_ROOT = path.join(PROJECT_ROOT, 'dist/web');

/** On shutdown, requests under way get this long to finish; then their connections are cut. */
export const DRAIN_TIMEOUT_MS = 10_000;
/**
 * On shutdown, connections with no request under way stay open this long, so that a request sent
 * at the moment of the signal is answered rather than cut (http/drain.ts).
 */
export const DRAIN_IDLE_GRACE_MS = 1000;
/** Event streams end on shutdown with this reconnection delay (`retry:`) for the browser. */
export const STREAM_RETRY_MS = 1000;

export type RunningServer = {
  url: string;
  port: number;
  database: Database;
  hub: EventHub;
  /** The server's own analytics events, written in the background (`flush()` writes them now). */
  analytics: AnalyticsRecorder;
  /** Every route of the app as its router has them (test/integration/authz-matrix.test.ts). */
  routes: { method: string; path: string }[];
  /**
   * Graceful shutdown: stops accepting connections, ends event streams with a `retry:` hint,
   * lets requests under way finish (at most DRAIN_TIMEOUT_MS), stops the deadline checker and
   * the hub, then closes the database. Idempotent.
   */
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

export async function startServer(
  config: Config,
  options: {
    log?: Logger;
    webRoot?: string;
    /**
     * A new PGlite database starts from this dumped data directory (a migrated template, a tar
     * file; tests pass theirs). By default the one the build makes, when it exists.
     */
    pgliteTemplate?: string;
    /** Tests: check every /api response against the OpenAPI document (api-docs/check-responses). */
    checkResponses?: (log: Logger) => ResponseCheck;
    /** DRAIN_IDLE_GRACE_MS unless given (in-process test servers close at once). */
    drainIdleGraceMs?: number;
  } = {},
): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel);
  const database = await openDatabase(
    config.databaseUrl
      ? {
          kind: 'postgres',
          url: config.databaseUrl,
          log,
          poolSize: config.databasePoolSize,
          directUrl: config.databaseDirectUrl,
        }
      : {
          kind: 'pglite',
          dataDir: config.dataDir,
          log,
          template:
            options.pgliteTemplate ?? (existsSync(PGLITE_TEMPLATE) ? PGLITE_TEMPLATE : undefined),
        },
  );
  let startedHub: EventHub | undefined;
  let renders: RenderPool | undefined;
  let images: ImageStore | undefined;
  try {
    await runMigrations(database);
    await seedDemoGame(database.db);
    const hub = new EventHub(database, log);
    startedHub = hub;
    await hub.start();
    const trustedOrigins = [config.publicUrl];
    if (config.env === 'development') trustedOrigins.push('http://localhost:5173');
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log,
      devOutbox: config.devOutbox,
    });
    const authSecret = await resolveAuthSecret(config);
    const auth = createAuth({
      db: database.db,
      secret: authSecret,
      baseUrl: config.publicUrl,
      trustedOrigins,
      log,
      mailer,
      google: config.google,
      // Auth knows no feature: an account's rankings leave the tallies with it (games), a
      // guest's data moves to their account (players, which calls on the others).
      hooks: {
        deleteUser: (userId) => deletePlayer(database.db, userId),
        linkGuest: (guestId, accountId) => moveGuestData(database.db, guestId, accountId),
        // Webhooks added before anyone proved the inbox go with the reset (decision 0029).
        passwordReset: async (tx, userId) => {
          await removeUnprovenWebhooksOf(tx, userId);
        },
      },
    });
    const analytics = new AnalyticsRecorder(
      database.db,
      log,
      new VisitorIds(authSecret, config.publicUrl.startsWith('https://')),
    );
    // Preview images are drawn in worker threads (started on first need), never on this one.
    renders = new RenderPool({
      size: config.previews.workers,
      maxQueue: config.previews.queue,
      delayMs: config.previews.delayMs,
      log,
    });
    images = await ImageStore.open(config.dataDir);
    const push = pushSender({
      keys: await resolveVapidKeys({
        configured: config.notifications.vapid,
        dataDir: config.dataDir,
      }),
      subject: config.notifications.vapidSubject,
      allowPrivate: config.webhooks.allowPrivate,
    });
    const imageBucket = config.s3 ? s3Store(config.s3) : undefined;
    const app = createApp({
      database,
      analytics,
      auth,
      hub,
      log,
      trustedOrigins,
      trustedProxyHeader: config.trustedProxyHeader,
      trustedProxyHops: config.trustedProxyHops,
      mailer,
      googleEnabled: config.google !== undefined,
      adminEmails: config.adminEmails,
      publicUrl: config.publicUrl,
      canonicalOrigin: config.canonicalOrigin,
      heartbeatMs: config.sseHeartbeatMs,
      metrics: new AppMetrics({ database, hub, renders }),
      previews: { pool: renders, store: images, imagesPerMinute: config.previews.imagesPerMinute },
      metricsToken: config.metricsToken,
      metricsLoopback: config.metricsLoopback,
      quotas: config.quotas,
      roomPlayers: config.roomPlayers,
      imageBytesPerAccount: config.imageBytesPerAccount,
      imageBucket,
      streamsPerAccount: config.streamsPerAccount,
      streamsPerAddress: config.streamsPerAddress,
      tokenRequestsPerMinute: config.tokenRequestsPerMinute,
      webRoot: options.webRoot,
      checkResponses: options.checkResponses?.(log),
      webhookPolicy: {
        production: config.env === 'production',
        allowPrivate: config.webhooks.allowPrivate,
      },
      webhooks: {
        publicUrl: config.publicUrl,
        coalesceMs: config.webhooks.coalesceMs,
        logSize: config.webhooks.logSize,
      },
      notifications: {
        secret: authSecret,
        pushPublicKey: push.publicKey,
        allowPrivate: config.webhooks.allowPrivate,
        batchMs: config.notifications.batchMs,
        spacingMs: config.notifications.spacingMs,
        dailyMs: config.notifications.dailyMs,
      },
    });
    // Requests under way, for the drain (http/drain.ts): every request that reached this server
    // gets an answer; none is reset.
    const httpDrain = new HttpDrain();
    // What @hono/node-server's serve() does, with the listener wrapped.
    const server = createHttpServer(
      httpDrain.wrap(getRequestListener(app.fetch, { hostname: config.host })),
    );
    httpDrain.attach(server);
    // An idle keep-alive connection stays open longer than a client or proxy keeps one (Node's 5 s
    // default is shorter than most): otherwise the server may close it just as the client sends
    // its next request on it, and that request is reset (ECONNRESET) without an answer. The drain
    // closes idle connections on its own.
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
    server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
    const deadlines = startDeadlineScheduler({
      db: database.db,
      log,
      intervalMs: config.deadlineCheckMs,
    });
    const webhookWorker = startWebhookWorker({
      db: database.db,
      log,
      intervalMs: config.webhooks.pollMs,
      schedule: config.webhooks.retryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS,
      allowPrivate: config.webhooks.allowPrivate,
      limits: config.webhooks,
      publicUrl: config.publicUrl,
    });
    // Notifications read games through a state of their own, kept current by the hub.
    const notifiedGames = new GameStates(database.db);
    notifiedGames.attach(hub);
    const notificationWorker = startNotificationWorker({
      db: database.db,
      log,
      mailer,
      push,
      facts: gameFacts(notifiedGames),
      publicUrl: config.publicUrl,
      secret: authSecret,
      intervalMs: config.notifications.pollMs,
      schedule: config.notifications.retryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS,
      perDay: config.notifications.perDay,
    });
    const retention = startAnalyticsRetention({
      db: database.db,
      log,
      retentionDays: config.analyticsRetentionDays,
    });
    const imageCollector = startImageCollector({ db: database.db, log, bucket: imageBucket });
    const roomPurge = startRoomPurge({ db: database.db, log });
    const port = (server.address() as AddressInfo).port;
    let closing: Promise<void> | undefined;
    const drain = async () => {
      const drained = httpDrain.drain({
        timeoutMs: DRAIN_TIMEOUT_MS,
        idleGraceMs: options.drainIdleGraceMs ?? DRAIN_IDLE_GRACE_MS,
      });
      const stopped = Promise.all([
        deadlines.stop(),
        retention.stop(),
        webhookWorker.stop(),
        notificationWorker.stop(),
        imageCollector.stop(),
        roomPurge.stop(),
      ]);
      // Streams end at once (browsers reconnect elsewhere or here once restarted); requests
      // under way finish, within the limit.
      void endStreams(hub, { retryMs: STREAM_RETRY_MS });
      const { cut } = await drained;
      if (cut > 0) {
        log.warn(
          `shutdown: ${cut} request(s) still open after ${DRAIN_TIMEOUT_MS} ms; closing their connections`,
        );
      }
      await stopped;
      await renders?.close();
      await images?.close();
      await analytics.flush();
      await hub.stop();
      await database.close();
    };
    return {
      url: `http://localhost:${port}`,
      port,
      database,
      hub,
      analytics,
      routes: app.routes.map((route) => ({ method: route.method, path: route.path })),
      close() {
        closing ??= drain();
        return closing;
      },
    };
  } catch (error) {
    // Nothing may outlive a start that failed (a port already in use): the listener goes too.
    await startedHub?.stop();
    await renders?.close();
    await images?.close();
    await database.close();
    throw error;
  }
}
