/**
 * The client's IP address for rate limiting: from a trusted proxy header when one is configured,
 * else the socket's peer address. Handed to better-auth in a header only the server sets.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export const CLIENT_IP_HEADER = 'x-crowned-client-ip';

export function clientIp(c: Context, trustedProxyHeader: string | undefined): string | undefined {
  if (trustedProxyHeader) {
    const forwarded = c.req.header(trustedProxyHeader)?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  return socketAddress(c);
}

/** The peer address of the connection itself, whatever the headers say. */
export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

export function isLoopback(address: string | undefined): boolean {
  return (
    address !== undefined &&
    (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'))
  );
}

/** The request with our client-IP header set (and any copy sent by the client dropped). */
export function withClientIp(c: Context, trustedProxyHeader: string | undefined): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  const ip = clientIp(c, trustedProxyHeader);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  return new Request(c.req.raw, { headers });
}
