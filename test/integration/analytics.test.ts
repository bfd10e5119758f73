/**
 * First-party analytics (issue 12): the web's batches (limits, e-mail stripping, no IP stored,
 * signed-out visitors keyed by their anonymous id), the server's own events after create,
 * publish, a final ranking and a level-up, the admin's report, and the retention fold. Issue 22
 * (row 14): the visitor id is the server's (signed; a client's own is never stored), encoded
 * addresses are stripped too, and the rate limits count events per visitor and per address.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminAnalytics } from '../../src/domain/admin';
import {
  ANALYTICS_LIMITS,
  ANALYTICS_MESSAGES,
  decodeForReading,
  MAX_EVENTS_PER_BATCH,
  MAX_PROP_TEXT,
} from '../../src/domain/analytics';
import { insertEvents } from '../../src/server/analytics/record';
import { foldOldEvents, MAX_DAILY_VALUES } from '../../src/server/analytics/retention';
import { analyticsDaily, analyticsEvent } from '../../src/server/db/schema/analytics';
import { rateLimit, user } from '../../src/server/db/schema/auth';
import { playerProgress } from '../../src/server/db/schema/progression';
import { randomIp, tag, TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer } from './harness';

const ANON_COOKIE = 'crowned_anon_id';

describe.each(testDatabases)('analytics on %s', (kind) => {
  const h = useServer(kind);
  const db = () => h.server.database.db;

  const send = (client: TestClient, body: unknown, headers?: Record<string, string>) =>
    client.request<{ accepted: number }>('POST', '/api/analytics', body, { headers });

  /** A signed-out browser; its visitor id is the server's, once it has sent a batch. */
  function visitor(): { client: TestClient; anonId(): string } {
    const client = h.anonymous();
    return { client, anonId: () => visitorIdOf(client) };
  }

  /** The id of the signed visitor token (`<id>.<signature>`) the server gave this client. */
  function visitorIdOf(client: TestClient): string {
    const token = client.cookie(ANON_COOKIE);
    expect(token, 'a visitor cookie issued by the server').toMatch(/^[A-Za-z0-9]{22}\.[\w-]{22}$/);
    return token!.split('.')[0]!;
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
    const rows = await eventsOf(eq(analyticsEvent.anonId, anonId()));
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
    const [row] = await eventsOf(eq(analyticsEvent.anonId, anonId()));
    const stored = JSON.stringify(row?.props);
    expect(stored).not.toMatch(/[^\s@"]+@[^\s@"]+\.[^\s@"]+/);
    expect(row?.props).toMatchObject({ notes: ['hi  there', { deeper: [''] }] });
  });

  it('refuses bad batches with a clear 400 and stores nothing of them', async () => {
    const { client } = visitor();
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
      [
        { events: [{ name: 'share_open', props: { n: 'x'.repeat(MAX_PROP_TEXT + 1) } }] },
        ANALYTICS_MESSAGES.propText,
      ],
      [
        { events: [{ name: 'share_open', props: { a: Array(40).fill(1) } }] },
        ANALYTICS_MESSAGES.propsShape,
      ],
      [
        { events: [{ name: 'share_open', props: { a: { b: { c: { d: { e: 1 } } } } } }] },
        ANALYTICS_MESSAGES.propsShape,
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
    // Nothing was stored, so no visitor id was issued either.
    expect(client.cookie(ANON_COOKIE)).toBeUndefined();
  });

  it('keys events by a visitor id the server issued and signed; a chosen or forged one is never stored', async () => {
    const event = { name: 'share_open', props: { game_id: 'g' } };
    const chosen = `mine-${tag()}`;
    const client = h.anonymous();
    client.setCookie(ANON_COOKIE, chosen);
    expect((await send(client, { events: [event] })).status).toBe(202);
    const issued = visitorIdOf(client);
    expect(issued).not.toBe(chosen);
    expect(await eventsOf(eq(analyticsEvent.anonId, chosen))).toEqual([]);
    // The issued cookie keeps the visitor: a second batch lands under the same id.
    expect((await send(client, { events: [event] })).status).toBe(202);
    expect(visitorIdOf(client)).toBe(issued);
    expect(await eventsOf(eq(analyticsEvent.anonId, issued))).toHaveLength(2);

    // A token of the right shape whose signature is not the server's, or another id under a
    // real signature: replaced by a new id, never stored.
    const token = client.cookie(ANON_COOKIE)!;
    const [id, signature] = token.split('.') as [string, string];
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    for (const forged of [`${id}.${flip(signature)}`, `${flip(id)}.${signature}`]) {
      const forger = h.anonymous();
      forger.setCookie(ANON_COOKIE, forged);
      expect((await send(forger, { events: [event] })).status).toBe(202);
      expect(forger.cookie(ANON_COOKIE)).not.toBe(forged);
      const forgedId = forged.split('.')[0]!;
      if (forgedId !== id) expect(await eventsOf(eq(analyticsEvent.anonId, forgedId))).toEqual([]);
      expect(visitorIdOf(forger)).not.toBe(id);
    }
    expect(await eventsOf(eq(analyticsEvent.anonId, issued))).toHaveLength(2);
  });

  it('strips addresses hidden by percent-encoding, full-width forms, HTML references and escapes', async () => {
    const { client, anonId } = visitor();
    const hidden = [
      'ada%40example.com',
      'ada%2540example%252Ecom',
      'ＡＤＡ＠ＥＸＡＭＰＬＥ．ＣＯＭ',
      'ada﹫example。com',
      'ada&#64;example.com',
      'ada&#x40;example&period;com',
      'ada&commat;example.com',
      'ada&amp;#64;example.com',
      'ada\\u0040example.com',
    ];
    const response = await send(client, {
      events: [
        {
          name: 'session_start',
          props: {
            first_touch: { utm_source: hidden[0], utm_campaign: `spring ${hidden[1]} sale` },
            notes: hidden.slice(2),
            'ada%40example.com': 'a key with an address is dropped',
            kept: 'news%20letter 50%',
          },
        },
      ],
    });
    expect(response.status).toBe(202);
    const [row] = await eventsOf(eq(analyticsEvent.anonId, anonId()));
    const texts: string[] = [];
    const walk = (value: unknown): void => {
      if (typeof value === 'string') texts.push(value);
      else if (value && typeof value === 'object') {
        for (const [key, item] of Object.entries(value)) {
          texts.push(key);
          walk(item);
        }
      }
    };
    walk(row?.props);
    for (const text of texts) {
      expect(decodeForReading(text) ?? '', text).not.toMatch(/[^\s@]+@[^\s@]+\.[^\s@]+/);
    }
    expect(row?.props).toEqual({
      first_touch: { utm_source: '', utm_campaign: 'spring  sale' },
      notes: hidden.slice(2).map(() => ''),
      // A value without an address is kept exactly as sent.
      kept: 'news%20letter 50%',
    });
  });

  it('limits events per visitor and per address, counted in events, and says when to retry', async () => {
    const event = { name: 'share_open', props: { game_id: 'g' } };
    const batch = (n: number) => ({ events: Array(n).fill(event) });
    // One visitor: its events per minute, whatever address it comes from.
    const one = h.anonymous();
    expect((await send(one, batch(1))).status).toBe(202);
    const id = visitorIdOf(one);
    let accepted = 1;
    for (;;) {
      const next = await new TestClient(
        h.url,
        randomIp(),
        new Map([[ANON_COOKIE, one.cookie(ANON_COOKIE)!]]),
      ).request<{ accepted: number }>('POST', '/api/analytics', batch(MAX_EVENTS_PER_BATCH));
      if (next.status !== 202) {
        expect(next.status).toBe(429);
        expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(0);
        break;
      }
      accepted += next.body.accepted;
    }
    // The first batch came before the id existed: the address limits counted it.
    expect(accepted - 1).toBeLessThanOrEqual(ANALYTICS_LIMITS.visitorPerMinute);
    expect(accepted - 1).toBeGreaterThan(ANALYTICS_LIMITS.visitorPerMinute - MAX_EVENTS_PER_BATCH);
    expect(await eventsOf(eq(analyticsEvent.anonId, id))).toHaveLength(accepted);

    // One address: browsers without a cookie (each is given a new id) share its limit.
    const ip = randomIp();
    let fromAddress = 0;
    let refused: { status: number; headers: Headers } | undefined;
    for (let i = 0; i < 40 && !refused; i++) {
      const next = await send(new TestClient(h.url, ip), batch(MAX_EVENTS_PER_BATCH));
      if (next.status === 202) fromAddress += next.body.accepted;
      else refused = next;
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(fromAddress).toBeLessThanOrEqual(ANALYTICS_LIMITS.addressPerMinute);
    expect(fromAddress).toBeGreaterThan(ANALYTICS_LIMITS.addressPerMinute - MAX_EVENTS_PER_BATCH);

    // The hourly count per address, near its end (as after an hour of traffic).
    const busy = randomIp();
    await db()
      .insert(rateLimit)
      .values({
        id: `test-${tag()}`,
        key: `crowned:analytics:address-hour:${busy}`,
        count: ANALYTICS_LIMITS.addressPerHour - 1,
        lastRequest: Date.now(),
      });
    expect((await send(new TestClient(h.url, busy), batch(1))).status).toBe(202);
    const overHour = await send(new TestClient(h.url, busy), batch(1));
    expect(overHour.status).toBe(429);
    expect(Number(overHour.headers.get('retry-after'))).toBeGreaterThan(60);
  });

  it('records create, publish, a final ranking and a level-up itself, not a partial ranking', async () => {
    const owner = await h.user('Owner');
    const ownerId = (await h.me(owner)).id;
    expect((await send(owner, { events: [{ name: 'session_start', props: {} }] })).status).toBe(
      202,
    );
    const ownerVisitor = visitorIdOf(owner);
    // One award away from a level-up.
    await db()
      .update(playerProgress)
      .set({ totalXp: 99 })
      .where(eq(playerProgress.userId, ownerId));
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
    expect(byName.get('game_create')?.anonId).toBe(ownerVisitor);
    expect(byName.get('game_publish')?.props).toEqual({ game_id: game.id });
    expect(byName.get('level_up')?.props).toEqual({ level: 2 });
    const plays = await eventsOf(
      and(eq(analyticsEvent.userId, playerId), eq(analyticsEvent.name, 'ranking_submit'))!,
    );
    expect(plays.map((row) => row.props)).toEqual([{ game_id: game.id }]);
  });

  it('keeps the events waiting beside an account deleted meanwhile (its own lose the account)', async () => {
    const stays = await h.user('Stays');
    const staysId = (await h.me(stays)).id;
    const leaves = await h.user('Leaves');
    const leavesId = (await h.me(leaves)).id;
    await h.server.analytics.flush();
    h.server.analytics.record({ name: 'duel_answer', props: { n: 1 }, userId: staysId });
    h.server.analytics.record({ name: 'duel_answer', props: { n: 2 }, userId: leavesId });
    await db().delete(user).where(eq(user.id, leavesId));
    await h.server.analytics.flush();
    const written = await eventsOf(eq(analyticsEvent.name, 'duel_answer'));
    expect(
      written
        .filter((row) => [1, 2].includes((row.props as { n?: number }).n ?? 0))
        .map((row) => [(row.props as { n: number }).n, row.userId])
        .sort(),
    ).toEqual([
      [1, staysId],
      [2, null],
    ]);
  });

  it('writes a full batch as given: each field of each event, an account deleted first left out', async () => {
    const stays = (await h.me(await h.user('Stays'))).id;
    const leaves = (await h.me(await h.user('Leaves'))).id;
    await db().delete(user).where(eq(user.id, leaves));
    const run = `run-${tag()}`;
    const events = Array.from({ length: 200 }, (_, n) => ({
      name: 'duel_answer' as const,
      props: { run, n, text: `«${n}» \\ "quoted" 🎲`, nested: { list: [n, null, true] } },
      userId: [stays, leaves, null][n % 3],
      anonId: n % 2 === 0 ? `anon-${n}` : null,
    }));
    const before = Date.now();
    await insertEvents(db(), events);
    const rows = await eventsOf(sql`${analyticsEvent.props} ->> 'run' = ${run}`);
    expect(new Set(rows.map((row) => row.id)).size).toBe(200);
    expect(rows.every((row) => /^[A-Za-z0-9]{16}$/.test(row.id))).toBe(true);
    expect(rows.every((row) => row.at.getTime() >= before - 60_000)).toBe(true);
    const byN = new Map(rows.map((row) => [(row.props as { n: number }).n, row]));
    for (const [n, event] of events.entries()) {
      const row = byN.get(n);
      expect(row?.name).toBe('duel_answer');
      expect(row?.props).toEqual(event.props);
      expect(row?.userId).toBe(event.userId === leaves ? null : event.userId);
      expect(row?.anonId).toBe(event.anonId);
    }
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

  it('keeps at most MAX_DAILY_VALUES sources a day when folding; the rarer ones count as (other)', async () => {
    const now = new Date();
    // A day of its own, far back, so no other test's events share it.
    const at = new Date(now.getTime() - (400 + Math.floor(Math.random() * 1000)) * 86_400_000);
    const common = `common-${tag()}`;
    const made = (source: string) => ({
      id: `flood-${tag()}`,
      name: 'session_start',
      props: { first_touch: { utm_source: source } },
      anonId: `x-${tag()}`,
      at,
    });
    await db()
      .insert(analyticsEvent)
      .values([
        ...Array.from({ length: 3 }, () => made(common)),
        ...Array.from({ length: MAX_DAILY_VALUES + 20 }, (_, i) => made(`made-up-${i}-${tag()}`)),
      ]);
    await foldOldEvents(db(), { retentionDays: 2, now });
    const daily = await db()
      .select()
      .from(analyticsDaily)
      .where(eq(analyticsDaily.day, at.toISOString().slice(0, 10)));
    const sources = daily.filter((row) => row.dimension.startsWith('utm_source:'));
    expect(sources.length).toBeLessThanOrEqual(MAX_DAILY_VALUES + 1);
    expect(sources.find((row) => row.dimension === `utm_source:${common}`)?.count).toBe(3);
    expect(sources.find((row) => row.dimension === 'utm_source:(other)')?.count).toBe(21);
    expect(sources.reduce((sum, row) => sum + row.count, 0)).toBe(MAX_DAILY_VALUES + 23);
    expect(daily.find((row) => row.dimension === '')?.count).toBe(MAX_DAILY_VALUES + 23);
  });
});
