/** Random URL-safe identifiers. */
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newId(length = 10): string {
  const bytes = randomBytes(length * 2);
  let id = '';
  // 248 is the largest multiple of 62 below 256: rejecting above it keeps every letter equally likely.
  for (const byte of bytes) {
    if (byte < 248) id += ALPHABET[byte % ALPHABET.length];
    if (id.length === length) return id;
  }
  return id + newId(length - id.length);
}
