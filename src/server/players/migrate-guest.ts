/**
 * When a guest registers or signs in, everything they did moves to the real account in one
 * transaction, before better-auth deletes the guest: submissions, played games, plays, likes,
 * XP and stats, games, community ranks and places in live rooms. Where both accounts ranked the
 * same game, the most recent submission stays (a final ranking over saved progress) and the
 * results are corrected. If anything fails, nothing has moved.
 */
import { eq, sql } from 'drizzle-orm';
import { moveGuestEvents } from '../analytics/public';
import { mergeGuestLikes, moveGuestRanks, rankPlaysUndoneSql } from '../community/public';
import type { Db, Tx } from '../db/client';
import { play, playedGame } from '../db/schema/players';
import { mergeGuestSubmissions, moveGuestGames, playsUndoneSql } from '../games/public';
import { mergeGuestXp } from '../progression/public';
import { moveGuestRoomPlaces } from '../rooms/public';
import { publish, type HubEvent } from '../realtime/hub';

export async function moveGuestData(db: Db, guestId: string, accountId: string): Promise<void> {
  if (guestId === accountId) return;
  await db.transaction(async (tx) => {
    const events: HubEvent[] = [];
    await mergeGuestSubmissions(tx, guestId, accountId);
    await mergePlayedGames(tx, guestId, accountId);
    await mergeGuestLikes(tx, guestId, accountId);
    await mergeGuestXp(tx, guestId, accountId);
    await moveGuestGames(tx, guestId, accountId);
    await moveGuestRanks(tx, guestId, accountId);
    await moveGuestRoomPlaces(tx, guestId, accountId);
    await mergePlays(tx, guestId, accountId, events);
    await moveGuestEvents(tx, guestId, accountId);
    events.push({ type: 'profile', userId: accountId });
    for (const event of events) await publish(tx, event);
  });
}

async function mergePlayedGames(tx: Tx, guestId: string, accountId: string) {
  // Where both played a game, the account's record absorbs the guest's.
  await tx.execute(sql`
    update ${playedGame} a set
      play_count = a.play_count + g.play_count,
      last_played_at = greatest(a.last_played_at, g.last_played_at),
      last_completed_at = greatest(a.last_completed_at, g.last_completed_at),
      status = case when a.status = 'completed' or g.status = 'completed' then 'completed' else 'started' end,
      partial = a.partial and g.partial
    from ${playedGame} g
    where g.user_id = ${guestId} and a.user_id = ${accountId} and a.game_id = g.game_id`);
  await tx.execute(sql`
    delete from ${playedGame} g
    where g.user_id = ${guestId}
      and exists (select 1 from ${playedGame} a where a.user_id = ${accountId} and a.game_id = g.game_id)`);
  await tx.update(playedGame).set({ userId: accountId }).where(eq(playedGame.userId, guestId));
}

async function mergePlays(tx: Tx, guestId: string, accountId: string, events: HubEvent[]) {
  // One person played a game as a guest and as themselves: that is one play, not two.
  const doubled = await tx.execute(sql`
    with doubled as (
      delete from ${play} g
      where g.user_id = ${guestId}
        and exists (select 1 from ${play} a where a.user_id = ${accountId} and a.game_id = g.game_id)
      returning g.game_id
    ),
    games as (${playsUndoneSql(sql`doubled`)})
    ${rankPlaysUndoneSql(sql`games`)}`);
  for (const rank of (
    doubled as unknown as {
      rows: { id: string; plays: number; likes: number; listed: boolean }[];
    }
  ).rows) {
    events.push({
      type: 'rank',
      rankId: rank.id,
      plays: rank.plays,
      likes: rank.likes,
      listed: rank.listed,
    });
  }
  await tx.update(play).set({ userId: accountId }).where(eq(play.userId, guestId));
}
