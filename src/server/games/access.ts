/**
 * A game as other features' writers need it, read by games (its table is games'): an admin's
 * delete and the webhooks of a game lock its row and check who owns it; a reset finds an
 * account's games; a live room counts who played its round. Each is one statement, or a fragment
 * of the caller's.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { game, submission } from '../db/schema/games';
import type { GameRow } from './data';

export type GameHeader = Pick<GameRow, 'id' | 'ownerId' | 'communityRankId' | 'prompt' | 'ballot'>;

/**
 * The game's id, owner, rank id, prompt and ballot kind (null: no such game); `lock` takes its
 * row lock.
 */
export async function readGameHeader(
  db: Pick<Db | Tx, 'select'>,
  gameId: string,
  options: { lock: boolean },
): Promise<GameHeader | null> {
  const query = db
    .select({
      id: game.id,
      ownerId: game.ownerId,
      communityRankId: game.communityRankId,
      prompt: game.prompt,
      ballot: game.ballot,
    })
    .from(game)
    .where(eq(game.id, gameId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

/** A subquery of the ids of the games `userId` owns (to put in the caller's statement). */
export function gamesOwnedBySql(userId: string): SQL {
  return sql`(select ${game.id} from ${game} where ${game.ownerId} = ${userId})`;
}

/**
 * A subquery of the users with a final ranking of `gameId` made at or after `since` (to put in
 * the caller's statement: a live room counts who submitted in its round).
 */
export function finalRankersSinceSql(gameId: string, since: Date): SQL {
  return sql`(select ${submission.userId} from ${submission}
    where ${submission.gameId} = ${gameId} and not ${submission.partial}
      and ${submission.at} >= ${since.toISOString()}::timestamptz)`;
}
