/**
 * POST /api/analytics: the web's events (`session_start`, `share_open`), sent with
 * `navigator.sendBeacon` as a JSON Blob (so the same-origin and JSON-only guards of every write
 * apply). Signed-out visitors too: the anonymous id from the `crowned_anon_id` cookie is the key,
 * with the user id when there is a session. No IP address is stored; the address only counts
 * toward the rate limit.
 */
import { Hono } from 'hono';
import { checkClientBatch } from '../../domain/analytics';
import { AppError } from '../../domain/errors';
import type { AuthEnv } from '../auth';
import type { Db } from '../db/client';
import { clientIp } from '../http/client-ip';
import { consumeRateLimit } from '../http/rate-limit';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../http/validate';
import { anonIdOf, insertEvents } from './record';

/** Batches per client address per minute (a page sends one or two). */
const BATCHES_PER_MINUTE = 60;

export function analyticsRoutes(deps: {
  db: Db;
  trustedProxyHeader: string | undefined;
  trustedProxyHops?: number;
}) {
  const { db } = deps;
  return new Hono<AuthEnv>().post('/', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    if (body === undefined) throw new AppError('invalid-argument', 'Request body must be JSON');
    const checked = checkClientBatch(body);
    if (!checked.ok) throw new AppError('invalid-argument', checked.message);
    if (hasUnstorableText(checked.events)) {
      throw new AppError('invalid-argument', UNSTORABLE_TEXT_MESSAGE);
    }
    const address = clientIp(c, deps.trustedProxyHeader, deps.trustedProxyHops) ?? 'unknown';
    await consumeRateLimit(db, {
      key: `analytics:${address}`,
      windowMs: 60_000,
      max: BATCHES_PER_MINUTE,
    });
    const viewer = c.get('viewer');
    const anonId = anonIdOf(c);
    await insertEvents(
      db,
      checked.events.map((event) => ({ ...event, userId: viewer?.id ?? null, anonId })),
    );
    return c.json({ accepted: checked.events.length }, 202);
  });
}
