/** Reads of games, their tallies and submissions. */
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import { resultsLocked, type GameView, type Item, type SubmissionView } from '../../domain/game';
import { lockedUntil, needsReorder } from '../../domain/lifecycle';
import type { Db } from '../db/client';
import { game, gameTally, submission } from '../db/schema/games';

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

/** A game's final-submission count and live version, without its (possibly large) tally. */
export async function readCount(
  db: Db,
  gameId: string,
): Promise<{ submissions: number; version: number } | null> {
  const [row] = await db
    .select({ submissions: gameTally.submissions, version: gameTally.version })
    .from(gameTally)
    .where(eq(gameTally.gameId, gameId));
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

/** A game as one viewer sees it; `finalSubmissions` tells how many players the rule still needs. */
export function toGameView(
  row: GameRow,
  viewerId: string | null,
  finalSubmissions: number,
): GameView {
  const deadlineAt = row.deadlineAt?.getTime() ?? null;
  const rules = { sizeLimit: row.sizeLimit, deadlineAt, closed: row.closed };
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
    resultsLocked: resultsLocked(rules),
    unlock: lockedUntil(rules, finalSubmissions),
    isPublic: row.isPublic,
    communityRankId: row.communityRankId,
    archived: row.archived,
    remixedFrom: row.remixedFrom,
    createdAt: row.createdAt.getTime(),
  };
}

/**
 * A saved submission. Given the game's current items (a game read), a final ranking also says
 * whether items were added since, so the player is asked to re-order.
 */
export function toSubmissionView(row: SubmissionRow, items?: readonly Item[]): SubmissionView {
  const view: SubmissionView = {
    ranking: row.ranking,
    name: row.name,
    partial: row.partial,
    at: row.at.getTime(),
  };
  if (items) view.needsReorder = !row.partial && needsReorder(row.ranking, items);
  return view;
}

export type Ballot = { userId: string; name: string; at: Date; ranking: string[] };

/** Final rankings of a game in user id order, a page after `afterUserId` (keyset paging). */
export async function finalBallotsPage(
  db: Db,
  page: { gameId: string; afterUserId: string | null; limit: number },
): Promise<Ballot[]> {
  return db
    .select({
      userId: submission.userId,
      name: submission.name,
      at: submission.at,
      ranking: submission.ranking,
    })
    .from(submission)
    .where(
      and(
        eq(submission.gameId, page.gameId),
        eq(submission.partial, false),
        page.afterUserId === null ? undefined : gt(submission.userId, page.afterUserId),
      ),
    )
    .orderBy(submission.userId)
    .limit(page.limit);
}
