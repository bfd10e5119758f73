/**
 * Pictures in the database (the default store): saved once per content, with who uploaded them.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { storageFullMessage } from '../../domain/images';
import type { Db } from '../db/client';
import { image, imageUpload } from '../db/schema/images';
import type { ProcessedImage } from './process';

/** What an upload answers: the picture's id and size. */
export type SavedImage = { id: string; width: number; height: number };

/**
 * Keeps `processed` for `userId` unless their pictures would then take more than `maxBytes` (the
 * same picture uploaded again costs nothing more). Concurrent uploads by one account may pass the
 * limit by what they add at once: the limit is a fair-use bound, not an invoice.
 */
export async function saveImage(
  db: Db,
  input: { userId: string; processed: ProcessedImage; maxBytes: number },
): Promise<SavedImage> {
  const { processed, userId } = input;
  const size = processed.view.byteLength + processed.thumb.byteLength;
  return db.transaction(async (tx) => {
    const [used] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${image.size}), 0)` })
      .from(imageUpload)
      .innerJoin(image, eq(image.id, imageUpload.imageId))
      .where(and(eq(imageUpload.userId, userId), ne(imageUpload.imageId, processed.id)));
    if (Number(used?.bytes ?? 0) + size > input.maxBytes) {
      throw new AppError('resource-exhausted', storageFullMessage(input.maxBytes));
    }
    await tx
      .insert(image)
      .values({
        id: processed.id,
        width: processed.width,
        height: processed.height,
        size,
        view: processed.view,
        thumb: processed.thumb,
      })
      .onConflictDoNothing();
    await tx.insert(imageUpload).values({ imageId: processed.id, userId }).onConflictDoNothing();
    return { id: processed.id, width: processed.width, height: processed.height };
  });
}

/** One size of a picture, and whether an admin hid it; null when there is no such picture. */
export async function readImage(
  db: Db,
  input: { id: string; size: 'view' | 'thumb' },
): Promise<{ bytes: Uint8Array<ArrayBuffer>; hidden: boolean } | null> {
  const [row] = await db
    .select({ bytes: input.size === 'view' ? image.view : image.thumb, hidden: image.hidden })
    .from(image)
    .where(eq(image.id, input.id));
  return row ?? null;
}
