/**
 * Who may read `/metrics` (decisions 0026 and 0032). With METRICS_TOKEN set: whoever sends
 * `Authorization: Bearer <token>` (compared in constant time), anyone else 401. Without it, in
 * production: nobody (404), since a reverse proxy on this host that adds no forwarding header
 * makes everyone look like this machine. Without it, outside production: only a client on this
 * machine, judged by the socket's peer address (a header can be forged) and only when no
 * forwarding header says a proxy passed it on, anyone else 404, as if there were no such page.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Handler } from 'hono';
import { errorBody } from '../http/errors';
import { isForwarded, isLoopback, socketAddress } from '../http/client-ip';
import type { AppMetrics } from './metrics';

export type MetricsAccess = 'allow' | 'unauthorized' | 'hidden';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether `authorization` is `Bearer <token>`, in time that does not depend on where it differs. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const presented = /^Bearer[ ]+(.+)$/i.exec(authorization?.trim() ?? '')?.[1] ?? '';
  // Equal-length digests: timingSafeEqual needs equal lengths, and no length leaks either.
  return timingSafeEqual(digest(presented), digest(token)) && presented !== '';
}

export function metricsAccess(request: {
  /** METRICS_TOKEN, when set. */
  token: string | undefined;
  authorization: string | undefined;
  /** The connection's peer address (not a header). */
  socketAddress: string | undefined;
  /** Whether the request carries a forwarding header (it came through a proxy). */
  forwarded: boolean;
  /** Without a token, whether this machine may read it (not in production: then it is off). */
  loopbackWithoutToken: boolean;
}): MetricsAccess {
  if (request.token !== undefined) {
    return bearerMatches(request.authorization, request.token) ? 'allow' : 'unauthorized';
  }
  if (!request.loopbackWithoutToken) return 'hidden';
  return isLoopback(request.socketAddress) && !request.forwarded ? 'allow' : 'hidden';
}

export function metricsRoute(options: {
  metrics: AppMetrics;
  token: string | undefined;
  /** Without a token, whether loopback may read it (config: not in production). */
  loopbackWithoutToken: boolean;
  trustedProxyHeader: string | undefined;
}): Handler {
  return async (c) => {
    const access = metricsAccess({
      token: options.token,
      authorization: c.req.header('authorization'),
      socketAddress: socketAddress(c),
      forwarded: isForwarded(c, options.trustedProxyHeader),
      loopbackWithoutToken: options.loopbackWithoutToken,
    });
    if (access === 'unauthorized') {
      return c.json(errorBody('unauthenticated', 'The metrics token is required'), 401, {
        'WWW-Authenticate': 'Bearer realm="metrics"',
      });
    }
    if (access === 'hidden') return c.json(errorBody('not-found', 'Not found'), 404);
    return c.body(await options.metrics.text(), 200, {
      'Content-Type': options.metrics.contentType,
      'Cache-Control': 'no-store',
    });
  };
}
