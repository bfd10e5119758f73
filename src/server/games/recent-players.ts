/**
 * The owner's Recent players (issue 25): a game's submissions, final and partial, newest first
 * (at desc, on submission_game_at_idx), a page at a time after a keyset cursor. Ties on `at` are
 * broken by a per-game hash of the player (decision 0040), so the cursor the owner holds carries
 * no user id.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { RecentPlayersPage } from '../../domain/recent-players';
import type { Db } from '../db/client';
import { fromMicros, micros } from '../db/micros';
import { submission } from '../db/schema/games';
import { encodeKeysetCursor, keysetCursorParam, type KeysetCursor } from '../http/keyset-cursor';

/** The tag of Recent players' cursors (no other list uses it). */
const TAG = 'rp';

/** The cursor of an optional `cursor` query parameter (empty: the first page), or a 400. */
export function recentPlayersCursor(raw: string | undefined): KeysetCursor | null {
  return keysetCursorParam(raw, TAG);
}

/** The player's stand-in in the cursor: one-way, and different in every game. */
const playerKey = sql<string>`md5(${submission.gameId} || ':' || ${submission.userId})`;

export async function recentPlayersPage(
  db: Db,
  input: { gameId: string; cursor: KeysetCursor | null; limit: number },
): Promise<RecentPlayersPage> {
  const { cursor } = input;
  const rows = await db
    .select({
      name: submission.name,
      at: submission.at,
      partial: submission.partial,
      atUs: micros(submission.at),
      key: playerKey,
    })
    .from(submission)
    .where(
      and(
        eq(submission.gameId, input.gameId),
        cursor
          ? sql`${submission.at} <= ${fromMicros(cursor.atUs)} and (${submission.at} < ${fromMicros(cursor.atUs)} or ${playerKey} < ${cursor.id})`
          : undefined,
      ),
    )
    .orderBy(sql`${submission.at} desc`, sql`${playerKey} desc`)
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    players: page.map((row) => ({ name: row.name, at: row.at.getTime(), partial: row.partial })),
    nextCursor:
      rows.length > input.limit && last
        ? encodeKeysetCursor(TAG, { atUs: Number(last.atUs), id: last.key })
        : null,
  };
}
