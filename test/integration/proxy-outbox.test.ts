/**
 * Behind a reverse proxy (issue 11): the client address is the entry the trusted proxy appended,
 * so a client rotating what it writes itself does not escape the sign-in rate limit; and the dev
 * outbox (opt-in with DEV_OUTBOX=1, never in production) refuses anything that came through a
 * proxy, so it cannot be read from outside through a proxy on the same host.
 */
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/domain/errors';
import { ConfigError, loadConfig } from '../../src/server/config';
import { randomIp, tag, TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, useServer } from './harness';

const PASSWORD = 'correct horse battery';
const SIGN_IN_MAX = 10;

async function registered(baseUrl: string): Promise<string> {
  const email = `target-${tag()}@example.test`;
  await new TestClient(baseUrl).signUp({ name: 'Target', email, password: PASSWORD });
  return email;
}

/** A sign-in attempt whose proxy header is exactly `forwarded`. */
function signInVia(
  baseUrl: string,
  header: string,
  forwarded: string,
  input: { email: string; password: string },
) {
  return new TestClient(baseUrl).request('POST', '/api/auth/sign-in/email', input, {
    headers: { [header]: forwarded },
  });
}

const outboxVia = (baseUrl: string, headers: Record<string, string>) =>
  new TestClient(baseUrl).request<{ messages: unknown[] } | ErrorBody>(
    'GET',
    '/api/dev/outbox',
    undefined,
    { headers },
  );

const REFUSED = errorOf('permission-denied', 'The dev outbox is readable only on this machine');

describe.concurrent.each(testDatabases)('behind an appending proxy on %s', (kind) => {
  // The test server trusts x-forwarded-for with one proxy hop.
  const h = useServer(kind);

  it('counts sign-ins by the address the proxy appended, whatever the client wrote first', async () => {
    const email = await registered(h.url);
    const attacker = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_MAX + 2; i++) {
      // A fresh forged left-most entry every time; the proxy appends the real address.
      const response = await signInVia(h.url, 'x-forwarded-for', `${randomIp()}, ${attacker}`, {
        email,
        password: `wrong guess ${i}`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array.from({ length: SIGN_IN_MAX }, () => 401), 429, 429]);
    const right = { email, password: PASSWORD };
    expect(
      (await signInVia(h.url, 'x-forwarded-for', `${randomIp()}, ${attacker}`, right)).status,
    ).toBe(429);
    // Someone else behind the same proxy (the same forged entry, even) is not locked out.
    expect(
      (await signInVia(h.url, 'x-forwarded-for', `${attacker}, ${randomIp()}`, right)).status,
    ).toBe(200);
  });

  it('counts method lookups the same way', async () => {
    const attacker = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const response = await new TestClient(h.url).request(
        'GET',
        `/api/account/methods?email=someone-${i}%40example.test`,
        undefined,
        { headers: { 'x-forwarded-for': `${randomIp()},${attacker}` } },
      );
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
  });

  it('shows the outbox to this machine only when no forwarding header is present', async () => {
    const local = await outboxVia(h.url, {});
    expect(local.status).toBe(200);
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.7' },
      { forwarded: 'for=203.0.113.7' },
      { 'x-real-ip': '203.0.113.7' },
      { 'X-Forwarded-For': '127.0.0.1' },
    ];
    for (const headers of proxied) {
      const response = await outboxVia(h.url, headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.body).toEqual(REFUSED);
    }
  });
});

describe('two proxies in front (TRUSTED_PROXY_HOPS=2), and a single-value header', () => {
  const twoHops = useServer('pglite', { env: { TRUSTED_PROXY_HOPS: '2' } });
  const realIp = useServer('pglite', { env: { TRUSTED_PROXY_HEADER: 'X-Client-IP' } });

  it('takes the second entry from the right', async () => {
    const email = await registered(twoHops.url);
    const attacker = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_MAX + 1; i++) {
      const forwarded = `${randomIp()}, ${attacker}, ${randomIp()}`;
      statuses.push(
        (await signInVia(twoHops.url, 'x-forwarded-for', forwarded, { email, password: `no ${i}` }))
          .status,
      );
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 401)).toHaveLength(SIGN_IN_MAX);
  });

  it('reads a single-value header as before, and the outbox refuses that header too', async () => {
    const email = await registered(realIp.url);
    const attacker = randomIp();
    for (let i = 0; i < SIGN_IN_MAX; i++) {
      const response = await signInVia(realIp.url, 'x-client-ip', attacker, {
        email,
        password: `no ${i}`,
      });
      expect(response.status).toBe(401);
    }
    const right = { email, password: PASSWORD };
    expect((await signInVia(realIp.url, 'x-client-ip', attacker, right)).status).toBe(429);
    expect((await signInVia(realIp.url, 'x-client-ip', randomIp(), right)).status).toBe(200);

    const refused = await outboxVia(realIp.url, { 'x-client-ip': '203.0.113.7' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(REFUSED);
  });
});

describe('without DEV_OUTBOX', () => {
  const h = useServer('pglite', { env: { DEV_OUTBOX: '0' } });

  it('has no outbox, and says so in the config', async () => {
    const outbox = await outboxVia(h.url, {});
    expect(outbox.status).toBe(404);
    expect(outbox.body).toEqual(
      errorOf(
        'not-found',
        'The dev outbox is off: start the server with DEV_OUTBOX=1 (development only)',
      ),
    );
    expect((await h.anonymous().request('GET', '/api/config')).body).toMatchObject({
      devOutbox: false,
    });
  });

  it('is refused at start-up in production', () => {
    const production = { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...production, DEV_OUTBOX: '1' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, DEV_OUTBOX: '1' })).toThrow(/DEV_OUTBOX: must be off/);
    expect(loadConfig(production).devOutbox).toBe(false);
    expect(loadConfig({}).devOutbox).toBe(false);
    expect(() => loadConfig({ TRUSTED_PROXY_HOPS: '0' })).toThrow(/TRUSTED_PROXY_HOPS/);
    expect(loadConfig({}).trustedProxyHops).toBe(1);
  });
});
