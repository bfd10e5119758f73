/**
 * A community rank mirrors its game: the community's side of games' writes (games/hooks.ts;
 * app.ts wires them). The rank's items, archived flag, existence and play count follow the
 * game's, inside the game write's own statement or transaction, and an open rank page hears of
 * each change (a RankEvent from the same statement, delivered on commit).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Item } from '../../domain/game';
import type { Tx } from '../db/client';
import { communityRank } from '../db/schema/community';
import { notifyRankEvent } from './live';
import { listedSql } from './listed';

/** The game's items changed: its rank's cards and search show them; an open page reloads. */
export async function rankItemsEdited(
  tx: Tx,
  edit: { gameId: string; items: readonly Item[] },
): Promise<void> {
  await tx.execute(sql`
      with edited as (
        update ${communityRank} r set items = ${JSON.stringify(edit.items.map((item) => item.label))}::jsonb
        where r.game_id = ${edit.gameId}
        returning r.id, r.plays, r.likes, ${listedSql('r')} as listed
      )
      select ${notifyRankEvent(sql`edited`)} from edited`);
}

/** The game was archived (or restored): its rank leaves (or rejoins) every list with it. */
export async function rankArchived(
  tx: Tx,
  change: { gameId: string; archived: boolean },
): Promise<void> {
  await tx.execute(sql`
      with mirrored as (
        update ${communityRank} r set archived = ${change.archived}
        where r.game_id = ${change.gameId}
        returning r.id, r.plays, r.likes, ${listedSql('r')} as listed
      )
      select ${notifyRankEvent(sql`mirrored`)} from mirrored`);
}

/** The game is being deleted: its ranks (the linked one, and any pointing at it) go. */
export async function ranksOfGameDeleted(
  tx: Tx,
  game: { gameId: string; communityRankId: string | null },
): Promise<void> {
  await tx.execute(sql`
    with removed as (
      delete from ${communityRank} r
      where r.id = ${game.communityRankId ?? ''} or r.game_id = ${game.gameId}
      returning r.id, r.plays, r.likes, false as listed
    )
    select ${notifyRankEvent(sql`removed`)} from removed`);
}

/**
 * In the first plays' statement, after `counted` (id: the game, added: its new plays): the rank's
 * play count rises by as much, and its page hears of it.
 */
export function rankPlaysSql(counted: SQL): { ctes: SQL; select: SQL } {
  return {
    ctes: sql`,
          ranked as (
            update ${communityRank} r set plays = r.plays + ${counted}.added
            from ${counted} where r.game_id = ${counted}.id
            returning r.id, r.plays, r.likes, ${listedSql('r')} as listed
          )`,
    select: sql`,
                 (select count(*) from (select ${notifyRankEvent(sql`ranked`)} from ranked) n) as notified`,
  };
}
