/**
 * Pictures on a game's items, the checks that need the database (decision 0050): a picture put
 * on an item must be one the sender uploaded, and once anyone has played a picture may be
 * replaced but not taken away. The checks without the database are domain/item-pictures.ts's.
 */
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import type { Item } from '../../domain/game';
import {
  addedPictureIds,
  ITEM_PICTURE_MESSAGES,
  removesPicture,
  type ItemImage,
} from '../../domain/item-pictures';
import type { Tx } from '../db/client';
import { submission } from '../db/schema/games';
import { ownImageIds } from '../images/public';

/**
 * Refuses (400) a picture in `next` that `current` does not carry already and `userId` did not
 * upload: unknown and someone else's get the same answer (an id tells nobody whether a picture
 * exists). No query when nothing new carries a picture.
 */
export async function checkOwnPictures(
  tx: Tx,
  userId: string,
  current: readonly { image?: ItemImage | undefined }[],
  next: readonly { image?: ItemImage | undefined }[],
): Promise<void> {
  const added = addedPictureIds(current, next);
  if (added.length === 0) return;
  const own = await ownImageIds(tx, userId, added);
  if (added.some((id) => !own.has(id))) {
    throw new AppError('invalid-argument', ITEM_PICTURE_MESSAGES.notYours);
  }
}

/**
 * Refuses (409) an edit of a game someone has played (a ballot saved, final or progress) that
 * leaves an item without the picture it had. Run under the game's lock; no query unless a
 * picture goes.
 */
export async function checkPicturesKept(
  tx: Tx,
  gameId: string,
  current: readonly Item[],
  next: readonly Item[],
): Promise<void> {
  if (!removesPicture(current, next)) return;
  const [played] = await tx
    .select({ one: sql`1` })
    .from(submission)
    .where(eq(submission.gameId, gameId))
    .limit(1);
  if (played) throw new AppError('aborted', ITEM_PICTURE_MESSAGES.keepAfterPlay);
}
