/** Writes: creating games and accepting submissions, each in one transaction. */
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { checkRanking, MESSAGES, slugify, type Item } from '../../domain/game';
import { emptyTally, replaceRanking } from '../../domain/results';
import type { Db } from '../db/client';
import { game, gameTally, submission } from '../db/schema';
import { newId } from '../ids';
import { EventHub } from '../realtime/hub';
import type { GameRow, SubmissionRow } from './data';

export async function createGame(
  db: Db,
  input: { ownerId: string; ownerName: string; prompt: string; labels: string[] },
): Promise<GameRow> {
  const items: Item[] = input.labels.map((label) => ({ id: newId(6), label }));
  const base = slugify(input.prompt);
  return db.transaction(async (tx) => {
    // The readable slug first; when it is taken, the same words with a short random suffix.
    for (const slug of [base, `${base}-${newId(4).toLowerCase()}`, `${base}-${newId(8).toLowerCase()}`]) {
      const [row] = await tx
        .insert(game)
        .values({
          id: newId(10),
          slug,
          ownerId: input.ownerId,
          ownerName: input.ownerName || 'Anonymous',
          prompt: input.prompt,
          items,
        })
        .onConflictDoNothing({ target: game.slug })
        .returning();
      if (row) {
        await tx.insert(gameTally).values({ gameId: row.id, tally: emptyTally() });
        return row;
      }
    }
    throw new AppError('aborted', 'Could not pick a link for this game; please try again');
  });
}

export type SubmitResult = { submission: SubmissionRow; count: number; version: number };

/**
 * Saves a player's ranking. The game row is locked for the transaction, so submissions to one
 * game apply one at a time: the old final ranking is subtracted from the tally, the new one added.
 */
export async function submitRanking(
  db: Db,
  input: { gameId: string; userId: string; name: string; ranking: string[]; partial: boolean },
): Promise<SubmitResult> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: game.id, items: game.items })
      .from(game)
      .where(eq(game.id, input.gameId))
      .for('update');
    if (!locked) throw new AppError('not-found', MESSAGES.gameNotFound);
    checkRanking(
      input.ranking,
      locked.items.map((item) => item.id),
      input.partial,
    );
    const key = and(eq(submission.gameId, input.gameId), eq(submission.userId, input.userId));
    const [previous] = await tx.select().from(submission).where(key);
    const [tallyRow] = await tx.select().from(gameTally).where(eq(gameTally.gameId, input.gameId));
    if (!tallyRow) throw new AppError('internal', 'Results are missing for this game');
    // Saved progress never replaces a final ranking: the final one is what counts.
    if (input.partial && previous && !previous.partial) {
      return { submission: previous, count: tallyRow.submissions, version: tallyRow.version };
    }

    const now = new Date();
    const [saved] = await tx
      .insert(submission)
      .values({ ...input, at: now })
      .onConflictDoUpdate({
        target: [submission.gameId, submission.userId],
        set: { name: input.name, ranking: input.ranking, partial: input.partial, at: now },
      })
      .returning();
    if (!saved) throw new AppError('internal', 'The submission was not saved');

    let { submissions: count, version } = tallyRow;
    if (!input.partial) {
      const counted = previous && !previous.partial ? previous.ranking : null;
      const tally = replaceRanking(tallyRow.tally, counted, input.ranking);
      version += 1;
      count = tally.submissions;
      await tx
        .update(gameTally)
        .set({ tally, submissions: count, version })
        .where(eq(gameTally.gameId, input.gameId));
      await EventHub.notify(tx, {
        type: 'submission',
        gameId: input.gameId,
        version,
        count,
        userId: input.userId,
      });
    }
    await tx
      .update(game)
      .set({ lastActivityAt: now })
      .where(eq(game.id, input.gameId));
    return { submission: saved, count, version };
  });
}
