/**
 * The owner's ballot import (`POST /api/games/:id/ballots`, decision 0048): ballots collected
 * elsewhere, checked by the domain (`domain/ballot-import.ts`), stored in one transaction beside
 * the players' submissions (`imported_ballot`) and counted into the tally once.
 */
import { eq, sql } from 'drizzle-orm';
import { storedGroups } from '../../domain/ballot';
import { IMPORT_MESSAGES, type ImportedBallot } from '../../domain/ballot-import';
import { AppError } from '../../domain/errors';
import { replaceBallots } from '../../domain/results';
import type { Db } from '../db/client';
import { gameTally, importedBallot } from '../db/schema/games';
import type { GameRow } from './data';
import { lockOwned } from './mutations';
import { bumpVersion } from './tally';

/** Rows per INSERT (7 parameters each, far below PostgreSQL's 65,535). */
const INSERT_CHUNK = 2000;

/**
 * Adds the ballots `check` makes of the game (its items and ballot as locked) to the game, all or
 * none: owner only (403, 404), not to a closed game (409). One tally write and one live event for
 * the whole import; no XP, no webhooks, no played-game records (they are no player's). Answers
 * how many were imported and the game's counts after.
 */
export async function importBallots(
  db: Db,
  input: {
    gameId: string;
    userId: string;
    check: (game: Pick<GameRow, 'items' | 'ballot'>) => ImportedBallot[];
  },
): Promise<{ imported: number; submissions: number; importedTotal: number }> {
  return db.transaction(async (tx) => {
    const current = await lockOwned(tx, input);
    if (current.closed) throw new AppError('aborted', IMPORT_MESSAGES.closed);
    const ballots = input.check(current);
    const [counted] = await tx
      .select({ tally: gameTally.tally, imported: gameTally.imported })
      .from(gameTally)
      .where(eq(gameTally.gameId, input.gameId))
      .for('update');
    if (!counted) throw new AppError('internal', 'Results are missing for this game');
    const [last] = await tx
      .select({ seq: sql<number>`coalesce(max(${importedBallot.seq}), 0)::int` })
      .from(importedBallot)
      .where(eq(importedBallot.gameId, input.gameId));
    const first = (last?.seq ?? 0) + 1;
    for (let start = 0; start < ballots.length; start += INSERT_CHUNK) {
      await tx.insert(importedBallot).values(
        ballots.slice(start, start + INSERT_CHUNK).map((ballot, i) => ({
          gameId: input.gameId,
          seq: first + start + i,
          name: ballot.name,
          ranking: ballot.ranking,
          groups: storedGroups(current.ballot, ballot.groups),
          at: ballot.at,
        })),
      );
    }
    const importedTotal = counted.imported + ballots.length;
    await tx
      .update(gameTally)
      .set({ imported: importedTotal })
      .where(eq(gameTally.gameId, input.gameId));
    const tally = replaceBallots(
      counted.tally,
      ballots.map((ballot) => ({ previous: null, next: ballot.groups })),
    );
    const { submissions } = await bumpVersion(tx, {
      gameId: input.gameId,
      tally,
      event: (bumped) => ({
        type: 'submission',
        gameId: input.gameId,
        version: bumped.version,
        count: bumped.submissions,
        userIds: [],
      }),
    });
    return { imported: ballots.length, submissions, importedTotal };
  });
}
