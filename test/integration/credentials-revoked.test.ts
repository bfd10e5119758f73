/**
 * Issue 22 row 2 (decision 0029): API tokens end with the sessions. A password reset, proving the
 * e-mail, "sign out everywhere" (revoke-sessions, revoke-other-sessions, change-password with
 * revokeOtherSessions) and a role change revoke them; a plain sign-out and a password change that
 * keeps the other sessions do not. Creating a token or a webhook needs a proven inbox, so whoever
 * signs up first with someone else's address makes neither; those made before this rule (legacy
 * rows) die when the owner resets or verifies.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/domain/errors';
import {
  TOKEN_PROOF_MESSAGES,
  WEBHOOK_PROOF_MESSAGES,
} from '../../src/server/auth/account/proven-email';
import { apiToken, session, user } from '../../src/server/db/schema/auth';
import { webhook } from '../../src/server/db/schema/webhooks';
import { newId } from '../../src/server/platform/ids';
import { hashSecret, newSecret, shownPrefix } from '../../src/server/auth/tokens/secret';
import { claimAndConfirm } from '../support/admin-claim';
import { tag, TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, useServer, type Harness } from './harness';

type Created = { secret: string; token: { id: string } };

const PASSWORD = 'correct horse battery';
const ATTACKER_PASSWORD = 'attacker knows this one';
const OWNER_PASSWORD = 'the owner chose this one';

/** Whether a bearer secret still opens the API. */
async function works(h: Harness, secret: string): Promise<boolean> {
  const response = await new TestClient(h.url).request('GET', '/api/me', undefined, {
    headers: { authorization: `Bearer ${secret}` },
  });
  expect([200, 401], JSON.stringify(response.body)).toContain(response.status);
  return response.status === 200;
}

async function createToken(client: TestClient): Promise<string> {
  const response = await client.request<Created>('POST', '/api/me/tokens', { name: `T ${tag()}` });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.secret;
}

/** A new address for one test. */
const address = (who: string) => `${who}-${tag()}@example.test`;

describe.each(testDatabases)('credentials revoked together on %s', (kind) => {
  const h = useServer(kind, { env: { ADMIN_EMAILS: 'crown-claimer@example.test' } });
  const db = () => h.server.database.db;

  /** A token row as the API made them before creating one needed a proven inbox. */
  async function legacyToken(userId: string): Promise<string> {
    const secret = newSecret();
    await db()
      .insert(apiToken)
      .values({
        id: newId(16),
        userId,
        name: 'Made before the rule',
        tokenHash: hashSecret(secret),
        prefix: shownPrefix(secret),
      });
    return secret;
  }

  async function legacyWebhook(gameId: string): Promise<string> {
    const id = newId(16);
    await db()
      .insert(webhook)
      .values({
        id,
        gameId,
        url: 'https://attacker.example/hook',
        secret: 'whsec_x',
        events: ['submission'],
      });
    return id;
  }

  const webhookExists = async (id: string) =>
    (await db().select({ id: webhook.id }).from(webhook).where(eq(webhook.id, id))).length === 1;

  async function resetPassword(email: string, newPassword: string): Promise<void> {
    const owner = new TestClient(h.url);
    const asked = await owner.request('POST', '/api/auth/request-password-reset', {
      email,
      redirectTo: '/account/reset',
    });
    expect(asked.status).toBe(200);
    const { locations } = await owner.follow(
      await h.mailedLink(email, '/api/auth/reset-password/'),
      { stopAt: (location) => !location.pathname.startsWith('/api/') },
    );
    const token = locations.at(-1)?.searchParams.get('token');
    const reset = await owner.request('POST', '/api/auth/reset-password', { newPassword, token });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  }

  it('the takeover path: a pre-registered account makes no token or webhook; what it held dies at the reset and at the proof', async () => {
    const email = address('victim');
    const attacker = new TestClient(h.url);
    await attacker.signUp({ name: 'Not the owner', email, password: ATTACKER_PASSWORD });
    const attackerId = (await h.me(attacker)).id;

    // Refused while nobody has proven the inbox: 403 with what to do.
    const token = await attacker.request<ErrorBody>('POST', '/api/me/tokens', { name: 'backdoor' });
    expect(token.status).toBe(403);
    expect(token.body).toEqual(errorOf('permission-denied', TOKEN_PROOF_MESSAGES.unverified));
    const game = await h.createGame(attacker);
    const hook = await attacker.request<ErrorBody>('POST', `/api/games/${game.id}/webhooks`, {
      url: 'https://attacker.example/hook',
    });
    expect(hook.status).toBe(403);
    expect(hook.body).toEqual(errorOf('permission-denied', WEBHOOK_PROOF_MESSAGES.unverified));
    expect(await db().select().from(apiToken).where(eq(apiToken.userId, attackerId))).toEqual([]);

    // What such an account made before the rule: read, export, delete the owner's games...
    const secret = await legacyToken(attackerId);
    const legacyHook = await legacyWebhook(game.id);
    expect(await works(h, secret)).toBe(true);

    // ...until the owner resets the password: the token is dead, the webhook gone.
    await resetPassword(email, OWNER_PASSWORD);
    expect(await works(h, secret)).toBe(false);
    expect(await webhookExists(legacyHook)).toBe(false);
    const owner = new TestClient(h.url);
    expect((await owner.signIn({ email, password: OWNER_PASSWORD })).status).toBe(200);
    expect((await owner.request('DELETE', `/api/games/${game.id}`)).status).toBe(200);
  });

  it('proving the e-mail revokes the tokens made before it and removes the webhooks added before it', async () => {
    const email = address('squatted');
    const attacker = new TestClient(h.url);
    await attacker.signUp({ name: 'Squatter', email, password: ATTACKER_PASSWORD });
    const attackerId = (await h.me(attacker)).id;
    const game = await h.createGame(attacker);
    const secret = await legacyToken(attackerId);
    const legacyHook = await legacyWebhook(game.id);
    expect(await works(h, secret)).toBe(true);

    // The owner clicks the link the squatter's sign-up mailed them, on their own device.
    const owner = new TestClient(h.url);
    await owner.follow(await h.mailedLink(email, '/api/auth/verify-email'), {
      stopAt: (location) => !location.pathname.startsWith('/api/'),
    });
    expect(await works(h, secret)).toBe(false);
    expect(await webhookExists(legacyHook)).toBe(false);
    // The proven account makes tokens from then on.
    const fresh = await createToken(owner);
    expect(await works(h, fresh)).toBe(true);
  });

  it('a verified account: a reset kills its tokens, keeps webhooks added after the proof', async () => {
    const email = address('forgetful');
    const client = new TestClient(h.url);
    await client.signUp({ name: 'Forgetful', email, password: PASSWORD });
    await client.follow(await h.mailedLink(email, '/api/auth/verify-email'), {
      stopAt: (location) => !location.pathname.startsWith('/api/'),
    });
    const secret = await createToken(client);
    const game = await h.createGame(client);
    const added = await client.request<{ webhook: { id: string } }>(
      'POST',
      `/api/games/${game.id}/webhooks`,
      { url: 'https://example.com/hook' },
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(await works(h, secret)).toBe(true);

    await resetPassword(email, OWNER_PASSWORD);
    expect(await works(h, secret)).toBe(false);
    expect(await webhookExists(added.body.webhook.id)).toBe(true);
  });

  it('sign out everywhere revokes tokens: revoke-sessions, revoke-other-sessions, change-password with revokeOtherSessions', async () => {
    for (const [path, body] of [
      ['/api/auth/revoke-sessions', {}],
      ['/api/auth/revoke-other-sessions', {}],
      [
        '/api/auth/change-password',
        {
          currentPassword: PASSWORD,
          newPassword: 'another good phrase',
          revokeOtherSessions: true,
        },
      ],
    ] as const) {
      const client = await h.verifiedUser('Everywhere');
      const secret = await createToken(client);
      const second = await createToken(client);
      const response = await client.request('POST', path, body);
      expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
      expect(await works(h, secret), path).toBe(false);
      expect(await works(h, second), path).toBe(false);
    }
  });

  it('a plain sign-out, a password change keeping other sessions, and a refused change leave tokens working', async () => {
    const client = await h.verifiedUser('Keeper');
    const secret = await createToken(client);

    const wrong = await client.request('POST', '/api/auth/change-password', {
      currentPassword: 'not the password at all',
      newPassword: 'another good phrase',
      revokeOtherSessions: true,
    });
    expect(wrong.status).toBe(400);
    expect(await works(h, secret)).toBe(true);

    const kept = await client.request('POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'another good phrase',
      revokeOtherSessions: false,
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await works(h, secret)).toBe(true);

    expect((await client.request('POST', '/api/auth/sign-out', {})).status).toBe(200);
    expect(await works(h, secret)).toBe(true);
  });

  it('a role change revokes tokens: granted by an admin, revoked by one, or claimed from the allowlist', async () => {
    const admin = await h.verifiedUser('Chief');
    const adminId = (await h.me(admin)).id;
    await db()
      .update(user)
      .set({ role: 'admin', adminGrantedBy: 'test-seed' })
      .where(eq(user.id, adminId));

    const target = await h.verifiedUser('Target');
    const targetId = (await h.me(target)).id;
    const path = `/api/admin/users/${targetId}/role`;
    const before = await createToken(target);
    expect((await admin.request('POST', path, { role: 'admin' })).status).toBe(200);
    expect(await works(h, before)).toBe(false);
    const asAdmin = await createToken(target);
    expect((await admin.request('POST', path, { role: 'user' })).status).toBe(200);
    expect(await works(h, asAdmin)).toBe(false);
    // The same role again changes nothing, and revokes nothing.
    const unchanged = await createToken(target);
    expect((await admin.request('POST', path, { role: 'user' })).status).toBe(200);
    expect(await works(h, unchanged)).toBe(true);

    // The allowlist claim.
    const claimer = new TestClient(h.url);
    const email = 'crown-claimer@example.test';
    await claimer.signUp({ name: 'Claimer', email, password: PASSWORD });
    await claimer.follow(await h.mailedLink(email, '/api/auth/verify-email'), {
      stopAt: (location) => !location.pathname.startsWith('/api/'),
    });
    const mine = await createToken(claimer);
    await claimAndConfirm(h.url, claimer, email);
    expect(await works(h, mine)).toBe(false);
  });

  it('refuses guests and sessions opened before the proof, with messages', async () => {
    const guest = await h.guest();
    // Guests create no games; the message comes before whose game it is.
    const game = await h.createGame(await h.user('Someone'));
    expect(
      await guest.request('POST', `/api/games/${game.id}/webhooks`, {
        url: 'https://example.com/hook',
      }),
    ).toMatchObject({
      status: 403,
      body: errorOf('permission-denied', WEBHOOK_PROOF_MESSAGES.guest),
    });
    expect((await guest.request('POST', '/api/me/tokens', { name: 'x' })).status).toBe(401);

    // Proven outside the link (an operator's SQL): the older session must sign in again.
    const early = await h.user('Early');
    const earlyId = (await h.me(early)).id;
    await db()
      .update(session)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(session.userId, earlyId));
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, earlyId));
    expect(await early.request('POST', '/api/me/tokens', { name: 'x' })).toMatchObject({
      status: 403,
      body: errorOf('permission-denied', TOKEN_PROOF_MESSAGES.sessionBeforeProof),
    });
    const own = await h.createGame(early);
    expect(
      await early.request('POST', `/api/games/${own.id}/webhooks`, {
        url: 'https://example.com/hook',
      }),
    ).toMatchObject({
      status: 403,
      body: errorOf('permission-denied', WEBHOOK_PROOF_MESSAGES.sessionBeforeProof),
    });
  });
});
