/**
 * Request body size limit. hono's bodyLimit reads `c.req.raw.body`, which makes
 * @hono/node-server build a full web Request (abort signal, stream adapters) for every request,
 * GETs included; that was a fifth of a request's CPU. Here the declared length decides, read from
 * the headers; only a body of unknown length (chunked) goes through hono's counting reader.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

export function limitBodySize(
  maxBytes: number,
  onTooLarge: (c: Context) => Response | Promise<Response>,
): MiddlewareHandler {
  const counting = bodyLimit({ maxSize: maxBytes, onError: onTooLarge });
  return async (c, next) => {
    const method = c.req.method;
    // Bodies of GET and HEAD requests are never read.
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    const chunked = c.req.header('transfer-encoding') !== undefined;
    // HTTP/1.1: a request with neither header has no body.
    if (!chunked && length === undefined) return next();
    if (!chunked) return Number(length) > maxBytes ? onTooLarge(c) : next();
    return counting(c, next);
  };
}
