/**
 * Pictures' rows: saved once per content, with who uploaded them. The bytes go beside the row, or
 * to the bucket when there is one (bytes.ts).
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { storageFullMessage } from '../../domain/images';
import type { Db, Tx } from '../db/client';
import { image, imageUpload } from '../db/schema/images';
import type { BucketStore, ImageSize } from './bytes';
import type { ProcessedImage } from './process';

/** What an upload answers: the picture's id and size. */
export type SavedImage = { id: string; width: number; height: number };

/**
 * Bytes the account's pictures take, but for `exceptId`'s (the same picture uploaded again costs
 * nothing more).
 */
export async function usedBytes(db: Db | Tx, userId: string, exceptId = ''): Promise<number> {
  const [used] = await db
    .select({ bytes: sql<string>`coalesce(sum(${image.size}), 0)` })
    .from(imageUpload)
    .innerJoin(image, eq(image.id, imageUpload.imageId))
    .where(and(eq(imageUpload.userId, userId), ne(imageUpload.imageId, exceptId)));
  return Number(used?.bytes ?? 0);
}

/**
 * Keeps `processed` for `userId` unless their pictures would then take more than `maxBytes`.
 * With a bucket, the bytes are written there first (a row never names bytes that are not there).
 * Concurrent uploads by one account may pass the limit by what they add at once: the limit is a
 * fair-use bound, not an invoice.
 */
export async function saveImage(
  db: Db,
  input: { userId: string; processed: ProcessedImage; maxBytes: number; bucket?: BucketStore },
): Promise<SavedImage> {
  const { processed, userId, bucket } = input;
  const size = processed.view.byteLength + processed.thumb.byteLength;
  const refuseOver = (used: number) => {
    if (used + size > input.maxBytes) {
      throw new AppError('resource-exhausted', storageFullMessage(input.maxBytes));
    }
  };
  if (bucket) {
    refuseOver(await usedBytes(db, userId, processed.id));
    await bucket.put(processed.id, 'view', processed.view);
    await bucket.put(processed.id, 'thumb', processed.thumb);
  }
  return db.transaction(async (tx) => {
    refuseOver(await usedBytes(tx, userId, processed.id));
    await tx
      .insert(image)
      .values({
        id: processed.id,
        width: processed.width,
        height: processed.height,
        size,
        view: bucket ? null : processed.view,
        thumb: bucket ? null : processed.thumb,
      })
      .onConflictDoNothing();
    await tx.insert(imageUpload).values({ imageId: processed.id, userId }).onConflictDoNothing();
    return { id: processed.id, width: processed.width, height: processed.height };
  });
}

/** One size of a picture, and whether an admin hid it; null when there is no such picture. */
export async function readImage(
  db: Db,
  input: { id: string; size: ImageSize; bucket?: BucketStore },
): Promise<{ bytes: Uint8Array<ArrayBuffer>; hidden: boolean } | null> {
  const [row] = await db
    .select({ bytes: input.size === 'view' ? image.view : image.thumb, hidden: image.hidden })
    .from(image)
    .where(eq(image.id, input.id));
  if (!row) return null;
  if (row.hidden) return { bytes: new Uint8Array(), hidden: true };
  const bytes = row.bytes ?? (await input.bucket?.get(input.id, input.size)) ?? null;
  return bytes ? { bytes, hidden: false } : null;
}

/**
 * Which of `ids` the account uploaded (a picture it may put on its items), each with whether an
 * admin hid it: one indexed lookup, none when `ids` is empty.
 */
export async function ownImages(
  db: Db | Tx,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, { hidden: boolean }>> {
  if (ids.length === 0) return new Map();
  const found = await db
    .select({ id: imageUpload.imageId, hidden: image.hidden })
    .from(imageUpload)
    .innerJoin(image, eq(image.id, imageUpload.imageId))
    .where(and(eq(imageUpload.userId, userId), inArray(imageUpload.imageId, [...ids])));
  return new Map(found.map((row) => [row.id, { hidden: row.hidden }]));
}

/** Hides a picture or shows it again; false when there is no such picture. */
export async function setImageHidden(
  tx: Tx,
  input: { id: string; hidden: boolean },
): Promise<boolean> {
  const updated = await tx
    .update(image)
    .set({ hidden: input.hidden })
    .where(eq(image.id, input.id))
    .returning({ id: image.id });
  return updated.length > 0;
}
