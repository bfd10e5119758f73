/**
 * A reset proves the inbox, and ends the credentials of whoever proved nothing (decision 0029):
 * the webhooks added to the account's games before its e-mail was proven go. Auth's
 * `passwordReset` hook (wired in server.ts), inside the reset's transaction.
 */
import { and, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailProvenAtSql } from '../auth/public';
import { gamesOwnedBySql } from '../games/public';
import { webhook } from '../db/schema/webhooks';

/** A database or a transaction: both run this statement. */
type Runner = Pick<Db, 'delete'>;

/**
 * Removes the webhooks of the user's games that were added before their e-mail was proven (all
 * of them while it is unproven): whoever signed up first with someone else's address may have
 * pointed the games' results at their own server. Returns how many.
 */
export async function removeUnprovenWebhooksOf(db: Runner, userId: string): Promise<number> {
  const proven = emailProvenAtSql(userId);
  const deleted = await db
    .delete(webhook)
    .where(
      and(
        sql`${webhook.gameId} in ${gamesOwnedBySql(userId)}`,
        sql`${webhook.createdAt} < coalesce(${proven}, 'infinity'::timestamptz)`,
      ),
    )
    .returning({ id: webhook.id });
  return deleted.length;
}
