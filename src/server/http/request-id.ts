/**
 * A request's id: the client's `X-Request-Id` when it is a short safe token, else a new one.
 * Given by the first middleware (observability/request-log.ts) and read by whatever answers
 * for the request (error bodies, event streams' headers), so none of those imports the logger.
 */
import type { Context } from 'hono';
import { ID_ALPHABET, newId } from '../platform/ids';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id is kept only when it is this: no spaces, quotes or newlines for logs to carry. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * New ids: this process's random prefix and a counter. Unique across instances and restarts
 * without drawing random bytes on every request (a request id is a reference, not a secret).
 */
const PROCESS_PREFIX = newId(8);
let issued = 0;

/** The client's request id when it is a safe token, else a new one. */
export function requestIdFrom(header: string | undefined): string {
  if (header !== undefined && SAFE_REQUEST_ID.test(header)) return header;
  issued += 1;
  return PROCESS_PREFIX + base62(issued, 8);
}

/** `n` in `width` base-62 digits (62^8 ids per process before it wraps). */
function base62(n: number, width: number): string {
  let text = '';
  for (let i = 0; i < width; i++, n = Math.floor(n / 62)) text = ID_ALPHABET[n % 62] + text;
  return text;
}

const requestIds = new WeakMap<Context, string>();

/** Gives the request its id (the client's when safe, else a new one), kept for `requestIdOf`. */
export function assignRequestId(c: Context): string {
  const requestId = requestIdFrom(c.req.header(REQUEST_ID_HEADER));
  requestIds.set(c, requestId);
  return requestId;
}

/** The request's id (given by `observeRequests`); undefined outside it. */
export function requestIdOf(c: Context): string | undefined {
  return requestIds.get(c);
}
