/**
 * `POST /api/client-errors`: the web's crash reports (a page that failed to render, an uncaught
 * error or rejection), so a failure people see reaches the operator's log. Anyone may send one,
 * so a report is only ever a log line: validated and bounded (zod), counted per client address in
 * memory (CLIENT_ERROR_REPORTS_PER_MINUTE, 429 with Retry-After past it, nothing logged), and
 * written at `warn`, never `error`: a visitor cannot raise this server's alarms or fill its log
 * (decision 0034). Nothing is stored in the database.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { CLIENT_ERROR_REPORTS_PER_MINUTE } from '../../domain/limits';
import type { AuthEnv } from '../auth/better-auth';
import { LimitRefusal, LocalRateLimit } from '../http/rate-limit';
import { validate } from '../http/validate';
import type { Logger } from '../platform/log';
import { requestIdOf } from '../http/request-id';

const MINUTE_MS = 60_000;

export const ClientErrorReport = z
  .object({
    kind: z.enum(['crash', 'error', 'rejection'], {
      message: 'kind must be crash, error or rejection',
    }),
    message: z.string().max(500, 'message must be at most 500 characters'),
    /** Where the page was: a path of this app (no origin, no query: tokens live there). */
    path: z
      .string()
      .max(300, 'path must be at most 300 characters')
      .regex(/^\/[^?#\s]*$/, 'path must be a path of this app, without a query'),
    stack: z.string().max(4000, 'stack must be at most 4000 characters').optional(),
  })
  .strict();

export function clientErrorRoutes(deps: {
  log: Logger;
  addressOf: (c: Context) => string | undefined;
}) {
  const limit = new LocalRateLimit({ windowMs: MINUTE_MS, max: CLIENT_ERROR_REPORTS_PER_MINUTE });
  return new Hono<AuthEnv>().post('/', validate('json', ClientErrorReport), (c) => {
    const wait = limit.consume(deps.addressOf(c) ?? 'unknown');
    if (wait !== null) {
      c.header('Retry-After', String(wait));
      throw new LimitRefusal(
        'rate:client-errors',
        'Too many error reports. Please wait a minute and try again.',
      );
    }
    const report = c.req.valid('json');
    const viewer = c.get('viewer');
    deps.log.warn('client error', {
      requestId: requestIdOf(c),
      kind: report.kind,
      message: report.message,
      path: report.path,
      ...(report.stack ? { stack: report.stack } : {}),
      ...(viewer ? { userId: viewer.id } : {}),
      userAgent: c.req.header('user-agent')?.slice(0, 200),
    });
    return c.json({ logged: true }, 202);
  });
}
