/**
 * Mail really goes out: over SMTP_URL (caught here by a local SMTP server) or, without it, into
 * the dev outbox. The password reset works end to end from either, and never tells whether an
 * address has an account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../../src/server/auth/mailer';
import { tag, TestClient } from '../support/client';
import { headerOf, MailCatcher } from '../support/smtp';
import { testDatabases } from '../support/server';
import { errorOf, useServer, type Harness } from './harness';

function resetLinkIn(text: string): string {
  const link = text.match(/https?:\/\/[^\s<>"']*\/api\/auth\/reset-password\/[^\s<>"']+/)?.[0];
  expect(link, 'a reset link in the mail').toBeDefined();
  return link!;
}

const OLD_PASSWORD = 'old password 123';
const NEW_PASSWORD = 'brand new password 456';

/**
 * Sign up, ask for a reset, follow the mailed link to /account/reset?token=…, set a new password:
 * the new one works, the old one and the used token do not. `mailedLink` fetches the link.
 */
async function resetFlow(h: Harness, mailedLink: (email: string) => Promise<string>) {
  const email = `reset-${tag()}@example.test`;
  await new TestClient(h.url).signUp({ name: 'Forgetful', email, password: OLD_PASSWORD });

  const client = new TestClient(h.url);
  const asked = await client.request('POST', '/api/auth/request-password-reset', {
    email,
    redirectTo: '/account/reset',
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);

  const link = await mailedLink(email);
  expect(new URL(link).origin).toBe(new URL(h.url).origin);
  const { locations } = await client.follow(link, {
    stopAt: (location) => !location.pathname.startsWith('/api/'),
  });
  const landing = locations.at(-1);
  expect(landing?.pathname).toBe('/account/reset');
  const token = landing?.searchParams.get('token');
  expect(token).toMatch(/^\S{8,}$/);

  const reset = await client.request('POST', '/api/auth/reset-password', {
    newPassword: NEW_PASSWORD,
    token,
  });
  expect(reset.status, JSON.stringify(reset.body)).toBe(200);
  // One use only.
  const again = await client.request('POST', '/api/auth/reset-password', {
    newPassword: 'a third password 789',
    token,
  });
  expect(again.status).toBe(400);

  expect((await new TestClient(h.url).signIn({ email, password: OLD_PASSWORD })).status).toBe(401);
  const signedIn = new TestClient(h.url);
  expect((await signedIn.signIn({ email, password: NEW_PASSWORD })).status).toBe(200);
  expect((await h.me(signedIn)).email).toBe(email);
  return asked.body;
}

describe.concurrent.each(testDatabases)('mail over SMTP on %s', (kind) => {
  const smtp = new MailCatcher();
  beforeAll(() => smtp.start());
  afterAll(() => smtp.stop());
  // The server starts after the SMTP server (hooks run in order), so its port is known.
  const h = useServer(kind, { env: () => ({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }) });

  it('delivers a real reset mail whose link resets the password', async () => {
    await resetFlow(h, async (email) => {
      const mail = await smtp.waitFor(email, /reset your crowned password/i);
      expect(mail.from).toBe('no-reply@crowned.local');
      expect(headerOf(mail.raw, 'to')).toContain(email);
      return resetLinkIn(mail.text);
    });
  });

  it('sends the verification mail at sign-up', async () => {
    const email = `welcome-${tag()}@example.test`;
    await new TestClient(h.url).signUp({ name: 'Welcome', email });
    const mail = await smtp.waitFor(email, /confirm your email/i);
    expect(mail.text).toMatch(/https?:\/\/\S+\/api\/auth\/verify-email\?token=/);
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const known = `known-${tag()}@example.test`;
    await new TestClient(h.url).signUp({ name: 'Known', email: known });
    const unknown = `nobody-${tag()}@example.test`;
    const ask = (email: string) =>
      new TestClient(h.url).request('POST', '/api/auth/request-password-reset', {
        email,
        redirectTo: '/account/reset',
      });
    const forUnknown = await ask(unknown);
    const forKnown = await ask(known);
    expect(forUnknown.status).toBe(200);
    expect(forUnknown.body).toEqual(forKnown.body);
    // By the time the known address has its mail, the unknown one would have had its own.
    await smtp.waitFor(known, /reset your crowned password/i);
    expect(smtp.messages.filter((message) => message.to.includes(unknown))).toEqual([]);
  });

  it('has no dev outbox, and says so in the config', async () => {
    const outbox = await h.anonymous().request('GET', '/api/dev/outbox');
    expect(outbox.status).toBe(404);
    expect(outbox.body).toEqual(
      errorOf('not-found', 'Mail goes out over SMTP: there is no dev outbox'),
    );
    expect((await h.anonymous().request('GET', '/api/config')).body).toMatchObject({
      devOutbox: false,
    });
  });
});

describe.concurrent.each(testDatabases)('mail in the dev outbox on %s', (kind) => {
  const h = useServer(kind);

  async function outbox(): Promise<OutboxMessage[]> {
    const response = await h
      .anonymous()
      .request<{ messages: OutboxMessage[] }>('GET', '/api/dev/outbox');
    expect(response.status).toBe(200);
    return response.body.messages;
  }

  it('keeps the reset mail, whose link resets the password', async () => {
    await resetFlow(h, async (email) => {
      const mail = (await outbox()).find(
        (message) => message.to === email && /reset/i.test(message.subject),
      );
      expect(mail, `a reset mail to ${email}`).toBeDefined();
      expect(mail!.html).toContain('href=');
      const link = mail!.links.find((url) => url.includes('/api/auth/reset-password/'));
      expect(link).toBe(resetLinkIn(mail!.text));
      return link!;
    });
  });

  it('keeps nothing for an unknown address, and answers the same', async () => {
    const known = `known-${tag()}@example.test`;
    await new TestClient(h.url).signUp({ name: 'Known', email: known });
    const unknown = `nobody-${tag()}@example.test`;
    const ask = (email: string) =>
      new TestClient(h.url).request('POST', '/api/auth/request-password-reset', {
        email,
        redirectTo: '/account/reset',
      });
    const forUnknown = await ask(unknown);
    const forKnown = await ask(known);
    expect(forUnknown.status).toBe(200);
    expect(forUnknown.body).toEqual(forKnown.body);
    const messages = await outbox();
    expect(messages.some((m) => m.to === known && /reset/i.test(m.subject))).toBe(true);
    expect(messages.filter((m) => m.to === unknown)).toEqual([]);
  });
});
