/**
 * Live game events. Writers NOTIFY inside their transaction (Postgres delivers it on commit);
 * every server instance LISTENs and fans events out to its own subscribers. Payloads carry ids
 * and versions only: NOTIFY payloads must stay under 8,000 bytes.
 */
import type { Database } from '../db/client';
import type { Logger } from '../log';

export const EVENTS_CHANNEL = 'crowned_events';

export type GameEvent = {
  type: 'submission';
  gameId: string;
  version: number;
  count: number;
  /** Who submitted: their own stream may now show results. */
  userId: string;
};

/** Delivered to a subscriber: an event, or a note that events may have been missed. */
export type HubMessage = GameEvent | { type: 'resync' };

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

  subscribe(gameId: string, subscriber: Subscriber): () => void {
    let set = this.subscribers.get(gameId);
    if (!set) {
      set = new Set();
      this.subscribers.set(gameId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.subscribers.get(gameId) === set) this.subscribers.delete(gameId);
    };
  }

  subscriberCount(): number {
    let count = 0;
    for (const set of this.subscribers.values()) count += set.size;
    return count;
  }

  private dispatch(payload: string): void {
    let event: GameEvent;
    try {
      event = JSON.parse(payload) as GameEvent;
    } catch {
      this.log.warn('ignoring a malformed event payload');
      return;
    }
    for (const subscriber of this.subscribers.get(event.gameId) ?? []) subscriber(event);
  }

  private broadcast(message: HubMessage): void {
    for (const set of this.subscribers.values()) for (const subscriber of set) subscriber(message);
  }
}
