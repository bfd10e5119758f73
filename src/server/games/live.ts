/**
 * A game's live events: what happened to it, as every instance hears it (NOTIFY on commit, see
 * realtime/hub.ts). Every producer (submissions, closing by the owner, the players rule or the
 * deadline, item edits, deletion, a guest's data moving to their account, a legacy claim) builds
 * its event here, and every consumer (event streams, the per-instance game state) reads these types.
 * Payloads carry ids and versions only: NOTIFY payloads must stay under 8,000 bytes.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { EncodedChange } from '../../domain/ballot-changes';
import type { Db } from '../db/client';
import { eventKind, publish, topic } from '../realtime/hub';

/** Final rankings were counted (new or replacing a player's earlier one): one batch, one event. */
export type SubmissionEvent = {
  type: 'submission';
  gameId: string;
  /** The game's live version after the batch. */
  version: number;
  count: number;
  /** Who made a final ranking: their own streams may now show results. */
  userIds: string[];
  /** The batch reached the players limit: the game closed with it. */
  closed?: boolean;
  /**
   * The live version the batch was written on, and its ballot changes over the game's items
   * (domain/ballot-changes.ts), when they fit: an instance that keeps the game at `from` applies
   * them rather than reading the game again (decision 0071). Absent for duel games.
   */
  from?: number;
  ballots?: EncodedChange[];
};

/**
 * A game changed for everyone watching it: it closed (deadline, owner, players limit reached
 * elsewhere), its items were edited, it was deleted, or it has a new owner (a guest's data moved
 * to their account, a legacy claim). `version` is the game's live version after the change, when
 * the change bumped it (closing and item edits do).
 */
export type GameChangeEvent = {
  type: 'game';
  gameId: string;
  change: 'closed' | 'items' | 'deleted' | 'owner';
  version: number | null;
};

export type GameEvent = SubmissionEvent | GameChangeEvent;

export const submissionEvents = eventKind<SubmissionEvent>('submission');
export const gameChanges = eventKind<GameChangeEvent>('game');

/** A game's page listens here: every event of the game. */
export const gameTopic = topic<GameEvent>('game', [submissionEvents, gameChanges], (event) => {
  return event.gameId;
});

/** The SQL that sends `event` when its transaction commits (to put in a write's statement). */
export function notifySql(event: GameEvent): SQL {
  return event.type === 'submission'
    ? submissionEvents.notifySql(event)
    : gameChanges.notifySql(event);
}

/** Sends `event` when the transaction commits, in a statement of its own. */
export function announce(tx: Pick<Db, 'execute'>, event: GameEvent): Promise<void> {
  return publish(tx, event);
}

/**
 * The SQL that sends a `closed` change for each row of `bumped` (columns game_id and version):
 * the deadline check closes many games in one statement.
 */
export function notifyClosedSql(bumped: SQL): SQL {
  return gameChanges.notifyFieldsSql({
    gameId: sql`${bumped}.game_id`,
    change: 'closed',
    version: sql`${bumped}.version`,
  });
}
