/**
 * Credentials end together (decision 0029): whatever signs a person's other sessions out also
 * revokes their API tokens, and proving the inbox (a reset) removes the webhooks that were added
 * while nobody had proven it. Called from better-auth's hooks (auth.ts) and usable inside any
 * transaction (`tx`). Verification and role changes revoke by database trigger (migration
 * `credentials_revoked_together`), so no code path can forget them.
 */
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiToken, user } from '../../db/schema/auth';
import { game } from '../../db/schema/games';
import { webhook } from '../../db/schema/webhooks';

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

/**
 * Removes the webhooks of the user's games that were added before their e-mail was proven (all
 * of them while it is unproven): whoever signed up first with someone else's address may have
 * pointed the games' results at their own server. Returns how many.
 */
export async function removeUnprovenWebhooksOf(db: Runner, userId: string): Promise<number> {
  const proven = sql`(select ${user.emailVerifiedAt} from ${user}
    where ${user.id} = ${userId} and ${user.emailVerified})`;
  const deleted = await db
    .delete(webhook)
    .where(
      and(
        inArray(
          webhook.gameId,
          db.select({ id: game.id }).from(game).where(eq(game.ownerId, userId)),
        ),
        sql`${webhook.createdAt} < coalesce(${proven}, 'infinity'::timestamptz)`,
      ),
    )
    .returning({ id: webhook.id });
  return deleted.length;
}
