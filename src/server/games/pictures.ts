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
import { rows } from '../db/rows';
import { game, submission } from '../db/schema/games';
import { bumpVersion } from './tally';
import { ownImages } from '../images/public';

/**
 * Refuses (400) a picture in `next` that `current` does not carry already and `userId` did not
 * upload: unknown and someone else's get the same answer (an id tells nobody whether a picture
 * exists); and one an admin hid. No query when nothing new carries a picture.
 */
export async function checkOwnPictures(
  tx: Tx,
  userId: string,
  current: readonly { image?: ItemImage | undefined }[],
  next: readonly { image?: ItemImage | undefined }[],
): Promise<void> {
  const added = addedPictureIds(current, next);
  if (added.length === 0) return;
  const own = await ownImages(tx, userId, added);
  if (added.some((id) => !own.has(id))) {
    throw new AppError('invalid-argument', ITEM_PICTURE_MESSAGES.notYours);
  }
  if (added.some((id) => own.get(id)?.hidden)) {
    throw new AppError('invalid-argument', ITEM_PICTURE_MESSAGES.hidden);
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

/**
 * Marks a picture hidden (or shown again) on every game whose items carry it, in the caller's
 * transaction (an admin's, decision 0045): each game's live version is bumped and its watchers
 * hear an `items` change, so open pages, results and share images name the placeholder instead.
 * Answers the games changed, with the alt text the picture had on the first item carrying it.
 */
export async function markPictureInGames(
  tx: Tx,
  input: { imageId: string; hidden: boolean },
): Promise<{ gameIds: string[]; alt: string | null }> {
  const carries = JSON.stringify([{ image: { id: input.imageId } }]);
  const marked = input.hidden
    ? sql`jsonb_set(x.item, '{image,hidden}', 'true'::jsonb)`
    : sql`x.item #- '{image,hidden}'`;
  const changed = rows<{ id: string; alt: string | null }>(
    await tx.execute(sql`
      update ${game} g set
        items = (
          select jsonb_agg(
                   case when x.item -> 'image' ->> 'id' = ${input.imageId} then ${marked}
                        else x.item end
                   order by x.n)
          from jsonb_array_elements(g.items) with ordinality as x(item, n)),
        updated_at = now()
      where g.items @> ${carries}::jsonb
      returning g.id, (
        select x.item -> 'image' ->> 'alt' from jsonb_array_elements(g.items) as x(item)
        where x.item -> 'image' ->> 'id' = ${input.imageId} limit 1) as alt`),
  ).sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const { id } of changed) {
    await bumpVersion(tx, {
      gameId: id,
      event: (bumped) => ({ type: 'game', gameId: id, change: 'items', version: bumped.version }),
    });
  }
  return { gameIds: changed.map((row) => row.id), alt: changed[0]?.alt ?? null };
}
