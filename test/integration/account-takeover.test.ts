/**
 * Issue 11 #1, #7 and #8 and issue 22 row 1, end to end: someone who signs up first with another
 * person's address keeps nothing once the owner proves the inbox, and cannot make the account an
 * admin even by signing in again with their password (the claim mails a link to the inbox, which
 * only the session that asked can use, once, within 30 minutes); a session older than the proof
 * claims nothing; an admin role given by the allowlist ends with it at the next request; grants by
 * an admin who later lost the role are flagged for review; an admin can revoke another; deleting a
 * guest takes their ranking out of the tally.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_CLAIM_MAX_PENDING, ADMIN_CLAIM_MESSAGES } from '../../src/domain/admin-claim';
import type { AuditEntryView, GrantReviewView, Page } from '../../src/domain/admin';
import { adminAudit, adminClaim } from '../../src/server/db/schema/admin';
import { gameTally, submission } from '../../src/server/db/schema/games';
import { session, user } from '../../src/server/db/schema/auth';
import type { OutboxMessage } from '../../src/server/auth/mailer';
import {
  claimAdmin as claim,
  claimAndConfirm,
  claimMails,
  claimToken,
  confirmClaim,
} from '../support/admin-claim';
import { tag, TestClient } from '../support/client';
import { expectTalliesMatchRecount, recountTally as recount } from '../support/recount';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer, type Harness } from './harness';

type SessionBody = { user: { id: string; role: string } } | null;

const ATTACKER_PASSWORD = 'attacker knows this one';
const OWNER_PASSWORD = 'the owner chose this one';

async function mailedLink(h: Harness, to: string, part: string): Promise<string> {
  const outbox = await h
    .anonymous()
    .request<{ messages: OutboxMessage[] }>('GET', '/api/dev/outbox');
  const link = outbox.body.messages
    .filter((message) => message.to === to)
    .flatMap((message) => message.links)
    .findLast((url) => url.includes(part));
  expect(link, `a mail to ${to} with ${part}`).toBeDefined();
  return link!;
}

const sessionOf = (client: TestClient) =>
  client.request<SessionBody>('GET', '/api/auth/get-session');

describe.concurrent.each(testDatabases)('account takeover paths on %s', (kind) => {
  const h = useServer(kind, {
    env: {
      ADMIN_EMAILS: [
        'owner@example.com',
        'second@example.com',
        'early@example.com',
        'victim@example.com',
        'bound@example.com',
        'expiry@example.com',
        'flood@example.com',
      ].join(','),
    },
  });
  const db = () => h.server.database.db;

  it("an address's owner who resets and verifies leaves whoever signed up first with nothing", async () => {
    const email = 'owner@example.com';
    const attacker = new TestClient(h.url);
    await attacker.signUp({ name: 'Not the owner', email, password: ATTACKER_PASSWORD });
    expect((await sessionOf(attacker)).body).not.toBeNull();

    // The owner asks for a reset and sets a password: every session of the account ends.
    const owner = new TestClient(h.url);
    const asked = await owner.request('POST', '/api/auth/request-password-reset', {
      email,
      redirectTo: '/account/reset',
    });
    expect(asked.status).toBe(200);
    const { locations } = await owner.follow(
      await mailedLink(h, email, '/api/auth/reset-password/'),
      { stopAt: (location) => !location.pathname.startsWith('/api/') },
    );
    const token = locations.at(-1)?.searchParams.get('token');
    const reset = await owner.request('POST', '/api/auth/reset-password', {
      newPassword: OWNER_PASSWORD,
      token,
    });
    expect(reset.status).toBe(200);
    expect((await sessionOf(attacker)).body).toBeNull();
    expect((await claim(attacker)).status).toBe(401);

    // The owner proves the inbox (the link mailed at the attacker's sign-up) and claims admin.
    await owner.follow(await mailedLink(h, email, '/api/auth/verify-email'), {
      stopAt: (location) => !location.pathname.startsWith('/api/'),
    });
    await claimAndConfirm(h.url, owner, email);
    expect(
      (await new TestClient(h.url).signIn({ email, password: ATTACKER_PASSWORD })).status,
    ).toBe(401);
  });

  it('issue 22 row 1: whoever pre-registered an allowlisted address cannot make it admin after the owner verifies', async () => {
    const email = 'victim@example.com';
    const attacker = new TestClient(h.url);
    await attacker.signUp({ name: 'Squatter', email, password: ATTACKER_PASSWORD });
    // The real owner only clicks "Confirm your email", on their own device.
    const owner = new TestClient(h.url);
    await owner.follow(await mailedLink(h, email, '/api/auth/verify-email'), {
      stopAt: (location) => !location.pathname.startsWith('/api/'),
    });
    expect(owner.hasSession).toBe(true);
    expect((await sessionOf(attacker)).body).toBeNull();

    // The attacker signs in again with the password they chose: a session opened after the proof.
    const again = new TestClient(h.url);
    expect((await again.signIn({ email, password: ATTACKER_PASSWORD })).status).toBe(200);
    const id = (await h.me(again)).id;
    const asked = await claim(again);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ success: false, admin: false, pending: true, sentTo: email });
    // Nothing granted: the link went to the owner's inbox, saying what it means.
    expect(await roleOf(id)).toBe('user');
    expect((await h.me(again)).role).toBe('user');
    expect((await again.request('GET', '/api/admin/users')).status).toBe(403);
    const mails = await claimMails(h.url, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Confirm you are making this account a Crowned admin');
    expect(mails[0]!.text).toContain("someone else knows this account's password");
    // Guessed or malformed tokens get nothing.
    expect((await confirmClaim(again, 'A'.repeat(43))).body).toEqual(
      errorOf('invalid-argument', ADMIN_CLAIM_MESSAGES.badToken),
    );
    expect((await confirmClaim(again, 'not a token')).status).toBe(400);
    // The owner opening the link in their own browser grants nothing to the attacker's session.
    const token = await claimToken(h.url, email);
    const elsewhere = await confirmClaim(owner, token);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body).toEqual(errorOf('permission-denied', ADMIN_CLAIM_MESSAGES.elsewhere));
    expect(await roleOf(id)).toBe('user');
    // So there is no admin to grant a second account of theirs.
    const second = await h.user('Second account');
    const secondId = (await h.me(second)).id;
    expect(
      (await again.request('POST', `/api/admin/users/${secondId}/role`, { role: 'admin' })).status,
    ).toBe(403);
    expect(await roleOf(secondId)).toBe('user');

    // The owner resets the password: the attacker's session ends, and its waiting link with it.
    const asks = await owner.request('POST', '/api/auth/request-password-reset', {
      email,
      redirectTo: '/account/reset',
    });
    expect(asks.status).toBe(200);
    const { locations } = await owner.follow(
      await mailedLink(h, email, '/api/auth/reset-password/'),
      { stopAt: (location) => !location.pathname.startsWith('/api/') },
    );
    const reset = await owner.request('POST', '/api/auth/reset-password', {
      newPassword: OWNER_PASSWORD,
      token: locations.at(-1)?.searchParams.get('token'),
    });
    expect(reset.status).toBe(200);
    expect(await db().select().from(adminClaim).where(eq(adminClaim.userId, id))).toEqual([]);
    expect((await confirmClaim(again, token)).status).toBe(401);
    // The owner, signed in with their own password, claims and confirms in their session.
    const mine = new TestClient(h.url);
    expect((await mine.signIn({ email, password: OWNER_PASSWORD })).status).toBe(200);
    await claimAndConfirm(h.url, mine, email);
    expect(await roleOf(id)).toBe('admin');
  });

  it('a claim link works once, only in the session and account that asked', async () => {
    const email = 'bound@example.com';
    const first = await verifiedAccount(h, 'Bound', email);
    const id = (await h.me(first)).id;
    expect((await claim(first)).body).toEqual({
      success: false,
      admin: false,
      pending: true,
      sentTo: email,
    });
    // Asking again in this session mails nothing new: its link is waiting.
    expect((await claim(first)).body).toEqual({
      success: false,
      admin: false,
      pending: true,
      sentTo: null,
    });
    expect(await claimMails(h.url, email)).toHaveLength(1);
    const token = await claimToken(h.url, email);

    // The same account in another session, another account, no session: refused, link kept.
    const otherSession = new TestClient(h.url);
    expect((await otherSession.signIn({ email, password: OWNER_PASSWORD })).status).toBe(200);
    const refused = await confirmClaim(otherSession, token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(errorOf('permission-denied', ADMIN_CLAIM_MESSAGES.elsewhere));
    expect((await confirmClaim(await h.user('Someone else'), token)).status).toBe(403);
    expect((await confirmClaim(h.anonymous(), token)).status).toBe(401);
    expect((await confirmClaim(await h.guest(), token)).status).toBe(401);
    expect(await roleOf(id)).toBe('user');
    expect(await db().select().from(adminClaim).where(eq(adminClaim.userId, id))).toHaveLength(1);

    // The session that asked: granted, once.
    expect((await confirmClaim(first, token)).body).toEqual({ success: true, admin: true });
    expect(await roleOf(id)).toBe('admin');
    const reused = await confirmClaim(first, token);
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual(errorOf('invalid-argument', ADMIN_CLAIM_MESSAGES.badToken));
    expect(await db().select().from(adminClaim).where(eq(adminClaim.userId, id))).toEqual([]);
    // Bad bodies are 400, never 500.
    for (const body of [{}, { token: 5 }, { token: 'x'.repeat(201) }]) {
      const bad = await first.request('POST', '/api/me/admin-claim/confirm', body);
      expect(bad.status).toBe(400);
    }
  });

  it('a claim link expires after 30 minutes; at most a few wait per account', async () => {
    const email = 'expiry@example.com';
    const client = await verifiedAccount(h, 'Expiry', email);
    const id = (await h.me(client)).id;
    expect((await claim(client)).body).toMatchObject({ pending: true, sentTo: email });
    const token = await claimToken(h.url, email);
    // Thirty minutes pass (the stored expiry is moved back instead).
    await db()
      .update(adminClaim)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(adminClaim.userId, id));
    const late = await confirmClaim(client, token);
    expect(late.status).toBe(400);
    expect(late.body).toEqual(errorOf('invalid-argument', ADMIN_CLAIM_MESSAGES.expired));
    expect(await roleOf(id)).toBe('user');
    expect(await db().select().from(adminClaim).where(eq(adminClaim.userId, id))).toEqual([]);
    // A new claim mails a new link, which works.
    await claimAndConfirm(h.url, client, email);
    expect(await roleOf(id)).toBe('admin');

    // Each session may have one link waiting; an account at most ADMIN_CLAIM_MAX_PENDING.
    const flood = 'flood@example.com';
    const sessions = [await verifiedAccount(h, 'Flood', flood)];
    for (let i = 1; i <= ADMIN_CLAIM_MAX_PENDING; i++) {
      const next = new TestClient(h.url);
      expect((await next.signIn({ email: flood, password: OWNER_PASSWORD })).status).toBe(200);
      sessions.push(next);
    }
    for (const each of sessions.slice(0, ADMIN_CLAIM_MAX_PENDING)) {
      expect((await claim(each)).body).toMatchObject({ pending: true, sentTo: flood });
    }
    const over = await claim(sessions.at(-1)!);
    expect(over.status).toBe(429);
    // Until the first waiting link expires: at most 30 minutes.
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30 * 60);
    expect(over.body).toEqual(errorOf('resource-exhausted', ADMIN_CLAIM_MESSAGES.tooMany));
    expect(await claimMails(h.url, flood)).toHaveLength(ADMIN_CLAIM_MAX_PENDING);
  });

  it('grants by an admin who later loses the role are flagged in the audit log and listed for review', async ({
    expect,
  }) => {
    const chief = await h.user('Chief reviewer');
    const chiefId = (await h.me(chief)).id;
    await db()
      .update(user)
      .set({ role: 'admin', adminGrantedBy: 'test-seed' })
      .where(eq(user.id, chiefId));
    const grant = (by: TestClient, id: string, role: 'admin' | 'user') =>
      by.request('POST', `/api/admin/users/${id}/role`, { role });
    const reviews = async () => {
      const answer = await chief.request<{ grants: GrantReviewView[] }>(
        'GET',
        '/api/admin/grant-reviews',
      );
      expect(answer.status).toBe(200);
      return answer.body.grants;
    };
    const account = async (name: string) => {
      const client = await h.user(name);
      return { client, id: (await h.me(client)).id };
    };
    const rogue = await account('Rogue admin');
    const friend = await account('Friend of rogue');
    const other = await account('Other of rogue');
    expect((await grant(chief, rogue.id, 'admin')).status).toBe(200);
    expect((await grant(rogue.client, friend.id, 'admin')).status).toBe(200);
    expect((await grant(rogue.client, other.id, 'admin')).status).toBe(200);
    const mine = (list: GrantReviewView[]) =>
      list.filter((entry) => entry.actorId === rogue.id).map((entry) => entry.targetId);
    expect(mine(await reviews())).toEqual([]);

    // The rogue loses the role: both grants are flagged (the chief's grant of the rogue is not).
    expect((await grant(chief, rogue.id, 'user')).status).toBe(200);
    const listed = await reviews();
    expect(mine(listed)).toEqual([other.id, friend.id]);
    expect(listed.find((entry) => entry.targetId === friend.id)).toMatchObject({
      actorName: 'Rogue admin',
      flaggedAt: expect.any(String),
    });
    const audit = await chief.request<Page<'entries', AuditEntryView>>(
      'GET',
      '/api/admin/audit?limit=100',
    );
    const grantsIn = (by: string) =>
      audit.body.entries.filter((entry) => entry.action === 'grant-admin' && entry.actorId === by);
    expect(grantsIn(rogue.id).map((entry) => [entry.targetId, entry.flaggedAt !== null])).toEqual([
      [other.id, true],
      [friend.id, true],
    ]);
    expect(
      grantsIn(chiefId)
        .filter((entry) => entry.targetId === rogue.id)
        .map((entry) => entry.flaggedAt),
    ).toEqual([null]);

    // Kept (logged) or revoked: either way it leaves the list.
    const friendEntry = listed.find((entry) => entry.targetId === friend.id)!;
    const keep = await chief.request('POST', `/api/admin/grant-reviews/${friendEntry.id}/keep`);
    expect(keep.status).toBe(200);
    expect(keep.body).toEqual({ reviewed: true });
    expect((await grant(chief, other.id, 'user')).status).toBe(200);
    expect(mine(await reviews())).toEqual([]);
    expect(await roleOf(friend.id)).toBe('admin');
    const [kept] = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'keep-grant'), eq(adminAudit.targetId, friend.id)));
    expect(kept).toMatchObject({ actorId: chiefId, targetKind: 'user' });
    const [reviewed] = await db()
      .select({ reviewedAt: adminAudit.reviewedAt, reviewedBy: adminAudit.reviewedBy })
      .from(adminAudit)
      .where(eq(adminAudit.id, friendEntry.id));
    expect(reviewed?.reviewedBy).toBe(chiefId);
    expect(reviewed?.reviewedAt).toBeInstanceOf(Date);
    // Keeping again changes nothing; unknown and unflagged entries are 404; others 403.
    expect(
      (await chief.request('POST', `/api/admin/grant-reviews/${friendEntry.id}/keep`)).status,
    ).toBe(200);
    expect((await chief.request('POST', '/api/admin/grant-reviews/nothing/keep')).status).toBe(404);
    const chiefGrant = grantsIn(chiefId).find((entry) => entry.targetId === rogue.id)!;
    expect(
      (await chief.request('POST', `/api/admin/grant-reviews/${chiefGrant.id}/keep`)).status,
    ).toBe(404);
    expect((await rogue.client.request('GET', '/api/admin/grant-reviews')).status).toBe(403);

    // An admin whose role ends because the address left ADMIN_EMAILS: their grants are flagged too.
    const bossEmail = `listed-boss-${tag()}@example.com`;
    const listedBoss = new TestClient(h.url);
    await listedBoss.signUp({ name: 'Listed boss', email: bossEmail, password: OWNER_PASSWORD });
    const bossId = (await h.me(listedBoss)).id;
    const protege = await account('Protege');
    await db()
      .update(user)
      .set({ role: 'admin', adminGrantedBy: 'test-seed' })
      .where(eq(user.id, bossId));
    expect((await grant(listedBoss, protege.id, 'admin')).status).toBe(200);
    // Their role was their own claim's and the list no longer has the address (as after a
    // restart with a shorter ADMIN_EMAILS): their next request, in a session looked up afresh,
    // ends it; their other sessions hear it.
    await db().update(user).set({ adminGrantedBy: null }).where(eq(user.id, bossId));
    const fresh = new TestClient(h.url);
    expect((await fresh.signIn({ email: bossEmail, password: OWNER_PASSWORD })).status).toBe(200);
    expect((await h.me(fresh)).role).toBe('user');
    expect(await roleOf(bossId)).toBe('user');
    await expect.poll(async () => (await h.me(listedBoss)).role).toBe('user');
    expect((await reviews()).filter((entry) => entry.actorId === bossId)).toEqual([
      expect.objectContaining({ targetId: protege.id, flaggedAt: expect.any(String) }),
    ]);
  });

  it('verification alone ends the sessions of whoever signed up first', async () => {
    const email = 'second@example.com';
    const attacker = new TestClient(h.url);
    await attacker.signUp({ name: 'Squatter', email, password: ATTACKER_PASSWORD });
    // The owner clicks the link the squatter's sign-up mailed them, on their own device.
    const owner = new TestClient(h.url);
    await owner.follow(await mailedLink(h, email, '/api/auth/verify-email'), {
      stopAt: (location) => !location.pathname.startsWith('/api/'),
    });
    expect((await sessionOf(attacker)).body).toBeNull();
    expect((await claim(attacker)).status).toBe(401);
  });

  it('answers 403 to the admin claim of a session opened before the e-mail was proven', async () => {
    const email = 'early@example.com';
    const early = new TestClient(h.url);
    await early.signUp({ name: 'Early', email, password: OWNER_PASSWORD });
    // The session opened a minute ago; the address proven now, outside the verification link
    // (as a tool might): that ends no session.
    const { id } = await h.me(early);
    await db()
      .update(session)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(session.userId, id));
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, id));
    const refused = await claim(early);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(
      errorOf('permission-denied', ADMIN_CLAIM_MESSAGES.sessionBeforeProof),
    );
    expect(await claimMails(h.url, email)).toEqual([]);
    // Signed in again, after the proof: a link is mailed, and opening it here grants.
    const again = new TestClient(h.url);
    expect((await again.signIn({ email, password: OWNER_PASSWORD })).status).toBe(200);
    await claimAndConfirm(h.url, again, email);
  });

  it('an allowlist role ends at the next request after the address leaves the list; an admin can revoke another', async ({
    expect,
  }) => {
    const boss = await verifiedAccount(h, 'owner-too');
    const bossId = (await h.me(boss)).id;
    // Made admin by its own claim when the list had the address; the list no longer has it (the
    // state a restart with a shorter ADMIN_EMAILS leaves). No claim: any request ends the role.
    await db().update(user).set({ role: 'admin', adminGrantedBy: null }).where(eq(user.id, bossId));
    await expect.poll(async () => (await h.me(boss)).role).toBe('user');
    expect(await roleOf(bossId)).toBe('user');
    expect((await claim(boss)).body).toEqual({
      success: false,
      admin: false,
      pending: false,
      sentTo: null,
    });
    // Logged as the allowlist's revoke.
    const logged = await db()
      .select({
        action: adminAudit.action,
        actorId: adminAudit.actorId,
        actor: adminAudit.actorName,
      })
      .from(adminAudit)
      .where(eq(adminAudit.targetId, bossId));
    expect(logged).toEqual([{ action: 'revoke-admin', actorId: null, actor: 'ADMIN_EMAILS' }]);

    // An admin grants and revokes another account's role; the target's next request sees it.
    const admin = await verifiedAccount(h, 'chief');
    const adminId = (await h.me(admin)).id;
    await db()
      .update(user)
      .set({ role: 'admin', adminGrantedBy: 'test-seed' })
      .where(eq(user.id, adminId));
    const target = await h.user('Target');
    const targetId = (await h.me(target)).id;
    const path = `/api/admin/users/${targetId}/role`;
    expect((await admin.request('POST', path, { role: 'admin' })).body).toEqual({
      user: { id: targetId, role: 'admin' },
    });
    expect((await h.me(target)).role).toBe('admin');
    // Given by an admin, the role does not end at the target's own (unlisted) claim.
    expect((await claim(target)).body).toEqual({
      success: false,
      admin: true,
      pending: false,
      sentTo: null,
    });
    expect((await h.me(target)).role).toBe('admin');
    expect((await admin.request('POST', path, { role: 'user' })).status).toBe(200);
    expect((await h.me(target)).role).toBe('user');

    // Only admins; an unknown account is 404; a bad body 400.
    expect(
      (await target.request('POST', `/api/admin/users/${adminId}/role`, { role: 'user' })).status,
    ).toBe(403);
    expect((await h.anonymous().request('POST', path, { role: 'admin' })).status).toBe(401);
    expect(
      (await admin.request('POST', '/api/admin/users/nobody/role', { role: 'admin' })).status,
    ).toBe(404);
    expect((await admin.request('POST', path, { role: 'yes' })).status).toBe(400);
    expect((await admin.request('POST', path, { admin: true })).status).toBe(400);
  });

  it('deleting a guest takes their ranking out of the tally', async () => {
    const owner = await h.user('Owner');
    const game = await h.createGame(owner, ['A', 'B', 'C']);
    const [leaving, staying] = [await h.guest(), await h.guest()];
    const first = ids(game, ['A', 'B', 'C']);
    const second = ids(game, ['C', 'B', 'A']);
    expect((await h.submit(leaving, game.id, first)).status).toBe(200);
    expect((await h.submit(staying, game.id, second)).status).toBe(200);
    const gone = await leaving.request('POST', '/api/auth/delete-anonymous-user', {});
    expect(gone.status).toBe(200);

    const [kept] = await db().select().from(gameTally).where(eq(gameTally.gameId, game.id));
    const rows = await db().select().from(submission).where(eq(submission.gameId, game.id));
    expect(rows.map((row) => row.ranking)).toEqual([second]);
    expect(kept?.submissions).toBe(1);
    expect(kept?.tally).toEqual(recount([second]));
    const results = await h.results(owner, game.id);
    expect(results.body.results.submissions).toBe(1);
    await expectTalliesMatchRecount(db());
  });

  async function roleOf(id: string): Promise<string | undefined> {
    const [row] = await db().select({ role: user.role }).from(user).where(eq(user.id, id));
    return row?.role;
  }

  /** An account whose e-mail is proven, signed in after the proof. */
  async function verifiedAccount(
    harness: Harness,
    name: string,
    email = `${name}-${tag()}@example.com`,
  ): Promise<TestClient> {
    const client = new TestClient(harness.url);
    await client.signUp({ name, email, password: OWNER_PASSWORD });
    await client.follow(await mailedLink(harness, email, '/api/auth/verify-email'), {
      stopAt: (location) => !location.pathname.startsWith('/api/'),
    });
    return client;
  }
});
