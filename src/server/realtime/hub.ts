/**
 * Live game events. Writers NOTIFY inside their transaction (Postgres delivers it on commit);
 * every server instance LISTENs and fans events out to its own subscribers. Payloads carry ids
 * and versions only: NOTIFY payloads must stay under 8,000 bytes. Game events are typed and built
 * in games/live.ts.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import type { GameEvent } from '../games/live';
import type { Logger } from '../platform/log';

export const EVENTS_CHANNEL = 'crowned_events';

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

/**
 * A user's sessions or account changed (signed out, password reset, e-mail verified, role, name,
 * deleted): sent by database triggers (migrations/0003), so no code path can forget it.
 */
export type SessionEvent = { type: 'session'; userId: string };

/** Sent by an instance to itself: everything committed before it has been heard (session-cache.ts). */
export type BarrierEvent = { type: 'barrier'; id: string };

/** A game's webhooks were added or removed: instances forget whether it has any (webhooks/). */
export type WebhooksEvent = { type: 'webhooks'; gameId: string };

export type HubEvent =
  GameEvent | ProfileEvent | RankEvent | SessionEvent | BarrierEvent | WebhooksEvent;

/** Delivered to a subscriber: an event, or a note that events may have been missed. */
export type HubMessage = HubEvent | { type: 'resync' };

export const gameTopic = (gameId: string) => `game:${gameId}`;
export const userTopic = (userId: string) => `user:${userId}`;
export const rankTopic = (rankId: string) => `rank:${rankId}`;

function topicOf(event: HubEvent): string {
  if (event.type === 'profile') return userTopic(event.userId);
  if (event.type === 'rank') return rankTopic(event.rankId);
  if (event.type === 'session') return `session:${event.userId}`;
  if (event.type === 'barrier') return 'barrier';
  if (event.type === 'webhooks') return `webhooks:${event.gameId}`;
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
  /** Per-instance caches hear every event (and every resync) before any topic's subscribers. */
  private readonly taps = new Set<Subscriber>();
  private stopListening: (() => Promise<void>) | undefined;
  /** Events heard, and messages handed to topic subscribers (one per event and subscriber). */
  events = 0;
  deliveries = 0;

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

  /** Hears every message of every topic; answers the unsubscribe function. */
  tap(listener: Subscriber): () => void {
    this.taps.add(listener);
    return () => this.taps.delete(listener);
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
    this.events += 1;
    for (const tap of this.taps) tap(event);
    const subscribers = this.subscribers.get(topicOf(event));
    if (!subscribers) return;
    this.deliveries += subscribers.size;
    for (const subscriber of subscribers) subscriber(event);
  }

  private broadcast(message: HubMessage): void {
    for (const tap of this.taps) tap(message);
    for (const set of this.subscribers.values()) {
      this.deliveries += set.size;
      for (const subscriber of set) subscriber(message);
    }
  }
}
