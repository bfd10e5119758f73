/**
 * POST /api/analytics: the web's events (`session_start`, `share_open`), sent with
 * `navigator.sendBeacon` as a JSON Blob (so the same-origin and JSON-only guards of every write
 * apply). Signed-out visitors too: the key is the visitor id the server issued and signed in the
 * `crowned_anon_id` cookie (a new one is issued when the cookie holds none), with the user id when
 * there is a session. No IP address is stored; the address only counts toward the rate limits,
 * which count events, per visitor and per address, in the same statement.
 */
import { Hono } from 'hono';
import { ANALYTICS_LIMITS, checkClientBatch } from '../../domain/analytics';
import { AppError } from '../../domain/errors';
import type { AuthEnv } from '../auth/public';
import type { Db } from '../db/client';
import { clientIp } from '../http/client-ip';
import { consumeRateLimits } from '../http/rate-limit';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../http/validate';
import { insertEvents } from './record';
import type { VisitorIds } from './visitor';

const MINUTE_MS = 60_000;
const WAIT_A_MINUTE = 'Too many analytics events. Please wait a minute and try again.';
const WAIT_AN_HOUR = 'Too many analytics events from this network. Please try again later.';

export function analyticsRoutes(deps: {
  db: Db;
  visitors: VisitorIds;
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
    const visitor = deps.visitors.ensure(c);
    const events = checked.events.length;
    await consumeRateLimits(
      db,
      c,
      [
        {
          key: `analytics:address:${address}`,
          windowMs: MINUTE_MS,
          max: ANALYTICS_LIMITS.addressPerMinute,
          message: WAIT_A_MINUTE,
        },
        {
          key: `analytics:address-hour:${address}`,
          windowMs: 60 * MINUTE_MS,
          max: ANALYTICS_LIMITS.addressPerHour,
          message: WAIT_AN_HOUR,
        },
        // A visitor issued just now has no count yet (and a row per new id would only grow
        // the table): the address limits cover clients that drop the cookie.
        ...(visitor.issued
          ? []
          : [
              {
                key: `analytics:visitor:${visitor.id}`,
                windowMs: MINUTE_MS,
                max: ANALYTICS_LIMITS.visitorPerMinute,
                message: WAIT_A_MINUTE,
              },
            ]),
      ],
      events,
    );
    const viewer = c.get('viewer');
    await insertEvents(
      db,
      checked.events.map((event) => ({ ...event, userId: viewer?.id ?? null, anonId: visitor.id })),
    );
    return c.json({ accepted: events }, 202);
  });
}
