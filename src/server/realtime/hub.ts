/**
 * Live game events. Writers NOTIFY inside their transaction (Postgres delivers it on commit);
 * every server instance LISTENs and fans events out to its own subscribers. Payloads carry ids
 * and versions only: NOTIFY payloads must stay under 8,000 bytes.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import type { Logger } from '../log';

export const EVENTS_CHANNEL = 'crowned_events';

/** A final submission was counted (or a player's final ranking replaced). */
export type SubmissionEvent = {
  type: 'submission';
  gameId: string;
  version: number;
  count: number;
  /** Who submitted: their own stream may now show results. */
  userId: string;
  /** This submission reached the players limit: the game closed with it. */
  closed?: boolean;
};

/**
 * A game changed for everyone watching it: it closed (deadline, owner, players limit reached
 * elsewhere), its items were edited, or it was deleted. `version` is the game's new live version
 * (none for a deleted game).
 */
export type GameChangeEvent = {
  type: 'game';
  gameId: string;
  change: 'closed' | 'items' | 'deleted';
  version: number | null;
};

export type GameEvent = SubmissionEvent | GameChangeEvent;

/** A player's profile (name, level, crowns, role) changed. */
export type ProfileEvent = { type: 'profile'; userId: string };

/** A community rank's counters changed (a play or a like), or it was hidden, unpublished or deleted. */
export type RankEvent = {
  type: 'rank';
  rankId: string;
  plays: number;
  likes: number;
  /** Still listed: false once it is hidden, unpublished, archived or deleted. */
  listed: boolean;
};

export type HubEvent = GameEvent | ProfileEvent | RankEvent;

/** Delivered to a subscriber: an event, or a note that events may have been missed. */
export type HubMessage = HubEvent | { type: 'resync' };

export const gameTopic = (gameId: string) => `game:${gameId}`;
export const userTopic = (userId: string) => `user:${userId}`;
export const rankTopic = (rankId: string) => `rank:${rankId}`;

function topicOf(event: HubEvent): string {
  if (event.type === 'profile') return userTopic(event.userId);
  if (event.type === 'rank') return rankTopic(event.rankId);
  return gameTopic(event.gameId);
}

/** Sends an event to every instance (inside a transaction: when it commits). */
export async function publish(db: Pick<Db, 'execute'>, event: HubEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/**
 * The SQL that sends a RankEvent for `row` (a row or CTE alias with the columns id, plays, likes
 * and listed), so a write and its event take one statement (delivered on commit).
 */
export function notifyRankEvent(row: SQL): SQL {
  return sql`pg_notify(${EVENTS_CHANNEL}, json_build_object(
    'type', 'rank', 'rankId', ${row}.id, 'plays', ${row}.plays, 'likes', ${row}.likes,
    'listed', ${row}.listed)::text)`;
}

type Subscriber = (message: HubMessage) => void;

export class EventHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private stopListening: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      EVENTS_CHANNEL,
      (payload) => this.dispatch(payload),
      () => this.broadcast({ type: 'resync' }),
    );
  }

  async stop(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = undefined;
  }

  subscribe(topic: string, subscriber: Subscriber): () => void {
    let set = this.subscribers.get(topic);
    if (!set) {
      set = new Set();
      this.subscribers.set(topic, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.subscribers.get(topic) === set) this.subscribers.delete(topic);
    };
  }

  subscriberCount(): number {
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }

  private dispatch(payload: string): void {
    let event: HubEvent;
    try {
      event = JSON.parse(payload) as HubEvent;
    } catch {
      this.log.warn('ignoring a malformed event payload');
      return;
    }
    for (const subscriber of this.subscribers.get(topicOf(event)) ?? []) subscriber(event);
  }

  private broadcast(message: HubMessage): void {
    for (const set of this.subscribers.values()) for (const subscriber of set) subscriber(message);
  }
}
