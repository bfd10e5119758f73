/**
 * Games' part of a guest joining their account (players/migrate-guest.ts runs the whole move in
 * one transaction): their rankings merge into the account's, their games change owner, and plays
 * both made of one game stop counting twice.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { savedGroups } from '../../domain/ballot';
import { duelBallot, duelStandingsOfCounts, removeDuelAnswers } from '../../domain/duels';
import type { Item } from '../../domain/game';
import { replaceBallots } from '../../domain/results';
import type { Tx } from '../db/client';
import { rows } from '../db/rows';
import { duelAnswer, duelOffer, game, gameTally, submission } from '../db/schema/games';
import { announceOwners, uncountRanking } from './mutations';
import { bumpVersion } from './tally';

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
  // The same per-game lock submissions take, in a fixed order so two merges cannot deadlock.
  const locked =
    gameIds.length === 0
      ? []
      : await tx
          .select({ id: game.id, ballot: game.ballot, items: game.items })
          .from(game)
          .where(inArray(game.id, gameIds))
          .orderBy(asc(game.id))
          .for('update');
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
  await mergeGuestDuels(
    tx,
    guestId,
    accountId,
    locked.filter((row) => row.ballot.kind === 'duel'),
  );
}

/**
 * A duel game's answers and offers (decision 0060) go with the rankings: the guest's answers
 * become the account's, except a pair the account answered too, which keeps the account's answer
 * and stops counting the guest's (decision 0067: one person, one answer per pair); the account's
 * offer stays where both had one. In a duel game both played (`shared`, locked by the caller),
 * the ballot that stays is made again from all their answers, and the tally follows.
 */
async function mergeGuestDuels(
  tx: Tx,
  guestId: string,
  accountId: string,
  shared: readonly { id: string; items: readonly Item[] }[],
) {
  const doubled = rows<{ game_id: string; a: string; b: string; winner: string | null }>(
    await tx.execute(sql`
      delete from ${duelAnswer} d where d.user_id = ${guestId} and exists (
        select 1 from ${duelAnswer} x
        where x.game_id = d.game_id and x.user_id = ${accountId} and x.a = d.a and x.b = d.b)
      returning d.game_id, d.a, d.b, d.winner`),
  );
  await tx.update(duelAnswer).set({ userId: accountId }).where(eq(duelAnswer.userId, guestId));
  for (const { id: gameId, items } of shared) {
    const [stored] = await tx.select().from(gameTally).where(eq(gameTally.gameId, gameId));
    const [kept] = await tx
      .select({
        ranking: submission.ranking,
        groups: submission.groups,
        partial: submission.partial,
      })
      .from(submission)
      .where(and(eq(submission.gameId, gameId), eq(submission.userId, accountId)));
    if (!stored || !kept) continue;
    const answers = await tx
      .select({ a: duelAnswer.a, b: duelAnswer.b, winner: duelAnswer.winner })
      .from(duelAnswer)
      .where(and(eq(duelAnswer.gameId, gameId), eq(duelAnswer.userId, accountId)));
    const duels = removeDuelAnswers(
      stored.tally.duels,
      doubled.filter((row) => row.game_id === gameId),
    );
    const itemIds = items.map((item) => item.id);
    const crowd = duelStandingsOfCounts(itemIds, duels).map((standing) => standing.id);
    const ranking = duelBallot(crowd, answers);
    const tally = replaceBallots(stored.tally, [
      {
        previous: kept.partial ? null : savedGroups(kept),
        next: savedGroups({ ranking, groups: null }),
      },
    ]);
    await tx
      .update(submission)
      .set({ ranking, groups: null, partial: false })
      .where(and(eq(submission.gameId, gameId), eq(submission.userId, accountId)));
    await bumpVersion(tx, {
      gameId,
      tally: { ...tally, duels },
      event: (bumped) => ({
        type: 'submission',
        gameId,
        version: bumped.version,
        count: bumped.submissions,
        userIds: [accountId],
      }),
    });
  }
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
