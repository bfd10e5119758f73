import { describe, expect, it } from 'vitest';
import { addressFromProxyHeader } from './client-ip';

describe('addressFromProxyHeader', () => {
  it('takes a single value as it is (X-Real-IP, or one proxy and a silent client)', () => {
    expect(addressFromProxyHeader('203.0.113.7')).toBe('203.0.113.7');
    expect(addressFromProxyHeader('  2001:db8::1  ')).toBe('2001:db8::1');
  });

  it('takes the right-most entry: the one the trusted proxy appended', () => {
    // The client wrote the first two; the proxy appended the address it saw.
    expect(addressFromProxyHeader('1.1.1.1, 2.2.2.2, 203.0.113.7')).toBe('203.0.113.7');
    expect(addressFromProxyHeader('1.1.1.1,203.0.113.7', 1)).toBe('203.0.113.7');
  });

  it('takes the n-th from the right behind n proxies', () => {
    const header = 'forged, 203.0.113.7, 10.0.0.2';
    expect(addressFromProxyHeader(header, 2)).toBe('203.0.113.7');
    expect(addressFromProxyHeader(header, 3)).toBe('forged');
  });

  it('takes the left-most when there are fewer entries than hops', () => {
    expect(addressFromProxyHeader('203.0.113.7', 2)).toBe('203.0.113.7');
  });

  it('skips empty entries and answers nothing for an empty header', () => {
    expect(addressFromProxyHeader('1.1.1.1, , 203.0.113.7, ')).toBe('203.0.113.7');
    expect(addressFromProxyHeader('')).toBeUndefined();
    expect(addressFromProxyHeader(' , ')).toBeUndefined();
    expect(addressFromProxyHeader(undefined)).toBeUndefined();
  });

  it('reads RFC 7239 Forwarded entries', () => {
    expect(addressFromProxyHeader('for=1.1.1.1, for=203.0.113.7;proto=https')).toBe('203.0.113.7');
    expect(addressFromProxyHeader('for="[2001:db8::1]:4711";proto=https')).toBe('2001:db8::1');
    expect(addressFromProxyHeader('proto=https;for="203.0.113.7:8080"')).toBe('203.0.113.7');
  });

  it('treats a hop count below one as one', () => {
    expect(addressFromProxyHeader('a, b', 0)).toBe('b');
  });
});
