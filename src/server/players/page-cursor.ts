/**
 * Keyset cursors of My Ranks' lists (`GET /api/me/games`, `GET /api/me/played`): opaque base64url
 * JSON of the last row's sort keys, strictly checked so a forged or foreign cursor is a 400,
 * never a 500 or a wrong page. Times are microseconds since the epoch, the database's own
 * precision, so rows sharing a millisecond are neither skipped nor repeated.
 */
import { COMMUNITY_MESSAGES } from '../../domain/community';
import { AppError } from '../../domain/errors';

/** Which list a cursor pages: created games (not archived / archived) or played games. */
export type CursorList = 'created' | 'archived' | 'played';

export type PageCursor = { list: CursorList; atUs: number; id: string };

const TAGS: Record<CursorList, string> = { created: 'c', archived: 'a', played: 'p' };
const MAX_CURSOR_LENGTH = 200;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const BAD_CURSOR_MESSAGE = COMMUNITY_MESSAGES.badCursor;

export function encodePageCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify([TAGS[cursor.list], cursor.atUs, cursor.id])).toString(
    'base64url',
  );
}

/** The cursor for `list` in `raw`, or null when it is not one this server made for that list. */
export function parsePageCursor(raw: string, list: CursorList): PageCursor | null {
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
  const [tag, atUs, id] = keys as unknown[];
  if (tag !== TAGS[list]) return null;
  if (typeof atUs !== 'number' || !Number.isSafeInteger(atUs) || atUs < 0) return null;
  if (typeof id !== 'string' || !ID_PATTERN.test(id)) return null;
  // Only the canonical encoding: the same keys must give back the same text.
  const cursor = { list, atUs, id };
  return encodePageCursor(cursor) === raw ? cursor : null;
}

/** The cursor of an optional `cursor` query parameter (empty means the first page), or a 400. */
export function pageCursorParam(raw: string | undefined, list: CursorList): PageCursor | null {
  if (raw === undefined || raw === '') return null;
  const cursor = parsePageCursor(raw, list);
  if (!cursor) throw new AppError('invalid-argument', BAD_CURSOR_MESSAGE);
  return cursor;
}
