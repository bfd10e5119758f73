/**
 * The items a creator sends (POST /api/games, the builder, PATCH /api/games/:id/items), as zod
 * checks their shape: text, or a label with a picture `{ id, alt }`. The rules (labels, alt text,
 * whose picture) are the domain's and the games' own (domain/item-pictures.ts, pictures.ts).
 * Generous caps bound the work a request can cause.
 */
import { z } from 'zod';
import { MESSAGES } from '../../domain/game';
import { IMAGE_MESSAGES } from '../../domain/images';
import { MAX_IMAGE_ALT_LENGTH, MAX_ITEM_LENGTH, MAX_ITEMS } from '../../domain/limits';

const ITEM_ENTRY_MESSAGE = 'Each item must be text or { label, image: { id, alt } }';

export const ItemLabel = z
  .string({ error: ITEM_ENTRY_MESSAGE })
  .max(MAX_ITEM_LENGTH * 4, MESSAGES.itemTooLong);

/** An item's picture: an uploaded picture's id (POST /api/images) and its alt text. */
export const ItemImageBody = z.object(
  {
    id: z.string({ error: 'A picture id must be text' }).max(100, 'Unknown picture id'),
    alt: z
      .string({ error: 'A picture description must be text' })
      .max(MAX_IMAGE_ALT_LENGTH * 4, IMAGE_MESSAGES.altTooLong)
      .optional(),
  },
  { error: 'A picture must be { id, alt }' },
);

/** A new game's items: text, or `{ label, image }`; `notAList`: what anything else is told. */
export function newItemsBody(notAList = 'Items must be a list of text or { label, image }') {
  return z
    .array(
      z.union([ItemLabel, z.object({ label: ItemLabel, image: ItemImageBody.optional() })], {
        error: ITEM_ENTRY_MESSAGE,
      }),
      { error: notAList },
    )
    .max(MAX_ITEMS * 2, MESSAGES.tooManyItems);
}
