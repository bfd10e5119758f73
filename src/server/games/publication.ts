/**
 * A game's published flags, written by games for the community's publish and unpublish
 * (community/mutations.ts), inside their transaction, on a game whose lock it holds.
 */
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/game';
import type { Tx } from '../db/client';
import { game } from '../db/schema/games';
import type { GameRow } from './data';

/** The game is public and published as the community rank `rankId`, with this emoji. */
export async function markPublished(
  tx: Tx,
  input: { gameId: string; rankId: string; emoji: string | null },
): Promise<GameRow> {
  const [published] = await tx
    .update(game)
    .set({
      isPublic: true,
      isPublished: true,
      publishRequested: true,
      communityRankId: input.rankId,
      emoji: input.emoji,
      updatedAt: sql`now()`,
    })
    .where(eq(game.id, input.gameId))
    .returning();
  if (!published) throw new AppError('not-found', MESSAGES.gameNotFound);
  return published;
}

/** The game is no longer public nor published (SPEC: isPublished), and forgets its rank's id. */
export async function markUnpublished(tx: Tx, gameId: string): Promise<GameRow> {
  const [unpublished] = await tx
    .update(game)
    .set({ isPublic: false, isPublished: false, communityRankId: null, updatedAt: sql`now()` })
    .where(eq(game.id, gameId))
    .returning();
  if (!unpublished) throw new AppError('not-found', MESSAGES.gameNotFound);
  return unpublished;
}
