import { describe, expect, it } from 'vitest';
import { bearerMatches, metricsAccess } from './metrics-access';

const TOKEN = 'a-long-metrics-token';

describe('metricsAccess', () => {
  it('without a token, allows only this machine, and nothing that came through a proxy', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(
        metricsAccess({
          token: undefined,
          authorization: undefined,
          socketAddress: address,
          forwarded: false,
          loopbackWithoutToken: true,
        }),
        address,
      ).toBe('allow');
    }
    for (const address of [
      '10.0.0.1',
      '192.168.1.2',
      '::ffff:10.0.0.1',
      '2001:db8::1',
      undefined,
    ]) {
      expect(
        metricsAccess({
          token: undefined,
          authorization: undefined,
          socketAddress: address,
          forwarded: false,
          loopbackWithoutToken: true,
        }),
        String(address),
      ).toBe('hidden');
    }
    // A proxy on this host connects from loopback for everyone: its forwarding header refuses.
    expect(
      metricsAccess({
        token: undefined,
        authorization: undefined,
        socketAddress: '127.0.0.1',
        forwarded: true,
        loopbackWithoutToken: true,
      }),
    ).toBe('hidden');
  });

  it('without a token in production, is off: nobody, this machine included', () => {
    for (const forwarded of [false, true]) {
      expect(
        metricsAccess({
          token: undefined,
          authorization: undefined,
          socketAddress: '127.0.0.1',
          forwarded,
          loopbackWithoutToken: false,
        }),
      ).toBe('hidden');
    }
  });

  it('with a token, requires it from everyone, loopback included', () => {
    const ask = (authorization: string | undefined, socketAddress = '127.0.0.1') =>
      metricsAccess({
        token: TOKEN,
        authorization,
        socketAddress,
        forwarded: false,
        loopbackWithoutToken: false,
      });
    expect(ask(undefined)).toBe('unauthorized');
    expect(ask(`Bearer ${TOKEN}`)).toBe('allow');
    expect(ask(`bearer ${TOKEN}`, '203.0.113.9')).toBe('allow');
    expect(ask(`Bearer ${TOKEN}x`)).toBe('unauthorized');
    expect(ask(`Bearer ${TOKEN.slice(0, -1)}`)).toBe('unauthorized');
    expect(ask(TOKEN)).toBe('unauthorized');
    expect(ask(`Basic ${TOKEN}`)).toBe('unauthorized');
    expect(ask('Bearer ')).toBe('unauthorized');
  });

  it('compares bearer tokens of any length without throwing', () => {
    expect(bearerMatches('Bearer x', TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${'y'.repeat(10_000)}`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
  });
});
