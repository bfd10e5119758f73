/** Sessions over real HTTP, and the per-IP rate limit on sign-in (keyed by the trusted header). */
import { describe, expect, it } from 'vitest';
import { tag, TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { statementsNaming, useServer, type CreatedBody } from './harness';

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

  it("keeps a new guest's session as it signs in (its first request reads none), and a sign-out still ends it", async () => {
    // Statements that look this client's session up by its token (other tests run meanwhile).
    const sessionReads = (client: TestClient, run: () => Promise<void>) => {
      const cookie = client.cookie('better-auth.session_token') ?? '';
      const token = decodeURIComponent(cookie).split('.')[0]!;
      expect(token).not.toBe('');
      return statementsNaming(h, token, run);
    };
    // A signed-up person's session is not kept as it is made: their first request reads it.
    const member = new TestClient(h.url);
    await member.signUp({
      name: 'Member',
      email: `kept-${tag()}@example.test`,
      password: 'member password 1',
    });
    type Me = { profile: { id: string } | null };
    const profileOf = async (client: TestClient) =>
      (await client.request<Me>('GET', '/api/me')).body.profile;
    let seen: Me['profile'] = null;
    const memberReads = await sessionReads(member, async () => {
      seen = await profileOf(member);
    });
    expect(seen).not.toBeNull();
    expect(memberReads).toBeGreaterThan(0);

    const guest = new TestClient(h.url);
    await guest.guest();
    seen = null;
    const guestReads = await sessionReads(guest, async () => {
      seen = await profileOf(guest);
    });
    expect(seen).not.toBeNull();
    expect(guestReads).toBe(0);

    // The browser still holds the cookie after signing out: it no longer signs anyone in.
    const stale = guest.copyAt(h.url);
    expect((await guest.request('POST', '/api/auth/sign-out', {})).status).toBe(200);
    expect(await profileOf(stale)).toBeNull();
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
