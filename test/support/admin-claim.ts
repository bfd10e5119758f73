/**
 * The admin claim by mail (decision 0028) for integration tests: the link mailed to an address
 * (read from the dev outbox), its token, and the whole claim-then-confirm round.
 */
import { expect } from 'vitest';
import type { ClaimAnswer as AdminClaim } from '../../src/server/admin/claims';

export type { AdminClaim };
import type { OutboxMessage } from '../../src/server/auth/mailer';
import { TestClient } from './client';

export const claimAdmin = (client: TestClient) =>
  client.request<AdminClaim>('POST', '/api/me/admin-claim');

export const confirmClaim = (client: TestClient, token: string) =>
  client.request<{ success: true; admin: true }>('POST', '/api/me/admin-claim/confirm', { token });

/** The admin claim mails sent to `email`, newest first. */
export async function claimMails(url: string, email: string) {
  const outbox = await new TestClient(url).request<{ messages: OutboxMessage[] }>(
    'GET',
    '/api/dev/outbox',
  );
  expect(outbox.status).toBe(200);
  return outbox.body.messages.filter(
    (message) => message.to === email && /admin/i.test(message.subject),
  );
}

/** The token of the newest admin claim link mailed to `email` (the part after `#`). */
export async function claimToken(url: string, email: string): Promise<string> {
  const [mail] = await claimMails(url, email);
  expect(mail, `an admin claim mail to ${email}`).toBeDefined();
  const link = mail!.links.find((candidate) => candidate.includes('/account/admin-claim#'));
  expect(link, 'a link to /account/admin-claim').toBeDefined();
  return new URL(link!).hash.slice(1);
}

/** Claims admin and opens the mailed link in the same session: the account is admin after. */
export async function claimAndConfirm(url: string, client: TestClient, email: string) {
  const asked = await claimAdmin(client);
  expect(asked.status).toBe(200);
  expect(asked.body).toEqual({ success: false, admin: false, pending: true, sentTo: email });
  const confirmed = await confirmClaim(client, await claimToken(url, email));
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  expect(confirmed.body).toEqual({ success: true, admin: true });
}
