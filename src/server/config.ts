/** The only reader of process.env: parses it once and fails fast with everything that is wrong. */
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { DEFAULT_ANALYTICS_RETENTION_DAYS } from '../domain/analytics';
import {
  DEFAULT_OG_IMAGES_PER_MINUTE,
  DEFAULT_OG_RENDER_QUEUE,
  DEFAULT_IMAGE_BYTES_PER_ACCOUNT,
  DEFAULT_NOTIFICATIONS_PER_DAY,
  DEFAULT_NOTIFY_BATCH_MS,
  DAILY_DIGEST_GAP_MS,
  DIGEST_GAP_MS,
  DEFAULT_QUOTAS,
  DEFAULT_ROOM_PLAYERS,
  DEFAULT_STREAMS_PER_ACCOUNT,
  DEFAULT_STREAMS_PER_ADDRESS,
  type Quotas,
} from '../domain/limits';
import { DEFAULT_TOKEN_REQUESTS_PER_MINUTE } from './auth/tokens/scope';
import type { S3Settings } from './images/public';
import {
  DEFAULT_COALESCE_MS,
  DEFAULT_DISABLE_AFTER_FAILURES,
  DEFAULT_DISABLE_AFTER_MS,
  DEFAULT_IN_FLIGHT_PER_OWNER,
  DEFAULT_WORKER_CONCURRENCY,
  DELIVERY_CONNECT_TIMEOUT_MS,
  DELIVERY_LOG_SIZE,
  DELIVERY_QUEUE_LIMIT,
  DELIVERY_TIMEOUT_MS,
  type WebhookLimits,
} from '../domain/webhooks';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** A positive whole number, or unset for the default (which depends on NODE_ENV). */
const limit = optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).optional());

/**
 * Tests speak for many people from one account and address: unless a test sets a limit, they
 * are far above anything the suite does.
 */
const TEST_LIMIT = 1_000_000;

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: optionalString.pipe(z.url().optional()),
    // Behind a transaction-mode pooler (PgBouncer), a URL that reaches PostgreSQL directly, for
    // what needs a session of its own: LISTEN and the migrator's advisory lock.
    DATABASE_DIRECT_URL: optionalString.pipe(z.url().optional()),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(10),
    DATA_DIR: z.string().default('./data'),
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    AUTH_SECRET: optionalString.pipe(z.string().min(32).optional()),
    ADMIN_EMAILS: z.string().default(''),
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default('Crowned <no-reply@crowned.local>'),
    // Pictures in an S3-compatible bucket instead of the database (issue 26): the bucket's
    // address, path style (https://host/bucket), and its keys.
    S3_URL: optionalString.pipe(z.url().optional()),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    TRUSTED_PROXY_HEADER: optionalString,
    TRUSTED_PROXY_HOPS: z.coerce.number().int().min(1).default(1),
    DEV_OUTBOX: z
      .enum(['', '0', '1', 'false', 'true'])
      .default('')
      .transform((value) => value === '1' || value === 'true'),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    // /metrics needs `Authorization: Bearer <token>` when set; else only loopback may read it,
    // and in production nobody (it is off).
    METRICS_TOKEN: optionalString,
    SSE_HEARTBEAT_MS: z.coerce.number().int().min(100).default(15_000),
    DEADLINE_CHECK_MS: z.coerce.number().int().min(50).default(5000),
    // Owner webhooks (decision 0025): private and local addresses may be sent to (default: not
    // in production), how often due deliveries are looked for, and the waits before retries.
    WEBHOOK_ALLOW_PRIVATE: z.enum(['', '0', '1', 'false', 'true']).default(''),
    WEBHOOK_POLL_MS: z.coerce.number().int().min(10).default(1000),
    WEBHOOK_RETRY_SCHEDULE_MS: optionalString.pipe(
      z
        .string()
        .regex(/^\d+(,\d+)*$/, 'must be waits in milliseconds separated by commas')
        .optional(),
    ),
    // Fairness, timeouts, turning off and coalescing (decision 0030).
    WEBHOOK_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(1).default(DELIVERY_CONNECT_TIMEOUT_MS),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1).default(DELIVERY_TIMEOUT_MS),
    WEBHOOK_IN_FLIGHT_PER_OWNER: z.coerce
      .number()
      .int()
      .min(1)
      .default(DEFAULT_IN_FLIGHT_PER_OWNER),
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).default(DEFAULT_WORKER_CONCURRENCY),
    WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce
      .number()
      .int()
      .min(1)
      .default(DEFAULT_DISABLE_AFTER_FAILURES),
    WEBHOOK_DISABLE_AFTER_MS: z.coerce.number().int().min(0).default(DEFAULT_DISABLE_AFTER_MS),
    WEBHOOK_COALESCE_MS: z.coerce.number().int().min(0).default(DEFAULT_COALESCE_MS),
    WEBHOOK_LOG_SIZE: z.coerce.number().int().min(1).default(DELIVERY_LOG_SIZE),
    WEBHOOK_QUEUE_LIMIT: z.coerce.number().int().min(1).default(DELIVERY_QUEUE_LIMIT),
    // Notifications (issue 30, decisions 0061, 0068): how long a creator's digest collects plays,
    // the least time between two digests of one game, when a daily digest goes, how often due ones are looked for, the waits
    // before retries, and the most per person and day.
    NOTIFY_BATCH_MS: z.coerce.number().int().min(0).default(DEFAULT_NOTIFY_BATCH_MS),
    NOTIFY_SPACING_MS: z.coerce.number().int().min(0).default(DIGEST_GAP_MS),
    NOTIFY_DAILY_MS: z.coerce.number().int().min(0).default(DAILY_DIGEST_GAP_MS),
    NOTIFY_POLL_MS: z.coerce.number().int().min(10).default(1000),
    NOTIFY_RETRY_SCHEDULE_MS: optionalString.pipe(
      z
        .string()
        .regex(/^\d+(,\d+)*$/, 'must be waits in milliseconds separated by commas')
        .optional(),
    ),
    NOTIFY_PER_DAY: z.coerce.number().int().min(1).default(DEFAULT_NOTIFICATIONS_PER_DAY),
    // Web push's VAPID keys (both or neither; unset: generated once into DATA_DIR) and the
    // contact push services see (default: mailto: MAIL_FROM's address).
    VAPID_PUBLIC_KEY: optionalString,
    VAPID_PRIVATE_KEY: optionalString,
    VAPID_SUBJECT: optionalString.pipe(
      z
        .string()
        .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: address or an https:// URL')
        .optional(),
    ),
    ANALYTICS_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(1)
      .max(3650)
      .default(DEFAULT_ANALYTICS_RETENTION_DAYS),
    // Per-account quotas per hour and open event streams per account and address (issue 11).
    LIMIT_GAMES_PER_HOUR: limit,
    LIMIT_PUBLISHES_PER_HOUR: limit,
    LIMIT_REPORTS_PER_HOUR: limit,
    LIMIT_EDITS_PER_HOUR: limit,
    // Re-rankings of one game by one player per hour (decision 0033).
    LIMIT_RERANKS_PER_HOUR: limit,
    // Pictures (issue 26): uploads per account and hour, and the space one account's take.
    LIMIT_UPLOADS_PER_HOUR: limit,
    // Live rooms (issue 27): rooms each host starts per hour, and players one room holds.
    LIMIT_ROOMS_PER_HOUR: limit,
    LIMIT_ROOM_PLAYERS: limit,
    LIMIT_IMAGE_STORAGE_MB: optionalString.pipe(
      z.coerce.number<string | undefined>().positive().max(1_000_000).optional(),
    ),
    LIMIT_STREAMS_PER_ACCOUNT: limit,
    LIMIT_STREAMS_PER_ADDRESS: limit,
    // Requests per personal API token and minute, counted across instances (decision 0024).
    LIMIT_API_TOKEN_REQUESTS_PER_MINUTE: limit,
    // Link preview images (decision 0019): per address and minute, the render workers (default:
    // one less than the cores, 1 to 4), the renders that may wait for one, and a test hook that
    // makes each render hold its worker this long (never in production).
    LIMIT_PREVIEWS_PER_MINUTE: limit,
    OG_RENDER_WORKERS: optionalString.pipe(
      z.coerce.number<string | undefined>().int().min(1).max(64).optional(),
    ),
    OG_RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_OG_RENDER_QUEUE),
    OG_RENDER_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_SECRET'],
        message: 'is required in production (at least 32 characters)',
      });
    }
    if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_DIRECT_URL'],
        message: 'needs DATABASE_URL (it is the direct way to the same PostgreSQL database)',
      });
    }
    if (env.S3_URL && !/^\/[^/]+\/?$/.test(new URL(env.S3_URL).pathname)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_URL'],
        message: 'must name the bucket as its path: https://s3.example.com/my-bucket',
      });
    }
    for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (env.S3_URL && !env[key]) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required with S3_URL' });
      }
    }
    if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (or leave both unset)',
      });
    }
    if (env.NODE_ENV === 'production' && env.OG_RENDER_DELAY_MS > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['OG_RENDER_DELAY_MS'],
        message: 'is a test hook: it must be 0 in production',
      });
    }
    if (env.NODE_ENV === 'production' && env.DEV_OUTBOX) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEV_OUTBOX'],
        message:
          'must be off in production: the dev outbox shows password reset links (set SMTP_URL)',
      });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** LISTEN and migrations connect here (DATABASE_DIRECT_URL), else to databaseUrl. */
  databaseDirectUrl: string | undefined;
  /** The most connections each instance's query pool opens (LISTEN takes one more). */
  databasePoolSize: number;
  dataDir: string;
  publicUrl: string;
  /** Set when PUBLIC_URL is: page requests for other hosts are redirected to it. */
  canonicalOrigin: string | undefined;
  authSecret: string | undefined;
  adminEmails: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; issuer: string } | undefined;
  /** Pictures' bucket (S3_URL and its keys); unset: the database keeps them. */
  s3: S3Settings | undefined;
  trustedProxyHeader: string | undefined;
  /** Which entry of a list header is the client's: the n-th from the right (1: right-most). */
  trustedProxyHops: number;
  /** Without SMTP_URL, keep mail in an outbox readable at /dev/outbox from this machine. */
  devOutbox: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Required as a bearer token by /metrics when set; unset: see metricsLoopback. */
  metricsToken: string | undefined;
  /**
   * Without METRICS_TOKEN, whether /metrics answers this machine (loopback, no forwarding
   * header): outside production only. In production without a token, /metrics is off.
   */
  metricsLoopback: boolean;
  sseHeartbeatMs: number;
  /** How often open games past their deadline are closed (and watchers told). */
  deadlineCheckMs: number;
  /** Owner webhooks: where they may be sent, how often, and the waits before each retry. */
  webhooks: {
    allowPrivate: boolean;
    pollMs: number;
    retryScheduleMs: number[] | undefined;
  } & WebhookLimits;
  /** Notifications (decision 0061). */
  notifications: {
    batchMs: number;
    /** At least this long between two digests of one game. */
    spacingMs: number;
    /** A daily digest goes this long after the first play it tells of. */
    dailyMs: number;
    pollMs: number;
    retryScheduleMs: number[] | undefined;
    perDay: number;
    vapid: { publicKey: string; privateKey: string } | undefined;
    vapidSubject: string;
  };
  /** Raw analytics events older than this are folded into daily counts and deleted. */
  analyticsRetentionDays: number;
  /** Per-account actions per hour (LIMIT_*_PER_HOUR); over them, 429. */
  quotas: Quotas;
  /** Players one live room holds (LIMIT_ROOM_PLAYERS). */
  roomPlayers: number;
  /** Bytes of pictures one account may keep (LIMIT_IMAGE_STORAGE_MB). */
  imageBytesPerAccount: number;
  /** Open event streams per account and per client address, on each instance. */
  streamsPerAccount: number;
  streamsPerAddress: number;
  /** Requests per personal API token and minute; over it, 429. */
  tokenRequestsPerMinute: number;
  /** Link preview images: per address and minute (429 over it), workers, queue (503 over it). */
  previews: { imagesPerMinute: number; workers: number; queue: number; delayMs: number };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const orTest = (value: number) => (c.NODE_ENV === 'test' ? TEST_LIMIT : value);
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    databaseDirectUrl: c.DATABASE_DIRECT_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    dataDir: c.DATA_DIR,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    canonicalOrigin: c.PUBLIC_URL ? new URL(c.PUBLIC_URL).origin : undefined,
    authSecret: c.AUTH_SECRET,
    adminEmails: c.ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter((email) => email !== ''),
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    google:
      c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
        ? {
            clientId: c.GOOGLE_CLIENT_ID,
            clientSecret: c.GOOGLE_CLIENT_SECRET,
            issuer: c.GOOGLE_ISSUER.replace(/\/+$/, ''),
          }
        : undefined,
    s3:
      c.S3_URL && c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
        ? {
            url: c.S3_URL,
            region: c.S3_REGION,
            accessKeyId: c.S3_ACCESS_KEY_ID,
            secretAccessKey: c.S3_SECRET_ACCESS_KEY,
          }
        : undefined,
    trustedProxyHeader: c.TRUSTED_PROXY_HEADER?.toLowerCase(),
    trustedProxyHops: c.TRUSTED_PROXY_HOPS,
    devOutbox: c.DEV_OUTBOX,
    logLevel: c.LOG_LEVEL,
    metricsToken: c.METRICS_TOKEN,
    metricsLoopback: c.NODE_ENV !== 'production',
    sseHeartbeatMs: c.SSE_HEARTBEAT_MS,
    deadlineCheckMs: c.DEADLINE_CHECK_MS,
    webhooks: {
      allowPrivate:
        c.WEBHOOK_ALLOW_PRIVATE === ''
          ? c.NODE_ENV !== 'production'
          : c.WEBHOOK_ALLOW_PRIVATE === '1' || c.WEBHOOK_ALLOW_PRIVATE === 'true',
      pollMs: c.WEBHOOK_POLL_MS,
      retryScheduleMs: c.WEBHOOK_RETRY_SCHEDULE_MS?.split(',').map(Number),
      connectTimeoutMs: c.WEBHOOK_CONNECT_TIMEOUT_MS,
      timeoutMs: c.WEBHOOK_TIMEOUT_MS,
      inFlightPerOwner: c.WEBHOOK_IN_FLIGHT_PER_OWNER,
      concurrency: c.WEBHOOK_CONCURRENCY,
      disableAfterFailures: c.WEBHOOK_DISABLE_AFTER_FAILURES,
      disableAfterMs: c.WEBHOOK_DISABLE_AFTER_MS,
      coalesceMs: c.WEBHOOK_COALESCE_MS,
      logSize: c.WEBHOOK_LOG_SIZE,
      queueLimit: c.WEBHOOK_QUEUE_LIMIT,
    },
    notifications: {
      batchMs: c.NOTIFY_BATCH_MS,
      spacingMs: c.NOTIFY_SPACING_MS,
      dailyMs: c.NOTIFY_DAILY_MS,
      pollMs: c.NOTIFY_POLL_MS,
      retryScheduleMs: c.NOTIFY_RETRY_SCHEDULE_MS?.split(',').map(Number),
      perDay: c.NOTIFY_PER_DAY,
      vapid:
        c.VAPID_PUBLIC_KEY && c.VAPID_PRIVATE_KEY
          ? { publicKey: c.VAPID_PUBLIC_KEY, privateKey: c.VAPID_PRIVATE_KEY }
          : undefined,
      vapidSubject:
        c.VAPID_SUBJECT ??
        `mailto:${/<([^<>\s]+@[^<>\s]+)>/.exec(c.MAIL_FROM)?.[1] ?? c.MAIL_FROM.trim()}`,
    },
    analyticsRetentionDays: c.ANALYTICS_RETENTION_DAYS,
    quotas: {
      create: c.LIMIT_GAMES_PER_HOUR ?? orTest(DEFAULT_QUOTAS.create),
      publish: c.LIMIT_PUBLISHES_PER_HOUR ?? orTest(DEFAULT_QUOTAS.publish),
      report: c.LIMIT_REPORTS_PER_HOUR ?? orTest(DEFAULT_QUOTAS.report),
      edit: c.LIMIT_EDITS_PER_HOUR ?? orTest(DEFAULT_QUOTAS.edit),
      rerank: c.LIMIT_RERANKS_PER_HOUR ?? orTest(DEFAULT_QUOTAS.rerank),
      upload: c.LIMIT_UPLOADS_PER_HOUR ?? orTest(DEFAULT_QUOTAS.upload),
      room: c.LIMIT_ROOMS_PER_HOUR ?? orTest(DEFAULT_QUOTAS.room),
    },
    roomPlayers: c.LIMIT_ROOM_PLAYERS ?? DEFAULT_ROOM_PLAYERS,
    imageBytesPerAccount:
      c.LIMIT_IMAGE_STORAGE_MB === undefined
        ? DEFAULT_IMAGE_BYTES_PER_ACCOUNT
        : Math.round(c.LIMIT_IMAGE_STORAGE_MB * 1_000_000),
    streamsPerAccount: c.LIMIT_STREAMS_PER_ACCOUNT ?? orTest(DEFAULT_STREAMS_PER_ACCOUNT),
    streamsPerAddress: c.LIMIT_STREAMS_PER_ADDRESS ?? orTest(DEFAULT_STREAMS_PER_ADDRESS),
    tokenRequestsPerMinute:
      c.LIMIT_API_TOKEN_REQUESTS_PER_MINUTE ?? orTest(DEFAULT_TOKEN_REQUESTS_PER_MINUTE),
    previews: {
      imagesPerMinute: c.LIMIT_PREVIEWS_PER_MINUTE ?? orTest(DEFAULT_OG_IMAGES_PER_MINUTE),
      workers: c.OG_RENDER_WORKERS ?? Math.min(4, Math.max(1, availableParallelism() - 1)),
      queue: c.OG_RENDER_QUEUE,
      delayMs: c.OG_RENDER_DELAY_MS,
    },
  };
}
