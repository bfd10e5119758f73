/** The one error handler: maps every failure to `{ error: { code, message } }` and a status. */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  AppError,
  codeForStatus,
  statusForCode,
  UNAVAILABLE_MESSAGE,
  type ErrorBody,
  type ErrorDetails,
} from '../../domain/errors';
import { CONFLICT_MESSAGE, isTransactionConflict } from '../db/client';
import type { Logger } from '../platform/log';
import { requestIdOf } from './request-id';

/**
 * SQLSTATEs of a connection the server ended or lost: admin_shutdown, crash_shutdown,
 * cannot_connect_now (starting or stopping), and the connection_exception class.
 */
const CONNECTION_SQLSTATES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08007',
]);
/** Socket errors on the way to the database. */
const CONNECTION_ERRNOS = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** What `pg` (and PGlite) say when a connection or pool is gone, or closing with the server. */
const CONNECTION_MESSAGES =
  /connection terminated|terminating connection|client has encountered a connection error|not queryable|timeout exceeded when trying to connect|cannot use a pool after calling end|pglite is closed/i;

/**
 * Whether `error` (or an error it wraps: Drizzle wraps the driver's as `cause`) says the database
 * connection was lost or refused, rather than that the request or the data were wrong. Such a
 * request may well succeed on retry, once the pool has a fresh connection: 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const current = queue.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors, query } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
      query?: unknown;
    };
    if (typeof code === 'string' && (CONNECTION_SQLSTATES.has(code) || CONNECTION_ERRNOS.has(code)))
      return true;
    // Drizzle's wrapper quotes the query and its parameters (anyone's text): its cause decides.
    if (
      typeof message === 'string' &&
      typeof query !== 'string' &&
      CONNECTION_MESSAGES.test(message)
    )
      return true;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...(errors as unknown[]));
  }
  return false;
}

export function errorBody(
  code: ErrorBody['error']['code'],
  message: string,
  details?: ErrorDetails,
): ErrorBody {
  return { error: { code, message, ...details } };
}

/** A failure's log fields: the request's id (its request line has it too), what failed, where. */
function failure(c: Context, error: unknown, withStack = false): Record<string, unknown> {
  const message = error instanceof Error ? error.message : String(error);
  const stack = withStack && error instanceof Error ? error.stack : undefined;
  return { requestId: requestIdOf(c), error: message, ...(stack ? { stack } : {}) };
}

export function createErrorHandler(log: Logger): ErrorHandler {
  return (error, c) => {
    // The request's id goes in the body here, so the request log need not re-read this answer.
    const answer = (
      bodyOf: ErrorBody,
      status: ContentfulStatusCode,
      headers?: Record<string, string>,
    ) => c.json({ error: { ...bodyOf.error, requestId: requestIdOf(c) } }, status, headers);
    if (error instanceof AppError) {
      return answer(
        errorBody(error.code, error.message, error.details),
        statusForCode(error.code) as ContentfulStatusCode,
      );
    }
    if (error instanceof HTTPException && error.status < 500) {
      // Hono raises these for malformed bodies before our validators run.
      const message = /json/i.test(error.message)
        ? 'Request body must be valid JSON'
        : error.message;
      return answer(errorBody(codeForStatus(error.status), message || 'Bad request'), error.status);
    }
    if (isDatabaseUnavailable(error)) {
      log.warn(`database unavailable on ${c.req.method} ${c.req.path}`, failure(c, error));
      return answer(errorBody('unavailable', UNAVAILABLE_MESSAGE), 503, { 'Retry-After': '1' });
    }
    if (isTransactionConflict(error)) {
      // A single statement that lost a deadlock (transactions are retried: db/client.ts).
      log.warn(`transaction conflict on ${c.req.method} ${c.req.path}`, failure(c, error));
      return answer(errorBody('aborted', CONFLICT_MESSAGE), 409);
    }
    log.error(`unhandled error on ${c.req.method} ${c.req.path}`, failure(c, error, true));
    return answer(
      errorBody('internal', 'Something went wrong on our side. Please try again.'),
      500,
    );
  };
}

export const notFoundApi: NotFoundHandler = (c) =>
  c.json(errorBody('not-found', `No API route ${c.req.method} ${c.req.path}`), 404);
