/**
 * Pictures on items: what an upload may be, what it becomes, and the words people read when it
 * is refused. Pure; the server's images feature decodes and stores, the web checks a file before
 * sending it with the same rules.
 */

import { MAX_IMAGE_ALT_LENGTH, MAX_IMAGE_PIXELS } from './limits';

export const IMAGE_MESSAGES = {
  tooLarge: 'Pictures can be up to 10 MB',
  tooManyPixels: 'Pictures can be up to 40 megapixels',
  wrongType: 'Use a JPEG, PNG, WebP, AVIF or GIF picture',
  unreadable: 'This picture could not be read. Try saving it again as a JPEG or PNG.',
  noFile: 'Choose a picture to upload (the form field "file")',
  altRequired: 'Add a short description of the picture',
  altTooLong: `Descriptions can be up to ${MAX_IMAGE_ALT_LENGTH} characters`,
  busy: 'Many pictures are being processed right now. Try again in a few seconds.',
} as const;

export const IMAGE_TYPES = ['jpeg', 'png', 'webp', 'avif', 'gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/**
 * The picture format a file's first bytes announce, or null for anything else (SVG, HTML, PDF,
 * HEIC…): the server decides from the bytes, never from the name or the declared type.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const at = (offset: number, ...expected: number[]) =>
    expected.every((value, i) => bytes[offset + i] === value);
  const ascii = (offset: number, text: string) =>
    at(offset, ...Array.from(text, (character) => character.charCodeAt(0)));
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'webp';
  // ISO BMFF: a box of type `ftyp` whose major brand is AVIF's (a still or a sequence).
  if (ascii(4, 'ftyp') && (ascii(8, 'avif') || ascii(8, 'avis'))) return 'avif';
  return null;
}

/** Over the account's storage: "Your pictures use 500 MB, all of your space. …" */
export function storageFullMessage(maxBytes: number): string {
  const exact = maxBytes / 1_000_000;
  const mb = exact >= 10 ? Math.round(exact) : Number(exact.toPrecision(2));
  return `Your pictures use ${mb} MB, all of your space. Remove pictures from games you no longer need, then try again.`;
}

/** Why a picture of this size is refused, or null when it may be decoded. */
export function pixelsRefusal(width: number, height: number): string | null {
  return width * height > MAX_IMAGE_PIXELS ? IMAGE_MESSAGES.tooManyPixels : null;
}

/** What an account's pictures take, beside its limits (GET /api/images/usage, /account). */
export type ImageUsage = {
  bytes: number;
  maxBytes: number;
  uploadsThisHour: number;
  maxUploadsPerHour: number;
};

/** An image's id: the SHA-256 of its processed (view) bytes, in lowercase hex. */
export const IMAGE_ID = /^[0-9a-f]{64}$/;

/** What a hidden picture shows instead, everywhere (a plain square of this colour). */
export const PLACEHOLDER_COLOR = '#d9d9de';

/** The URL paths of an image's two sizes. */
export function imagePaths(id: string): { url: string; thumbUrl: string } {
  return { url: `/img/${id}.webp`, thumbUrl: `/img/${id}.thumb.webp` };
}
