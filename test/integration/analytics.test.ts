/**
 * First-party analytics (issue 12): the web's batches (limits, e-mail stripping, no IP stored,
 * signed-out visitors keyed by their anonymous id), the server's own events after create,
 * publish, a final ranking and a level-up, the admin's report, and the retention fold.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminAnalytics } from '../../src/domain/admin';
import { ANALYTICS_MESSAGES, MAX_EVENTS_PER_BATCH } from '../../src/domain/analytics';
import { foldOldEvents } from '../../src/server/analytics/retention';
import { analyticsDaily, analyticsEvent, user } from '../../src/server/db/schema';
import { tag, type TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer } from './harness';

const ANON_COOKIE = 'crowned_anon_id';

describe.each(testDatabases)('analytics on %s', (kind) => {
  const h = useServer(kind);
  const db = () => h.server.database.db;

  const send = (client: TestClient, body: unknown, headers?: Record<string, string>) =>
    client.request<{ accepted: number }>('POST', '/api/analytics', body, { headers });

  /** A signed-out browser with its anonymous id cookie. */
  function visitor(): { client: TestClient; anonId: string } {
    const client = h.anonymous();
    const anonId = `anon-${tag()}`.replace(/[^A-Za-z0-9-]/g, '');
    client.setCookie(ANON_COOKIE, anonId);
    return { client, anonId };
  }

  const eventsOf = (where: ReturnType<typeof eq>) =>
    db().select().from(analyticsEvent).where(where);

  it('stores a signed-out visitor’s batch under their anonymous id, without their address', async () => {
    const { client, anonId } = visitor();
    const response = await send(client, {
      events: [
        {
          name: 'session_start',
          props: {
            first_touch: { utm_source: 'newsletter', initial_referrer: 'https://news.example/' },
            last_touch: { utm_source: 'newsletter' },
            device: 'mobile',
            locale: 'de-DE',
            tz_offset: -60,
          },
        },
        { name: 'share_open', props: { game_id: 'g1' } },
      ],
    });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ accepted: 2 });
    const rows = await eventsOf(eq(analyticsEvent.anonId, anonId));
    expect(rows.map((row) => row.name).sort()).toEqual(['session_start', 'share_open']);
    expect(rows.every((row) => row.userId === null)).toBe(true);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(client.ip);
    expect(rows.find((row) => row.name === 'session_start')?.props).toMatchObject({
      device: 'mobile',
      locale: 'de-DE',
      first_touch: { utm_source: 'newsletter' },
    });
  });

  it('strips every e-mail address before storing, at any depth', async () => {
    const { client, anonId } = visitor();
    const response = await send(client, {
      events: [
        {
          name: 'session_start',
          props: {
            first_touch: {
              utm_source: 'ada@example.com',
              initial_referrer: 'https://mail.example/?to=Bob.Smith+x@Example.org&y=1',
            },
            notes: ['hi grace@example.net there', { deeper: ['x@y.io'] }],
            'key@example.com': 'dropped',
          },
        },
      ],
    });
    expect(response.status).toBe(202);
    const [row] = await eventsOf(eq(analyticsEvent.anonId, anonId));
    const stored = JSON.stringify(row?.props);
    expect(stored).not.toMatch(/[^\s@"]+@[^\s@"]+\.[^\s@"]+/);
    expect(row?.props).toMatchObject({ notes: ['hi  there', { deeper: [''] }] });
  });

  it('refuses bad batches with a clear 400 and stores nothing of them', async () => {
    const { client, anonId } = visitor();
    const event = { name: 'share_open', props: { game_id: 'g' } };
    const cases: [unknown, string][] = [
      [{ events: [] }, ANALYTICS_MESSAGES.batch],
      [{ events: Array(MAX_EVENTS_PER_BATCH + 1).fill(event) }, ANALYTICS_MESSAGES.batch],
      [{}, ANALYTICS_MESSAGES.batch],
      [{ events: [{ name: 'game_create', props: {} }] }, ANALYTICS_MESSAGES.name],
      [{ events: [{ name: 'level_up' }] }, ANALYTICS_MESSAGES.name],
      [{ events: [{ name: 'share_open', props: 'x' }] }, ANALYTICS_MESSAGES.props],
      [
        { events: [{ name: 'share_open', props: { n: 'x'.repeat(2048) } }] },
        ANALYTICS_MESSAGES.tooBig,
      ],
      [
        { events: [event, { name: 'share_open', props: { n: 'bad\u0000' } }] },
        'Text must not contain NUL characters or broken Unicode',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await send(client, body);
      expect(response.status, message).toBe(400);
      expect(response.body).toEqual(errorOf('invalid-argument', message));
    }
    const deep = `{"events":[{"name":"share_open","props":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}]}`;
    expect((await client.request('POST', '/api/analytics', undefined, { raw: deep })).status).toBe(
      400,
    );
    expect(
      (await client.request('POST', '/api/analytics', undefined, { raw: '{"events":' })).status,
    ).toBe(400);
    const plain = await client.request('POST', '/api/analytics', undefined, {
      raw: JSON.stringify({ events: [event] }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(400);
    const foreign = await send(client, { events: [event] }, { origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(await eventsOf(eq(analyticsEvent.anonId, anonId))).toEqual([]);
  });

  it('records create, publish, a final ranking and a level-up itself, not a partial ranking', async () => {
    const owner = await h.user('Owner');
    const ownerId = (await h.me(owner)).id;
    owner.setCookie(ANON_COOKIE, `owner-${tag()}`.replace(/[^A-Za-z0-9-]/g, ''));
    // One award away from a level-up.
    await db().update(user).set({ totalXp: 99 }).where(eq(user.id, ownerId));
    const game = await h.createGame(owner, ['Alpha', 'Bravo', 'Charlie', 'Delta']);
    const publish = await owner.request('POST', `/api/games/${game.id}/publish`, {});
    expect(publish.status).toBe(200);
    const player = await h.guest();
    const playerId = (await h.me(player)).id;
    expect((await h.submit(player, game.id, ids(game).slice(0, 2), { partial: true })).status).toBe(
      200,
    );
    expect((await h.submit(player, game.id, ids(game))).status).toBe(200);
    await h.server.analytics.flush();

    const mine = await eventsOf(eq(analyticsEvent.userId, ownerId));
    const byName = new Map(mine.map((row) => [row.name, row]));
    expect(byName.get('game_create')?.props).toEqual({
      game_id: game.id,
      category: 'manual',
      items: 4,
    });
    expect(byName.get('game_create')?.anonId).toMatch(/^owner-/);
    expect(byName.get('game_publish')?.props).toEqual({ game_id: game.id });
    expect(byName.get('level_up')?.props).toEqual({ level: 2 });
    const plays = await eventsOf(
      and(eq(analyticsEvent.userId, playerId), eq(analyticsEvent.name, 'ranking_submit'))!,
    );
    expect(plays.map((row) => row.props)).toEqual([{ game_id: game.id }]);
  });

  it('reports the funnel, sources, devices and locales to admins only', async () => {
    const source = `src-${tag()}`.replace(/[^A-Za-z0-9-]/g, '').toLowerCase();
    for (const device of ['mobile', 'mobile', 'desktop']) {
      const { client } = visitor();
      const sent = await send(client, {
        events: [
          {
            name: 'session_start',
            props: { device, locale: 'fr-FR', first_touch: { utm_source: source }, last_touch: {} },
          },
        ],
      });
      expect(sent.status).toBe(202);
    }
    const admin = await h.user('Admin');
    await db()
      .update(user)
      .set({ role: 'admin', adminGrantedBy: 'test' })
      .where(eq(user.id, (await h.me(admin)).id));
    const report = await admin.request<AdminAnalytics>('GET', '/api/admin/analytics?days=7');
    expect(report.status).toBe(200);
    expect(report.body.days).toBe(7);
    expect(report.body.funnel.map((step) => step.step)).toEqual([
      'session_start',
      'game_create',
      'share_open',
      'ranking_submit',
    ]);
    expect(report.body.funnel[0]!.visitors).toBeGreaterThanOrEqual(3);
    expect(report.body.firstTouch).toContainEqual({ source, visitors: 3 });
    expect(report.body.lastTouch.some((row) => row.source === '(direct)')).toBe(true);
    expect(
      report.body.devices.find((row) => row.device === 'mobile')!.visitors,
    ).toBeGreaterThanOrEqual(2);
    expect(
      report.body.locales.find((row) => row.locale === 'fr-FR')!.visitors,
    ).toBeGreaterThanOrEqual(3);
    expect((await admin.request('GET', '/api/admin/analytics')).status).toBe(200);
    for (const days of ['0', '91', 'x', '1.5', '']) {
      const bad = await admin.request('GET', `/api/admin/analytics?days=${days}`);
      expect(bad.status, days).toBe(400);
    }
    expect((await (await h.user('Someone')).request('GET', '/api/admin/analytics')).status).toBe(
      403,
    );
    expect((await (await h.guest()).request('GET', '/api/admin/analytics')).status).toBe(403);
    expect((await h.anonymous().request('GET', '/api/admin/analytics')).status).toBe(401);
  });

  it('folds events past the retention window into daily counts and deletes them', async () => {
    const source = `old-${tag()}`.replace(/[^A-Za-z0-9-]/g, '').toLowerCase();
    const now = new Date();
    const day = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000);
    const old = (name: string, props: Record<string, unknown>, daysAgo: number) => ({
      id: `old-${tag()}`,
      name,
      props,
      anonId: `x-${tag()}`,
      at: day(daysAgo),
    });
    const start = { device: 'tablet', locale: 'it-IT', first_touch: { utm_source: source } };
    await db()
      .insert(analyticsEvent)
      .values([
        old('session_start', start, 3),
        old('session_start', start, 3),
        old('game_create', { items: 3 }, 3),
        old('session_start', { first_touch: { utm_source: source } }, 0.5),
      ]);
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(analyticsEvent);
    const folded = await foldOldEvents(db(), { retentionDays: 2, now });
    expect(folded).toBeGreaterThanOrEqual(3);
    const after = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(analyticsEvent);
    expect(after[0]!.n).toBe(before[0]!.n - folded);
    const oldDay = day(3).toISOString().slice(0, 10);
    const daily = await db().select().from(analyticsDaily).where(eq(analyticsDaily.day, oldDay));
    const countOf = (name: string, dimension: string) =>
      daily.find((row) => row.name === name && row.dimension === dimension)?.count;
    expect(countOf('session_start', `utm_source:${source}`)).toBe(2);
    expect(countOf('session_start', 'device:tablet')).toBeGreaterThanOrEqual(2);
    expect(countOf('game_create', '')).toBeGreaterThanOrEqual(1);
    // Nothing left to fold: a second run (another instance) counts nothing twice.
    await foldOldEvents(db(), { retentionDays: 2, now });
    const again = await db().select().from(analyticsDaily).where(eq(analyticsDaily.day, oldDay));
    expect(again.find((row) => row.dimension === `utm_source:${source}`)?.count).toBe(2);
    // The recent one stays, and the admin's report adds the folded days in its window.
    const admin = await h.user('Admin');
    await db()
      .update(user)
      .set({ role: 'admin', adminGrantedBy: 'test' })
      .where(eq(user.id, (await h.me(admin)).id));
    const report = await admin.request<AdminAnalytics>('GET', '/api/admin/analytics?days=7');
    expect(report.body.firstTouch).toContainEqual({ source, visitors: 3 });
  });
});
