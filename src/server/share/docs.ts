/**
 * The share routes under /api in the API document (routes.ts: a game's share card data). The
 * share pages themselves (/og, /embed) are not API routes. See api-docs/operation.ts.
 */
import { z } from 'zod';
import type { PublicCard } from '../../domain/card';
import { METHODS } from '../../domain/methods';
import type { Operations } from '../api-docs/operation';
import { agree, type Same } from '../api-docs/schemas';

export const PublicCardSchema = z
  .object({
    id: z.string(),
    prompt: z.string(),
    players: z.number(),
    closed: z.boolean(),
    locked: z.boolean(),
    items: z.array(z.string()),
    method: z.enum(METHODS),
    leaders: z
      .array(
        z.object({
          label: z.string(),
          firstShare: z.number(),
          place: z.number(),
          tied: z.boolean(),
          note: z.string(),
        }),
      )
      .nullable(),
    tiers: z
      .array(
        z.object({
          label: z.string(),
          color: z.string(),
          items: z.array(z.string()),
          more: z.number(),
        }),
      )
      .optional()
      .meta({ description: 'A tiers game: the crowd’s tier list, each tier’s first items' }),
  })
  .meta({ id: 'PublicCard' });

agree<Same<z.infer<typeof PublicCardSchema>, PublicCard>>(true);

export const SHARE_OPERATIONS: Operations = {
  'GET /api/games/{id}/card': {
    tag: 'Games',
    summary: 'The data of the game’s share card',
    description:
      '`?method=mean|borda|schulze|irv` counts its leaders as the results by that method do (default `mean`; anything else 400).',
    access: 'public',
    tokens: true,
    ok: { 200: z.object({ card: PublicCardSchema, version: z.number() }) },
    errors: [400, 404],
  },
};
