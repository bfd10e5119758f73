/**
 * A game's tally and live version: "write the tally, bump the version, tell every instance" in
 * one place. Writers in a transaction (closing, item edits, a ranking taken out) call
 * `bumpVersion`; writers of one statement put its SQL forms in theirs (a submission batch,
 * games/submit.ts; the deadline check, closing.ts). Every writer of a game holds its row's lock
 * (game, then tally) while it does.
 */
import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import type { Tally } from '../../domain/results';
import type { Tx } from '../db/client';
import { gameTally } from '../db/schema/games';
import { announce, type GameEvent } from './live';

export type Bumped = { version: number; submissions: number };

/**
 * Writes the game's tally (when given: its final-ranking count follows it) and bumps its live
 * version by one, then sends the event `event` makes of the new version on commit. Two
 * statements, as before this helper.
 */
export async function bumpVersion(
  tx: Tx,
  input: { gameId: string; tally?: Tally; event: (bumped: Bumped) => GameEvent },
): Promise<Bumped> {
  const [bumped] = await tx
    .update(gameTally)
    .set({
      ...(input.tally ? { tally: input.tally, submissions: input.tally.submissions } : {}),
      version: sql`${gameTally.version} + 1`,
    })
    .where(eq(gameTally.gameId, input.gameId))
    .returning({ version: gameTally.version, submissions: gameTally.submissions });
  if (!bumped) throw new AppError('internal', 'Results are missing for this game');
  await announce(tx, input.event(bumped));
  return bumped;
}

/**
 * The SQL form for a submission batch: the UPDATE that writes the batch's tally (`tally`: its
 * JSON text) and its final-ranking count, and sets the version it made (the base version plus
 * one per final ranking counted), when `where` (more conditions, starting with `and`) holds. Its
 * event is sent by the same statement. The values are the prepared statement's (db/prepared.ts).
 */
export function writeTallySql(input: {
  gameId: SQLWrapper;
  tally: SQLWrapper;
  submissions: SQLWrapper;
  version: SQLWrapper;
  where: SQL;
}): SQL {
  return sql`update ${gameTally}
    set tally = ${input.tally}::jsonb, submissions = ${input.submissions}::int,
        version = ${input.version}::int
    where game_id = ${input.gameId}${input.where}`;
}

/**
 * The SQL form for many games at once: the UPDATE that bumps the version of each game in `games`
 * (a CTE with column id), returning game_id and the new version for their events.
 */
export function bumpVersionsSql(games: SQL): SQL {
  return sql`update ${gameTally} t set version = t.version + 1
    from ${games} where t.game_id = ${games}.id
    returning t.game_id, t.version`;
}
