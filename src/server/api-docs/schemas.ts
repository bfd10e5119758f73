/**
 * The zod schemas every feature's docs.ts shares: the error body, the game (answered by games
 * and community alike) and the helpers to declare a body. A schema one feature answers lives in
 * that feature's docs.ts, beside its operations. Each schema of a domain view is checked against
 * its TypeScript type with `agree`, so a field added to a view without its schema fails `tsc`.
 */
import { z } from 'zod';
import { ERROR_STATUS, type ErrorBody } from '../../domain/errors';
import type { GameView, ItemView } from '../../domain/game';

/** Whether two types are the same, both ways. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only for `true`: `agree<Same<z.infer<typeof Schema>, View>>(true)`. */
export const agree = <T extends true>(value: T) => value;

/** Every code an error body may carry (SPEC §8): `unknown` only for a status with no code. */
const ERROR_CODES = [
  ...(Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[]),
  'unknown' as const,
];
const ErrorCodeSchema = z.enum(['unknown', ...ERROR_CODES]);

export const UnlockSchema = z
  .object({ playersNeeded: z.number().nullable(), deadlineAt: z.number().nullable() })
  .meta({ id: 'Unlock' });

export const ErrorBodySchema = z
  .object({
    error: z
      .object({
        code: ErrorCodeSchema,
        message: z.string(),
        /** Locked results: what unlocks them. */
        unlock: UnlockSchema.optional(),
        closed: z.boolean().optional(),
        removed: z.boolean().optional(),
        /** The request's id (also in the X-Request-Id header), for a report. */
        requestId: z.string().optional(),
      })
      .meta({ description: 'What went wrong: a code of SPEC §8 and a message for people' }),
  })
  .meta({ id: 'Error' });

export const ItemImageSchema = z
  .object({
    id: z.string().meta({ description: 'The picture’s id (POST /api/images)' }),
    alt: z.string().meta({ description: 'What the picture shows, for those who cannot see it' }),
    url: z.string().meta({ description: 'The picture, 800 px on its longest side (WebP)' }),
    thumbUrl: z.string().meta({ description: 'The picture, 160 px on its longest side (WebP)' }),
  })
  .meta({ id: 'ItemImage' });

export const ItemSchema = z
  .object({ id: z.string(), label: z.string(), image: ItemImageSchema.optional() })
  .meta({ id: 'Item' });

/** What a game asks its players for (domain/ballot.ts `BallotSpec`). */
export const BallotSpecSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('ranking') }),
    z.object({ kind: z.literal('top'), n: z.number() }),
    z.object({
      kind: z.literal('tiers'),
      tiers: z.array(z.object({ label: z.string(), color: z.string() })),
    }),
    z.object({ kind: z.literal('duel') }),
  ])
  .meta({
    id: 'Ballot',
    description:
      'A full ranking (every item in order), the top N (N items in order, the rest unranked) tiers (labels and #rrggbb colours, best first; items in no tier are unranked) or duel (two items at a time: GET /api/games/{id}/duel, POST /api/games/{id}/duels)',
  });

export const GameViewSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    prompt: z.string(),
    title: z.string().nullable(),
    emoji: z.string().nullable(),
    category: z.string(),
    items: z.array(ItemSchema),
    ballot: BallotSpecSchema,
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

/** A page of a list: its entries and the cursor of the next page (null on the last). */
export function pageOf<Key extends string, Entry extends z.ZodType>(key: Key, entry: Entry) {
  return z.object({ [key]: z.array(entry), nextCursor: z.string().nullable() } as {
    [K in Key]: z.ZodArray<Entry>;
  } & { nextCursor: z.ZodNullable<z.ZodString> });
}

agree<Same<z.infer<typeof ItemSchema>, ItemView>>(true);
agree<Same<z.infer<typeof GameViewSchema>, GameView>>(true);
agree<Same<z.infer<typeof ErrorBodySchema>['error']['code'], ErrorBody['error']['code']>>(true);
