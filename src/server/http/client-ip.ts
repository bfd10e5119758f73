/**
 * The client's IP address for rate limiting: from a trusted proxy header when one is configured,
 * else the socket's peer address. Handed to better-auth in a header only the server sets.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

export const CLIENT_IP_HEADER = 'x-crowned-client-ip';

/**
 * The client address in a proxy header's value. A list header (`X-Forwarded-For: a, b, c`,
 * `Forwarded: for=a, for=b`) is appended to by each proxy, and whatever the client sent comes
 * first: only the entries on the right were written by proxies we trust. So this takes the
 * `hops`-th entry from the right (1: the right-most, written by the one proxy in front of us);
 * with fewer entries than `hops`, the left-most, which a trusted proxy still wrote. A single
 * value header (`X-Real-IP: a`) is that value.
 */
export function addressFromProxyHeader(value: string | undefined, hops = 1): string | undefined {
  if (!value) return undefined;
  const entries = value
    .split(',')
    .map(entryAddress)
    .filter((entry) => entry !== '');
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - Math.max(1, Math.floor(hops)))];
}

/** One list entry's address: `1.2.3.4`, or RFC 7239's `for="[2001:db8::1]:4711";proto=https`. */
function entryAddress(entry: string): string {
  const trimmed = entry.trim();
  if (!/(^|;)\s*for\s*=/i.test(trimmed)) return trimmed;
  const forPair = trimmed
    .split(';')
    .map((pair) => pair.trim())
    .find((pair) => /^for\s*=/i.test(pair));
  let address = (forPair ?? '').replace(/^for\s*=\s*/i, '').replace(/^"|"$/g, '');
  const bracketed = /^\[([^\]]+)\]/.exec(address);
  if (bracketed) address = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(':'));
  return address.trim();
}

export function clientIp(
  c: Context,
  trustedProxyHeader: string | undefined,
  trustedProxyHops = 1,
): string | undefined {
  if (trustedProxyHeader) {
    const forwarded = addressFromProxyHeader(c.req.header(trustedProxyHeader), trustedProxyHops);
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

/** Headers a reverse proxy adds: a request carrying one came through a proxy. */
export const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/** Whether the request carries a forwarding header (or the configured trusted one). */
export function isForwarded(c: Context, trustedProxyHeader: string | undefined): boolean {
  const names: string[] = [...FORWARDING_HEADERS];
  if (trustedProxyHeader) names.push(trustedProxyHeader);
  return names.some((name) => c.req.raw.headers.has(name));
}

/** The request with our client-IP header set (and any copy sent by the client dropped). */
export function withClientIp(
  c: Context,
  trustedProxyHeader: string | undefined,
  trustedProxyHops = 1,
): Request {
  const headers = new Headers(c.req.raw.headers);
  headers.delete(CLIENT_IP_HEADER);
  const ip = clientIp(c, trustedProxyHeader, trustedProxyHops);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  return new Request(c.req.raw, { headers });
}
