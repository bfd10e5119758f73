/**
 * An upload becomes a stored picture here: its format read from its bytes, its size from its
 * header (a canvas over MAX_IMAGE_PIXELS is refused before anything is decoded), then decoded
 * once, turned upright by its EXIF orientation, and written as WebP in two sizes with no metadata
 * at all (EXIF with its GPS position, XMP, IPTC, ICC). sharp does the work on libuv's thread pool,
 * off the event loop; `ImageWork` bounds how many run and wait.
 */
import { createHash } from 'node:crypto';
import type SharpModule from 'sharp';
import { AppError } from '../../domain/errors';
import { IMAGE_MESSAGES, pixelsRefusal, sniffImageType } from '../../domain/images';
import {
  IMAGE_THUMB_PX,
  IMAGE_VIEW_PX,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
} from '../../domain/limits';

/**
 * sharp, loaded with the first upload: its native library costs memory a server that never sees a
 * picture should not pay. Decoded images are not kept between uploads.
 */
type Sharp = typeof SharpModule;
let loaded: Promise<Sharp> | undefined;
export function loadSharp(): Promise<Sharp> {
  loaded ??= import('sharp').then((module) => {
    module.default.cache(false);
    return module.default;
  });
  return loaded;
}

/** A refused upload, with the status it answers: 413 too big, 415 not a picture we take, 400. */
export class ImageRefusal extends AppError {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super('invalid-argument', message);
  }
}

export type ProcessedImage = {
  /** SHA-256 of the view's bytes, hex: the picture's id and address. */
  id: string;
  width: number;
  height: number;
  view: Uint8Array<ArrayBuffer>;
  thumb: Uint8Array<ArrayBuffer>;
};

const DECODE = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', pages: 1 } as const;

/** Checks and converts one upload. Throws ImageRefusal for anything it does not take. */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageRefusal(413, IMAGE_MESSAGES.tooLarge);
  if (!sniffImageType(bytes)) throw new ImageRefusal(415, IMAGE_MESSAGES.wrongType);
  const sharp = await loadSharp();
  // The header alone: width and height are read without decoding a pixel (so no pixel limit yet:
  // sharp would refuse an oversized canvas as unreadable, and it deserves its own answer).
  const header = await sharp(bytes, { ...DECODE, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new ImageRefusal(400, IMAGE_MESSAGES.unreadable);
    });
  const refusal = pixelsRefusal(header.width ?? 0, header.height ?? 0);
  if (refusal) throw new ImageRefusal(413, refusal);
  try {
    const upright = sharp(bytes, DECODE).rotate();
    const sized = (px: number) =>
      upright
        .clone()
        .resize({ width: px, height: px, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
    const [view, thumb] = await Promise.all([sized(IMAGE_VIEW_PX), sized(IMAGE_THUMB_PX)]);
    return {
      id: createHash('sha256').update(view.data).digest('hex'),
      width: view.info.width,
      height: view.info.height,
      view: new Uint8Array(view.data),
      thumb: new Uint8Array(thumb.data),
    };
  } catch {
    throw new ImageRefusal(400, IMAGE_MESSAGES.unreadable);
  }
}

/**
 * At most `running` conversions at once and `waiting` more in line; past that an upload is
 * answered 503 at once instead of piling up in memory.
 */
export class ImageWork {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly running = 2,
    private readonly waiting = 16,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) throw new AppError('unavailable', IMAGE_MESSAGES.busy);
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}
