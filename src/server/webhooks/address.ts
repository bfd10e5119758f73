/**
 * Where a webhook may be sent (decision 0025-webhooks, SSRF): only to public internet addresses,
 * unless WEBHOOK_ALLOW_PRIVATE says otherwise. The check runs on the addresses DNS gives at
 * delivery time, inside the connection's own lookup, so a name that changes its answer between a
 * check and the connection (DNS rebinding) cannot slip through.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 (may reach IPv4 private space)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (includes AWS's fd00:ec2::254 metadata)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4 address written inside IPv6 (::ffff:a.b.c.d or ::ffff:hhhh:hhhh), as IPv4. */
function mappedIpv4(address: string): string | null {
  const match = /^::ffff:(?:0:)?(.+)$/i.exec(address);
  if (!match) return null;
  const rest = match[1]!;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether an IP address is on the public internet (not private, loopback, link-local, …). */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = mappedIpv4(bare);
    if (v4) return !blocked.check(v4, 'ipv4');
    return !blocked.check(bare, 'ipv6');
  }
  return !blocked.check(bare, 'ipv4');
}

export class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
  constructor(host: string) {
    super(`${host} resolves to a private or local address`);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http(s).request that refuses a name when any of its addresses is not public.
 * Answers in the shape asked for (one address, or all of them when `all` is set, as Node's
 * happy-eyeballs connection does).
 */
export function publicOnlyLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string },
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true } as never, (error, addresses) => {
    const list = addresses as unknown as LookupAddress[];
    if (error) return callback(error, []);
    if (!list || list.length === 0 || list.some((entry) => !isPublicAddress(entry.address))) {
      return callback(Object.assign(new PrivateAddressError(hostname), { code: 'EPRIVATE' }), []);
    }
    if (options.all) return callback(null, list);
    const first = list[0]!;
    callback(null, first.address, first.family);
  });
}
