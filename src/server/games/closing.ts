/**
 * Closing a game, and the closing rule as SQL states it. The rule is domain/lifecycle.ts's
 * (`isClosed`, `pastDeadline`): a game is closed once it was closed (by its owner, or by the
 * players rule as the batch that reached it was written) or its deadline passed. SQL that must
 * state it uses the fragments here, never a copy.
 */
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { game } from '../db/schema/games';
import { notifyClosedSql } from './live';
import { bumpVersion, bumpVersionsSql } from './tally';
import { rows } from '../db/rows';

/**
 * Whether the game row `g` (an alias as sql``, or the game table) is closed at `now` (SQL timestamptz,
 * e.g. `now()`): `pastDeadline` and the stored flag, as `isClosed` says for a game whose players
 * rule, once reached, has been written as closed.
 */
export function closedSql(g: SQLWrapper, now: SQL = sql`now()`): SQL {
  return sql`(${g}.closed or coalesce(${g}.deadline_at <= ${now}, false))`;
}

/**
 * Whether the game row `g` is still open but past its deadline at `now`: it is due to close. The
 * same predicate as the partial index game_open_deadline_idx, so the deadline check uses it.
 */
export function dueSql(g: SQLWrapper, now: SQL): SQL {
  return sql`${g}.closed = false and ${g}.deadline_at is not null and ${g}.deadline_at <= ${now}`;
}

/**
 * Closes open games whose deadline is at or before `now` (one game, or all of them), bumps their
 * live version and tells every instance, in one statement. Safe to run anywhere at any time: a
 * game closes once, whoever gets there first (the others find it closed once they get its lock).
 */
export async function closeDueGames(
  db: Pick<Db, 'execute'>,
  options: { now: Date; gameId?: string },
): Promise<string[]> {
  const oneGame = options.gameId === undefined ? sql`` : sql`and id = ${options.gameId}`;
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const closed = rows<{ game_id: string }>(
    await db.execute(sql`
      with due as (
        update ${game} set closed = true, updated_at = now()
        where ${dueSql(game, now)} ${oneGame}
        returning id
      ),
      bumped as (${bumpVersionsSql(sql`due`)})
      select game_id, ${notifyClosedSql(sql`bumped`)} from bumped`),
  );
  return closed.map((row) => row.game_id);
}

/** Closes a game whose lock this transaction holds, bumping its version; tells every instance. */
export async function closeLocked(tx: Tx, gameId: string): Promise<number> {
  await tx
    .update(game)
    .set({ closed: true, updatedAt: sql`now()` })
    .where(eq(game.id, gameId));
  const { version } = await bumpVersion(tx, {
    gameId,
    event: (bumped) => ({ type: 'game', gameId, change: 'closed', version: bumped.version }),
  });
  return version;
}
