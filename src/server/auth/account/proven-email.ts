/**
 * Standing credentials (API tokens, webhooks) need a proven inbox (decision 0029): an account
 * whose e-mail is unverified may belong to whoever signed up first with someone else's address,
 * and what it makes would outlive the owner's takeover of the account. A session opened before
 * the proof counts as unproven too (the admin claim's rule, decision 0014).
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import type { Db } from '../../db/client';
import { user } from '../../db/schema/auth';

/** A session opened this long before the e-mail's proof still counts as after it (clock skew). */
const PROOF_SKEW_MS = 1_000;

export type ProvenEmailMessages = {
  /** A guest: no address at all. */
  guest: string;
  unverified: string;
  sessionBeforeProof: string;
};

export const TOKEN_PROOF_MESSAGES: ProvenEmailMessages = {
  guest: 'Sign up and verify your e-mail address to create API tokens',
  unverified:
    'Verify your e-mail address to create API tokens: open the link we mailed you, or ask for a new one on your account page',
  sessionBeforeProof:
    'Sign in again to create API tokens: this session began before your e-mail address was verified',
};

export const WEBHOOK_PROOF_MESSAGES: ProvenEmailMessages = {
  guest: 'Sign up and verify your e-mail address to add webhooks',
  unverified:
    'Verify your e-mail address to add webhooks: open the link we mailed you, or ask for a new one on your account page',
  sessionBeforeProof:
    'Sign in again to add webhooks: this session began before your e-mail address was verified',
};

/**
 * A subquery of when `userId` proved their e-mail (null while it is unproven), to put in the
 * caller's statement (a reset removing unproven webhooks: webhooks/unproven.ts).
 */
export function emailProvenAtSql(userId: string): SQL {
  return sql`(select ${user.emailVerifiedAt} from ${user}
    where ${user.id} = ${userId} and ${user.emailVerified})`;
}

/**
 * 403 `permission-denied` unless the user's e-mail is verified and the session began after it
 * was (read from the database, never the session). `db` may be a transaction holding the row.
 */
export async function assertProvenEmail(
  db: Pick<Db, 'select'>,
  viewer: { id: string; isAnonymous: boolean; sessionStartedAt: number },
  messages: ProvenEmailMessages,
): Promise<void> {
  if (viewer.isAnonymous) throw new AppError('permission-denied', messages.guest);
  const [row] = await db
    .select({ verified: user.emailVerified, at: user.emailVerifiedAt })
    .from(user)
    .where(eq(user.id, viewer.id));
  if (!row?.verified) throw new AppError('permission-denied', messages.unverified);
  if (row.at && row.at.getTime() > viewer.sessionStartedAt + PROOF_SKEW_MS) {
    throw new AppError('permission-denied', messages.sessionBeforeProof);
  }
}
