/**
 * The tables the community owns: published ranks, their likes, reports and moderation.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tsvector, createdAt } from './columns';
import { user } from './auth';
import { game } from './games';

export const communityRank = pgTable(
  'community_rank',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    emoji: text('emoji'),
    items: jsonb('items').$type<string[]>().notNull(),
    creatorId: text('creator_id').references(() => user.id, { onDelete: 'set null' }),
    creatorName: text('creator_name').notNull().default('Anonymous'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    plays: integer('plays').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    /** Published: false once its game is unpublished. */
    isPublic: boolean('is_public').notNull().default(true),
    /** Mirrors the game's archived flag: an archived game's rank leaves every list. */
    archived: boolean('archived').notNull().default(false),
    /** Hidden by a moderator: leaves every public list, /r/{id} says it was removed. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    gameId: text('game_id').references(() => game.id, { onDelete: 'cascade' }),
    /** Title (weight A), tags (A) and items (B) for full-text search. */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english', title), 'A') || setweight(jsonb_to_tsvector('english', tags, '["string"]'), 'A') || setweight(jsonb_to_tsvector('english', items, '["string"]'), 'B')`,
      ),
  },
  (t) => [
    // The two public lists, each answered from its own index in keyset order.
    index('community_rank_new_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isPublic} and not ${t.archived} and not ${t.hidden}`),
    index('community_rank_popular_idx')
      .on(t.plays.desc(), t.likes.desc(), t.createdAt.desc(), t.id.desc())
      .where(sql`${t.isPublic} and not ${t.archived} and not ${t.hidden}`),
    index('community_rank_search_idx').using('gin', t.search),
    index('community_rank_tags_idx').using('gin', sql`${t.tags} jsonb_path_ops`),
    index('community_rank_game_idx').on(t.gameId),
    index('community_rank_creator_idx').on(t.creatorId, t.createdAt.desc()),
  ],
);

/** A report of a community rank; one open report per user and rank. */
export const rankReport = pgTable(
  'rank_report',
  {
    id: text('id').primaryKey(),
    rankId: text('rank_id')
      .notNull()
      .references(() => communityRank.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<'spam' | 'offensive' | 'other'>().notNull(),
    note: text('note'),
    createdAt: createdAt(),
    /** Set when a moderator hides or restores the rank. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('rank_report_open_idx')
      .on(t.rankId, t.userId)
      .where(sql`${t.resolvedAt} is null`),
    index('rank_report_created_idx').on(t.createdAt.desc()),
  ],
);

/** Every moderator action on a community rank: who, when, what, why. */
export const moderationAction = pgTable(
  'moderation_action',
  {
    id: text('id').primaryKey(),
    rankId: text('rank_id')
      .notNull()
      .references(() => communityRank.id, { onDelete: 'cascade' }),
    moderatorId: text('moderator_id').references(() => user.id, { onDelete: 'set null' }),
    action: text('action').$type<'hide' | 'restore'>().notNull(),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_action_rank_idx').on(t.rankId, t.at.desc())],
);

export const rankLike = pgTable(
  'rank_like',
  {
    rankId: text('rank_id')
      .notNull()
      .references(() => communityRank.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.rankId, t.userId] })],
);
