/**
 * zod schemas of the API's response bodies, for the OpenAPI document (/api/openapi.json) and
 * the integration suite's response check. The domain's TypeScript types are checked against
 * them below, so a field added to a view without its schema fails `tsc`.
 */
import { z } from 'zod';
import type {
  AdminAnalytics,
  AdminGameView,
  AdminOverview,
  AuditEntryView,
  GrantReviewView,
  AdminUserView,
  Page,
} from '../../domain/admin';
import { FUNNEL_STEPS } from '../../domain/analytics';
import type { ApiTokenView, CreatedApiToken } from '../../domain/api-tokens';
import type { PublicCard } from '../../domain/card';
import type {
  CommunityListResponse,
  CommunityRankView,
  RankReportView,
} from '../../domain/community';
import { ERROR_STATUS, type ErrorBody } from '../../domain/errors';
import type { GameView, Item, SubmissionView } from '../../domain/game';
import type {
  MyGameView,
  PlayedGameView,
  ProfileView,
  PublicProfileView,
  XpActivityView,
} from '../../domain/profile';
import type { ItemResult, Results } from '../../domain/results';
import type { keepFlaggedGrant, setAdminRole } from '../admin/mutations';
import type { ClaimAnswer, confirmAdminClaim } from '../admin/claims';
import { AUDIT_ACTIONS, AUDIT_TARGET_KINDS } from '../../domain/admin';
import type { addWebhook } from '../webhooks/store';
import { WEBHOOK_EVENTS, type DeliveryView, type WebhookView } from '../../domain/webhooks';

/** Every code an error body may carry (SPEC §8): `unknown` only for a status with no code. */
export const ERROR_CODES = [
  ...(Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[]),
  'unknown' as const,
];
const ErrorCodeSchema = z.enum(['unknown', ...ERROR_CODES]);

export const ErrorBodySchema = z
  .object({
    error: z
      .object({
        code: ErrorCodeSchema,
        message: z.string(),
        /** Locked results: what unlocks them. */
        unlock: z
          .object({ playersNeeded: z.number().nullable(), deadlineAt: z.number().nullable() })
          .optional(),
        closed: z.boolean().optional(),
        removed: z.boolean().optional(),
        /** The request's id (also in the X-Request-Id header), for a report. */
        requestId: z.string().optional(),
      })
      .meta({ description: 'What went wrong: a code of SPEC §8 and a message for people' }),
  })
  .meta({ id: 'Error' });

export const ItemSchema = z.object({ id: z.string(), label: z.string() }).meta({ id: 'Item' });

export const UnlockSchema = z
  .object({ playersNeeded: z.number().nullable(), deadlineAt: z.number().nullable() })
  .meta({ id: 'Unlock' });

export const GameViewSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    prompt: z.string(),
    title: z.string().nullable(),
    emoji: z.string().nullable(),
    category: z.string(),
    items: z.array(ItemSchema),
    ownerName: z.string(),
    isOwner: z.boolean(),
    sizeLimit: z.number().nullable(),
    timeLimit: z.number().nullable(),
    deadlineAt: z.number().nullable().meta({ description: 'Milliseconds since the epoch' }),
    closed: z.boolean(),
    resultsLocked: z.boolean(),
    unlock: UnlockSchema.nullable(),
    isPublic: z.boolean(),
    communityRankId: z.string().nullable(),
    archived: z.boolean(),
    remixedFrom: z.string().nullable(),
    createdAt: z.number(),
  })
  .meta({ id: 'Game' });

export const SubmissionViewSchema = z
  .object({
    ranking: z.array(z.string()).meta({ description: 'Item ids, best first' }),
    name: z.string(),
    partial: z.boolean(),
    at: z.number(),
    needsReorder: z.boolean().optional(),
  })
  .meta({ id: 'Submission' });

const StatsSchema = z.object({
  gamesCreated: z.number(),
  rankingsSubmitted: z.number(),
  communityPublishes: z.number(),
});
/** Achievement id -> when it was unlocked (ms since the epoch). */
const UnlocksSchema = z.record(z.string(), z.number()).meta({ id: 'Achievements' });

export const ProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    isAnonymous: z.boolean(),
    role: z.enum(['user', 'admin']),
    handle: z.string().nullable(),
    handleClaimedAt: z.number().nullable(),
    image: z.string().nullable(),
    level: z.number(),
    xp: z.number(),
    xpToNext: z.number(),
    crowns: z.number(),
    totalXp: z.number(),
    stats: StatsSchema,
    achievements: UnlocksSchema,
  })
  .meta({ id: 'Profile' });

export const PublicProfileSchema = z
  .object({
    handle: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    level: z.number(),
    crowns: z.number(),
    achievements: UnlocksSchema,
    stats: StatsSchema,
    joinedAt: z.number(),
  })
  .meta({ id: 'PublicProfile' });

export const XpActivitySchema = z
  .object({
    reason: z.enum(['create', 'play', 'publish']),
    amount: z.number(),
    at: z.number(),
    gameId: z.string(),
    gameTitle: z.string().nullable(),
  })
  .meta({ id: 'XpActivity' });

export const MyGameSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    emoji: z.string().nullable(),
    itemsCount: z.number(),
    players: z.number(),
    state: z.enum(['open', 'locked', 'closed']),
    isPublic: z.boolean(),
    communityRankId: z.string().nullable(),
    archived: z.boolean(),
    createdAt: z.number(),
  })
  .meta({ id: 'MyGame' });

export const PlayedGameSchema = z
  .object({
    gameId: z.string(),
    slug: z.string(),
    title: z.string(),
    emoji: z.string().nullable(),
    itemsCount: z.number(),
    status: z.enum(['started', 'completed']),
    lastPlayedAt: z.number(),
    closed: z.boolean(),
  })
  .meta({ id: 'PlayedGame' });

export const ItemResultSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    meanPosition: z.number().nullable(),
    firstShare: z.number(),
    distribution: z.array(z.number()),
    contested: z.number(),
  })
  .meta({ id: 'ItemResult' });

/** The summary every voting method's answer carries (the method's own fields come beside it). */
export const ResultsSchema = z.object({
  submissions: z.number(),
  items: z.array(ItemResultSchema),
  condorcetWinner: z.string().nullable(),
  headToHead: z.record(z.string(), z.record(z.string(), z.number())),
});

export const CommunityRankSchema = z
  .object({
    id: z.string(),
    gameId: z.string().nullable(),
    title: z.string(),
    emoji: z.string().nullable(),
    items: z.array(z.string()).meta({ description: 'Item labels, in the game’s order' }),
    itemsCount: z.number(),
    creatorName: z.string(),
    creatorHandle: z.string().nullable(),
    tags: z.array(z.string()),
    plays: z.number(),
    likes: z.number(),
    likedByMe: z.boolean(),
    createdAt: z.number(),
    isMine: z.boolean().meta({ description: 'The caller created it' }),
    moderation: z
      .object({ openReports: z.number(), hidden: z.boolean() })
      .optional()
      .meta({ description: 'Administrators only' }),
  })
  .meta({ id: 'CommunityRank' });

export const CommunityListSchema = z.object({
  ranks: z.array(CommunityRankSchema),
  nextCursor: z.string().nullable(),
});

export const RankReportSchema = z
  .object({
    id: z.string(),
    rankId: z.string(),
    rankTitle: z.string(),
    reason: z.enum(['spam', 'offensive', 'other']),
    note: z.string().nullable(),
    reporterName: z.string(),
    createdAt: z.number(),
    hidden: z.boolean(),
  })
  .meta({ id: 'RankReport' });

const AdminRoleSchema = z.enum(['admin', 'user']);
const IsoTime = z.string().meta({ description: 'ISO 8601 time' });

const DailyCountsSchema = z.object({
  day: z.string().meta({ description: 'YYYY-MM-DD (UTC)' }),
  signups: z.number(),
  gamesCreated: z.number(),
  rankingsSubmitted: z.number(),
  publishes: z.number(),
});

export const AdminOverviewSchema = z
  .object({
    totals: z.object({
      users: z.number(),
      guests: z.number(),
      games: z.number(),
      rankings: z.number(),
      communityRanks: z.number(),
    }),
    active: z.object({ day1: z.number(), day7: z.number(), day30: z.number() }),
    daily: z.array(DailyCountsSchema),
  })
  .meta({ id: 'AdminOverview' });

export const AdminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    handle: z.string().nullable(),
    email: z.string(),
    role: AdminRoleSchema,
    level: z.number(),
    gamesCreated: z.number(),
    lastActiveAt: IsoTime.nullable(),
    createdAt: IsoTime,
  })
  .meta({ id: 'AdminUser' });

export const AdminGameSchema = z
  .object({
    id: z.string(),
    slug: z.string().nullable(),
    prompt: z.string(),
    ownerId: z.string().nullable(),
    ownerName: z.string(),
    itemsCount: z.number(),
    playCount: z.number(),
    createdAt: IsoTime,
    isPublic: z.boolean(),
    closed: z.boolean(),
  })
  .meta({ id: 'AdminGame' });

export const AuditEntrySchema = z
  .object({
    id: z.string(),
    actorId: z.string().nullable(),
    actorName: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    targetKind: z.enum(AUDIT_TARGET_KINDS),
    targetId: z.string(),
    targetLabel: z.string(),
    at: IsoTime,
    flaggedAt: IsoTime.nullable(),
    reviewedAt: IsoTime.nullable(),
  })
  .meta({ id: 'AuditEntry' });

export const GrantReviewSchema = z
  .object({
    id: z.string(),
    actorId: z.string().nullable(),
    actorName: z.string(),
    targetId: z.string(),
    targetLabel: z.string(),
    at: IsoTime,
    flaggedAt: IsoTime,
  })
  .meta({ id: 'GrantReview' });
export const GrantReviewsSchema = z.object({ grants: z.array(GrantReviewSchema) });
export const GrantReviewedSchema = z.object({ reviewed: z.literal(true) });

/** The answer to an admin claim (decision 0028). */
export const AdminClaimSchema = z.object({
  success: z.boolean(),
  admin: z.boolean(),
  pending: z.boolean(),
  sentTo: z.string().nullable(),
});
export const AdminClaimConfirmedSchema = z.object({
  success: z.literal(true),
  admin: z.literal(true),
});

export const AdminUsersPageSchema = z.object({
  users: z.array(AdminUserSchema),
  nextCursor: z.string().nullable(),
});
export const AdminGamesPageSchema = z.object({
  games: z.array(AdminGameSchema),
  nextCursor: z.string().nullable(),
});
export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  nextCursor: z.string().nullable(),
});

/** The answer to a role change. */
export const RoleChangeSchema = z.object({
  user: z.object({ id: z.string(), role: AdminRoleSchema }),
});

export const AdminAnalyticsSchema = z
  .object({
    days: z.number(),
    funnel: z.array(z.object({ step: z.enum(FUNNEL_STEPS), visitors: z.number() })),
    firstTouch: z.array(z.object({ source: z.string(), visitors: z.number() })),
    lastTouch: z.array(z.object({ source: z.string(), visitors: z.number() })),
    devices: z.array(z.object({ device: z.string(), visitors: z.number() })),
    locales: z.array(z.object({ locale: z.string(), visitors: z.number() })),
  })
  .meta({ id: 'AdminAnalytics' });

export const WebhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    createdAt: z.number(),
    consecutiveFailures: z
      .number()
      .meta({ description: 'Failed attempts in a row; 0 after a success or when turned on' }),
    disabledAt: z.number().nullable().meta({
      description:
        'When it was turned off (after too many failures in a row, or by its owner); null while on',
    }),
  })
  .meta({ id: 'Webhook' });

/** The answer to a webhook's creation: its signing secret, shown this once. */
export const CreatedWebhookSchema = z.object({ webhook: WebhookSchema, secret: z.string() });

export const DeliverySchema = z
  .object({
    id: z.string(),
    event: z.enum(WEBHOOK_EVENTS),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number(),
    lastStatusCode: z.number().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.number(),
    deliveredAt: z.number().nullable(),
    nextAttemptAt: z.number().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const ApiTokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().meta({ description: 'The secret’s first characters, to tell tokens apart' }),
    createdAt: z.number(),
    lastUsedAt: z.number().nullable(),
  })
  .meta({ id: 'ApiToken' });

/** The answer to a token's creation: its secret, shown this once. */
export const CreatedApiTokenSchema = z.object({ token: ApiTokenSchema, secret: z.string() });

export const PublicCardSchema = z
  .object({
    id: z.string(),
    prompt: z.string(),
    players: z.number(),
    closed: z.boolean(),
    locked: z.boolean(),
    items: z.array(z.string()),
    leaders: z.array(z.object({ label: z.string(), firstShare: z.number() })).nullable(),
  })
  .meta({ id: 'PublicCard' });

/**
 * A body documented by its top-level fields only: each listed field is required and checked,
 * and fields beyond them are allowed (views with deep, changing structure: results, admin
 * reports, profiles).
 */
export function fields<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.looseObject(shape);
}

/** Any JSON object (its fields are described in prose). */
export const AnyObject = z.looseObject({});

// The views and their schemas must agree both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agree = <T extends true>(value: T) => value;
agree<Same<z.infer<typeof ItemSchema>, Item>>(true);
agree<Same<z.infer<typeof GameViewSchema>, GameView>>(true);
agree<Same<z.infer<typeof SubmissionViewSchema>, SubmissionView>>(true);
agree<Same<z.infer<typeof ErrorBodySchema>['error']['code'], ErrorBody['error']['code']>>(true);
// Achievements: the schema's record of any id stands for the domain's record of known ids.
agree<Same<Omit<z.infer<typeof ProfileSchema>, 'achievements'>, Omit<ProfileView, 'achievements'>>>(
  true,
);
agree<
  Same<
    Omit<z.infer<typeof PublicProfileSchema>, 'achievements'>,
    Omit<PublicProfileView, 'achievements'>
  >
>(true);
agree<Same<z.infer<typeof XpActivitySchema>, XpActivityView>>(true);
agree<Same<z.infer<typeof MyGameSchema>, MyGameView>>(true);
agree<Same<z.infer<typeof PlayedGameSchema>, PlayedGameView>>(true);
agree<Same<z.infer<typeof ItemResultSchema>, ItemResult>>(true);
agree<Same<z.infer<typeof ResultsSchema>, Results>>(true);
agree<Same<z.infer<typeof CommunityRankSchema>, CommunityRankView>>(true);
agree<Same<z.infer<typeof CommunityListSchema>, CommunityListResponse>>(true);
agree<Same<z.infer<typeof RankReportSchema>, RankReportView>>(true);
agree<Same<z.infer<typeof AdminOverviewSchema>, AdminOverview>>(true);
agree<Same<z.infer<typeof AdminUsersPageSchema>, Page<'users', AdminUserView>>>(true);
agree<Same<z.infer<typeof AdminGamesPageSchema>, Page<'games', AdminGameView>>>(true);
agree<Same<z.infer<typeof AuditPageSchema>, Page<'entries', AuditEntryView>>>(true);
agree<Same<z.infer<typeof GrantReviewsSchema>, { grants: GrantReviewView[] }>>(true);
agree<Same<z.infer<typeof GrantReviewedSchema>, Awaited<ReturnType<typeof keepFlaggedGrant>>>>(
  true,
);
agree<Same<z.infer<typeof AdminClaimSchema>, ClaimAnswer>>(true);
agree<
  Same<z.infer<typeof AdminClaimConfirmedSchema>, Awaited<ReturnType<typeof confirmAdminClaim>>>
>(true);
agree<Same<z.infer<typeof RoleChangeSchema>, Awaited<ReturnType<typeof setAdminRole>>>>(true);
agree<Same<z.infer<typeof AdminAnalyticsSchema>, AdminAnalytics>>(true);
agree<Same<z.infer<typeof WebhookSchema>, WebhookView>>(true);
agree<Same<z.infer<typeof CreatedWebhookSchema>, Awaited<ReturnType<typeof addWebhook>>>>(true);
agree<Same<z.infer<typeof DeliverySchema>, DeliveryView>>(true);
agree<Same<z.infer<typeof ApiTokenSchema>, ApiTokenView>>(true);
agree<Same<z.infer<typeof CreatedApiTokenSchema>, CreatedApiToken>>(true);
agree<Same<z.infer<typeof PublicCardSchema>, PublicCard>>(true);
