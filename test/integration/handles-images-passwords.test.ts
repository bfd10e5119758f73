/**
 * Issue 22 rows 12 and 13 and the personal password rule, over HTTP (decision 0029): reserved
 * handles, look-alike handles colliding on their skeleton (and the migration's backfill when
 * look-alikes are already held), the claim time of a handle, the profile picture's rule, and
 * passwords that are the account's own e-mail or name, or one repeated character.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_URL_BYTES } from '../../src/domain/limits';
import type { ProfileView } from '../../src/domain/profile';
import { AUTH_INPUT_CODES, IMAGE_MESSAGES } from '../../src/server/auth/account/auth-input';
import { PASSWORD_MESSAGES } from '../../src/server/auth/account/password-messages';
import { playerProfile } from '../../src/server/db/schema/players';
import { newId } from '../../src/server/platform/ids';
import { HANDLE_MESSAGES } from '../../src/server/players/handle-messages';
import { tag, TestClient } from '../support/client';
import { databaseBefore, migrationTag } from '../support/migrations';
import { testDatabases } from '../support/server';
import { errorOf, useServer } from './harness';

type ProfileBody = { profile: ProfileView };
type Availability = { available: boolean; message: string | null };
type AuthError = { code?: string; message?: string };

const STRONG = 'correct horse battery';

describe.each(testDatabases)('handles, pictures and personal passwords on %s', (kind) => {
  const h = useServer(kind);
  const db = () => h.server.database.db;

  const setHandle = (client: TestClient, handle: string) =>
    client.request<ProfileBody>('PUT', '/api/me/handle', { handle });
  const available = async (client: TestClient, handle: string) =>
    (
      await client.request<Availability>(
        'GET',
        `/api/me/handle-available?handle=${encodeURIComponent(handle)}`,
      )
    ).body;

  it('refuses reserved handles, their look-alikes and case variants', async () => {
    const client = await h.user('Reserved Seeker');
    for (const handle of ['admin', 'Support', 'OFFICIAL', 'crowned', 'null', 'Adm1n', 'supp0rt']) {
      expect(await setHandle(client, handle), handle).toMatchObject({
        status: 400,
        body: errorOf('invalid-argument', HANDLE_MESSAGES.reserved),
      });
      expect(await available(client, handle)).toEqual({
        available: false,
        message: HANDLE_MESSAGES.reserved,
      });
    }
    expect((await setHandle(client, `admiral_${tag()}`)).status).toBe(200);
  });

  it('lets only one of a set of look-alikes be held: Bill / BiII / B1ll, PayPal / PaypaI', async () => {
    const suffix = tag();
    const first = await h.user('Bill');
    const second = await h.user('Impostor');
    expect((await setHandle(first, `Bill_${suffix}`)).status).toBe(200);
    for (const lookAlike of [`BiII_${suffix}`, `B1ll_${suffix}`, `BILL_${suffix}`]) {
      expect(await setHandle(second, lookAlike), lookAlike).toMatchObject({
        status: 409,
        body: errorOf('aborted', HANDLE_MESSAGES.taken),
      });
      expect(await available(second, lookAlike)).toEqual({
        available: false,
        message: HANDLE_MESSAGES.taken,
      });
    }
    // Its holder's own look-alikes are available to them (a change of case, or of 1 for l).
    expect(await available(first, `BiII_${suffix}`)).toEqual({ available: true, message: null });

    const pay = `PayPal${suffix}`;
    expect((await setHandle(first, pay)).status).toBe(200);
    expect((await setHandle(second, `PaypaI${suffix}`)).status).toBe(409);
    // The old handle is free again once its holder moved on.
    expect((await setHandle(second, `BiII_${suffix}`)).status).toBe(200);
  });

  it('of look-alikes claimed at once, exactly one wins', async () => {
    const suffix = tag();
    const variants = ['Bill', 'BiII', 'B1ll', 'BILL', 'bIll', 'B1Il', 'bill', 'BIll'].map(
      (head) => `${head}_${suffix}`,
    );
    const clients = await Promise.all(variants.map((_, n) => h.user(`Racer ${n}`)));
    const answers = await Promise.all(clients.map((client, n) => setHandle(client, variants[n]!)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(variants.length - 1).fill(409)]);
  });

  it('stores when a handle was claimed: a new handle restamps it, a change of case does not', async () => {
    const client = await h.user('Claimer');
    expect((await h.me(client)).handleClaimedAt).toBeNull();
    const handle = `Claim_${tag()}`;
    const claimed = await setHandle(client, handle);
    expect(claimed.status).toBe(200);
    const at = claimed.body.profile.handleClaimedAt;
    expect(at).toEqual(expect.any(Number));
    const id = claimed.body.profile.id;
    const [row] = await db()
      .select({ at: playerProfile.handleClaimedAt, skeleton: playerProfile.handleSkeleton })
      .from(playerProfile)
      .where(eq(playerProfile.userId, id));
    expect(row?.at?.getTime()).toBe(at);
    expect(row?.skeleton).toBe(
      handle.toLowerCase().replace(/[1i]/g, 'l').replace(/0/g, 'o').replace(/m/g, 'rn'),
    );

    const recased = await setHandle(client, handle.toUpperCase());
    expect(recased.body.profile).toMatchObject({
      handle: handle.toUpperCase(),
      handleClaimedAt: at,
    });
    const other = await setHandle(client, `Other_${tag()}`);
    expect(other.body.profile.handleClaimedAt).toBeGreaterThanOrEqual(at!);
    const [after] = await db()
      .select({ at: playerProfile.handleClaimedAt, now: sql<Date>`now()` })
      .from(playerProfile)
      .where(eq(playerProfile.userId, id));
    expect(after!.at!.getTime()).toBe(other.body.profile.handleClaimedAt);
  });

  it('the backfill gives held look-alikes to the oldest account and breaks on none', async () => {
    // A database as it was before the backfill, holding look-alikes from before the rule.
    const old = await databaseBefore(kind, migrationTag('_handle_skeleton_backfill'));
    try {
      const suffix = tag();
      const rows = [
        { handle: `Bill_${suffix}`, createdAt: '2025-01-02T00:00:00Z' },
        { handle: `BiII_${suffix}`, createdAt: '2025-01-01T00:00:00Z' },
        { handle: `B1ll_${suffix}`, createdAt: '2025-01-03T00:00:00Z' },
        { handle: `Solo_${suffix}`, createdAt: '2025-01-04T00:00:00Z' },
      ];
      for (const row of rows) {
        // As before the rule: no skeleton, and a picture the rule now refuses.
        await old.query(
          `insert into "user" (id, name, email, handle, handle_lower, image, created_at)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [
            newId(16),
            row.handle,
            `${row.handle.toLowerCase()}@example.test`,
            row.handle,
            row.handle.toLowerCase(),
            `data:image/png;base64,${'A'.repeat(1000)}`,
            row.createdAt,
          ],
        );
      }
      await old.migrateTo(migrationTag('_handle_skeleton_backfill'));
      const after = await old.query<{ handle: string; skeleton: string | null; image: null }>(
        `select handle, handle_skeleton as skeleton, image from "user"`,
      );
      const skeletonOf = (handle: string) => after.find((row) => row.handle === handle)?.skeleton;
      const held = `blll_${suffix.replace(/[1i]/g, 'l').replace(/0/g, 'o')}`;
      expect(skeletonOf(`BiII_${suffix}`)).toBe(held);
      expect(skeletonOf(`Bill_${suffix}`)).toBeNull();
      expect(skeletonOf(`B1ll_${suffix}`)).toBeNull();
      expect(skeletonOf(`Solo_${suffix}`)).toEqual(expect.any(String));
      expect(after.map((row) => row.image)).toEqual([null, null, null, null]);
      // Everyone keeps their handle, and no new look-alike can be claimed.
      expect(after.map((row) => row.handle).sort()).toEqual(rows.map((row) => row.handle).sort());
      await old.migrateTo();
      const [newcomer] = await old.query<{ id: string }>(
        `insert into "user" (id, name, email) values ('newcomer', 'Newcomer', 'new@example.test')
         returning id`,
      );
      await expect(
        old.query(
          `update player_profile set handle = $1, handle_lower = $2, handle_skeleton = $3
           where user_id = $4`,
          [`BILL_${suffix}`, `bill_${suffix}`.toLowerCase(), held, newcomer!.id],
        ),
      ).rejects.toThrow(/unique|duplicate/i);
    } finally {
      await old.close();
    }
    // A fresh database migrated from the start (no template): slow on a busy machine.
  }, 180_000);

  it('takes https pictures up to 2 KB and refuses anything else with a 400', async () => {
    const client = await h.user('Picture Person');
    const update = (image: unknown) =>
      client.request<AuthError>('POST', '/api/auth/update-user', { image });
    const base = 'https://example.com/';
    const longest = base + 'a'.repeat(MAX_IMAGE_URL_BYTES - base.length);
    expect((await update(longest)).status).toBe(200);
    expect((await h.me(client)).image).toBe(longest);
    for (const [image, message] of [
      [`data:image/png;base64,${'A'.repeat(200_000)}`, IMAGE_MESSAGES.tooLong],
      ['data:image/png;base64,AAAA', IMAGE_MESSAGES.notHttps],
      ['http://example.com/a.png', IMAGE_MESSAGES.notHttps],
      ['javascript:alert(1)', IMAGE_MESSAGES.notHttps],
      [longest + 'a', IMAGE_MESSAGES.tooLong],
      [42, IMAGE_MESSAGES.notHttps],
    ] as const) {
      const refused = await update(image);
      expect(refused.status, String(image).slice(0, 40)).toBe(400);
      expect(refused.body).toMatchObject({ code: AUTH_INPUT_CODES.image, message });
    }
    expect((await h.me(client)).image).toBe(longest);
    expect((await update(null)).status).toBe(200);
    expect((await h.me(client)).image).toBeNull();

    const signUp = await new TestClient(h.url).request<AuthError>(
      'POST',
      '/api/auth/sign-up/email',
      {
        name: 'Inline',
        email: `inline-${tag()}@example.test`,
        password: STRONG,
        image: 'data:image/svg+xml,<svg/>',
      },
    );
    expect(signUp.status).toBe(400);
    expect(signUp.body).toMatchObject({
      code: AUTH_INPUT_CODES.image,
      message: IMAGE_MESSAGES.notHttps,
    });
  });

  it('refuses passwords that are the e-mail, its local part, the name, or one repeated character', async () => {
    const local = `maria.${tag()}`;
    const email = `${local}@example.test`;
    const signUp = (password: string) =>
      new TestClient(h.url).request<AuthError>('POST', '/api/auth/sign-up/email', {
        name: 'Maria Lopez Garcia',
        email,
        password,
      });
    for (const [password, message] of [
      [email.toUpperCase(), PASSWORD_MESSAGES.sameAsEmail],
      [local, PASSWORD_MESSAGES.sameAsEmail],
      ['maria lopez garcia', PASSWORD_MESSAGES.sameAsName],
      ['zzzzzzzzzzzz', PASSWORD_MESSAGES.oneCharacter],
    ] as const) {
      const refused = await signUp(password);
      expect(refused.status, password).toBe(400);
      expect(refused.body).toMatchObject({ code: AUTH_INPUT_CODES.password, message });
    }
    const client = new TestClient(h.url);
    expect(
      (await client.signUp({ name: 'Maria Lopez Garcia', email, password: STRONG })).status,
    ).toBe(200);

    // A change: judged against the session's account.
    const changed = await client.request<AuthError>('POST', '/api/auth/change-password', {
      currentPassword: STRONG,
      newPassword: email,
    });
    expect(changed.status).toBe(400);
    expect(changed.body.message).toBe(PASSWORD_MESSAGES.sameAsEmail);

    // A reset: judged against the reset token's account; the refused try does not spend it.
    expect(
      (
        await client.request('POST', '/api/auth/request-password-reset', {
          email,
          redirectTo: '/account/reset',
        })
      ).status,
    ).toBe(200);
    const { locations } = await client.follow(
      await h.mailedLink(email, '/api/auth/reset-password/'),
      { stopAt: (location) => !location.pathname.startsWith('/api/') },
    );
    const token = locations.at(-1)?.searchParams.get('token');
    const weak = await client.request<AuthError>('POST', '/api/auth/reset-password', {
      newPassword: 'Maria Lopez Garcia',
      token,
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(PASSWORD_MESSAGES.sameAsName);
    const good = await client.request('POST', '/api/auth/reset-password', {
      newPassword: 'a much better password',
      token,
    });
    expect(good.status).toBe(200);
  });
});
