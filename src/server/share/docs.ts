/**
 * The share routes under /api in the API document (routes.ts: a game's share card data). The
 * share pages themselves (/og, /embed) are not API routes. See api-docs/operation.ts.
 */
import { z } from 'zod';
import type { PublicCard } from '../../domain/card';
import { METHODS, STRENGTH } from '../../domain/methods';
import type { Operations } from '../api-docs/operation';
import { agree, type Same } from '../api-docs/schemas';

const CardPictureSchema = z
  .object({
    thumbUrl: z.string().meta({
      description:
        'The thumbnail’s path on this server (`/img/<id>.thumb.webp`); a picture a moderator hid is named by `…?hidden`, which serves a neutral placeholder',
    }),
    alt: z.string().meta({ description: 'The picture’s description (alt text)' }),
  })
  .meta({ id: 'CardPicture' });

const picturesOf = (what: string) =>
  z
    .array(CardPictureSchema.nullable())
    .optional()
    .meta({
      description: `The pictures of ${what}, in the same order (null: that item has none); absent when none has a picture`,
    });

export const PublicCardSchema = z
  .object({
    id: z.string(),
    prompt: z.string(),
    players: z.number(),
    closed: z.boolean(),
    locked: z.boolean(),
    items: z.array(z.string()),
    itemImages: picturesOf('`items`'),
    method: z.enum([...METHODS, STRENGTH]),
    leaders: z
      .array(
        z.object({
          label: z.string(),
          firstShare: z.number(),
          place: z.number(),
          tied: z.boolean(),
          note: z.string(),
          image: CardPictureSchema.optional().meta({
            description: 'The item’s picture, when it has one',
          }),
        }),
      )
      .nullable(),
    tiers: z
      .array(
        z.object({
          label: z.string(),
          color: z.string(),
          items: z.array(z.string()),
          images: picturesOf('the tier’s `items`'),
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
      '`?method=mean|borda|schulze|irv` (and `strength` for a duel game) counts its leaders as the results by that method do (default: the game’s headline method, `strength` for a duel game and `mean` otherwise; anything else 400).',
    access: 'public',
    tokens: true,
    ok: { 200: z.object({ card: PublicCardSchema, version: z.number() }) },
    errors: [400, 404],
  },
};
