/** Reads of games, their tallies and submissions. */
import { and, desc, eq, or, sql } from 'drizzle-orm';
import { resultsLocked, type GameView, type SubmissionView } from '../../domain/game';
import type { Db } from '../db/client';
import { game, gameTally, submission } from '../db/schema';

export type GameRow = typeof game.$inferSelect;
export type SubmissionRow = typeof submission.$inferSelect;

/** A game by id or slug; an id match wins over a slug match. */
export async function findGame(db: Db, idOrSlug: string): Promise<GameRow | null> {
  const [row] = await db
    .select()
    .from(game)
    .where(or(eq(game.id, idOrSlug), eq(game.slug, idOrSlug)))
    .orderBy(desc(sql`${game.id} = ${idOrSlug}`))
    .limit(1);
  return row ?? null;
}

export async function readTally(db: Db, gameId: string) {
  const [row] = await db.select().from(gameTally).where(eq(gameTally.gameId, gameId));
  return row ?? null;
}

export async function findSubmission(
  db: Db,
  key: { gameId: string; userId: string },
): Promise<SubmissionRow | null> {
  const [row] = await db
    .select()
    .from(submission)
    .where(and(eq(submission.gameId, key.gameId), eq(submission.userId, key.userId)));
  return row ?? null;
}

export function toGameView(row: GameRow, viewerId: string | null): GameView {
  const deadlineAt = row.deadlineAt?.getTime() ?? null;
  return {
    id: row.id,
    slug: row.slug,
    prompt: row.prompt,
    title: row.title,
    emoji: row.emoji,
    category: row.category,
    items: row.items,
    ownerName: row.ownerName,
    isOwner: viewerId !== null && row.ownerId === viewerId,
    sizeLimit: row.sizeLimit,
    timeLimit: row.timeLimit,
    deadlineAt,
    closed: row.closed,
    resultsLocked: resultsLocked({ sizeLimit: row.sizeLimit, deadlineAt, closed: row.closed }),
    isPublic: row.isPublic,
    archived: row.archived,
    createdAt: row.createdAt.getTime(),
  };
}

export function toSubmissionView(row: SubmissionRow): SubmissionView {
  return { ranking: row.ranking, name: row.name, partial: row.partial, at: row.at.getTime() };
}
