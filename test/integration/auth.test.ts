/** Sessions over real HTTP, and the per-IP rate limit on sign-in (keyed by the trusted header). */
import { describe, expect, it } from 'vitest';
import { tag, TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { useServer, type CreatedBody } from './harness';

describe.concurrent.each(testDatabases)('auth on %s', (kind) => {
  const h = useServer(kind);

  it('signs up, signs in again from another client, and rejects a wrong password', async () => {
    const email = `returning-${tag()}@example.test`;
    const first = new TestClient(h.url);
    await first.signUp({ name: 'Returning', email, password: 'first password 1' });
    expect(first.hasSession).toBe(true);

    const second = new TestClient(h.url);
    const wrong = await second.signIn({ email, password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(second.hasSession).toBe(false);

    const right = await second.signIn({ email, password: 'first password 1' });
    expect(right.status).toBe(200);
    const created = await second.request<CreatedBody>('POST', '/api/games', {
      prompt: `Signed in ${tag()}`,
      items: ['a', 'b', 'c'],
    });
    expect(created.status).toBe(201);
    expect(created.body.game.ownerName).toBe('Returning');
  });

  it('limits sign-up attempts per client IP, which a client cannot spoof', async () => {
    const attacker = new TestClient(h.url);
    // Too-short passwords fail fast (no hashing) but still count against the limit.
    const attempt = (client: TestClient, spoofed?: string) =>
      client.request(
        'POST',
        '/api/auth/sign-up/email',
        { name: 'Spam', email: `spam-${tag()}@example.test`, password: 'short' },
        // The header the server sets internally: sent from outside, it must be ignored.
        spoofed ? { headers: { 'x-crowned-client-ip': spoofed } } : {},
      );
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await attempt(attacker, `192.0.2.${i + 1}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array.from({ length: 10 }, () => 400));
    expect(statuses[10]).toBe(429);

    // Someone else, at another address, is not affected.
    expect((await attempt(new TestClient(h.url))).status).toBe(400);
  });
});
