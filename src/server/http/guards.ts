/**
 * Request guards for our own mutating routes: better-auth checks origins for its endpoints only,
 * so ours accept JSON bodies only and refuse requests from untrusted origins. A route that takes
 * another body (a picture's multipart form) is named in `otherBodies` and then needs a trusted
 * Origin header (or an API token): without the JSON rule, the origin is what stops a form on
 * another site from posting there with the visitor's cookie.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../../domain/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function jsonOnlyFromTrustedOrigins(
  trustedOrigins: readonly string[],
  /**
   * Requests exempt from the origin check: those signed by an API token (decision 0024), which
   * a browser never attaches on its own, so another site cannot forge them. JSON still applies.
   */
  exempt: (c: Context) => boolean = () => false,
  /** Requests that may carry a body other than JSON (their route checks its type). */
  otherBodies: (c: Context) => boolean = () => false,
): MiddlewareHandler {
  const trusted = new Set(trustedOrigins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (origin && !trusted.has(origin) && !exempt(c)) {
      throw new AppError('permission-denied', 'Requests from this origin are not allowed');
    }
    if (otherBodies(c)) {
      if (!origin && !exempt(c)) {
        throw new AppError('permission-denied', 'Requests from this origin are not allowed');
      }
      return next();
    }
    const length = Number(c.req.header('content-length') ?? '0');
    const hasBody = length > 0 || c.req.header('transfer-encoding') !== undefined;
    if (hasBody && !/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      throw new AppError(
        'invalid-argument',
        'Request body must be JSON (Content-Type: application/json)',
      );
    }
    return next();
  };
}

/**
 * Pages asked for on another host (an old domain, the bare IP, a platform's default host) move
 * to the canonical origin, same path and query. API calls are left alone: a redirect would turn
 * their POSTs into GETs.
 */
export function redirectToCanonicalHost(canonicalOrigin: string): MiddlewareHandler {
  const canonical = new URL(canonicalOrigin);
  return async (c, next) => {
    const method = c.req.method;
    // The URL is parsed only for a page (an API call is never redirected: the common case).
    if (c.req.path.startsWith('/api/') || (method !== 'GET' && method !== 'HEAD')) return next();
    const url = new URL(c.req.url);
    if (url.host === canonical.host) return next();
    return c.redirect(`${canonical.origin}${url.pathname}${url.search}`, 301);
  };
}
