/**
 * The first middleware of every request: gives it a request id (the client's `X-Request-Id` when
 * it is a short safe token, else a new one), answers it in the `X-Request-Id` header and inside
 * every JSON error body (`{ error: { code, message, requestId } }`), counts and times the request
 * by its route pattern, counts refusals for limits, and writes one JSON log line:
 * `{"time","level","msg":"request","requestId","method","route","path","status","durationMs"}`
 * (info; warn for a 5xx). A person's "Ref:" finds the line, and the line the error beside it.
 */
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { isErrorBody } from '../../domain/errors';
import type { AuthEnv } from '../auth/better-auth';
import { LimitRefusal } from '../http/rate-limit';
import { assignRequestId, REQUEST_ID_HEADER } from '../http/request-id';
import type { Logger } from '../platform/log';
import type { AppMetrics } from './metrics';

/** Node's adapter marks a response written straight to the socket (event streams) with this. */
const ALREADY_SENT_HEADER = 'x-hono-already-sent';

/** A JSON error body with the request id added, or undefined when the response is no such body. */
async function withRequestId(response: Response, requestId: string): Promise<Response | undefined> {
  if (response.status < 400 || response.body === null) return undefined;
  if (!/^application\/json\b/i.test(response.headers.get('content-type') ?? '')) return undefined;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return undefined;
  }
  if (!isErrorBody(body)) return undefined;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, error: { ...body.error, requestId } }), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

export function observeRequests(options: {
  log: Logger;
  metrics: AppMetrics;
}): MiddlewareHandler<AuthEnv> {
  const { log, metrics } = options;
  return async (c, next) => {
    const started = performance.now();
    const requestId = assignRequestId(c);
    await next();
    // The pattern of the route that answered (its index is the last one run), never the path.
    const route = routePath(c) || 'unmatched';
    if (!c.res.headers.has(ALREADY_SENT_HEADER)) {
      // An answer of the error handler (c.error set) carries the id already (http/errors.ts).
      const rewritten = c.error === undefined ? await withRequestId(c.res, requestId) : undefined;
      if (rewritten) {
        // Cleared first: assigning over a response copies its headers (content-length too).
        c.res = undefined;
        c.res = rewritten;
      }
      try {
        c.res.headers.set(REQUEST_ID_HEADER, requestId);
      } catch {
        // A response with immutable headers (one made by fetch): copied with the header.
        const copy = new Response(c.res.body, c.res);
        copy.headers.set(REQUEST_ID_HEADER, requestId);
        c.res = undefined;
        c.res = copy;
      }
    }
    const status = c.res.status;
    const seconds = (performance.now() - started) / 1000;
    metrics.observeRequest(c.req.method, route, status, seconds);
    if (c.error instanceof LimitRefusal) metrics.refused(c.error.kind);
    else if (status === 429 && c.req.path.startsWith('/api/auth/')) metrics.refused('auth');
    const viewer = c.get('viewer');
    const line = {
      requestId,
      method: c.req.method,
      route,
      path: c.req.path,
      status,
      durationMs: Math.round(seconds * 10_000) / 10,
      ...(viewer ? { userId: viewer.id } : {}),
    };
    if (status >= 500) log.warn('request', line);
    else log.info('request', line);
  };
}
