/** Sessions over real HTTP, and the per-IP rate limit on sign-in (keyed by the trusted header). */
import { describe, expect, it } from 'vitest';
import { tag, TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { statementsNaming, useServer, type CreatedBody } from './harness';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/server/db/rows';
import { SessionReads, type ReadSession } from '../../src/server/auth/session-reads';

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

  it('reads a session it does not keep in one statement, its signature checked; leaves an expired or due session to better-auth', async () => {
    const db = h.server.database.db;
    type Me = { profile: { id: string } | null };
    const profileOf = async (client: TestClient) =>
      (await client.request<Me>('GET', '/api/me')).body.profile;
    const tokenOf = (client: TestClient) =>
      decodeURIComponent(client.cookie('better-auth.session_token') ?? '').split('.')[0]!;
    // Members' sessions are not kept as they are made (guests' are): each first request misses.
    const ids = new Map<TestClient, string>();
    const member = async (name: string) => {
      const client = new TestClient(h.url);
      const signedUp = await client.signUp({
        name,
        email: `${name}-${tag()}@example.test`,
        password: 'pw member 1',
      });
      ids.set(client, (signedUp.body as { user: { id: string } }).user.id);
      return client;
    };
    const [fresh, tampered, expired, due] = (await Promise.all(
      ['fresh', 'tampered', 'expired', 'due'].map(member),
    )) as [TestClient, TestClient, TestClient, TestClient];
    const expiryOf = async (token: string) => {
      const [row] = rows<{ expires_at: string | Date }>(
        await db.execute(sql`select expires_at from session where token = ${token}`),
      );
      return row ? new Date(row.expires_at).getTime() : null;
    };
    const day = 24 * 60 * 60_000;

    // A fresh session: one statement reads it with its user (better-auth's look-up took two,
    // the session by its token, then the user by id). A path no route answers reads nothing else.
    const userId = ids.get(fresh)!;
    const reads = await statementsNaming(
      h,
      (statement) => statement.includes(tokenOf(fresh)) || statement.includes(userId),
      async () => {
        expect((await fresh.request('GET', `/api/no-such-route-${tag()}`)).status).toBe(404);
      },
    );
    expect(reads).toBe(1);
    let seen: Me['profile'] = null;

    // A cookie whose signature is not the server's: no one, and nothing read for it.
    const token = tokenOf(tampered);
    const forged = tampered.copyAt(h.url);
    forged.setCookie(
      'better-auth.session_token',
      encodeURIComponent(`${token}.${'A'.repeat(43)}=`),
    );
    seen = null;
    const forgedReads = await statementsNaming(h, token, async () => {
      seen = await profileOf(forged);
    });
    expect(seen).toBeNull();
    expect(forgedReads).toBe(0);
    expect(await profileOf(tampered)).not.toBeNull();

    // Expired (not yet looked up here): no one, and better-auth's look-up deletes the session.
    await db.execute(
      sql`update session set expires_at = now() - interval '1 minute' where token = ${tokenOf(expired)}`,
    );
    expect(await profileOf(expired)).toBeNull();
    expect(await expiryOf(tokenOf(expired))).toBeNull();

    // Last refreshed two days ago (its expiry 28 days ahead): better-auth's look-up refreshes it
    // to a full 30 days, as it did before.
    await db.execute(
      sql`update session set expires_at = now() + interval '28 days' where token = ${tokenOf(due)}`,
    );
    const before = await expiryOf(tokenOf(due));
    expect(await profileOf(due)).not.toBeNull();
    const after = await expiryOf(tokenOf(due));
    expect(after! - before!).toBeGreaterThan(day);
  });

  it('reads the sessions asked for while a read is on its way together, one statement for all', async () => {
    const clients = await Promise.all(
      [1, 2, 3].map(async () => {
        const client = new TestClient(h.url);
        await client.guest();
        return client;
      }),
    );
    const tokens = clients.map(
      (client) =>
        decodeURIComponent(client.cookie('better-auth.session_token') ?? '').split('.')[0]!,
    );
    const reads = new SessionReads(h.server.database.db);
    let found: (ReadSession | null)[] = [];
    const statements = await statementsNaming(
      h,
      (statement) => tokens.some((token) => statement.includes(token)),
      async () => {
        found = await Promise.all(
          [...tokens, tokens[0]!, 'no-such-token'].map((t) => reads.read(t)),
        );
      },
    );
    expect(statements).toBe(1);
    expect(found.map((read) => read?.token ?? null)).toEqual([...tokens, tokens[0], null]);
    expect(found.every((read, i) => i === 4 || read?.user.isAnonymous === true)).toBe(true);
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
