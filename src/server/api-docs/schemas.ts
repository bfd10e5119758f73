/**
 * zod schemas of the API's response bodies, for the OpenAPI document (/api/openapi.json) and
 * the integration suite's response check. The domain's TypeScript types are checked against
 * them below, so a field added to a view without its schema fails `tsc`.
 */
import { z } from 'zod';
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
