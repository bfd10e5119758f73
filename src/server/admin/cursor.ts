/** Keyset cursors of the admin lists (users, games, the audit log): see http/keyset-cursor.ts. */
import { encodeKeysetCursor, keysetCursorParam, type KeysetCursor } from '../http/keyset-cursor';

export type AdminList = 'users' | 'games' | 'audit';
export type AdminCursor = KeysetCursor;
export { MAX_CURSOR_LENGTH as MAX_ADMIN_CURSOR_LENGTH } from '../http/keyset-cursor';

/** Tags no other list uses (My Ranks' are c, a and p). */
const TAGS: Record<AdminList, string> = { users: 'au', games: 'ag', audit: 'aa' };

export function encodeAdminCursor(list: AdminList, cursor: AdminCursor): string {
  return encodeKeysetCursor(TAGS[list], cursor);
}

export function adminCursorParam(raw: string | undefined, list: AdminList): AdminCursor | null {
  return keysetCursorParam(raw, TAGS[list]);
}
