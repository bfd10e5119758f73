/** Reads of games, their tallies and submissions. */
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import { savedGroups, type BallotSpec, type Groups } from '../../domain/ballot';
import { resultsLocked, type GameView, type Item, type SubmissionView } from '../../domain/game';
import { itemView } from '../../domain/item-pictures';
import { lockedUntil, needsReorder } from '../../domain/lifecycle';
import type { Db } from '../db/client';
import { duelAnswer, game, gameTally, importedBallot, submission } from '../db/schema/games';

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
    // Only items with a picture are copied (its addresses added): text items go as they are.
    items: row.items.map(itemView),
    ballot: row.ballot,
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
 * A saved submission as it was sent: its ranking, and a tier ballot's tiers. Given the game (a
 * game read), a final full ranking also says whether items were added since, so the player is
 * asked to re-order (a top N or a tier ballot leaves items out by design).
 */
export function toSubmissionView(
  row: SubmissionRow,
  game?: { items: readonly Item[]; ballot: BallotSpec },
): SubmissionView {
  const view: SubmissionView = {
    ranking: row.ranking,
    ...(row.groups ? { tiers: row.groups } : {}),
    name: row.name,
    partial: row.partial,
    at: row.at.getTime(),
  };
  if (game) {
    view.needsReorder =
      game.ballot.kind === 'ranking' && !row.partial && needsReorder(row.ranking, game.items);
  }
  return view;
}

/**
 * A final ballot: who, the name they showed, when, its ranked items best first and the groups
 * it is counted in (a full ranking's or a top N's: one item each; a tier ballot's: its tiers).
 */
export type Ballot = { userId: string; name: string; at: Date; ranking: string[]; groups: Groups };

/** An imported ballot's `Ballot.userId`: no account's (user ids hold no colon), its number. */
const IMPORTED_KEY = 'imported:';

/**
 * Final ballots of a game, a page after `afterUserId` (keyset paging): the players' in user id
 * order, then the imported ones (decision 0048) in the order imported, whose `userId` is
 * `imported:<n>`. A page shorter than `limit` is the last.
 */
export async function finalBallotsPage(
  db: Db,
  page: { gameId: string; afterUserId: string | null; limit: number },
): Promise<Ballot[]> {
  const afterImported = page.afterUserId?.startsWith(IMPORTED_KEY)
    ? Number(page.afterUserId.slice(IMPORTED_KEY.length))
    : null;
  const players =
    afterImported === null
      ? await db
          .select({
            userId: submission.userId,
            name: submission.name,
            at: submission.at,
            ranking: submission.ranking,
            groups: submission.groups,
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
          .limit(page.limit)
      : [];
  const ballots = players.map((row) => ({ ...row, groups: savedGroups(row) }));
  if (ballots.length === page.limit) return ballots;
  const imported = await db
    .select({
      seq: importedBallot.seq,
      name: importedBallot.name,
      at: importedBallot.at,
      ranking: importedBallot.ranking,
      groups: importedBallot.groups,
    })
    .from(importedBallot)
    .where(
      and(
        eq(importedBallot.gameId, page.gameId),
        afterImported === null ? undefined : gt(importedBallot.seq, afterImported),
      ),
    )
    .orderBy(importedBallot.seq)
    .limit(page.limit - ballots.length);
  for (const { seq, ...row } of imported) {
    ballots.push({ ...row, userId: `${IMPORTED_KEY}${seq}`, groups: savedGroups(row) });
  }
  return ballots;
}

/** A duel game's answer (decision 0067) with the name its player showed on their ballot. */
export type DuelAnswerRow = {
  userId: string;
  name: string;
  at: Date;
  a: string;
  b: string;
  winner: string | null;
};

/**
 * A duel game's answers, a page after `after` (keyset paging on player, then pair). A page
 * shorter than `limit` is the last.
 */
export async function duelAnswersPage(
  db: Db,
  page: {
    gameId: string;
    after: { userId: string; a: string; b: string } | null;
    limit: number;
  },
): Promise<DuelAnswerRow[]> {
  const after = page.after;
  return db
    .select({
      userId: duelAnswer.userId,
      name: sql<string>`coalesce(${submission.name}, 'Anonymous')`,
      at: duelAnswer.at,
      a: duelAnswer.a,
      b: duelAnswer.b,
      winner: duelAnswer.winner,
    })
    .from(duelAnswer)
    .leftJoin(
      submission,
      and(eq(submission.gameId, duelAnswer.gameId), eq(submission.userId, duelAnswer.userId)),
    )
    .where(
      and(
        eq(duelAnswer.gameId, page.gameId),
        after === null
          ? undefined
          : sql`(${duelAnswer.userId}, ${duelAnswer.a}, ${duelAnswer.b}) > (${after.userId}, ${after.a}, ${after.b})`,
      ),
    )
    .orderBy(duelAnswer.userId, duelAnswer.a, duelAnswer.b)
    .limit(page.limit);
}
