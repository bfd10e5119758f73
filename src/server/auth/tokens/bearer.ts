/**
 * `Authorization: Bearer crw_…` (decision 0024). A request that carries a bearer is judged by the
 * token alone: its cookies are never read (sessionMiddleware skips it), an unknown, revoked or
 * malformed token is 401 with no fallback to a session, and the token reaches only the routes of
 * scope.ts. Runs before everything else under /api (sign-in and account routes included).
 *
 * One statement per request, on every instance: it finds the token and its user by the hash of
 * the secret, counts the request against the token's shared rate limit and, at most once a
 * minute, stamps `last_used_at`. Nothing is cached, so a revoke (a deleted row) holds from the
 * very next request everywhere.
 */
import { sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../../../domain/errors';
import type { AuthEnv, Viewer } from '../better-auth';
import type { Db } from '../../db/client';
import { apiToken, rateLimit, user } from '../../db/schema/auth';
import { consumeRateLimit, LimitRefusal } from '../../http/rate-limit';
import { newId } from '../../platform/ids';
import { hashSecret, isSecretShaped } from './secret';
import { OUT_OF_SCOPE_MESSAGE, type TokenScope } from './scope';

/** Failed bearer attempts per client address and minute (guessing is hopeless anyway). */
const FAILURES_PER_MINUTE = 60;
const WINDOW_MS = 60_000;
/** `last_used_at` is written when it is older than this. */
const LAST_USED_EVERY = '60 seconds';

export const BAD_TOKEN_MESSAGE = 'This API token is not valid (it may have been revoked)';

export type BearerDeps = {
  db: Db;
  /** Requests per token and minute, shared by every instance. */
  perMinute: number;
  addressOf: (c: Context) => string | undefined;
  /** What a token may call (scope.ts, made from every feature's operations). */
  scope: TokenScope;
};

/** Whether a request presents a bearer token (whatever its value). */
export function hasBearer(c: Context): boolean {
  return /^\s*bearer(?:\s|$)/i.test(c.req.header('authorization') ?? '');
}

export function bearerAuth(deps: BearerDeps): MiddlewareHandler<AuthEnv> {
  const { db } = deps;
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (header === undefined || !hasBearer(c)) return next();
    const secret = header.trim().slice('bearer'.length).trim();
    const found = isSecretShaped(secret) ? await resolve(db, hashSecret(secret)) : null;
    if (!found || found.viewer.isAnonymous) {
      await consumeRateLimit(db, c, {
        key: `api-token-failures:${deps.addressOf(c) ?? 'unknown'}`,
        windowMs: WINDOW_MS,
        max: FAILURES_PER_MINUTE,
      });
      // RFC 6750's challenge, so generic HTTP clients know what failed.
      c.header('WWW-Authenticate', 'Bearer error="invalid_token"');
      throw new AppError('unauthenticated', BAD_TOKEN_MESSAGE);
    }
    if (found.count > deps.perMinute) {
      // Counted with the metrics' other refusals; the window's end says how long to wait.
      const waitMs = found.windowStart + WINDOW_MS - Date.now();
      c.header('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
      throw new LimitRefusal(
        'rate:api-token',
        'Too many requests with this API token. Please wait a minute and try again.',
      );
    }
    if (!deps.scope(c.req.method, c.req.path)) {
      c.header('WWW-Authenticate', 'Bearer error="insufficient_scope"');
      throw new AppError('permission-denied', OUT_OF_SCOPE_MESSAGE);
    }
    c.set('viewer', found.viewer);
    c.set('apiTokenId', found.tokenId);
    await next();
  };
}

type Row = {
  id: string;
  user_id: string;
  started: number;
  name: string;
  email: string;
  is_anonymous: boolean;
  role: string;
  count: number | null;
  window_start: string | number | null;
};

async function resolve(
  db: Db,
  tokenHash: string,
): Promise<{ tokenId: string; viewer: Viewer; count: number; windowStart: number } | null> {
  const now = Date.now();
  const cutoff = now - WINDOW_MS;
  const result = await db.execute(sql`
    with t as (
      select k.id, k.user_id, (extract(epoch from k.created_at) * 1000)::float8 as started,
             u.name, u.email, u.is_anonymous, u.role
      from ${apiToken} k join ${user} u on u.id = k.user_id
      where k.token_hash = ${tokenHash}
    ), used as (
      update ${apiToken} set last_used_at = now()
      where id = (select id from t)
        and (last_used_at is null or last_used_at < now() - ${LAST_USED_EVERY}::interval)
    ), counted as (
      insert into ${rateLimit} (id, key, count, last_request)
      select ${newId(16)}, 'crowned:api-token:' || t.id, 1, ${now}::bigint from t
      on conflict (key) do update set
        count = case when ${rateLimit}.last_request < ${cutoff}::bigint then 1
                     else ${rateLimit}.count + 1 end,
        last_request = case when ${rateLimit}.last_request < ${cutoff}::bigint then ${now}::bigint
                            else ${rateLimit}.last_request end
      returning count, last_request
    )
    select t.*, counted.count, counted.last_request as window_start
    from t left join counted on true
  `);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  if (!row) return null;
  return {
    tokenId: row.id,
    count: Number(row.count ?? 1),
    windowStart: Number(row.window_start ?? now),
    viewer: {
      id: row.user_id,
      name: row.name,
      email: row.email,
      isAnonymous: row.is_anonymous === true,
      role: row.role,
      sessionStartedAt: Number(row.started),
      sessionId: null,
    },
  };
}
