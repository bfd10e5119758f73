/**
 * The event hub, knowing no feature. Writers NOTIFY inside their transaction (Postgres delivers it
 * on commit); every server instance LISTENs on one channel and fans events out to its own
 * subscribers, by topic. A feature declares its events in its own `live.ts`: each kind once, as a
 * TypeScript type with its SQL form beside it (`eventKind`), and the topics its pages subscribe to
 * (`topic`). Payloads carry ids and versions only: NOTIFY payloads must stay under 8,000 bytes.
 */
import { is, SQL, sql, type SQLWrapper } from 'drizzle-orm';
import type { Database, Db } from '../db/client';
import type { Logger } from '../platform/log';

export const EVENTS_CHANNEL = 'crowned_events';

/** Every event names its kind; the rest is the kind's own (see its feature's live.ts). */
export type HubEvent = { readonly type: string; readonly [field: string]: unknown };

/** Told to every subscriber when the listener connection was lost: events may have been missed. */
export type Resync = { type: 'resync' };

/** Delivered to a subscriber: an event, or a note that events may have been missed. */
export type HubMessage<E extends HubEvent = HubEvent> = E | Resync;

/** Sent by an instance to itself: everything committed before it has been heard. */
export type BarrierEvent = { type: 'barrier'; id: string };

/** Each field of an event but its type: SQL (e.g. a column of the write's rows) or a value. */
export type EventFields<E extends HubEvent> = { [K in Exclude<keyof E, 'type'>]-?: SQL | E[K] };

/** One kind of event: its type, and the SQL that sends one on commit (to put in a write). */
export type EventKind<E extends HubEvent> = {
  readonly type: E['type'];
  /** Sends `event`, known in TypeScript. */
  notifySql(event: E): SQL;
  /**
   * Sends an event given as its JSON text (JSON.stringify of an `E`): a value of a statement
   * prepared once (db/prepared.ts).
   */
  notifyJsonSql(json: SQLWrapper): SQL;
  /** Sends an event built in SQL from `fields` (json_build_object with the same fields). */
  notifyFieldsSql(fields: EventFields<E>): SQL;
};

/** A value as a typed SQL parameter, so json_build_object knows what it holds. */
function jsonValue(value: unknown): SQL {
  if (value === null || value === undefined) return sql`null`;
  if (is(value, SQL)) return value;
  if (typeof value === 'string') return sql`${value}::text`;
  if (typeof value === 'number') return sql`${value}::numeric`;
  if (typeof value === 'boolean') return sql`${value}::boolean`;
  return sql`${JSON.stringify(value)}::jsonb`;
}

/** Declares a kind of event: its TypeScript form is `E`, its SQL form follows from it. */
export function eventKind<E extends HubEvent>(type: E['type']): EventKind<E> {
  return {
    type,
    notifySql: (event) => sql`pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`,
    notifyJsonSql: (json) => sql`pg_notify(${EVENTS_CHANNEL}, ${json}::text)`,
    notifyFieldsSql: (fields) => {
      const pairs = Object.entries(fields).map(
        ([key, value]) => sql`${key}::text, ${jsonValue(value)}`,
      );
      return sql`pg_notify(${EVENTS_CHANNEL}, json_build_object('type', ${type}::text, ${sql.join(pairs, sql`, `)})::text)`;
    },
  };
}

/** The barrier's kind (session-cache.ts, observability/readiness.ts). */
export const barrierEvents = eventKind<BarrierEvent>('barrier');

/** Where an event kind's events are delivered: to the topic named by the event. */
type Route = { readonly types: readonly string[]; keyOf(event: HubEvent): string };

/** A topic whose subscribers hear events of type `E` (and resyncs). */
export type Topic<E extends HubEvent> = {
  readonly key: string;
  readonly route: Route;
  /** Carries `E` for the type checker only. */
  readonly events?: E;
};

/**
 * A family of topics, one per id: events of the given kinds go to the topic of the id `idOf`
 * reads from them (e.g. every game event to its game's topic). Answers the topic of an id.
 */
export function topic<E extends HubEvent>(
  name: string,
  kinds: readonly EventKind<E>[],
  idOf: (event: E) => string,
): (id: string) => Topic<E> {
  const route: Route = {
    types: kinds.map((kind) => kind.type),
    keyOf: (event) => `${name}:${idOf(event as E)}`,
  };
  return (id) => ({ key: `${name}:${id}`, route });
}

/** Sends an event to every instance (inside a transaction: when it commits), in a statement. */
export async function publish<E extends HubEvent>(
  db: Pick<Db, 'execute'>,
  event: E,
): Promise<void> {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

type Subscriber = (message: HubMessage) => void;

export class EventHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  /** Event type → the route of the topics its events go to (learnt from subscriptions). */
  private readonly routes = new Map<string, Route>();
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

  subscribe<E extends HubEvent>(
    topic: Topic<E>,
    subscriber: (message: HubMessage<E>) => void,
  ): () => void {
    for (const type of topic.route.types) {
      const known = this.routes.get(type);
      if (known && known !== topic.route) throw new Error(`Two topics route '${type}' events`);
      this.routes.set(type, topic.route);
    }
    const heard = subscriber as Subscriber;
    let set = this.subscribers.get(topic.key);
    if (!set) {
      set = new Set();
      this.subscribers.set(topic.key, set);
    }
    set.add(heard);
    return () => {
      set.delete(heard);
      if (set.size === 0 && this.subscribers.get(topic.key) === set) {
        this.subscribers.delete(topic.key);
      }
    };
  }

  /**
   * Hears every message of every topic; answers the unsubscribe function. `E` names the events
   * the listener acts on: it is handed every other kind too, and must check `type`.
   */
  tap<E extends HubEvent = HubEvent>(listener: (message: HubMessage<E>) => void): () => void {
    const heard = listener as Subscriber;
    this.taps.add(heard);
    return () => this.taps.delete(heard);
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
    const route = this.routes.get(event.type);
    if (!route) return;
    const subscribers = this.subscribers.get(route.keyOf(event));
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
