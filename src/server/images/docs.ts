/**
 * The images route under /api in the API document (routes.ts). The pictures themselves
 * (`/img/:id.webp`) are files, not API routes.
 */
import { z } from 'zod';
import type { ImageUsage } from '../../domain/images';
import type { Operations } from '../api-docs/operation';
import { agree, type Same } from '../api-docs/schemas';

export const ImageSchema = z
  .object({
    id: z.string().meta({ description: 'SHA-256 of the stored picture, hex' }),
    width: z.number(),
    height: z.number(),
    url: z.string().meta({ description: '`/img/{id}.webp`: up to 800 px on its longest side' }),
    thumbUrl: z.string().meta({ description: '`/img/{id}.thumb.webp`: up to 160 px' }),
  })
  .meta({ id: 'Image' });

export const ImageUsageSchema = z
  .object({
    bytes: z.number().meta({ description: 'Bytes the account’s pictures take (both sizes)' }),
    maxBytes: z.number(),
    uploadsThisHour: z.number(),
    maxUploadsPerHour: z.number(),
  })
  .meta({ id: 'ImageUsage' });

agree<Same<z.infer<typeof ImageUsageSchema>, ImageUsage>>(true);

export const IMAGE_OPERATIONS: Operations = {
  'GET /api/images/usage': {
    tag: 'Me',
    summary: 'What the caller’s pictures take, and the limits',
    access: 'account',
    ok: { 200: z.object({ usage: ImageUsageSchema }) },
  },
  'POST /api/images': {
    tag: 'Games',
    summary: 'Upload a picture for an item',
    description:
      'One file in the multipart field `file`: JPEG, PNG, WebP, AVIF or GIF (its first frame), up to 10 MB and 40 megapixels. Stored as WebP in two sizes with every metadata block (EXIF and its GPS position, XMP, IPTC) removed. Errors: 413 "Pictures can be up to 10 MB", 415 "Use a JPEG, PNG, WebP, AVIF or GIF picture"; 429 over the hourly upload quota or the account\'s storage.',
    access: 'account',
    ok: { 201: z.object({ image: ImageSchema }) },
    errors: [400, 413, 415, 429, 503],
  },
};
