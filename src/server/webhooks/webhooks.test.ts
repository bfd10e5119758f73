import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '../../domain/webhooks';
import { isPublicAddress, publicOnlyLookup } from './address';
import { newWebhookSecret, signPayload, verifySignature } from './signing';
import { checkWebhookUrl } from './url-rules';
import { send } from './worker';

describe('webhook signatures', () => {
  it('is the hex HMAC-SHA256 of "timestamp.body" with the secret', () => {
    const body = '{"id":"e1","type":"closed"}';
    const expected = createHmac('sha256', 'whsec_test').update(`1700000000.${body}`).digest('hex');
    expect(signPayload('whsec_test', 1700000000, body)).toBe(`sha256=${expected}`);
  });

  it('verifies a fresh signature and refuses a changed body, timestamp, secret or an old one', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const body = '{"a":1}';
    const signature = signPayload(secret, 1000, body);
    const ok = { secret, timestamp: 1000, body, signature, nowSeconds: 1100 };
    expect(verifySignature(ok)).toBe(true);
    expect(verifySignature({ ...ok, body: '{"a":2}' })).toBe(false);
    expect(verifySignature({ ...ok, timestamp: 1001 })).toBe(false);
    expect(verifySignature({ ...ok, secret: newWebhookSecret() })).toBe(false);
    // Replayed later than the tolerance: refused though the signature matches.
    expect(verifySignature({ ...ok, nowSeconds: 1000 + 301 })).toBe(false);
    expect(verifySignature({ ...ok, signature: 'sha256=00' })).toBe(false);
    expect(verifySignature({ ...ok, timestamp: 'soon' })).toBe(false);
  });
});

describe('webhook addresses', () => {
  it('tells public addresses from private, loopback, link-local and metadata ones', () => {
    for (const address of ['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses a name that resolves to a local address', async () => {
    const error = await new Promise<Error | null>((resolve) =>
      publicOnlyLookup('localhost', {}, (err) => resolve(err)),
    );
    expect(error?.message).toMatch(/private or local/);
  });

  it('does not send to a local receiver unless private addresses are allowed', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      for (const host of ['127.0.0.1', 'localhost']) {
        const refused = await send(
          `http://${host}:${port}/`,
          '{}',
          {},
          {
            timeoutMs: 2000,
            allowPrivate: false,
          },
        );
        expect(refused.statusCode).toBeNull();
        expect(refused.error).toMatch(/private or local/);
      }
      expect(hits).toBe(0);
      const allowed = await send(
        `http://127.0.0.1:${port}/`,
        '{}',
        {},
        {
          timeoutMs: 2000,
          allowPrivate: true,
        },
      );
      expect(allowed).toEqual({ statusCode: 204, error: null });
      expect(hits).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('gives up on a receiver that accepts and never answers at the total timeout', async () => {
    let open = 0;
    const server = createServer((req) => {
      open++;
      req.socket.once('close', () => open--);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const outcome = await send(
        `http://127.0.0.1:${port}/hook`,
        '{}',
        {},
        { timeoutMs: 200, connectTimeoutMs: 100, allowPrivate: true },
      );
      // Connected in time (the connect timeout did not fire), then no answer.
      expect(outcome).toEqual({ statusCode: null, error: 'no answer within 200 ms' });
      // The connection is dropped, not left open.
      await expect.poll(() => open).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('does not follow redirects', async () => {
    let redirected = 0;
    const server = createServer((req, res) => {
      if (req.url === '/elsewhere') redirected++;
      res.writeHead(307, { location: '/elsewhere' }).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const outcome = await send(
        `http://127.0.0.1:${port}/hook`,
        '{}',
        {},
        {
          timeoutMs: 2000,
          allowPrivate: true,
        },
      );
      expect(outcome.statusCode).toBe(307);
      expect(redirected).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('webhook URL rules', () => {
  const dev = { production: false, allowPrivate: false };
  const prod = { production: true, allowPrivate: false };

  it('accepts https anywhere public, and http to localhost outside production only', () => {
    expect(checkWebhookUrl(' https://hooks.example.com/x#frag ', prod)).toEqual({
      ok: true,
      url: 'https://hooks.example.com/x',
    });
    expect(checkWebhookUrl('http://127.0.0.1:8080/hook', dev)).toMatchObject({ ok: true });
    expect(checkWebhookUrl('http://localhost:8080/hook', dev)).toMatchObject({ ok: true });
    expect(checkWebhookUrl('http://localhost:8080/hook', prod)).toEqual({
      ok: false,
      message: WEBHOOK_MESSAGES.urlHttps,
    });
    expect(checkWebhookUrl('http://example.com/hook', dev)).toEqual({
      ok: false,
      message: WEBHOOK_MESSAGES.urlHttpsOrLocal,
    });
  });

  it('refuses private and local addresses in production unless allowed', () => {
    for (const url of [
      'https://127.0.0.1/x',
      'https://2130706433/x', // 127.0.0.1 written as a number
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.5/x',
      'https://[::1]/x',
      'https://[fd00:ec2::254]/x',
      'https://localhost/x',
      'https://printer.local/x',
    ]) {
      expect(checkWebhookUrl(url, prod), url).toEqual({
        ok: false,
        message: WEBHOOK_MESSAGES.urlPrivate,
      });
    }
    expect(checkWebhookUrl('https://10.0.0.5/x', { production: true, allowPrivate: true })).toEqual(
      { ok: true, url: 'https://10.0.0.5/x' },
    );
  });

  it('refuses what is not a URL, credentials and overlong URLs', () => {
    expect(checkWebhookUrl('nope', dev)).toEqual({
      ok: false,
      message: WEBHOOK_MESSAGES.urlInvalid,
    });
    expect(checkWebhookUrl('  ', dev)).toEqual({
      ok: false,
      message: WEBHOOK_MESSAGES.urlRequired,
    });
    expect(checkWebhookUrl('https://a:b@example.com/', prod)).toEqual({
      ok: false,
      message: WEBHOOK_MESSAGES.urlCredentials,
    });
    expect(checkWebhookUrl(`https://example.com/${'x'.repeat(2000)}`, prod)).toEqual({
      ok: false,
      message: WEBHOOK_MESSAGES.urlTooLong,
    });
  });
});
