/**
 * Players' side of games' writes (games/hooks.ts; app.ts wires them): each player's played-game
 * record and first plays, written inside the games statement or transaction they belong to.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Item } from '../../domain/game';
import type { Tx } from '../db/client';
import { play, playedGame } from '../db/schema/players';
import type { PlayedGameFields } from '../games/public';

/**
 * The body of a submission batch's `played` CTE: from `input` (user_id, finals), each player's
 * record is started by saved progress and completed by a final ranking (each one more play).
 */
export function playedSql(batch: { game: PlayedGameFields; input: SQL }): SQL {
  const { game, input } = batch;
  return sql`
        insert into ${playedGame} as p (user_id, game_id, last_played_at, last_completed_at,
          play_count, status, partial, title, emoji, items_count, is_public)
        select user_id, ${game.id}, now(), case when finals > 0 then now() end, finals,
               case when finals > 0 then 'completed' else 'started' end, finals = 0,
               ${game.title}, ${game.emoji}, ${game.itemsCount}, ${game.isPublic}
        from ${input}
        on conflict (user_id, game_id) do update set
          last_played_at = now(),
          last_completed_at = case when excluded.play_count > 0 then now() else p.last_completed_at end,
          play_count = p.play_count + excluded.play_count,
          status = case when excluded.play_count > 0 then 'completed' else p.status end,
          partial = case when excluded.play_count > 0 then false else p.status <> 'completed' end,
          title = excluded.title, emoji = excluded.emoji,
          items_count = excluded.items_count, is_public = excluded.is_public
        returning 1
      `;
}

/**
 * The body of the first plays' `new_play` CTE: a `play` row per player and game (replays and
 * races add nothing), started when the player's saved progress says (`started_ms`, else now);
 * each new one returns its user_id. `rows`: JSON `[{id, user_id, started_ms}]`.
 */
export function firstPlaysSql(plays: { gameId: string; rows: string }): SQL {
  return sql`
            insert into ${play} (id, user_id, game_id, started_at, completed_at)
            select id, user_id, ${plays.gameId},
                   coalesce(to_timestamp(started_ms / 1000.0), now()), now()
            from jsonb_to_recordset(${plays.rows}::jsonb) as x(id text, user_id text, started_ms bigint)
            on conflict (user_id, game_id) do nothing
            returning user_id
          `;
}

/**
 * A scalar subquery: how many players other than `except` have played `gameId` (their first
 * final ranking recorded a play), as the statement's snapshot sees them.
 */
export function playersOtherThanSql(gameId: SQL, except: SQL): SQL {
  return sql`(select count(*)::int from ${play} p
    where p.game_id = ${gameId} and p.user_id is distinct from ${except})`;
}

/** A game's items changed: its played-game records show the new count (one statement). */
export async function playedItemsEdited(
  tx: Tx,
  edit: { gameId: string; items: readonly Item[] },
): Promise<void> {
  await tx
    .update(playedGame)
    .set({ itemsCount: edit.items.length })
    .where(eq(playedGame.gameId, edit.gameId));
}
