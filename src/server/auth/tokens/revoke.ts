/**
 * Credentials end together (decision 0029): whatever signs a person's other sessions out also
 * revokes their API tokens (and proving the inbox, a reset, removes the webhooks added while
 * nobody had proven it: webhooks/unproven.ts, through auth's hooks). Called from better-auth's
 * hooks (better-auth.ts) and usable inside any transaction (`tx`). Verification and role changes revoke by database trigger (migration
 * `credentials_revoked_together`), so no code path can forget them.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiToken } from '../../db/schema/auth';

/** A database or a transaction: both run these statements. */
type Runner = Pick<Db, 'delete' | 'select'>;

/**
 * Revokes the user's API tokens (all of them, or those created before `before`); returns how
 * many. Each deleted row tells every instance (trigger `api_token_deleted`), and bearer requests
 * read the table on every request, so the next request with one of them is 401 everywhere.
 */
export async function revokeTokensOf(
  db: Runner,
  userId: string,
  options: { before?: Date } = {},
): Promise<number> {
  const deleted = await db
    .delete(apiToken)
    .where(
      options.before
        ? and(eq(apiToken.userId, userId), lt(apiToken.createdAt, options.before))
        : eq(apiToken.userId, userId),
    )
    .returning({ id: apiToken.id });
  return deleted.length;
}
