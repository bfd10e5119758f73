/**
 * Pictures: `POST /api/images` takes one file (multipart/form-data, field `file`) from a signed-in
 * account and answers its id and addresses; `/img/:id.webp` and `/img/:id.thumb.webp` serve the
 * two sizes to anyone, cached for good (the address is the content's hash). A hidden picture is
 * served as a neutral placeholder.
 */
import { Hono, type Context } from 'hono';
import { errorBody } from '../http/errors';
import { limitBodySize } from '../http/body-limit';
import { AppError } from '../../domain/errors';
import { IMAGE_ID, IMAGE_MESSAGES, imagePaths, type ImageUsage } from '../../domain/images';
import { MAX_IMAGE_BYTES } from '../../domain/limits';
import { requireUser, type AuthEnv } from '../auth/public';
import type { Db } from '../db/client';
import type { QuotaGuard } from '../http/quota';
import { ImageRefusal, ImageWork, processImage } from './process';
import { readImage, saveImage, usedBytes } from './store';
import type { BucketStore } from './bytes';
import { placeholderWebp } from './placeholder';

/** Room for the multipart envelope around a file of MAX_IMAGE_BYTES. */
const ENVELOPE_BYTES = 64 * 1024;
const FOREVER = 'public, max-age=31536000, immutable';

export type ImageRoutesDeps = {
  db: Db;
  quota: QuotaGuard;
  /** Bytes of pictures one account may keep. */
  maxBytesPerAccount: number;
  /** The S3-compatible bucket holding the bytes (S3_URL); the database otherwise. */
  bucket?: BucketStore;
  work?: ImageWork;
};

function refused(c: Context, error: ImageRefusal) {
  return c.json(errorBody('invalid-argument', error.message), error.status);
}

export function imageApiRoutes(deps: ImageRoutesDeps) {
  const work = deps.work ?? new ImageWork();
  const account = requireUser({ guests: false, message: 'Sign in to add pictures' });
  return new Hono<AuthEnv>()
    .get('/usage', account, async (c) => {
      const viewer = c.get('user');
      const [bytes, uploads] = await Promise.all([
        usedBytes(deps.db, viewer.id),
        deps.quota.used(viewer.id, 'upload'),
      ]);
      const usage: ImageUsage = {
        bytes,
        maxBytes: deps.maxBytesPerAccount,
        // Refused attempts count in the quota's window too; the page shows uploads allowed.
        uploadsThisHour: Math.min(uploads, deps.quota.quotas.upload),
        maxUploadsPerHour: deps.quota.quotas.upload,
      };
      return c.json({ usage });
    })
    .post(
      '/',
      account,
      limitBodySize(MAX_IMAGE_BYTES + ENVELOPE_BYTES, (c) =>
        c.json(errorBody('invalid-argument', IMAGE_MESSAGES.tooLarge), 413, {
          Connection: 'close',
        }),
      ),
      async (c) => {
        const viewer = c.get('user');
        if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? '')) {
          throw new AppError('invalid-argument', IMAGE_MESSAGES.noFile);
        }
        const form = await c.req.formData().catch(() => {
          throw new AppError('invalid-argument', IMAGE_MESSAGES.noFile);
        });
        const file = form.get('file');
        if (!(file instanceof File) || file.size === 0) {
          throw new AppError('invalid-argument', IMAGE_MESSAGES.noFile);
        }
        if (file.size > MAX_IMAGE_BYTES)
          return refused(c, new ImageRefusal(413, IMAGE_MESSAGES.tooLarge));
        await deps.quota.consume(c, viewer.id, 'upload');
        try {
          const bytes = new Uint8Array(await file.arrayBuffer());
          const processed = await work.run(() => processImage(bytes));
          const saved = await saveImage(deps.db, {
            userId: viewer.id,
            processed,
            maxBytes: deps.maxBytesPerAccount,
            bucket: deps.bucket,
          });
          return c.json({ image: { ...saved, ...imagePaths(saved.id) } }, 201);
        } catch (error) {
          if (error instanceof ImageRefusal) return refused(c, error);
          throw error;
        }
      },
    );
}

/** `/img/:file`: a picture's bytes, for good. */
export function imageFileRoutes(deps: { db: Db; bucket?: BucketStore }) {
  return new Hono().get('/:file', async (c) => {
    const match = /^([0-9a-f]{64})(\.thumb)?\.webp$/.exec(c.req.param('file'));
    const id = match?.[1];
    if (!match || !id || !IMAGE_ID.test(id)) return c.notFound();
    const etag = `"${id}${match[2] ?? ''}"`;
    const headers = {
      'Cache-Control': FOREVER,
      ETag: etag,
      'Content-Type': 'image/webp',
      'X-Content-Type-Options': 'nosniff',
    };
    const found = await readImage(deps.db, {
      id,
      size: match[2] ? 'thumb' : 'view',
      bucket: deps.bucket,
    });
    if (!found) return c.notFound();
    if (found.hidden) {
      // Hidden can be undone: the placeholder is never cached for good.
      return c.body(await placeholderWebp(), 200, {
        ...headers,
        'Cache-Control': 'no-cache',
        ETag: `"hidden-${id}"`,
      });
    }
    if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
    return c.body(found.bytes, 200, headers);
  });
}
