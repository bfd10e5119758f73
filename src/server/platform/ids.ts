/** Random URL-safe identifiers. */
import { randomBytes } from 'node:crypto';

export const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Random bytes from the system's generator, drawn 4 KB at a time and each used once: one draw
 * serves a batch's ids, where a draw per id cost more than the id (as Node's own randomUUID
 * keeps a cache of random bytes).
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

export function newId(length = 10): string {
  let id = '';
  while (id.length < length) {
    if (used === pool.length) {
      pool = randomBytes(POOL_BYTES);
      used = 0;
    }
    const byte = pool[used++]!;
    // 248 is the largest multiple of 62 below 256: rejecting above it keeps every letter equally likely.
    if (byte < 248) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  }
  return id;
}
