/**
 * Handles (`PUT /api/me/handle`, `GET /api/me/handle-available`) with the spec's rules and
 * messages, case-insensitive uniqueness that holds under a race, the profile event, and public
 * profiles (`GET /api/users/:handle`) that never show the e-mail.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { HANDLE_MESSAGES } from '../../src/server/players/handle-messages';
import type { ProfileView, PublicProfileView } from '../../src/domain/profile';
import { user } from '../../src/server/db/schema/auth';
import { playerProfile } from '../../src/server/db/schema/players';
import { tag, type TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, useServer } from './harness';

type ProfileBody = { profile: ProfileView };
type Availability = { available: boolean; message: string | null };

/** A fresh valid handle: a letter, then hex. */
const freshHandle = (prefix = 'h') => `${prefix}${tag()}`;

describe.concurrent.each(testDatabases)('handles and public profiles on %s', (kind) => {
  const h = useServer(kind);
  const db = () => h.server.database.db;

  const setHandle = (client: TestClient, handle: unknown) =>
    client.request<ProfileBody>('PUT', '/api/me/handle', { handle });
  const available = async (client: TestClient, handle: string) => {
    const response = await client.request<Availability>(
      'GET',
      `/api/me/handle-available?handle=${encodeURIComponent(handle)}`,
    );
    expect(response.status).toBe(200);
    return response.body;
  };

  it('sets a handle, keeping its case, and answers the profile', async () => {
    const client = await h.user('Handle Setter');
    const handle = freshHandle('Crown_');
    const response = await setHandle(client, `  ${handle} `);
    expect(response.status).toBe(200);
    expect(response.body.profile).toMatchObject({ handle, name: 'Handle Setter', level: 1 });
    expect(response.body.profile).toEqual(await h.me(client));
    const [row] = await db()
      .select({ handle: playerProfile.handle, handleLower: playerProfile.handleLower })
      .from(playerProfile)
      .where(eq(playerProfile.handle, handle));
    expect(row).toEqual({ handle, handleLower: handle.toLowerCase() });

    // Its own handle again, or in another case, is fine; a new one frees the old.
    expect((await setHandle(client, handle)).status).toBe(200);
    const upper = handle.toUpperCase();
    expect((await setHandle(client, upper)).body.profile.handle).toBe(upper);
    const next = freshHandle();
    expect((await setHandle(client, next)).body.profile.handle).toBe(next);
    const other = await h.user('Next In Line');
    expect((await setHandle(other, handle)).status).toBe(200);
  });

  it('refuses handles against the rules with the spec messages', async () => {
    const client = await h.user('Rule Breaker');
    const required = errorOf('invalid-argument', 'Handle required');
    const invalid = errorOf(
      'invalid-argument',
      'Handle must be 3-20 chars, start with a letter, and use letters/numbers/_ only.',
    );
    for (const handle of ['', '   ']) {
      const response = await setHandle(client, handle);
      expect(response.status, handle).toBe(400);
      expect(response.body, handle).toEqual(required);
    }
    for (const handle of [
      'ab',
      'a'.repeat(21),
      '9lives',
      '_under',
      'has space',
      'dash-ed',
      'émile',
      'x'.repeat(500),
    ]) {
      const response = await setHandle(client, handle);
      expect(response.status, handle).toBe(400);
      expect(response.body, handle).toEqual(invalid);
    }
    for (const body of [{}, { handle: null }, { handle: 42 }]) {
      const response = await client.request('PUT', '/api/me/handle', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(required);
    }
    const notJson = await client.request('PUT', '/api/me/handle', undefined, { raw: '{' });
    expect(notJson.status).toBe(400);
    expect((await h.me(client)).handle).toBeNull();
  });

  it("answers 409 'taken' for another player's handle in any case", async () => {
    const first = await h.user('First Claimer');
    const second = await h.user('Second Claimer');
    const handle = freshHandle('Taken');
    expect((await setHandle(first, handle)).status).toBe(200);
    for (const variant of [handle, handle.toLowerCase(), handle.toUpperCase()]) {
      const response = await setHandle(second, variant);
      expect(response.status, variant).toBe(409);
      expect(response.body).toEqual(errorOf('aborted', 'taken'));
    }
    expect((await h.me(second)).handle).toBeNull();
  });

  it('lets exactly one of 50 concurrent case variants of a handle win', async () => {
    // Letters only, so each of the first 6 can change case: 64 variants, 50 used.
    const base = `race${tag().replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;
    const variants = Array.from({ length: 50 }, (_, i) =>
      [...base].map((char, j) => ((i >> j) & 1 ? char.toUpperCase() : char)).join(''),
    );
    expect(new Set(variants).size).toBe(50);
    // 50 players, cheaply: guest sessions made accounts in the database (signing up 50 would
    // spend seconds hashing passwords, which is not what this tests).
    const clients = await Promise.all(variants.map(() => h.guest()));
    const playerIds = await Promise.all(clients.map(async (client) => (await h.me(client)).id));
    await db().update(user).set({ isAnonymous: false }).where(inArray(user.id, playerIds));
    const responses = await Promise.all(clients.map((client, i) => setHandle(client, variants[i])));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(response.body).toEqual(errorOf('aborted', HANDLE_MESSAGES.taken));
    }
    const holders = await db()
      .select({ handle: playerProfile.handle })
      .from(playerProfile)
      .where(eq(playerProfile.handleLower, base));
    const winner = variants[statuses.indexOf(200)];
    expect(holders).toEqual([{ handle: winner }]);
  });

  it('tells the player whether a handle is available, with the message a save would give', async () => {
    const holder = await h.user('Holder');
    const asker = await h.user('Asker');
    const handle = freshHandle('Held');
    await setHandle(holder, handle);
    expect(await available(asker, handle.toLowerCase())).toEqual({
      available: false,
      message: 'taken',
    });
    expect(await available(holder, handle.toUpperCase())).toEqual({
      available: true,
      message: null,
    });
    expect(await available(asker, freshHandle())).toEqual({ available: true, message: null });
    expect(await available(asker, '')).toEqual({ available: false, message: 'Handle required' });
    expect(await available(asker, '1x')).toEqual({
      available: false,
      message: HANDLE_MESSAGES.invalid,
    });
    const none = await asker.request<Availability>('GET', '/api/me/handle-available');
    expect(none.body).toEqual({ available: false, message: 'Handle required' });
  });

  it("needs an account: signed out and guests get 401 'Not signed in'", async () => {
    const notSignedIn = errorOf('unauthenticated', 'Not signed in');
    const anonymous = h.anonymous();
    const guest = await h.guest();
    for (const client of [anonymous, guest]) {
      const put = await setHandle(client, freshHandle());
      expect(put.status).toBe(401);
      expect(put.body).toEqual(notSignedIn);
      const check = await client.request('GET', '/api/me/handle-available?handle=abc');
      expect(check.status).toBe(401);
      expect(check.body).toEqual(notSignedIn);
    }
  });

  it("answers 404 'Profile missing' when the profile is gone", async () => {
    // Over HTTP a deleted user's sessions go with it (401); a handle change racing the account's
    // deletion reaches the write with no row, checked here on the write itself.
    const { setHandle: setHandleDirect } = await import('../../src/server/players/mutations');
    await expect(
      setHandleDirect(db(), {
        userId: 'no-such-user',
        handle: 'Ghost',
        handleLower: 'ghost',
        skeleton: 'ghost',
      }),
    ).rejects.toMatchObject({ code: 'not-found', message: 'Profile missing' });
  });

  it('tells open tabs: a profile event with the new handle', async () => {
    const client = await h.user('Live Handle');
    const stream = await client.events('/api/me/events');
    try {
      const first = await stream.nextEvent();
      expect(first.event).toBe('profile');
      const handle = freshHandle('Live');
      expect((await setHandle(client, handle)).status).toBe(200);
      const next = await stream.nextEvent();
      expect(next.event).toBe('profile');
      expect((JSON.parse(next.data) as ProfileBody).profile.handle).toBe(handle);
    } finally {
      stream.close();
    }
  });

  it('shows a public profile by handle, case-insensitively, never with the e-mail', async () => {
    const client = await h.user('Public Person');
    const handle = freshHandle('Pub');
    await setHandle(client, handle);
    const me = await h.me(client);
    const response = await h
      .anonymous()
      .request<{ profile: PublicProfileView }>('GET', `/api/users/${handle.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.body.profile).toEqual({
      handle,
      name: 'Public Person',
      image: null,
      level: 1,
      crowns: 0,
      achievements: {},
      stats: { gamesCreated: 0, rankingsSubmitted: 0, communityPublishes: 0 },
      joinedAt: expect.any(Number) as number,
    } satisfies PublicProfileView);
    expect(JSON.stringify(response.body)).not.toContain(me.email ?? '@');
    expect(JSON.stringify(response.body)).not.toContain(me.id);
  });

  it("answers 404 'Player not found' for unknown or impossible handles", async () => {
    const notFound = errorOf('not-found', 'Player not found');
    for (const handle of [freshHandle('nobody'), '1abc', 'a b', 'x'.repeat(300), '%F0%9F%91%91']) {
      const response = await h.anonymous().request('GET', `/api/users/${handle}`);
      expect(response.status, handle).toBe(404);
      expect(response.body, handle).toEqual(notFound);
    }
  });
});
