/**
 * Keyset cursors for paged lists (My Ranks, the admin lists): opaque base64url JSON of the last
 * row's sort keys, tagged with the list they page, strictly checked so a forged cursor, or one of
 * another list, is a 400, never a 500 or a wrong page. Times are microseconds since the epoch,
 * the database's own precision, so rows sharing a millisecond are neither skipped nor repeated.
 */
import { COMMUNITY_MESSAGES } from '../../domain/community';
import { AppError } from '../../domain/errors';

export type KeysetCursor = { atUs: number; id: string };

export const MAX_CURSOR_LENGTH = 200;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function encodeKeysetCursor(tag: string, cursor: KeysetCursor): string {
  return Buffer.from(JSON.stringify([tag, cursor.atUs, cursor.id])).toString('base64url');
}

/** The cursor tagged `tag` in `raw`, or null when it is not one this server made for that list. */
export function parseKeysetCursor(raw: string, tag: string): KeysetCursor | null {
  if (raw.length === 0 || raw.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) {
    return null;
  }
  let keys: unknown;
  try {
    keys = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(keys) || keys.length !== 3) return null;
  const [found, atUs, id] = keys as unknown[];
  if (found !== tag) return null;
  if (typeof atUs !== 'number' || !Number.isSafeInteger(atUs) || atUs < 0) return null;
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) return null;
  const cursor = { atUs, id };
  // Only the canonical encoding: the same keys must give back the same text.
  return encodeKeysetCursor(tag, cursor) === raw ? cursor : null;
}

/** The cursor of an optional `cursor` query parameter (empty means the first page), or a 400. */
export function keysetCursorParam(raw: string | undefined, tag: string): KeysetCursor | null {
  if (raw === undefined || raw === '') return null;
  const cursor = parseKeysetCursor(raw, tag);
  if (!cursor) throw new AppError('invalid-argument', COMMUNITY_MESSAGES.badCursor);
  return cursor;
}
