/**
 * The whole data model (DESIGN.md "Data model"). better-auth owns `user`, `session`, `account`,
 * `verification` and `rate_limit`; the profile columns on `user` are ours.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  type AnyPgColumn,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AuditAction, AuditTargetKind } from '../../domain/admin';
import type { Unlocks } from '../../domain/achievements';
import type { Item } from '../../domain/game';
import type { Tally } from '../../domain/results';

/** PostgreSQL's full-text document type (community search). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export type UserStats = {
  gamesCreated: number;
  rankingsSubmitted: number;
  communityPublishes: number;
  xpByReason: Record<string, number>;
};

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** When the e-mail was last proven (set by a trigger when email_verified turns true). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    role: text('role').notNull().default('user'),
    /** Who made this user an admin: null when their address's own claim did (ADMIN_EMAILS). */
    adminGrantedBy: text('admin_granted_by'),
    handle: text('handle'),
    handleLower: text('handle_lower').unique(),
    /**
     * The handle's confusable skeleton (domain/handle.ts handleSkeleton): look-alike handles
     * collide here. Null for no handle, and for a look-alike held before this rule (decision 0029).
     */
    handleSkeleton: text('handle_skeleton').unique(),
    /** When the current handle was claimed (SPEC §3 usernames.at); null before it was recorded. */
    handleClaimedAt: timestamp('handle_claimed_at', { withTimezone: true }),
    level: integer('level').notNull().default(1),
    xp: integer('xp').notNull().default(0),
    xpToNext: integer('xp_to_next').notNull().default(100),
    crowns: integer('crowns').notNull().default(0),
    /** Every XP ever earned: the sum of the player's `xp_award` ledger. */
    totalXp: integer('total_xp').notNull().default(0),
    /** When each achievement unlocked (epoch ms), stamped by the award that earned it. */
    achievements: jsonb('achievements').$type<Unlocks>().notNull().default({}),
    stats: jsonb('stats')
      .$type<UserStats>()
      .notNull()
      .default({ gamesCreated: 0, rankingsSubmitted: 0, communityPublishes: 0, xpByReason: {} }),
    locale: text('locale'),
    tzOffset: integer('tz_offset'),
    deviceType: text('device_type'),
    anonId: text('anon_id'),
    firstTouch: jsonb('first_touch').$type<Record<string, string>>(),
    lastTouch: jsonb('last_touch').$type<Record<string, string>>(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
  },
  (t) => [index('user_anon_id_idx').on(t.anonId)],
);

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

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
});

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
    ranking: jsonb('ranking').$type<string[]>().notNull(),
    partial: boolean('partial').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
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

export const play = pgTable(
  'play',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    gameId: text('game_id')
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  // One play per player and game: their first final ranking records it, resubmits do not.
  (t) => [
    uniqueIndex('play_user_game_idx').on(t.userId, t.gameId),
    index('play_game_idx').on(t.gameId),
  ],
);

export const playedGame = pgTable(
  'played_game',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    gameId: text('game_id')
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }).notNull().defaultNow(),
    lastCompletedAt: timestamp('last_completed_at', { withTimezone: true }),
    playCount: integer('play_count').notNull().default(0),
    status: text('status').$type<'started' | 'completed'>().notNull().default('started'),
    partial: boolean('partial').notNull().default(true),
    title: text('title'),
    emoji: text('emoji'),
    itemsCount: integer('items_count').notNull().default(0),
    isPublic: boolean('is_public').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.gameId] }),
    index('played_game_user_last_idx').on(t.userId, t.lastPlayedAt.desc(), t.gameId.desc()),
  ],
);

export const xpAward = pgTable(
  'xp_award',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    ref: text('ref').notNull(),
    amount: integer('amount').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('xp_award_user_reason_ref_idx').on(t.userId, t.reason, t.ref),
    index('xp_award_user_at_idx').on(t.userId, t.at.desc()),
  ],
);

export const analyticsEvent = pgTable(
  'analytics_event',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    props: jsonb('props').$type<Record<string, unknown>>().notNull().default({}),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    anonId: text('anon_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('analytics_event_name_at_idx').on(t.name, t.at.desc()),
    index('analytics_event_at_idx').on(t.at),
  ],
);

/**
 * Analytics events older than the retention window, folded into counts per day, event name and
 * one dimension (`''` for the total; e.g. `device:mobile`, `utm_source:newsletter`).
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    dimension: text('dimension').notNull().default(''),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.name, t.dimension] })],
);

/**
 * What admins did: granting or revoking admin, claims confirmed by mail, deleting games, hiding
 * and restoring community ranks. Names and labels are copied in, so the record outlives the
 * accounts and games it names. A grant whose granting admin later lost the role is flagged
 * (`flagged_at`) until an admin reviews it (decision 0028).
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: text('id').primaryKey(),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').$type<AuditAction>().notNull(),
    targetKind: text('target_kind').$type<AuditTargetKind>().notNull(),
    targetId: text('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Set on a grant when the admin who made it loses the role. */
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    /** Set when an admin has reviewed a flagged grant and kept it. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
  },
  (t) => [
    index('admin_audit_at_idx').on(t.at.desc(), t.id.desc()),
    index('admin_audit_flagged_idx')
      .on(t.at.desc(), t.id.desc())
      .where(sql`${t.flaggedAt} is not null and ${t.reviewedAt} is null`),
    index('admin_audit_actor_grants_idx')
      .on(t.actorId)
      .where(sql`${t.action} = 'grant-admin'`),
  ],
);

/**
 * A pending admin claim (decision 0028): the link mailed to the claiming address. Only the
 * SHA-256 of the link's secret is kept. Bound to the account and the session that asked: it goes
 * with either (sign-out, password reset, deleted account), and it is deleted when used.
 */
export const adminClaim = pgTable(
  'admin_claim',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => session.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_claim_user_idx').on(t.userId),
    index('admin_claim_session_idx').on(t.sessionId),
  ],
);

/**
 * Personal API tokens (decision 0024): only the SHA-256 of the secret is kept, never the secret.
 * Revoking deletes the row; a trigger (migrations/0007) then tells every instance to drop what it
 * cached of the owner's tokens.
 */
export const apiToken = pgTable(
  'api_token',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Hex SHA-256 of the whole secret (`crw_…`). */
    tokenHash: text('token_hash').notNull().unique(),
    /** The secret's first characters, shown in lists so people can tell tokens apart. */
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    /** Written at most once a minute per token. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('api_token_user_id_idx').on(t.userId, t.createdAt)],
);

/**
 * Owner webhooks (decision 0025): a URL that receives a game's `submission` and/or `closed`
 * events. The secret signs deliveries (so it is kept as is) and is shown to the owner once.
 */
export const webhook = pgTable(
  'webhook',
  {
    id: text('id').primaryKey(),
    gameId: text('game_id')
      .notNull()
      .references(() => game.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    /** Subset of 'submission' | 'closed'. */
    events: text('events').array().notNull(),
    createdAt: createdAt(),
    /** Failed attempts in a row (decision 0030); 0 after a success or when turned back on. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** When the current run of failures began; null after a success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    /** Set when it was turned off: nothing is queued or sent until its owner turns it back on. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [index('webhook_game_idx').on(t.gameId, t.createdAt)],
);

/**
 * One event for one webhook and its delivery state. Pending rows are claimed by whichever
 * instance's worker gets them first (FOR UPDATE SKIP LOCKED); the newest rows per webhook are
 * kept as its delivery log, older ones pruned.
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhook.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    /** 'pending' | 'delivered' | 'failed'. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /**
     * What later events of the same kind replace while this one is unsent (a player's id for
     * `submission`: their re-rankings coalesce, decision 0030); null: never replaced. Not sent.
     */
    coalesceKey: text('coalesce_key'),
    /** Set while an instance is sending it (the lease's end): counts toward its owner's cap. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    /**
     * When its first attempt was due: the next delivery of the same webhook and key is not due
     * before this plus the coalescing window (one per player per window).
     */
    notBefore: timestamp('not_before', { withTimezone: true }),
  },
  (t) => [
    index('webhook_delivery_log_idx').on(t.webhookId, t.createdAt.desc()),
    // Claims walk the webhooks that have pending deliveries, then each one's earliest due.
    index('webhook_delivery_pending_idx')
      .on(t.webhookId, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // The one unsent delivery per webhook and player that re-rankings replace.
    uniqueIndex('webhook_delivery_unsent_idx')
      .on(t.webhookId, t.coalesceKey)
      .where(sql`${t.status} = 'pending' and ${t.attempts} = 0`),
    index('webhook_delivery_key_idx')
      .on(t.webhookId, t.coalesceKey, t.notBefore)
      .where(sql`${t.coalesceKey} is not null`),
    index('webhook_delivery_leased_idx')
      .on(t.leasedUntil)
      .where(sql`${t.leasedUntil} is not null`),
  ],
);
