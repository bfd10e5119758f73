/**
 * The signed-in person's profile: GET /api/me, upkeep (POST /api/me/touch), live profile events,
 * the sign-in method lookup and the client config.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/domain/errors';
import type { ProfileView } from '../../src/domain/profile';
import { playerProfile } from '../../src/server/db/schema/players';
import { tag, TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, useServer } from './harness';

describe.concurrent.each(testDatabases)('profile on %s', (kind) => {
  const h = useServer(kind);

  async function row(id: string) {
    const [found] = await h.server.database.db
      .select()
      .from(playerProfile)
      .where(eq(playerProfile.userId, id));
    if (!found) throw new Error(`no user ${id}`);
    return found;
  }

  const touch = (client: TestClient, body: unknown) =>
    client.request<{ ok: true } | ErrorBody>('POST', '/api/me/touch', body);

  it('shows no profile without a session, a guest profile, and an account profile', async () => {
    const none = await h.anonymous().request('GET', '/api/me');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ profile: null });

    const guest = await h.me(await h.guest());
    expect(guest).toMatchObject({
      email: null,
      isAnonymous: true,
      role: 'user',
      level: 1,
      xp: 0,
      xpToNext: 100,
      crowns: 0,
      stats: { gamesCreated: 0, rankingsSubmitted: 0, communityPublishes: 0 },
    });

    const email = `profile-${tag()}@example.test`;
    const client = new TestClient(h.url);
    await client.signUp({ name: 'Profile Person', email });
    const profile = await h.me(client);
    expect(profile).toEqual({
      id: expect.any(String),
      name: 'Profile Person',
      email,
      emailVerified: false,
      isAnonymous: false,
      role: 'user',
      handle: null,
      handleClaimedAt: null,
      image: null,
      level: 1,
      xp: 0,
      xpToNext: 100,
      crowns: 0,
      totalXp: 0,
      stats: { gamesCreated: 0, rankingsSubmitted: 0, communityPublishes: 0 },
      achievements: {},
    } satisfies ProfileView);
  });

  /** The visitor token the server issues a browser (its first analytics batch). */
  async function visit(client: TestClient): Promise<string> {
    const sent = await client.request('POST', '/api/analytics', {
      events: [{ name: 'share_open', props: { game_id: 'g' } }],
    });
    expect(sent.status).toBe(202);
    const token = client.cookie('crowned_anon_id');
    if (!token) throw new Error('no visitor cookie issued');
    return token;
  }

  it('stores upkeep; the anonymous id (the signed visitor cookie’s) and first touch keep their first value', async () => {
    const client = await h.user('Toucher');
    const id = (await h.me(client)).id;
    const visitorId = (await visit(client)).split('.')[0];
    const first = {
      locale: 'en-GB',
      tzOffset: -60,
      deviceType: 'mobile',
      // What older pages sent: not stored, the server's own id is.
      anonId: 'anon-first',
      firstTouch: {
        utm_source: 'newsletter',
        utm_medium: 'email',
        initial_referrer: 'https://a.example/',
      },
      lastTouch: { utm_source: 'newsletter', utm_campaign: 'spring' },
    };
    const beforeFirst = Date.now();
    expect((await touch(client, first)).body).toEqual({ ok: true });
    const afterFirst = await row(id);
    expect(afterFirst).toMatchObject({
      locale: 'en-GB',
      tzOffset: -60,
      deviceType: 'mobile',
      anonId: visitorId,
      firstTouch: first.firstTouch,
      lastTouch: first.lastTouch,
    });
    // Clocks of the database and the test may differ a little.
    expect(afterFirst.lastSeenAt?.getTime()).toBeGreaterThan(beforeFirst - 5000);
    expect(afterFirst.lastActiveAt?.getTime()).toBeGreaterThan(beforeFirst - 5000);

    // Another browser's visitor cookie later: the first id stays.
    client.setCookie('crowned_anon_id', await visit(h.anonymous()));
    const second = {
      locale: 'de-DE',
      tzOffset: 120,
      deviceType: 'desktop',
      anonId: 'anon-second',
      firstTouch: { utm_source: 'ad' },
      lastTouch: { utm_medium: 'cpc' },
    };
    expect((await touch(client, second)).status).toBe(200);
    const afterSecond = await row(id);
    expect(afterSecond).toMatchObject({
      locale: 'de-DE',
      tzOffset: 120,
      deviceType: 'desktop',
      anonId: visitorId,
      firstTouch: first.firstTouch,
      lastTouch: { utm_medium: 'cpc' },
    });
    expect(afterSecond.lastSeenAt!.getTime()).toBeGreaterThanOrEqual(
      afterFirst.lastSeenAt!.getTime(),
    );

    // An empty upkeep only marks the person as seen; the rest stays.
    expect((await touch(client, {})).status).toBe(200);
    expect(await row(id)).toMatchObject({ locale: 'de-DE', anonId: visitorId });

    // Guests keep their profile up too. A visitor cookie the server did not sign, and an id in
    // the body, are not stored.
    const guest = await h.guest();
    guest.setCookie('crowned_anon_id', `${'A'.repeat(22)}.${'B'.repeat(22)}`);
    expect(
      (await touch(guest, { deviceType: 'tablet', tzOffset: 840, anonId: 'chosen-by-me' })).status,
    ).toBe(200);
    expect(await row((await h.me(guest)).id)).toMatchObject({
      deviceType: 'tablet',
      tzOffset: 840,
      anonId: null,
    });
  });

  it('refuses bad upkeep with 400 and changes nothing', async () => {
    const client = await h.user('Bad Toucher');
    const id = (await h.me(client)).id;
    expect(
      (await touch(client, { locale: 'fr-FR', tzOffset: 60, deviceType: 'mobile', anonId: 'a1' }))
        .status,
    ).toBe(200);
    const before = await row(id);

    const bad: unknown[] = [
      { locale: 42 },
      { locale: 'x'.repeat(36) },
      { tzOffset: '60' },
      { tzOffset: 841 },
      { tzOffset: -841 },
      { tzOffset: 1.5 },
      { deviceType: 'watch' },
      { deviceType: 'Mobile' },
      { anonId: 'x'.repeat(65) },
      { anonId: 7 },
      { firstTouch: 'newsletter' },
      { firstTouch: { utm_source: 'x'.repeat(201) } },
      { lastTouch: { initial_referrer: 'x'.repeat(2001) } },
      { lastTouch: { utm_medium: 3 } },
      // A good field does not carry a bad one through.
      { locale: 'es-ES', tzOffset: 10_000 },
      [],
      'hello',
      null,
    ];
    for (const body of bad) {
      const response = await touch(client, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((response.body as ErrorBody).error.code).toBe('invalid-argument');
    }
    const notJson = await client.request('POST', '/api/me/touch', undefined, { raw: '{locale' });
    expect(notJson.status).toBe(400);
    expect(await row(id)).toEqual(before);

    const nobody = await touch(h.anonymous(), { locale: 'en' });
    expect(nobody.status).toBe(401);
    expect(nobody.body).toEqual(errorOf('unauthenticated', 'Not signed in'));
  });

  it('streams the profile on connect and again when the display name changes', async ({
    onTestFinished,
  }) => {
    const client = await h.user('Streamer');
    const stream = await client.events('/api/me/events');
    onTestFinished(() => stream.close());
    expect(stream.status).toBe(200);
    const first = await stream.nextEvent(5000);
    expect(first.event).toBe('profile');
    expect((JSON.parse(first.data) as { profile: ProfileView }).profile).toMatchObject({
      name: 'Streamer',
      isAnonymous: false,
    });

    const renamed = await client.request('POST', '/api/auth/update-user', { name: 'Renamed' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const next = await stream.nextEvent(5000);
    expect(next.event).toBe('profile');
    expect((JSON.parse(next.data) as { profile: ProfileView }).profile.name).toBe('Renamed');
    expect((await h.me(client)).name).toBe('Renamed');

    // A guest may listen too; nobody else.
    const guestStream = await (await h.guest()).events('/api/me/events');
    onTestFinished(() => guestStream.close());
    expect(guestStream.status).toBe(200);
    expect((await guestStream.nextEvent(5000)).event).toBe('profile');
    const nobody = await h.anonymous().events('/api/me/events');
    onTestFinished(() => nobody.close());
    expect(nobody.status).toBe(401);
  });

  it('looks up sign-in methods by e-mail', async () => {
    const email = `methods-${tag()}@example.test`;
    await new TestClient(h.url).signUp({ name: 'Methods', email });
    const lookup = (query: string) =>
      new TestClient(h.url).request<{ methods: string[] } | ErrorBody>(
        'GET',
        `/api/account/methods${query}`,
      );
    expect((await lookup(`?email=${encodeURIComponent(email)}`)).body).toEqual({
      methods: ['password'],
    });
    // Trimmed and case-insensitive.
    expect(
      (await lookup(`?email=${encodeURIComponent(`  ${email.toUpperCase()} `)}`)).body,
    ).toEqual({ methods: ['password'] });
    expect((await lookup(`?email=nobody-${tag()}%40example.test`)).body).toEqual({ methods: [] });
    for (const query of ['?email=not-an-email', '?email=', '', '?email=a%40b%40c']) {
      const response = await lookup(query);
      expect(response.status, query).toBe(400);
      expect((response.body as ErrorBody).error.code).toBe('invalid-argument');
    }
    const malformed = await lookup('?email=not-an-email');
    expect(malformed.body).toEqual(errorOf('invalid-argument', 'Enter a valid email address'));
  });

  it('serves the client config', async () => {
    const config = await h.anonymous().request('GET', '/api/config');
    expect(config.status).toBe(200);
    // No Google credentials and no SMTP_URL in this test server.
    expect(config.body).toMatchObject({ googleEnabled: false, devOutbox: true });
    for (const value of Object.values(config.body as Record<string, unknown>)) {
      expect(['boolean', 'string']).toContain(typeof value);
    }
  });
});
