/**
 * The community's live events (moved out of realtime/hub.ts): a rank's counters or listing
 * changed. Declared once, with its SQL form beside its TypeScript form.
 */
import { sql, type SQL } from 'drizzle-orm';
import { eventKind, topic } from '../realtime/hub';

/** A community rank's counters changed (a play or a like), or it was hidden, unpublished or deleted. */
export type RankEvent = {
  type: 'rank';
  rankId: string;
  plays: number;
  likes: number;
  /** Still listed: false once it is hidden, unpublished, archived or deleted. */
  listed: boolean;
};

export const rankEvents = eventKind<RankEvent>('rank');

/** A rank's page listens here. */
export const rankTopic = topic<RankEvent>('rank', [rankEvents], (event) => event.rankId);

/**
 * The SQL that sends a RankEvent for `row` (a row or CTE alias with the columns id, plays, likes
 * and listed), so a write and its event take one statement (delivered on commit).
 */
export function notifyRankEvent(row: SQL): SQL {
  return rankEvents.notifyFieldsSql({
    rankId: sql`${row}.id`,
    plays: sql`${row}.plays`,
    likes: sql`${row}.likes`,
    listed: sql`${row}.listed`,
  });
}
