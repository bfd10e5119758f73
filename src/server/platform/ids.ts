/** Random URL-safe identifiers. */
import { randomBytes } from 'node:crypto';

export const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newId(length = 10): string {
  const bytes = randomBytes(length * 2);
  let id = '';
  // 248 is the largest multiple of 62 below 256: rejecting above it keeps every letter equally likely.
  for (const byte of bytes) {
    if (byte < 248) id += ID_ALPHABET[byte % ID_ALPHABET.length];
    if (id.length === length) return id;
  }
  return id + newId(length - id.length);
}
