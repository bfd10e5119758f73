/**
 * User-level live events (DESIGN "auth/: ... user-level events"): a player's profile changed, or
 * their sessions did. Several layers send them (auth, progression, players, admin), so they are
 * declared here, below every feature, each kind once with its SQL form beside it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { eventKind, topic } from '../realtime/hub';

/** A player's profile (name, level, crowns, role) changed. */
export type ProfileEvent = { type: 'profile'; userId: string };

/**
 * A user's sessions or account changed (signed out, password reset, e-mail verified, role, name,
 * deleted). Sent by database triggers only (migrations/0003_session_events.sql builds it with
 * `json_build_object('type', 'session', 'userId', ...)`), so no code path can forget it.
 */
export type SessionEvent = { type: 'session'; userId: string };

export const profileEvents = eventKind<ProfileEvent>('profile');

/** A player's own pages listen here: their profile changed. */
export const userTopic = topic<ProfileEvent>('user', [profileEvents], (event) => event.userId);

/** The SQL that sends a profile event for each row of `row` (a row or CTE alias with column id). */
export function notifyProfileSql(row: SQL): SQL {
  return profileEvents.notifyFieldsSql({ userId: sql`${row}.id` });
}
