/**
 * Keyset cursors of the admin lists (users, games, the audit log), made like My Ranks' cursors
 * (players/page-cursor.ts): opaque base64url JSON of the last row's sort keys (time in
 * microseconds, the database's own precision, and id), strictly checked so a forged cursor, or
 * one of another list, is a 400, never a 500 or a wrong page.
 */
import { COMMUNITY_MESSAGES } from '../../domain/community';
import { AppError } from '../../domain/errors';

export type AdminList = 'users' | 'games' | 'audit';

export type AdminCursor = { atUs: number; id: string };

const TAGS: Record<AdminList, string> = { users: 'au', games: 'ag', audit: 'aa' };
export const MAX_ADMIN_CURSOR_LENGTH = 200;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function encodeAdminCursor(list: AdminList, cursor: AdminCursor): string {
  return Buffer.from(JSON.stringify([TAGS[list], cursor.atUs, cursor.id])).toString('base64url');
}

/** The cursor of `list` in `raw`, or null when it is not one this server made for that list. */
export function parseAdminCursor(raw: string, list: AdminList): AdminCursor | null {
  if (raw.length === 0 || raw.length > MAX_ADMIN_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) {
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
  const cursor = { atUs, id };
  // Only the canonical encoding: the same keys must give back the same text.
  return encodeAdminCursor(list, cursor) === raw ? cursor : null;
}

/** The cursor of an optional `cursor` query parameter (empty means the first page), or a 400. */
export function adminCursorParam(raw: string | undefined, list: AdminList): AdminCursor | null {
  if (raw === undefined || raw === '') return null;
  const cursor = parseAdminCursor(raw, list);
  if (!cursor) throw new AppError('invalid-argument', COMMUNITY_MESSAGES.badCursor);
  return cursor;
}
