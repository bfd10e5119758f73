/**
 * Personal API token secrets (decision 0024): `crw_` and 32 random bytes in base64url. Only their
 * SHA-256 is stored; the first characters are kept apart so lists can tell tokens apart.
 */
import { createHash, randomBytes } from 'node:crypto';

export const TOKEN_PREFIX = 'crw_';
/** `crw_` and 43 base64url characters (32 bytes): nothing else is looked up. */
const SECRET_SHAPE = /^crw_[A-Za-z0-9_-]{43}$/;
/** How much of a secret lists show: `crw_` and four characters (24 of its 256 bits). */
const SHOWN_LENGTH = 8;

export function newSecret(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function shownPrefix(secret: string): string {
  return secret.slice(0, SHOWN_LENGTH);
}

/** Whether a presented value has the shape of one of our secrets. */
export function isSecretShaped(value: string): boolean {
  return SECRET_SHAPE.test(value);
}
