/**
 * A reset proves the inbox, and ends the credentials of whoever proved nothing (decision 0029):
 * the webhooks added to the account's games before its e-mail was proven go. Auth's
 * `passwordReset` hook (wired in server.ts), inside the reset's transaction.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { user } from '../db/schema/auth';
import { game } from '../db/schema/games';
import { webhook } from '../db/schema/webhooks';

/** A database or a transaction: both run this statement. */
type Runner = Pick<Db, 'delete' | 'select'>;

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
