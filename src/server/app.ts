/** createApp(deps): middleware, the error handler and the feature routers. Exports AppType. */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { limitBodySize } from './http/body-limit';
import type { ResponseCheck } from './api-docs/check-responses';
import { apiDocs } from './api-docs/routes';
import type { ApiOperations } from './api-docs/document';
import { API_DOCS_OPERATIONS } from './api-docs/docs';
import { mergeOperations } from './api-docs/operation';
import { ACCOUNT_OPERATIONS, AUTH_OPERATIONS } from './auth/account/docs';
import { TOKENS_OPERATIONS } from './auth/tokens/docs';
import { ADMIN_OPERATIONS } from './admin/docs';
import { ANALYTICS_OPERATIONS } from './analytics/docs';
import { COMMUNITY_OPERATIONS } from './community/docs';
import { GAMES_OPERATIONS } from './games/docs';
import { PLAYERS_OPERATIONS } from './players/docs';
import { OBSERVABILITY_OPERATIONS } from './observability/docs';
import { SHARE_OPERATIONS } from './share/docs';
import { WEBHOOKS_OPERATIONS } from './webhooks/docs';
import {
  gameFacts,
  gameNotifyRoutes,
  NOTIFICATIONS_OPERATIONS,
  notificationMeRoutes,
  PlaysDigests,
  pushKeyRoutes,
  unsubscribePageRoutes,
  type NotificationRoutesDeps,
} from './notifications/public';
import { IMAGE_OPERATIONS } from './images/docs';
import { ROOM_OPERATIONS, roomRoutes, RoundGate } from './rooms/public';
import { imageApiRoutes, imageFileRoutes, pngThumbs, type BucketStore } from './images/public';
import { errorBody, createErrorHandler, notFoundApi } from './http/errors';
import { withClientIp } from './http/client-ip';
import { securityHeaders } from './http/security-headers';
import { SplitRouter } from './http/router';
import { jsonOnlyFromTrustedOrigins, redirectToCanonicalHost } from './http/guards';
import type { Mailer } from './auth/mailer';
import { accountRoutes } from './auth/account/routes';
import { communityRoutes, gamePublishRoutes } from './community/routes';
import {
  publishGame,
  rankArchived,
  rankItemsEdited,
  rankPlaysSql,
  ranksOfGameDeleted,
} from './community/public';
import { firstPlaysSql, playedItemsEdited, playedSql } from './players/public';
import { playersRoutes } from './players/routes';
import { publicProfileRoutes } from './players/public-routes';
import { adminRoutes } from './admin/routes';
import { dropUnlistedClaim } from './admin/mutations';
import { PREVIEW_PICTURE_PX } from '../domain/card';
import { isAllowlistedAdmin } from '../domain/profile';
import { IMPORT_MESSAGES } from '../domain/ballot-import';
import type { AnalyticsRecorder } from './analytics/record';
import { analyticsRoutes } from './analytics/routes';
import { sessionMiddleware, type Auth, type AuthEnv } from './auth/better-auth';
import { SessionCache } from './auth/session-cache';
import { bearerAuth } from './auth/tokens/bearer';
import { DEFAULT_TOKEN_REQUESTS_PER_MINUTE, tokenScope } from './auth/tokens/scope';
import { tokenRoutes } from './auth/tokens/routes';
import type { Database, Db } from './db/client';
import { AppError } from '../domain/errors';
import { sessionCookie } from './auth/session-cookie';
import { gameRead } from './games/public';
import { injectJson } from './http/inline-json';
import { gamesRoutes } from './games/routes';
import { exportRoutes } from './games/export-routes';
import { remixRoutes } from './games/remix-routes';
import { recentPlayersRoutes } from './games/recent-players-routes';
import { setGameHooks, type GameHooks } from './games/hooks';
import { GameStates } from './games/state';
import { BallotCache } from './games/ballot-cache';
import { WebhookEvents } from './webhooks/enqueue';
import { webhookRoutes } from './webhooks/routes';
import type { UrlPolicy } from './webhooks/url-rules';
import { cardApiRoutes, originOf, ShareCards, sharePageRoutes } from './share/routes';
import { injectHead } from './share/preview-tags';
import { drawsFirstPaint, injectRoot, playFirstPaint } from './share/play-first-paint';
import type { ImageStore } from './share/image-store';
import type { RenderPool } from './share/render-pool';
import type { Logger } from './platform/log';
import type { EventHub } from './realtime/hub';
import {
  DEFAULT_IMAGE_BYTES_PER_ACCOUNT,
  DEFAULT_QUOTAS,
  DEFAULT_ROOM_PLAYERS,
  DEFAULT_STREAMS_PER_ACCOUNT,
  DEFAULT_STREAMS_PER_ADDRESS,
  DAILY_DIGEST_GAP_MS,
  DIGEST_GAP_MS,
  MAX_IMPORT_BYTES,
  type Quotas,
} from '../domain/limits';
import { clientIp } from './http/client-ip';
import { clientErrorRoutes } from './observability/client-errors';
import { QuotaGuard } from './http/quota';
import { StreamLimits } from './realtime/stream-limits';
import { AppMetrics } from './observability/metrics';
import { metricsRoute } from './observability/metrics-access';
import { readinessProbe } from './observability/readiness';
import { observeRequests } from './observability/request-log';

export type AppDeps = {
  database: Database;
  auth: Auth;
  hub: EventHub;
  log: Logger;
  /** Where the server's own analytics events go (written after the action answered). */
  analytics: AnalyticsRecorder;
  trustedOrigins: string[];
  /** A header set by a trusted reverse proxy with the client's IP (e.g. x-forwarded-for). */
  trustedProxyHeader: string | undefined;
  /** Which entry of that header, counted from the right, is the client's (1 when omitted). */
  trustedProxyHops?: number;
  mailer: Mailer;
  googleEnabled: boolean;
  adminEmails: string[];
  /** PUBLIC_URL: links in mails point here. */
  publicUrl: string;
  /** Page requests for any other host are redirected here (see config). */
  canonicalOrigin: string | undefined;
  heartbeatMs: number;
  /** Per-account actions per hour (config LIMIT_*_PER_HOUR); DEFAULT_QUOTAS when omitted. */
  quotas?: Quotas;
  /** Players one live room holds (LIMIT_ROOM_PLAYERS); DEFAULT_ROOM_PLAYERS when omitted. */
  roomPlayers?: number;
  /** Bytes of pictures one account may keep (LIMIT_IMAGE_STORAGE_MB). */
  imageBytesPerAccount?: number;
  /** Pictures' S3-compatible bucket (S3_URL); the database keeps them when omitted. */
  imageBucket?: BucketStore;
  /** Requests per personal API token and minute, shared by every instance (decision 0024). */
  tokenRequestsPerMinute?: number;
  /** Open event streams per account and per client address on this instance. */
  streamsPerAccount?: number;
  streamsPerAddress?: number;
  /** The built web app (index.html and assets); omitted when Vite serves it (dev, API tests). */
  webRoot?: string;
  /** This server's Prometheus metrics (made here when omitted). */
  metrics?: AppMetrics;
  /** METRICS_TOKEN: /metrics requires it as a bearer token; unset, see the next. */
  metricsToken?: string;
  /**
   * Without METRICS_TOKEN, whether /metrics answers this machine (loopback, no forwarding
   * header); false (production): /metrics is off. Off when omitted.
   */
  metricsLoopback?: boolean;
  /** Link preview images: the worker pool that draws them and the per-address limit. */
  previews: { pool: RenderPool; store: ImageStore; imagesPerMinute: number };
  /** Which webhook URLs owners may register (production rules unless told otherwise). */
  webhookPolicy?: UrlPolicy;
  /** Webhook payloads link to results under this address; coalescing and log size (config). */
  webhooks?: { publicUrl?: string; coalesceMs?: number; logSize?: number };
  /** Tests: every /api response is checked against the OpenAPI document (a mismatch is a 500). */
  checkResponses?: ResponseCheck;
  /**
   * Notifications (decision 0061): the secret unsubscribe links are signed with, the VAPID
   * public key, whether push endpoints may be private, and how long a digest collects plays.
   */
  notifications: Omit<NotificationRoutesDeps, 'db' | 'facts'> & {
    batchMs: number;
    /** At least this long between two digests of one game (NOTIFY_SPACING_MS; an hour). */
    spacingMs?: number;
    /** A daily digest goes this long after its first play (NOTIFY_DAILY_MS; a day). */
    dailyMs?: number;
  };
};

const MAX_BODY_BYTES = 256 * 1024;
/** The one route whose body is not JSON and may be larger: a picture (images/routes.ts). */
const isImageUpload = (c: Context) => c.req.method === 'POST' && c.req.path === '/api/images';
/** An owner's ballot import: a CSV body, with its own size limit (decision 0048). */
const isBallotImport = (c: Context) =>
  c.req.method === 'POST' && /^\/api\/games\/[^/]+\/ballots$/.test(c.req.path);
const otherBodies = (c: Context) => isImageUpload(c) || isBallotImport(c);

/**
 * Every /api operation, as each feature declares it in its docs.ts: the API document is made
 * from them, and so is what a personal API token may call (auth/tokens/scope.ts).
 */
export const API_OPERATIONS: ApiOperations = {
  operations: mergeOperations(
    OBSERVABILITY_OPERATIONS,
    ACCOUNT_OPERATIONS,
    ANALYTICS_OPERATIONS,
    API_DOCS_OPERATIONS,
    GAMES_OPERATIONS,
    COMMUNITY_OPERATIONS,
    SHARE_OPERATIONS,
    WEBHOOKS_OPERATIONS,
    NOTIFICATIONS_OPERATIONS,
    IMAGE_OPERATIONS,
    ROOM_OPERATIONS,
    PLAYERS_OPERATIONS,
    TOKENS_OPERATIONS,
    ADMIN_OPERATIONS,
  ),
  auth: AUTH_OPERATIONS,
};

/**
 * What the community and players add inside games' writes (games/hooks.ts): a community rank
 * mirrors its game, and each player's played-game record follows it. Each runs in the games
 * write's own statement or transaction, in the order they always ran.
 */
function gameHooksWith(digests: PlaysDigests): GameHooks {
  return {
    publish: publishGame,
    async onItemsEdited(tx, edit) {
      await playedItemsEdited(tx, edit);
      await rankItemsEdited(tx, edit);
    },
    onArchived: rankArchived,
    onDeleted: ranksOfGameDeleted,
    playedSql,
    firstPlaysSql,
    // The rank's play count.
    playsCountedSql: rankPlaysSql,
    // The creator's digest of plays (notifications), after the batch.
    afterFirstPlays: (plays) => digests.afterFirstPlays(plays),
  };
}

function apiRoutes(
  deps: AppDeps,
  states: GameStates,
  ballots: BallotCache,
  cards: ShareCards,
  webhooks: WebhookEvents,
  rounds: RoundGate,
) {
  const { db, kind } = deps.database;
  const quota = new QuotaGuard(db, deps.quotas ?? DEFAULT_QUOTAS);
  const streams = new StreamLimits({
    perAccount: deps.streamsPerAccount ?? DEFAULT_STREAMS_PER_ACCOUNT,
    perAddress: deps.streamsPerAddress ?? DEFAULT_STREAMS_PER_ADDRESS,
    addressOf: (c) => clientIp(c, deps.trustedProxyHeader, deps.trustedProxyHops),
    onEvict: () => deps.metrics?.refused('streams'),
  });
  const readiness = readinessProbe(deps.database, deps.hub);
  const notifications: NotificationRoutesDeps = {
    db,
    facts: gameFacts(states),
    secret: deps.notifications.secret,
    pushPublicKey: deps.notifications.pushPublicKey,
    allowPrivate: deps.notifications.allowPrivate,
  };
  return new Hono<AuthEnv>()
    .get('/health', (c) => {
      // Liveness: the process answers (the database is readiness's business).
      return c.json({ ok: true as const, database: kind });
    })
    .get('/ready', async (c) => {
      // Readiness: the database answers, migrations are applied, the event listener hears.
      const { ready, checks } = await readiness();
      if (ready) return c.json({ ready: true as const, checks }, 200);
      return c.json(
        {
          ready: false as const,
          checks,
          ...errorBody('unavailable', 'This instance is not ready to serve requests'),
        },
        503,
        { 'Retry-After': '1' },
      );
    })
    .route(
      '/games',
      gamesRoutes({
        db,
        hub: deps.hub,
        states,
        ballots,
        heartbeatMs: deps.heartbeatMs,
        quota,
        streams,
        analytics: deps.analytics,
        webhooks,
        onSubmissionBatch: (size) => deps.metrics?.observeBatch(size),
        // Live rooms take their players' ballots during the game's round only (decision 0054).
        submissionGate: (input) => rounds.refusal(input),
      }),
    )
    .route(
      '/games',
      webhookRoutes({
        db,
        policy: deps.webhookPolicy ?? { production: true, allowPrivate: false },
        events: webhooks,
        logSize: deps.webhooks?.logSize,
      }),
    )
    .route('/games', gameNotifyRoutes(notifications))
    .route('/games', gamePublishRoutes({ db, quota, analytics: deps.analytics }))
    .route('/games', exportRoutes({ db, states, publicUrl: deps.publicUrl }))
    .route('/games', remixRoutes({ db, quota, analytics: deps.analytics }))
    .route('/games', recentPlayersRoutes({ db, states }))
    .route('/games', cardApiRoutes(cards))
    .route(
      '/community',
      communityRoutes({
        db,
        hub: deps.hub,
        heartbeatMs: deps.heartbeatMs,
        quota,
        streams,
        analytics: deps.analytics,
      }),
    )
    .route(
      '/rooms',
      roomRoutes({
        db,
        hub: deps.hub,
        states,
        heartbeatMs: deps.heartbeatMs,
        quota,
        streams,
        maxPlayers: deps.roomPlayers ?? DEFAULT_ROOM_PLAYERS,
        rounds,
      }),
    )
    .route(
      '/images',
      imageApiRoutes({
        db,
        quota,
        maxBytesPerAccount: deps.imageBytesPerAccount ?? DEFAULT_IMAGE_BYTES_PER_ACCOUNT,
        bucket: deps.imageBucket,
      }),
    )
    .route('/me/tokens', tokenRoutes({ db }))
    .route('/me', notificationMeRoutes(notifications))
    .route('/push', pushKeyRoutes(notifications))
    .route('/users', publicProfileRoutes({ db }))
    .route('/admin', adminRoutes({ db }))
    .route(
      '/client-errors',
      clientErrorRoutes({
        log: deps.log,
        addressOf: (c) => clientIp(c, deps.trustedProxyHeader, deps.trustedProxyHops),
      }),
    )
    .route(
      '/analytics',
      analyticsRoutes({
        db,
        visitors: deps.analytics.visitors,
        trustedProxyHeader: deps.trustedProxyHeader,
        trustedProxyHops: deps.trustedProxyHops,
      }),
    )
    .route(
      '/me',
      playersRoutes({
        db,
        hub: deps.hub,
        heartbeatMs: deps.heartbeatMs,
        streams,
        adminEmails: deps.adminEmails,
        visitorIdOf: (c) => deps.analytics.visitors.of(c),
        mailer: deps.mailer,
        publicUrl: deps.publicUrl,
      }),
    )
    .route(
      '/',
      accountRoutes({
        db,
        mailer: deps.mailer,
        googleEnabled: deps.googleEnabled,
        trustedProxyHeader: deps.trustedProxyHeader,
        trustedProxyHops: deps.trustedProxyHops,
      }),
    );
}

/** The API's type, for the web app's typed client: `hc<AppType>('/api')`. */
export type AppType = ReturnType<typeof apiRoutes>;

/** Files of the built app served under a fixed name that must be revalidated on every use. */
const REVALIDATED_FILES = /^\/(?:sw\.js|manifest\.webmanifest|offline\.html|offline\.js)$/;
/** Paths that name a file of the build (never a client-side route), found or not. */
const BUILD_FILES =
  /^\/(?:assets\/.*|icons\/.*|sw\.js|workbox-[^/]*\.js|manifest\.webmanifest|offline\.(?:html|js)|push-sw\.js|apple-touch-icon[^/]*\.png)$/;

/** A game's play page, whose first paint the server draws (share/play-first-paint.ts). */
const PLAY_PAGE = /^\/g\/[^/]+\/play\/?$/;

/** The id of the HTML's data block (src/web/api/boot-data.ts reads it). */
const BOOT_DATA_ID = 'boot-data';

/**
 * On a game's pages (`/g/:idOrSlug`, its /play and /results), the game's read as a visitor
 * without a session gets it from `GET /api/games/:idOrSlug`; null elsewhere or for no such game.
 */
async function gameBootRead(db: Db, states: GameStates, pathname: string) {
  const match = /^\/g\/([^/]+)(?:\/(?:play|results))?\/?$/.exec(pathname);
  if (!match) return null;
  try {
    const idOrSlug = decodeURIComponent(match[1]!);
    return { idOrSlug, read: await gameRead(db, states, idOrSlug, null) };
  } catch (error) {
    if (error instanceof URIError || error instanceof AppError) return null;
    throw error;
  }
}

export function createApp(deps: AppDeps) {
  const app = new Hono<AuthEnv>({ router: new SplitRouter() });
  setGameHooks(
    gameHooksWith(
      new PlaysDigests({
        db: deps.database.db,
        log: deps.log,
        batchMs: deps.notifications.batchMs,
        spacingMs: deps.notifications.spacingMs ?? DIGEST_GAP_MS,
        dailyMs: deps.notifications.dailyMs ?? DAILY_DIGEST_GAP_MS,
      }),
    ),
  );
  // What this instance keeps of hot games, kept current by every instance's events.
  const states = new GameStates(deps.database.db);
  states.attach(deps.hub);
  // A game's ballots, read for instant runoff by the results and the share cards alike.
  const ballots = new BallotCache(deps.database.db);
  const cards = new ShareCards(
    deps.database.db,
    states,
    deps.previews.pool,
    deps.previews.store,
    deps.log,
    ballots,
    (ids) => pngThumbs(deps.database.db, { ids, px: PREVIEW_PICTURE_PX, bucket: deps.imageBucket }),
  );
  cards.attach(deps.hub);
  // Whether a game has webhooks, per instance, kept current by every instance's events.
  const webhooks = new WebhookEvents(deps.database.db, deps.log, {
    publicUrl: deps.webhooks?.publicUrl,
    coalesceMs: deps.webhooks?.coalesceMs,
  });
  webhooks.attach(deps.hub);
  // Which games live rooms play, per instance, kept current by every instance's events.
  const rounds = new RoundGate(deps.database.db);
  rounds.attach(deps.hub);
  app.onError(createErrorHandler(deps.log));
  const metrics = deps.metrics ?? new AppMetrics({ database: deps.database, hub: deps.hub });
  // Outermost: every request gets its id, its metrics and its log line, whoever answers it.
  app.use('*', observeRequests({ log: deps.log, metrics }));
  // First, so that every answer (redirects and errors too) carries them.
  app.use(
    '*',
    securityHeaders({
      https: deps.canonicalOrigin?.startsWith('https:') ?? false,
      indexFile: deps.webRoot ? path.join(deps.webRoot, 'index.html') : undefined,
    }),
  );
  // Before the canonical-host redirect: a scraper asks for 127.0.0.1:port, not the public host.
  app.get(
    '/metrics',
    metricsRoute({
      metrics,
      token: deps.metricsToken,
      loopbackWithoutToken: deps.metricsLoopback ?? false,
      trustedProxyHeader: deps.trustedProxyHeader,
    }),
  );
  if (deps.canonicalOrigin) app.use('*', redirectToCanonicalHost(deps.canonicalOrigin));
  // Server side, so link previews follow it too. The link's own query (utm tags) goes along.
  app.get('/share/g/:id', (c) => {
    const query = new URL(c.req.url).searchParams;
    query.set('fromShare', '1');
    return c.redirect(`/g/${encodeURIComponent(c.req.param('id'))}?${query}`, 302);
  });

  // The API's own document and reference page (api-docs/), built from the routes below.
  const docs = apiDocs(app as unknown as Parameters<typeof apiDocs>[0], API_OPERATIONS);
  if (deps.checkResponses) app.use('/api/*', deps.checkResponses(docs.documentOf));
  // The server stops reading the body, so this connection cannot carry another request. A
  // picture has its own, larger limit (images/routes.ts).
  const bodyLimit = limitBodySize(MAX_BODY_BYTES, (c) =>
    c.json(errorBody('invalid-argument', 'Request body is too large'), 413, {
      Connection: 'close',
    }),
  );
  const importLimit = limitBodySize(MAX_IMPORT_BYTES, (c) =>
    c.json(errorBody('invalid-argument', IMPORT_MESSAGES.tooLarge), 413, { Connection: 'close' }),
  );
  app.use('/api/*', (c, next) =>
    isImageUpload(c) ? next() : isBallotImport(c) ? importLimit(c, next) : bodyLimit(c, next),
  );
  // An admin whose address left ADMIN_EMAILS loses the role their own claim gave at their next
  // request, not only at their next claim (decision 0028). Admins only: others cost nothing.
  const sessions = new SessionCache(deps.auth, deps.database.db, deps.log, async (viewer) =>
    !isAllowlistedAdmin(viewer.email, deps.adminEmails) &&
    (await dropUnlistedClaim(deps.database.db, viewer.id))
      ? { ...viewer, role: 'user' }
      : viewer,
  );
  sessions.attach(deps.hub);
  // A new guest's session is kept as it is made: its first request (a room's join) reads none.
  deps.auth.guestSessions.listen((fresh) => sessions.keep(fresh));
  // Before the sign-in routes too: a request with a bearer is the token's alone, and a token
  // never reaches account changes (tokens/scope.ts).
  app.use(
    '/api/*',
    bearerAuth({
      db: deps.database.db,
      perMinute: deps.tokenRequestsPerMinute ?? DEFAULT_TOKEN_REQUESTS_PER_MINUTE,
      addressOf: (c) => clientIp(c, deps.trustedProxyHeader, deps.trustedProxyHops),
      scope: tokenScope(API_OPERATIONS.operations),
    }),
  );
  // Account changes answer once every instance's cached sessions reflect them (this one's for
  // sure): the very next request is judged afresh.
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    const response = await deps.auth.handler(
      withClientIp(c, deps.trustedProxyHeader, deps.trustedProxyHops),
    );
    if (!c.req.path.endsWith('/get-session')) await sessions.barrier();
    return response;
  });
  app.use(
    '/api/*',
    jsonOnlyFromTrustedOrigins(
      deps.trustedOrigins,
      (c) => c.get('apiTokenId') !== undefined,
      otherBodies,
    ),
  );
  app.use('/api/*', sessionMiddleware(sessions));
  // Role changes (own claim, an admin's grant or revoke) are session changes too.
  app.on(['POST', 'PUT', 'PATCH', 'DELETE'], ['/api/me/*', '/api/admin/*'], async (_c, next) => {
    await next();
    await sessions.barrier();
  });
  app.route('/api', apiRoutes(deps, states, ballots, cards, webhooks, rounds));
  app.get('/api/openapi.json', docs.json);
  app.get('/api/docs', docs.html);
  app.all('/api/*', notFoundApi);
  // One-click unsubscribe (RFC 8058): a page, no session, no JSON.
  app.route(
    '/',
    unsubscribePageRoutes({ db: deps.database.db, secret: deps.notifications.secret }),
  );
  app.route('/img', imageFileRoutes({ db: deps.database.db, bucket: deps.imageBucket }));
  app.route(
    '/',
    sharePageRoutes(cards, {
      canonicalOrigin: deps.canonicalOrigin,
      imagesPerMinute: deps.previews.imagesPerMinute,
      addressOf: (c) => clientIp(c, deps.trustedProxyHeader, deps.trustedProxyHops),
    }),
  );

  if (deps.webRoot && existsSync(path.join(deps.webRoot, 'index.html'))) {
    const root = path.relative(process.cwd(), deps.webRoot) || '.';
    const indexFile = path.join(deps.webRoot, 'index.html');
    // The build writes brotli and gzip copies of each asset (vite.config.ts): sent when accepted.
    app.use(
      '/assets/*',
      serveStatic({
        root,
        precompressed: true,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    app.use(
      '*',
      serveStatic({
        root,
        precompressed: true,
        // The service worker and what it precaches by a fixed name: checked on every visit, so
        // that a new build reaches installed apps at once (decision 0021).
        onFound: (_path, c) => {
          if (REVALIDATED_FILES.test(c.req.path)) c.header('Cache-Control', 'no-cache');
        },
      }),
    );
    // Every other path is a client-side route: the web app decides what it shows.
    // Read per request (the OS caches it), so a rebuild is served without a restart.
    // Game pages carry their link preview (title, Open Graph and Twitter tags) in the HTML.
    // Compressed when accepted: a drawn play page (decision 0075) is ~26 KB of HTML, ~5 gzip.
    app.get('*', compress(), async (c) => {
      // A missing build file is a 404, never the app's page: HTML in place of sw.js or a
      // chunk would only fail later, and less clearly.
      if (BUILD_FILES.test(c.req.path)) return c.text('Not found', 404);
      c.header('Cache-Control', 'no-cache');
      const html = await readFile(indexFile, 'utf8');
      const preview = await cards.previewFor(c.req.path, originOf(c, deps.canonicalOrigin));
      const page = preview ? injectHead(html, preview) : html;
      // A game's page opened without a session (a shared link's first visit): it need not wait
      // on the session request, nor on the game's read; both answers are written into the page.
      if (sessionCookie(c.req.header('cookie') ?? null) !== null) return c.html(page);
      const game = await gameBootRead(deps.database.db, states, c.req.path);
      if (!game) return c.html(page);
      const withData = injectJson(page, BOOT_DATA_ID, { session: null, game });
      // The play page itself, drawn for the first paint (decision 0075).
      const drawn = PLAY_PAGE.test(c.req.path) && drawsFirstPaint(game.read.game);
      return c.html(drawn ? injectRoot(withData, playFirstPaint(game.read)) : withData);
    });
  }
  return app;
}
