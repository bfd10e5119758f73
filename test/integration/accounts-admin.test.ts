/**
 * The admin self-grant (POST /api/me/admin-claim): only for a verified e-mail on ADMIN_EMAILS,
 * and only once the link it mails to that address is opened in the session that asked (decision
 * 0028); never for guests, and `role` is never writable from a request body.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminAudit } from '../../src/server/db/schema/admin';
import { user } from '../../src/server/db/schema/auth';
import type { OutboxMessage } from '../../src/server/auth/mailer';
import { claimAndConfirm, claimMails, type AdminClaim } from '../support/admin-claim';
import { tag, TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, useServer, type Harness } from './harness';

const NOTHING: AdminClaim = { success: false, admin: false, pending: false, sentTo: null };
const ALREADY: AdminClaim = { success: true, admin: true, pending: false, sentTo: null };
type SessionBody = { user: { id: string; role: string; emailVerified: boolean } } | null;

const PASSWORD = 'correct horse battery';

/** The verification link mailed to `email` (dev outbox: no SMTP_URL in these tests). */
async function verificationLink(h: Harness, email: string): Promise<string> {
  const outbox = await h
    .anonymous()
    .request<{ messages: OutboxMessage[] }>('GET', '/api/dev/outbox');
  expect(outbox.status).toBe(200);
  const mail = outbox.body.messages.find(
    (message) => message.to === email && /confirm/i.test(message.subject),
  );
  expect(mail, `a verification mail to ${email}`).toBeDefined();
  const link = mail!.links.find((url) => url.includes('/api/auth/verify-email'));
  expect(link).toBeDefined();
  return link!;
}

/** Follows a verification link with the client's cookies; returns where it ended up. */
async function verify(h: Harness, client: TestClient, email: string): Promise<URL[]> {
  const { locations } = await client.follow(await verificationLink(h, email), {
    // Redirects into the web app, which this API-only test server does not serve.
    stopAt: (location) => !location.pathname.startsWith('/api/'),
  });
  return locations;
}

const claim = (client: TestClient) => client.request<AdminClaim>('POST', '/api/me/admin-claim');

describe.concurrent.each(testDatabases)('admin allowlist on %s', (kind) => {
  // Per database: each server has a database of its own, so the addresses can repeat.
  const h = useServer(kind, {
    env: { ADMIN_EMAILS: ' boss@example.com , Chief.Admin@Example.com,other-boss@example.com' },
  });

  async function roleInDb(id: string): Promise<string | undefined> {
    const [row] = await h.server.database.db
      .select({ role: user.role })
      .from(user)
      .where(eq(user.id, id));
    return row?.role;
  }

  it('grants admin to an allowlisted address only once it is verified and the mailed link is opened', async () => {
    const client = new TestClient(h.url);
    await client.signUp({ name: 'Boss', email: 'boss@example.com', password: PASSWORD });

    // Not verified yet: nothing granted or mailed, only what is missing (issue 24 item 7).
    expect((await claim(client)).body).toEqual({ ...NOTHING, needs: 'verify-email' });
    expect((await h.me(client)).role).toBe('user');
    expect(await claimMails(h.url, 'boss@example.com')).toEqual([]);

    const locations = await verify(h, client, 'boss@example.com');
    expect(locations.at(-1)?.pathname).toBe('/');
    expect((await h.me(client)).emailVerified).toBe(true);

    // The claim mails a link and grants nothing yet; the link opened in this session grants.
    await claimAndConfirm(h.url, client, 'boss@example.com');
    const me = await h.me(client);
    expect(me.role).toBe('admin');
    expect(await roleInDb(me.id)).toBe('admin');
    const session = await client.request<SessionBody>('GET', '/api/auth/get-session');
    expect(session.body?.user).toMatchObject({ id: me.id, role: 'admin', emailVerified: true });
    // Claiming again is harmless: nothing is mailed.
    expect((await claim(client)).body).toEqual(ALREADY);
    expect(await claimMails(h.url, 'boss@example.com')).toHaveLength(1);
    // The claim is in the audit log, by the account itself.
    const logged = await h.server.database.db
      .select({ action: adminAudit.action, actorId: adminAudit.actorId })
      .from(adminAudit)
      .where(eq(adminAudit.targetId, me.id));
    expect(logged).toEqual([{ action: 'claim-admin', actorId: me.id }]);
  });

  it('matches the allowlist case-insensitively; the link signs in another device and signs out the first', async () => {
    const email = 'chief.admin@example.com';
    const signedUp = new TestClient(h.url);
    await signedUp.signUp({ name: 'Chief', email, password: PASSWORD });
    // Opened on a device with no session: verifying signs that device in.
    const elsewhere = new TestClient(h.url);
    await verify(h, elsewhere, email);
    expect(elsewhere.hasSession).toBe(true);
    await claimAndConfirm(h.url, elsewhere, email);
    const session = await elsewhere.request<SessionBody>('GET', '/api/auth/get-session');
    expect(session.body?.user.role).toBe('admin');
    // Proving the inbox ends every other session opened before it (issue 11 #1: it may be
    // whoever signed up first with the address).
    const first = await signedUp.request<SessionBody>('GET', '/api/auth/get-session');
    expect(first.body).toBeNull();
    expect((await signedUp.request('GET', '/api/me')).body).toEqual({ profile: null });
  });

  it('refuses a verified address that is not on the allowlist', async () => {
    const email = `plain-${tag()}@example.com`;
    const client = new TestClient(h.url);
    await client.signUp({ name: 'Plain', email, password: PASSWORD });
    await verify(h, client, email);
    expect((await h.me(client)).emailVerified).toBe(true);
    const response = await claim(client);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(NOTHING);
    expect((await h.me(client)).role).toBe('user');
    expect(await claimMails(h.url, email)).toEqual([]);
  });

  it('answers 401 to guests and to requests without a session', async () => {
    const guest = await h.guest();
    const asGuest = await claim(guest);
    expect(asGuest.status).toBe(401);
    expect(asGuest.body).toEqual(errorOf('unauthenticated', 'Not signed in'));
    expect(await roleInDb((await h.me(guest)).id)).toBe('user');

    const nobody = await claim(h.anonymous());
    expect(nobody.status).toBe(401);
    expect(nobody.body).toEqual(errorOf('unauthenticated', 'Not signed in'));
  });

  it('never takes a role from a sign-up or update-user body', async () => {
    const email = 'other-boss@example.com';
    const client = new TestClient(h.url);
    const signUp = await client.request<{ user?: { id: string; role?: string } }>(
      'POST',
      '/api/auth/sign-up/email',
      { name: 'Sneaky', email, password: PASSWORD, role: 'admin' },
    );
    // Ignored (account made as a user) or refused (no account): never an admin.
    if (signUp.status === 200) {
      expect(signUp.body.user?.role).toBe('user');
      expect(await roleInDb(signUp.body.user!.id)).toBe('user');
    } else {
      expect(signUp.status).toBe(400);
      await client.signUp({ name: 'Sneaky', email, password: PASSWORD });
    }
    const me = await h.me(client);
    expect(me.role).toBe('user');

    for (const body of [{ role: 'admin' }, { name: 'Still Sneaky', role: 'admin' }]) {
      const update = await client.request('POST', '/api/auth/update-user', body);
      expect([200, 400]).toContain(update.status);
      expect(await roleInDb(me.id)).toBe('user');
    }
    const session = await client.request<SessionBody>('GET', '/api/auth/get-session');
    expect(session.body?.user.role).toBe('user');
    // Even on the allowlist, the unverified address gets nothing, not even a mail: only what it
    // needs first (issue 24 item 7).
    expect((await claim(client)).body).toEqual({ ...NOTHING, needs: 'verify-email' });
    expect(await claimMails(h.url, email)).toEqual([]);
    expect(await roleInDb(me.id)).toBe('user');
  });
});
