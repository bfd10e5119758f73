/**
 * The tables games own: the game, its tally and its submissions.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { BallotSpec, Groups } from '../../../domain/ballot';
import type { Item } from '../../../domain/game';
import type { Tally } from '../../../domain/results';
import { createdAt, updatedAt } from './columns';
import { user } from './auth';

export const game = pgTable(
  'game',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    // A person's games go with their account; only the seeded demo game has no owner.
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'cascade' }),
    ownerName: text('owner_name').notNull().default('Anonymous'),
    prompt: text('prompt').notNull(),
    title: text('title'),
    emoji: text('emoji'),
    category: text('category').notNull().default('manual'),
    items: jsonb('items').$type<Item[]>().notNull(),
    /** What the game asks its players for (issue 25); fixed once someone has played. */
    ballot: jsonb('ballot')
      .$type<BallotSpec>()
      .notNull()
      .default(sql`'{"kind":"ranking"}'::jsonb`),
    sizeLimit: integer('size_limit'),
    timeLimit: integer('time_limit'),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    closed: boolean('closed').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    publishRequested: boolean('publish_requested').notNull().default(false),
    communityRankId: text('community_rank_id'),
    archived: boolean('archived').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(false),
    playCount: integer('play_count').notNull().default(0),
    /** The game this one was remixed from (same prompt and items); cleared if that one goes. */
    remixedFrom: text('remixed_from').references((): AnyPgColumn => game.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('game_owner_created_idx').on(t.ownerId, t.createdAt.desc(), t.id.desc()),
    index('game_open_deadline_idx')
      .on(t.deadlineAt)
      .where(sql`${t.closed} = false and ${t.deadlineAt} is not null`),
  ],
);

/** Incrementally maintained results of one game: one row per game, locked per submission. */
export const gameTally = pgTable('game_tally', {
  gameId: text('game_id')
    .primaryKey()
    .references(() => game.id, { onDelete: 'cascade' }),
  tally: jsonb('tally').$type<Tally>().notNull(),
  /** Final submissions counted; mirrors tally.submissions for cheap reads. */
  submissions: integer('submissions').notNull().default(0),
  /** Bumped on every accepted submission: the live event id. */
  version: integer('version').notNull().default(0),
  /** Of the final ballots counted, those the owner imported (decision 0048). */
  imported: integer('imported').notNull().default(0),
});

/**
 * Ballots the owner imported from a file (decision 0048): counted like final submissions, but no
 * account's, so they earn nothing and are nobody's recent play. `seq` numbers them 1, 2, … in the
 * order imported (an export lists them so, and reads back unchanged).
 */
export const importedBallot = pgTable(
  'imported_ballot',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    name: text('name').notNull(),
    /** The ranked items, best first (a tier ballot's: tier by tier), as `submission.ranking`. */
    ranking: jsonb('ranking').$type<string[]>().notNull(),
    /** A tier ballot's tiers, as `submission.groups`; null for a full ranking or a top N. */
    groups: jsonb('groups').$type<Groups>(),
    /** The submitted_at of its row in the file. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seq] })],
);

export const submission = pgTable(
  'submission',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The ranked items, best first (a tier ballot's: tier by tier). */
    ranking: jsonb('ranking').$type<string[]>().notNull(),
    /**
     * A tier ballot's tiers, empty ones included (domain/ballot.ts `storedGroups`); null for a
     * full ranking or a top N, whose ranking says it all (and for every row saved before them).
     */
    groups: jsonb('groups').$type<Groups>(),
    partial: boolean('partial').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The player's first save of this game (progress or final): their play's start. */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Re-rankings (final rankings replacing this player's final one) in the window that started
     * at `reranks_since` (ms since the epoch): the re-ranking limit, written by the submission's
     * own statement (decision 0033).
     */
    reranks: integer('reranks').notNull().default(0),
    reranksSince: bigint('reranks_since', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.userId] }),
    index('submission_user_at_idx').on(t.userId, t.at.desc()),
    index('submission_game_at_idx').on(t.gameId, t.at.desc()),
  ],
);

/**
 * A duel game's answers (issue 28, decision 0060): one per player and pair, the pair's items in
 * code-unit order (`a < b`), `winner` one of them or null ("can't decide"). The primary key is
 * the "never the same pair twice" rule; a player's answered pairs are one read.
 */
export const duelAnswer = pgTable(
  'duel_answer',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    a: text('a').notNull(),
    b: text('b').notNull(),
    winner: text('winner'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId, t.a, t.b] })],
);

/**
 * The pair last offered to each player of a duel game, in the order shown: an answer is taken
 * only for it (decision 0060).
 */
export const duelOffer = pgTable(
  'duel_offer',
  {
    gameId: text('game_id')
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    a: text('a').notNull(),
    b: text('b').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.userId] })],
);
