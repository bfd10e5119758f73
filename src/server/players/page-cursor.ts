/**
 * Keyset cursors of My Ranks' lists (`GET /api/me/games`, `GET /api/me/played`): see
 * http/keyset-cursor.ts.
 */
import { COMMUNITY_MESSAGES } from '../../domain/community';
import { encodeKeysetCursor, keysetCursorParam, parseKeysetCursor } from '../http/keyset-cursor';

/** Which list a cursor pages: created games (not archived / archived) or played games. */
export type CursorList = 'created' | 'archived' | 'played';

export type PageCursor = { list: CursorList; atUs: number; id: string };

const TAGS: Record<CursorList, string> = { created: 'c', archived: 'a', played: 'p' };

export const BAD_CURSOR_MESSAGE = COMMUNITY_MESSAGES.badCursor;

export function encodePageCursor(cursor: PageCursor): string {
  return encodeKeysetCursor(TAGS[cursor.list], cursor);
}

/** The cursor for `list` in `raw`, or null when it is not one this server made for that list. */
export function parsePageCursor(raw: string, list: CursorList): PageCursor | null {
  const cursor = parseKeysetCursor(raw, TAGS[list]);
  return cursor ? { list, ...cursor } : null;
}

/** The cursor of an optional `cursor` query parameter (empty means the first page), or a 400. */
export function pageCursorParam(raw: string | undefined, list: CursorList): PageCursor | null {
  const cursor = keysetCursorParam(raw, TAGS[list]);
  return cursor ? { list, ...cursor } : null;
}
