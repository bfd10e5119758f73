/**
 * Pictures' thumbnails as small PNG squares, for a drawing whose rasterizer reads no WebP: the
 * share image (resvg draws PNG, JPEG and GIF, and silently nothing for WebP). The stored
 * thumbnail (160 px WebP) is cropped to the middle square and written as PNG by sharp, on libuv's
 * thread pool, off the event loop.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { image } from '../db/schema/images';
import type { BucketStore } from './bytes';
import { loadSharp } from './process';

/** A picture's square PNG, or `hidden` when an admin hid it (its bytes are never read). */
export type PngThumb = Uint8Array | 'hidden';

/**
 * The pictures of `ids` that exist, each as a `px`-square PNG, or `hidden`. A picture that is
 * gone (collected) or whose bytes cannot be read is left out: a drawing shows it as no picture.
 * One query; the bucket is asked only for pictures whose bytes it keeps, and its failures throw
 * (the caller decides whether a drawing without them may be kept).
 */
export async function pngThumbs(
  db: Db,
  input: { ids: readonly string[]; px: number; bucket?: BucketStore },
): Promise<Map<string, PngThumb>> {
  const found = new Map<string, PngThumb>();
  if (input.ids.length === 0) return found;
  const rows = await db
    .select({ id: image.id, thumb: image.thumb, hidden: image.hidden })
    .from(image)
    .where(inArray(image.id, [...new Set(input.ids)]));
  for (const row of rows) if (row.hidden) found.set(row.id, 'hidden');
  const shown = rows.filter((row) => !row.hidden);
  if (shown.length === 0) return found;
  const sharp = await loadSharp();
  await Promise.all(
    shown.map(async (row) => {
      const bytes = row.thumb ?? (await input.bucket?.get(row.id, 'thumb')) ?? null;
      if (!bytes) return;
      try {
        const png = await sharp(bytes, { failOn: 'error' })
          .resize({ width: input.px, height: input.px, fit: 'cover' })
          .png()
          .toBuffer();
        found.set(row.id, new Uint8Array(png));
      } catch {
        // Bytes that no longer decode: drawn as no picture rather than failing the drawing.
      }
    }),
  );
  return found;
}
