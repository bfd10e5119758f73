/**
 * The images route under /api in the API document (routes.ts). The pictures themselves
 * (`/img/:id.webp`) are files, not API routes.
 */
import { z } from 'zod';
import type { Operations } from '../api-docs/operation';

export const ImageSchema = z
  .object({
    id: z.string().meta({ description: 'SHA-256 of the stored picture, hex' }),
    width: z.number(),
    height: z.number(),
    url: z.string().meta({ description: '`/img/{id}.webp`: up to 800 px on its longest side' }),
    thumbUrl: z.string().meta({ description: '`/img/{id}.thumb.webp`: up to 160 px' }),
  })
  .meta({ id: 'Image' });

export const IMAGE_OPERATIONS: Operations = {
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
