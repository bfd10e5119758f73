/**
 * Games, their tallies and rankings as other features read them (decision 0037): games alone
 * write these tables; others join these relations into their own statement (no query of its
 * own). PostgreSQL plans each as its table, indexes included.
 */
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { game, gameTally, submission } from '../db/schema/games';

const qb = new QueryBuilder();

/** The game columns lists show (admin's list, My Ranks, XP activity). */
export const games = qb
  .select({
    id: game.id,
    slug: game.slug,
    ownerId: game.ownerId,
    ownerName: game.ownerName,
    prompt: game.prompt,
    title: game.title,
    emoji: game.emoji,
    items: game.items,
    sizeLimit: game.sizeLimit,
    deadlineAt: game.deadlineAt,
    closed: game.closed,
    isPublic: game.isPublic,
    communityRankId: game.communityRankId,
    archived: game.archived,
    playCount: game.playCount,
    createdAt: game.createdAt,
  })
  .from(game)
  .as('games');

/** Each game's count of final rankings. */
export const tallies = qb
  .select({ gameId: gameTally.gameId, submissions: gameTally.submissions })
  .from(gameTally)
  .as('tallies');

/** Saved rankings: final (not partial) or saved progress, and when. */
export const rankings = qb
  .select({ gameId: submission.gameId, partial: submission.partial, at: submission.at })
  .from(submission)
  .as('rankings');
