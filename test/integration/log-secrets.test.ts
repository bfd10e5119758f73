/**
 * No secret reaches a log line (issue 22, decision 0032): the server's every line, at debug
 * level, is kept through the logger's sink during a whole sign-up with e-mail verification, a
 * password reset from the mailed link and a Google sign-in against a local OpenID provider; then
 * every secret issued on the way (verification and reset tokens, the OAuth code and state, both
 * passwords) is looked for in the log.
 */
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/platform/log';
import type { OutboxMessage } from '../../src/server/auth/mailer';
import { tag, TestClient } from '../support/client';
import { freePort, startTestServer, testDatabases, type TestServer } from '../support/server';

const OLD_PASSWORD = `old pass ${tag()} 123`;
const NEW_PASSWORD = `new pass ${tag()} 456`;

describe.each(testDatabases)('secrets in the log on %s', (kind) => {
  let provider: OAuth2Server;
  let server: TestServer;
  const lines: string[] = [];
  const identity = { sub: `google-${tag()}`, email: `gina-${tag()}@gmail.test` };

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(await freePort(), '127.0.0.1');
    const claims = () => ({ ...identity, email_verified: true, name: 'Gina' });
    provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims()));
    provider.service.on('beforeUserinfo', (response) => {
      response.body = claims();
    });
    server = await startTestServer(kind, {
      env: {
        GOOGLE_CLIENT_ID: 'crowned-test',
        GOOGLE_CLIENT_SECRET: 'crowned-test-secret',
        GOOGLE_ISSUER: provider.issuer.url!,
      },
      log: createLogger('debug', { sink: (line) => lines.push(line) }),
    });
  });

  afterAll(async () => {
    await server?.close();
    await provider?.stop();
  });

  async function mailedLink(email: string, subject: RegExp, path: string): Promise<string> {
    const outbox = await new TestClient(server.url).request<{ messages: OutboxMessage[] }>(
      'GET',
      '/api/dev/outbox',
    );
    const mail = outbox.body.messages.find((m) => m.to === email && subject.test(m.subject));
    const link = mail?.links.find((url) => url.includes(path));
    expect(link, `a ${path} link mailed to ${email}`).toBeDefined();
    return link!;
  }

  it('logs none of the tokens, codes and passwords of a verify, reset and Google run', async () => {
    const secrets: string[] = [OLD_PASSWORD, NEW_PASSWORD];

    // Sign up and verify the address from the mailed link.
    const email = `secret-${tag()}@example.test`;
    const owner = new TestClient(server.url);
    await owner.signUp({ name: 'Keeper', email, password: OLD_PASSWORD });
    const verifyLink = await mailedLink(email, /confirm/i, '/api/auth/verify-email');
    const verifyToken = new URL(verifyLink).searchParams.get('token');
    expect(verifyToken).toMatch(/^\S{8,}$/);
    secrets.push(verifyToken!);
    await owner.follow(verifyLink, {
      stopAt: (location) => !location.pathname.startsWith('/api/'),
    });
    // A used or forged token is refused: logged with its URL too, and still redacted.
    await new TestClient(server.url).follow(`/api/auth/verify-email?token=${verifyToken}x`, {
      stopAt: (location) => !location.pathname.startsWith('/api/'),
    });

    // Reset the password from the mailed link.
    const client = new TestClient(server.url);
    const asked = await client.request('POST', '/api/auth/request-password-reset', {
      email,
      redirectTo: '/account/reset',
    });
    expect(asked.status).toBe(200);
    const resetLink = await mailedLink(email, /reset/i, '/api/auth/reset-password/');
    const pathToken = /\/reset-password\/([^/?#]+)/.exec(new URL(resetLink).pathname)?.[1];
    expect(pathToken).toMatch(/^\S{8,}$/);
    secrets.push(pathToken!);
    const { locations } = await client.follow(resetLink, {
      stopAt: (location) => !location.pathname.startsWith('/api/'),
    });
    const resetToken = locations.at(-1)?.searchParams.get('token');
    expect(resetToken).toBe(pathToken);
    const reset = await client.request('POST', '/api/auth/reset-password', {
      newPassword: NEW_PASSWORD,
      token: resetToken,
    });
    expect(reset.status).toBe(200);
    // The link again, now spent.
    await client.follow(resetLink, {
      stopAt: (location) => !location.pathname.startsWith('/api/'),
    });
    expect(
      (await new TestClient(server.url).signIn({ email, password: NEW_PASSWORD })).status,
    ).toBe(200);
    expect(
      (await new TestClient(server.url).signIn({ email, password: OLD_PASSWORD })).status,
    ).toBe(401);

    // Sign in with Google: the callback carries the code and the state in its query.
    const visitor = new TestClient(server.url);
    const start = await visitor.request<{ url: string }>('POST', '/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/',
    });
    expect(start.status).toBe(200);
    const authorize = await fetch(start.body.url, { redirect: 'manual' });
    const callback = new URL(authorize.headers.get('location')!);
    expect(callback.pathname).toBe('/api/auth/callback/google');
    const code = callback.searchParams.get('code');
    const state = callback.searchParams.get('state');
    expect(code).toMatch(/^\S{8,}$/);
    expect(state).toMatch(/^\S{8,}$/);
    secrets.push(code!, state!);
    const done = await visitor.request('GET', callback.toString(), undefined, {
      redirect: 'manual',
    });
    expect(done.status).toBe(302);
    expect(
      (await visitor.request<{ profile: unknown }>('GET', '/api/me')).body.profile,
    ).toMatchObject({ email: identity.email });

    // The requests were logged (so this test can fail), with the secrets cut out.
    const requests = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const paths = requests.filter((line) => line.msg === 'request').map((line) => line.path);
    expect(paths).toContain('/api/auth/reset-password/[redacted]');
    expect(paths).toContain('/api/auth/verify-email');
    expect(paths).toContain('/api/auth/callback/google');
    const log = lines.join('\n');
    for (const secret of secrets) {
      expect(log.includes(secret), `a secret (${secret.slice(0, 4)}…) in the log`).toBe(false);
      expect(log.includes(encodeURIComponent(secret))).toBe(false);
    }
  });
});
