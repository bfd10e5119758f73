/**
 * Games' part of a guest joining their account (players/migrate-guest.ts runs the whole move in
 * one transaction): their rankings merge into the account's, their games change owner, and plays
 * both made of one game stop counting twice.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { savedGroups } from '../../domain/ballot';
import type { Tx } from '../db/client';
import { duelAnswer, duelOffer, game, submission } from '../db/schema/games';
import { announceOwners, uncountRanking } from './mutations';

/**
 * The guest's rankings become the account's. Where both ranked the same game the most recent
 * stays, except that saved progress never replaces a final ranking (as on submit); the dropped
 * one leaves the results.
 */
export async function mergeGuestSubmissions(tx: Tx, guestId: string, accountId: string) {
  const shared = await tx
    .select({ gameId: submission.gameId })
    .from(submission)
    .where(
      and(
        eq(submission.userId, guestId),
        sql`exists (select 1 from ${submission} s2 where s2.game_id = ${submission.gameId} and s2.user_id = ${accountId})`,
      ),
    );
  const gameIds = shared.map((row) => row.gameId).sort();
  if (gameIds.length > 0) {
    // The same per-game lock submissions take, in a fixed order so two merges cannot deadlock.
    await tx
      .select({ id: game.id })
      .from(game)
      .where(inArray(game.id, gameIds))
      .orderBy(asc(game.id))
      .for('update');
  }
  for (const gameId of gameIds) {
    const both = await tx
      .select()
      .from(submission)
      .where(and(eq(submission.gameId, gameId), inArray(submission.userId, [guestId, accountId])));
    const guest = both.find((row) => row.userId === guestId);
    const account = both.find((row) => row.userId === accountId);
    if (!guest || !account) continue;
    // The most recent stays, except that saved progress never replaces a final ranking (as on
    // submit): a counted ranking must not leave the results for an uncounted one.
    const guestWins =
      guest.partial === account.partial
        ? guest.at.getTime() > account.at.getTime()
        : !guest.partial;
    const dropped = guestWins ? account : guest;
    await tx
      .delete(submission)
      .where(and(eq(submission.gameId, gameId), eq(submission.userId, dropped.userId)));
    if (!dropped.partial) {
      await uncountRanking(tx, { gameId, groups: savedGroups(dropped), keptBy: accountId });
    }
  }
  await tx.update(submission).set({ userId: accountId }).where(eq(submission.userId, guestId));
  await mergeGuestDuels(tx, guestId, accountId);
}

/**
 * A duel game's answers and offers (decision 0060) go with the rankings: the guest's answers
 * become the account's, except a pair the account answered too (counted twice all the same: two
 * answers were made); the account's offer stays where both had one.
 */
async function mergeGuestDuels(tx: Tx, guestId: string, accountId: string) {
  await tx.execute(sql`
    delete from ${duelAnswer} d where d.user_id = ${guestId} and exists (
      select 1 from ${duelAnswer} x
      where x.game_id = d.game_id and x.user_id = ${accountId} and x.a = d.a and x.b = d.b)`);
  await tx.update(duelAnswer).set({ userId: accountId }).where(eq(duelAnswer.userId, guestId));
  await tx.execute(sql`
    delete from ${duelOffer} d where d.user_id = ${guestId} and exists (
      select 1 from ${duelOffer} x where x.game_id = d.game_id and x.user_id = ${accountId})`);
  await tx.update(duelOffer).set({ userId: accountId }).where(eq(duelOffer.userId, guestId));
}

/** The guest's games become the account's; their watchers hear of the new owner. */
export async function moveGuestGames(tx: Tx, guestId: string, accountId: string) {
  const owned = await tx
    .update(game)
    .set({ ownerId: accountId })
    .where(eq(game.ownerId, guestId))
    .returning({ id: game.id });
  await announceOwners(
    tx,
    owned.map((row) => row.id),
  );
}

/**
 * A CTE body for the move's plays statement: each game in `doubled` (game_id: a play both made)
 * counts one play less; returns their ids.
 */
export function playsUndoneSql(doubled: SQL): SQL {
  return sql`
      update ${game} set play_count = greatest(play_count - 1, 0)
      where id in (select game_id from ${doubled})
      returning id`;
}
