/**
 * The admin API (issue 12): granting and revoking admin (seen on the target's next request, the
 * last-admin rule, audit rows), the users and games lists (search, cursor pages, bad input), the
 * overview's counts, deleting a game with the owner's cascade, and who may call any of it.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../../src/domain/game';
import type { AdminOverview, AuditEntryView, Page } from '../../src/server/admin/data';
import type { AdminGameView, AdminUserView } from '../../src/server/admin/data';
import { ADMIN_ROLE_MESSAGES } from '../../src/server/admin/mutations';
import { adminAudit } from '../../src/server/db/schema/admin';
import { communityRank } from '../../src/server/db/schema/community';
import { game as gameTable, gameTally, submission } from '../../src/server/db/schema/games';
import { play, playerProfile } from '../../src/server/db/schema/players';
import { user } from '../../src/server/db/schema/auth';
import { tag, type TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer } from './harness';

type RoleAnswer = { user: { id: string; role: 'admin' | 'user' } };
type SessionBody = { user: { id: string; role: string } } | null;

const PASSWORD = 'correct horse battery';

/** Every admin route of this API, with a request that an admin would get an answer to. */
const ADMIN_ROUTES: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/api/admin/overview' },
  { method: 'GET', path: '/api/admin/users' },
  { method: 'POST', path: '/api/admin/users/nobody/role', body: { role: 'admin' } },
  { method: 'GET', path: '/api/admin/games' },
  { method: 'DELETE', path: '/api/admin/games/nothing' },
  { method: 'GET', path: '/api/admin/audit' },
  { method: 'GET', path: '/api/admin/grant-reviews' },
  { method: 'POST', path: '/api/admin/grant-reviews/nothing/keep' },
];

describe.each(testDatabases)('admin API on %s', (kind) => {
  const h = useServer(kind);
  const db = () => h.server.database.db;

  /**
   * Makes the client's account an admin in the database, as another admin's grant would (a role
   * of its own claim would go at its next request: no address is on this server's ADMIN_EMAILS).
   */
  async function makeAdmin(client: TestClient): Promise<{ id: string; name: string }> {
    const me = await h.me(client);
    await db()
      .update(user)
      .set({ role: 'admin', adminGrantedBy: 'test-seed' })
      .where(eq(user.id, me.id));
    return { id: me.id, name: me.name };
  }

  /** A signed-up user with a known e-mail. */
  async function account(name: string, email = `${tag()}-acct@example.test`) {
    const client = h.anonymous();
    await client.signUp({ name, email, password: PASSWORD });
    const me = await h.me(client);
    return { client, id: me.id, name, email };
  }

  const setRole = (client: TestClient, userId: string, role: unknown) =>
    client.request<RoleAnswer>('POST', `/api/admin/users/${encodeURIComponent(userId)}/role`, {
      role,
    });

  const auditOf = (targetId: string) =>
    db()
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.targetId, targetId))
      .orderBy(adminAudit.at, adminAudit.id);

  const sessionRole = async (client: TestClient) =>
    (await client.request<SessionBody>('GET', '/api/auth/get-session')).body?.user.role;

  it('grants and revokes admin: the target’s next request sees it; each change is audited once', async () => {
    const admin = await account(`Chief ${tag()}`);
    const actor = await makeAdmin(admin.client);
    const target = await account(`Target ${tag()}`, `Target.${tag()}@Example.test`);
    const label = `${target.name} <${target.email.toLowerCase()}>`;

    // The target's session is read (and cached) as a user's first.
    expect(await sessionRole(target.client)).toBe('user');
    expect((await target.client.request('GET', '/api/admin/overview')).status).toBe(403);
    const live = await target.client.events('/api/me/events');
    try {
      const opened = await live.nextEvent();
      expect(opened.event).toBe('profile');
      expect(JSON.parse(opened.data).profile.role).toBe('user');

      const granted = await setRole(admin.client, target.id, 'admin');
      expect(granted.status).toBe(200);
      expect(granted.body).toEqual({ user: { id: target.id, role: 'admin' } });
      // Its open tabs hear it.
      const heard = await live.nextEvent();
      expect(heard.event).toBe('profile');
      expect(JSON.parse(heard.data).profile.role).toBe('admin');
    } finally {
      live.close();
    }
    expect((await h.me(target.client)).role).toBe('admin');
    expect(await sessionRole(target.client)).toBe('admin');
    expect((await target.client.request('GET', '/api/admin/overview')).status).toBe(200);
    const [row] = await db()
      .select({ grantedBy: user.adminGrantedBy })
      .from(user)
      .where(eq(user.id, target.id));
    expect(row?.grantedBy).toBe(actor.id);

    // The same role again: 200, nothing logged.
    expect((await setRole(admin.client, target.id, 'admin')).body).toEqual({
      user: { id: target.id, role: 'admin' },
    });
    let audit = await auditOf(target.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: actor.id,
      actorName: actor.name,
      action: 'grant-admin',
      targetKind: 'user',
      targetId: target.id,
      targetLabel: label,
    });

    const revoked = await setRole(admin.client, target.id, 'user');
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ user: { id: target.id, role: 'user' } });
    expect((await h.me(target.client)).role).toBe('user');
    expect(await sessionRole(target.client)).toBe('user');
    expect((await target.client.request('GET', '/api/admin/overview')).status).toBe(403);
    expect((await setRole(admin.client, target.id, 'user')).status).toBe(200);
    audit = await auditOf(target.id);
    expect(audit.map((entry) => entry.action)).toEqual(['grant-admin', 'revoke-admin']);
    expect(audit[1]).toMatchObject({ actorId: actor.id, targetLabel: label });

    // The audit log lists them, newest first.
    const log = await admin.client.request<Page<'entries', AuditEntryView>>(
      'GET',
      '/api/admin/audit?limit=100',
    );
    expect(log.status).toBe(200);
    const mine = log.body.entries.filter((entry) => entry.targetId === target.id);
    expect(mine.map((entry) => entry.action)).toEqual(['revoke-admin', 'grant-admin']);
    expect(mine[0]).toEqual({
      id: audit[1]!.id,
      actorId: actor.id,
      actorName: actor.name,
      action: 'revoke-admin',
      targetKind: 'user',
      targetId: target.id,
      targetLabel: label,
      at: audit[1]!.at.toISOString(),
      flaggedAt: null,
      reviewedAt: null,
    });
    // A page at a time: the newest entries are these two.
    const page1 = await admin.client.request<Page<'entries', AuditEntryView>>(
      'GET',
      '/api/admin/audit?limit=1',
    );
    expect(page1.body.entries.map((entry) => entry.id)).toEqual([audit[1]!.id]);
    const page2 = await admin.client.request<Page<'entries', AuditEntryView>>(
      'GET',
      `/api/admin/audit?limit=1&cursor=${page1.body.nextCursor}`,
    );
    expect(page2.body.entries.map((entry) => entry.id)).toEqual([audit[0]!.id]);
    const users = await admin.client.request<Page<'users', AdminUserView>>(
      'GET',
      '/api/admin/users?limit=1',
    );
    for (const query of ['cursor=x', `cursor=${users.body.nextCursor}`, 'limit=0', 'limit=1e3']) {
      expect((await admin.client.request('GET', `/api/admin/audit?${query}`)).status, query).toBe(
        400,
      );
    }
  });

  it('an admin may revoke themselves, unless they are the last admin', async () => {
    // This server's admins, whoever made them, step down: the test decides who is one.
    await db().update(user).set({ role: 'user' }).where(eq(user.role, 'admin'));
    const solo = await account(`Solo ${tag()}`);
    await makeAdmin(solo.client);

    const refused = await setRole(solo.client, solo.id, 'user');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(errorOf('invalid-argument', ADMIN_ROLE_MESSAGES.lastAdmin));
    expect((await h.me(solo.client)).role).toBe('admin');
    expect(await auditOf(solo.id)).toHaveLength(0);

    const second = await account(`Second ${tag()}`);
    expect((await setRole(solo.client, second.id, 'admin')).status).toBe(200);
    const stepped = await setRole(solo.client, solo.id, 'user');
    expect(stepped.status).toBe(200);
    expect(stepped.body).toEqual({ user: { id: solo.id, role: 'user' } });
    expect((await h.me(solo.client)).role).toBe('user');
    expect(await sessionRole(solo.client)).toBe('user');
    expect((await solo.client.request('GET', '/api/admin/users')).status).toBe(403);
    const audit = await auditOf(solo.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: solo.id, action: 'revoke-admin' });

    // Now the second is the last one.
    const last = await setRole(second.client, second.id, 'user');
    expect(last.body).toEqual(errorOf('invalid-argument', ADMIN_ROLE_MESSAGES.lastAdmin));

    // Two admins revoking each other at once: one wins, one admin is left.
    expect((await setRole(second.client, solo.id, 'admin')).status).toBe(200);
    const answers = await Promise.all([
      setRole(solo.client, second.id, 'user'),
      setRole(second.client, solo.id, 'user'),
    ]);
    // The loser is refused as the last admin, or (its revoke already committed) as no admin.
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([400, 403]).toContain(statuses[1]);
    const admins = await db().select({ id: user.id }).from(user).where(eq(user.role, 'admin'));
    expect(admins).toHaveLength(1);
  });

  it('refuses guests, unknown accounts and bad bodies, and logs nothing for them', async () => {
    const admin = await account(`Boss ${tag()}`);
    await makeAdmin(admin.client);
    const guest = await h.guest();
    const guestId = (await h.me(guest)).id;
    const refused = await setRole(admin.client, guestId, 'admin');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(errorOf('invalid-argument', ADMIN_ROLE_MESSAGES.guest));
    expect((await h.me(guest)).role).toBe('user');
    expect(await auditOf(guestId)).toHaveLength(0);

    const unknown = await setRole(admin.client, `nobody-${tag()}`, 'admin');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorOf('not-found', ADMIN_ROLE_MESSAGES.notAUser));

    const target = await account(`Plain ${tag()}`);
    const path = `/api/admin/users/${target.id}/role`;
    for (const body of [
      { role: 'owner' },
      { role: 'admin', extra: 1 },
      { admin: true },
      { role: null },
      {},
      [],
      'admin',
    ]) {
      expect((await admin.client.request('POST', path, body)).status, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect((await admin.client.request('POST', path, undefined, { raw: '{' })).status).toBe(400);
    const nul = await admin.client.request('POST', '/api/admin/users/a%00b/role', {
      role: 'admin',
    });
    expect(nul.status).toBe(400);
    expect(
      (
        await admin.client.request('POST', `/api/admin/users/${'x'.repeat(300)}/role`, {
          role: 'admin',
        })
      ).status,
    ).toBe(400);
    expect((await h.me(target.client)).role).toBe('user');
    expect(await auditOf(target.id)).toHaveLength(0);
  });

  it('lists users (not guests) newest first, searched by e-mail, name or handle, a page at a time', async () => {
    const admin = await account(`Lister ${tag()}`);
    await makeAdmin(admin.client);
    const marker = tag();
    const first = await account(`Alpha ${marker}`);
    const second = await account(`Beta ${tag()}`, `beta-${marker}@example.test`);
    const third = await account(`Gamma ${tag()}`);
    const handle = `h${marker}`;
    expect((await third.client.request('PUT', '/api/me/handle', { handle })).status).toBe(200);
    await h.createGame(first.client);
    await h.createGame(first.client);
    const list = (query: string) =>
      admin.client.request<Page<'users', AdminUserView>>('GET', `/api/admin/users?${query}`);

    // Case-insensitive, anywhere in e-mail, name or handle.
    const all = await list(`q=${marker.toUpperCase()}`);
    expect(all.status).toBe(200);
    expect(all.body.users.map((u) => u.id)).toEqual([third.id, second.id, first.id]);
    expect(all.body.nextCursor).toBeNull();
    const alpha = all.body.users[2]!;
    expect(alpha).toEqual({
      id: first.id,
      name: first.name,
      handle: null,
      email: first.email,
      role: 'user',
      level: expect.any(Number),
      gamesCreated: 2,
      lastActiveAt: alpha.lastActiveAt,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(all.body.users[0]).toMatchObject({ handle, gamesCreated: 0 });
    expect((await list(`q=${encodeURIComponent(` Beta-${marker}@EXAMPLE `)}`)).body.users).toEqual([
      expect.objectContaining({ id: second.id }),
    ]);
    expect((await list(`q=alpha%20${marker}`)).body.users.map((u) => u.id)).toEqual([first.id]);
    expect((await list(`q=H${marker}`)).body.users.map((u) => u.id)).toEqual([third.id]);
    // % and _ are themselves: "_marker" is not " marker" or "-marker".
    expect((await list(`q=${encodeURIComponent(`_${marker}`)}`)).body.users).toEqual([]);
    expect((await list(`q=${encodeURIComponent(`%${marker}`)}`)).body.users).toEqual([]);
    expect((await list(`q=${encodeURIComponent('\\')}`)).status).toBe(200);
    // The admin's own row says admin.
    const me = await list(`q=${encodeURIComponent(admin.email)}`);
    expect(me.body.users).toEqual([expect.objectContaining({ id: admin.id, role: 'admin' })]);

    // A page at a time.
    const one = await list(`q=${marker}&limit=2`);
    expect(one.body.users.map((u) => u.id)).toEqual([third.id, second.id]);
    expect(one.body.nextCursor).toEqual(expect.any(String));
    const two = await list(`q=${marker}&limit=2&cursor=${one.body.nextCursor}`);
    expect(two.body.users.map((u) => u.id)).toEqual([first.id]);
    expect(two.body.nextCursor).toBeNull();

    // Guests are not listed.
    const guest = await h.guest();
    const guestId = (await h.me(guest)).id;
    const [guestRow] = await db()
      .select({ email: user.email })
      .from(user)
      .where(eq(user.id, guestId));
    expect((await list(`q=${encodeURIComponent(guestRow!.email)}`)).body.users).toEqual([]);
    let cursor: string | null = null;
    const seen: string[] = [];
    do {
      const answer: Awaited<ReturnType<typeof list>> = await list(
        `limit=100${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(answer.status).toBe(200);
      seen.push(...answer.body.users.map((u) => u.id));
      cursor = answer.body.nextCursor;
    } while (cursor);
    expect(seen).toContain(first.id);
    expect(seen).not.toContain(guestId);
    expect(new Set(seen).size).toBe(seen.length);

    // Bad input is a 400, never a 500.
    const games = await admin.client.request<Page<'games', AdminGameView>>(
      'GET',
      '/api/admin/games?limit=1',
    );
    // Broken UTF-8 in the query string is decoded as replacement characters: a search like any.
    expect((await list('q=%ED%A0%80')).status).toBe(200);
    for (const query of [
      'cursor=nonsense',
      `cursor=${games.body.nextCursor}`,
      `cursor=${'A'.repeat(500)}`,
      `cursor=${Buffer.from('["au",-1,"x"]').toString('base64url')}`,
      'limit=0',
      'limit=101',
      'limit=99999999999999999999',
      'limit=abc',
      'limit=-1',
      'limit=2.5',
      'q=a%00b',
      `q=${'x'.repeat(201)}`,
    ]) {
      const answer = await list(query);
      expect(answer.status, query).toBe(400);
    }
  });

  it('counts users, guests, games, rankings, community ranks, active users and the last 30 days', async () => {
    const admin = await account(`Counter ${tag()}`);
    await makeAdmin(admin.client);
    const overview = async () => {
      const answer = await admin.client.request<AdminOverview>('GET', '/api/admin/overview');
      expect(answer.status).toBe(200);
      return answer.body;
    };
    const before = await overview();
    expect(before.daily).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(before.daily.at(-1)!.day).toBe(today);
    const days = before.daily.map((entry) => Date.parse(`${entry.day}T00:00:00Z`));
    days.forEach((day, index) => {
      if (index > 0) expect(day - days[index - 1]!).toBe(86_400_000);
    });

    const owner = await account(`Owner ${tag()}`);
    const guest = await h.guest();
    const played = await h.createGame(owner.client);
    const backdated = await h.createGame(owner.client);
    await db()
      .update(gameTable)
      .set({ createdAt: sql`now() - interval '5 days'` })
      .where(eq(gameTable.id, backdated.id));
    expect((await h.submit(guest, played.id, ids(played))).status).toBe(200);
    expect(
      (await h.submit(owner.client, played.id, ids(played).slice(0, 1), { partial: true })).status,
    ).toBe(200);
    const published = await owner.client.request('POST', `/api/games/${played.id}/publish`, {});
    expect(published.status).toBe(200);

    const after = await overview();
    expect(after.totals).toEqual({
      users: before.totals.users + 1,
      guests: before.totals.guests + 1,
      games: before.totals.games + 2,
      rankings: before.totals.rankings + 1,
      communityRanks: before.totals.communityRanks + 1,
    });
    expect(after.daily.at(-1)).toEqual({
      day: today,
      signups: before.daily.at(-1)!.signups + 1,
      gamesCreated: before.daily.at(-1)!.gamesCreated + 1,
      rankingsSubmitted: before.daily.at(-1)!.rankingsSubmitted + 1,
      publishes: before.daily.at(-1)!.publishes + 1,
    });
    expect(after.daily[24]!.gamesCreated).toBe(before.daily[24]!.gamesCreated + 1);
    // The daily series adds up to what the totals say for rows made within it.
    const [recent] = await db()
      .select({ n: count() })
      .from(submission)
      .where(
        and(
          eq(submission.partial, false),
          sql`${submission.at} >= (((now() at time zone 'utc')::date - 29)::timestamp at time zone 'utc')`,
        ),
      );
    expect(after.daily.reduce((sum, entry) => sum + entry.rankingsSubmitted, 0)).toBe(recent!.n);

    // Active: signed-in users seen within 1, 7 and 30 days; guests never count.
    const [a, b] = [await account(`Active ${tag()}`), await account(`Active ${tag()}`)];
    const guestId = (await h.me(guest)).id;
    const ids3 = [a.id, b.id, guestId];
    await db()
      .update(playerProfile)
      .set({ lastActiveAt: null })
      .where(sql`${playerProfile.userId} in (${sql.join(ids3, sql`, `)})`);
    const quiet = await overview();
    const setActive = (id: string, ago: string) =>
      db()
        .update(playerProfile)
        .set({ lastActiveAt: sql`now() - ${ago}::interval` })
        .where(eq(playerProfile.userId, id));
    await setActive(a.id, '3 days');
    await setActive(b.id, '10 days');
    await setActive(guestId, '1 minute');
    const active = (await overview()).active;
    expect(active).toEqual({
      day1: quiet.active.day1,
      day7: quiet.active.day7 + 1,
      day30: quiet.active.day30 + 2,
    });
  });

  it('lists games by prompt, owner name, exact id or slug; deletes one with the owner’s cascade, audited', async () => {
    const admin = await account(`Janitor ${tag()}`);
    const actor = await makeAdmin(admin.client);
    const ownerMarker = tag();
    const promptMarker = tag();
    const owner = await account(`Owner ${ownerMarker}`);
    const made: GameView[] = [];
    for (let i = 1; i <= 3; i++) {
      made.push(
        await h.createGame(
          owner.client,
          ['Alpha', 'Bravo', 'Charlie', 'Delta'],
          `Best ${promptMarker} ${i}`,
        ),
      );
    }
    const list = (query: string) =>
      admin.client.request<Page<'games', AdminGameView>>('GET', `/api/admin/games?${query}`);
    const newestFirst = [...made].reverse().map((g) => g.id);

    const byPrompt = await list(`q=${promptMarker.toUpperCase()}`);
    expect(byPrompt.status).toBe(200);
    expect(byPrompt.body.games.map((g) => g.id)).toEqual(newestFirst);
    expect(byPrompt.body.games[2]).toEqual({
      id: made[0]!.id,
      slug: made[0]!.slug,
      prompt: `Best ${promptMarker} 1`,
      ownerId: owner.id,
      ownerName: owner.name,
      itemsCount: 4,
      playCount: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      isPublic: false,
      closed: false,
    });
    expect((await list(`q=owner%20${ownerMarker}`)).body.games.map((g) => g.id)).toEqual(
      newestFirst,
    );
    expect((await list(`q=${made[1]!.id}`)).body.games.map((g) => g.id)).toEqual([made[1]!.id]);
    expect((await list(`q=${made[1]!.slug}`)).body.games.map((g) => g.id)).toEqual([made[1]!.id]);
    expect((await list(`q=${encodeURIComponent(`_${promptMarker}`)}`)).body.games).toEqual([]);
    const one = await list(`q=${promptMarker}&limit=2`);
    expect(one.body.games.map((g) => g.id)).toEqual(newestFirst.slice(0, 2));
    const two = await list(`q=${promptMarker}&limit=2&cursor=${one.body.nextCursor}`);
    expect(two.body.games.map((g) => g.id)).toEqual(newestFirst.slice(2));
    expect(two.body.nextCursor).toBeNull();
    for (const query of ['cursor=bad', 'limit=101', 'limit=0', 'q=%00', `q=${'y'.repeat(201)}`]) {
      expect((await list(query)).status, query).toBe(400);
    }

    // The first game, published and played, goes with everything hanging off it.
    const doomed = made[0]!;
    const player = await h.user('Player');
    expect((await h.submit(player, doomed.id, ids(doomed))).status).toBe(200);
    expect((await h.submit(owner.client, doomed.id, ids(doomed))).status).toBe(200);
    const published = await owner.client.request<{ game: GameView }>(
      'POST',
      `/api/games/${doomed.id}/publish`,
      {},
    );
    expect(published.status).toBe(200);
    const rankId = published.body.game.communityRankId!;
    expect(rankId).toBeTruthy();
    expect((await list(`q=${doomed.id}`)).body.games[0]).toMatchObject({ isPublic: true });

    const watcher = await player.events(`/api/games/${doomed.id}/events`);
    try {
      expect((await watcher.nextEvent()).event).toBe('snapshot');
      const deleted = await admin.client.request('DELETE', `/api/admin/games/${doomed.id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ deleted: true });
      const event = await watcher.nextEvent();
      expect(event.event).toBe('deleted');
      expect(JSON.parse(event.data)).toEqual({ gameId: doomed.id });
    } finally {
      watcher.close();
    }
    expect((await h.getGame(owner.client, doomed.id)).status).toBe(404);
    expect((await h.anonymous().request('GET', `/api/community/${rankId}`)).status).toBe(404);
    const left = await Promise.all([
      db().select({ n: count() }).from(submission).where(eq(submission.gameId, doomed.id)),
      db().select({ n: count() }).from(gameTally).where(eq(gameTally.gameId, doomed.id)),
      db().select({ n: count() }).from(play).where(eq(play.gameId, doomed.id)),
      db().select({ n: count() }).from(communityRank).where(eq(communityRank.id, rankId)),
    ]);
    expect(left.map(([row]) => row!.n)).toEqual([0, 0, 0, 0]);
    expect((await list(`q=${promptMarker}`)).body.games.map((g) => g.id)).toEqual(
      newestFirst.slice(0, 2),
    );
    const audit = await auditOf(doomed.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: actor.id,
      actorName: actor.name,
      action: 'delete-game',
      targetKind: 'game',
      targetLabel: `Best ${promptMarker} 1`,
    });
    // The other games are untouched.
    expect((await h.getGame(owner.client, made[1]!.id)).status).toBe(200);

    // Gone or never there: 404, nothing logged.
    const again = await admin.client.request('DELETE', `/api/admin/games/${doomed.id}`);
    expect(again.status).toBe(404);
    expect((await admin.client.request('DELETE', `/api/admin/games/nothing-${tag()}`)).status).toBe(
      404,
    );
    expect(await auditOf(doomed.id)).toHaveLength(1);
    // Only admins: the owner's own game is not theirs to delete here.
    expect((await owner.client.request('DELETE', `/api/admin/games/${made[1]!.id}`)).status).toBe(
      403,
    );
  });

  it('answers 401 without a session and 403 to guests and other users on every admin route', async () => {
    const callers = {
      none: h.anonymous(),
      guest: await h.guest(),
      user: await h.user('Nosy'),
    };
    const got: Record<string, number[]> = {};
    for (const route of ADMIN_ROUTES) {
      const statuses: number[] = [];
      for (const caller of Object.values(callers)) {
        const answer = await caller.request(route.method, route.path, route.body);
        statuses.push(answer.status);
        if (answer.status === 403) {
          expect(answer.body).toEqual(errorOf('permission-denied', 'Admins only'));
        }
      }
      got[`${route.method} ${route.path}`] = statuses;
    }
    expect(got).toEqual(
      Object.fromEntries(ADMIN_ROUTES.map((r) => [`${r.method} ${r.path}`, [401, 403, 403]])),
    );
  });
});
