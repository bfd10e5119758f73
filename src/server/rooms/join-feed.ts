/**
 * A room's joins as its streams on this instance hear them: coalesced. A lobby of thousands fills
 * with phones that open their stream as they join, so an event per join and stream grows as the
 * square of the players (2,000 phones: 1.28 M events). Instead, each room with streams here is
 * subscribed to once, and at most one `join` message a JOIN_EVENT_MS (longer past 2,000 streams
 * here: MS_PER_STREAM) goes to all its streams: the count (the highest heard: instances' batches
 * may arrive out of order) and the nicknames heard since the last one (newest last, at most
 * ROOM_RECENT_NAMES), serialized once and written as the same frame to every stream. Phones need only the count; the presenter animates the names in.
 */
import { ROOM_RECENT_NAMES } from '../../domain/limits';
import type { EventHub } from '../realtime/hub';
import { sseFrame, type SseStream } from '../realtime/sse';
import { roomJoinTopic, type RoomJoinEvent } from './live';

/** At most one `join` message per room and this long (the first goes this long after its join). */
export const JOIN_EVENT_MS = 500;
/**
 * A crowded room's messages are spaced by this much per stream here (at most 4,000 frames a
 * second per room and instance): 10,000 phones in a lobby, told twice a second, made 20,000
 * frames a second, twenty for every join (decision 0059). Up to 2,000 streams: JOIN_EVENT_MS.
 */
const MS_PER_STREAM = 0.25;

/** What a `join` message carries. */
export type JoinMessage = { names: string[]; players: number };

type Feed = {
  streams: Set<SseStream>;
  unsubscribe: () => void;
  names: string[];
  players: number;
  timer: ReturnType<typeof setTimeout> | undefined;
};

export class JoinFeed {
  private readonly feeds = new Map<string, Feed>();

  constructor(
    private readonly hub: EventHub,
    private readonly intervalMs = JOIN_EVENT_MS,
  ) {}

  /** `stream` hears the room's joins from now on; answers the function that stops it. */
  follow(roomId: string, stream: SseStream): () => void {
    let feed = this.feeds.get(roomId);
    if (!feed) {
      const created: Feed = {
        streams: new Set(),
        unsubscribe: () => undefined,
        names: [],
        players: 0,
        timer: undefined,
      };
      created.unsubscribe = this.hub.subscribe(roomJoinTopic(roomId), (message) => {
        if (message.type === 'room-join') this.heard(created, message);
      });
      this.feeds.set(roomId, created);
      feed = created;
    }
    const followed = feed;
    followed.streams.add(stream);
    return () => {
      followed.streams.delete(stream);
      if (followed.streams.size > 0 || this.feeds.get(roomId) !== followed) return;
      this.feeds.delete(roomId);
      followed.unsubscribe();
      clearTimeout(followed.timer);
    };
  }

  private heard(feed: Feed, event: RoomJoinEvent): void {
    feed.names.push(...event.names);
    if (feed.names.length > ROOM_RECENT_NAMES)
      feed.names.splice(0, feed.names.length - ROOM_RECENT_NAMES);
    feed.players = Math.max(feed.players, event.players);
    feed.timer ??= setTimeout(
      () => this.send(feed),
      Math.max(this.intervalMs, feed.streams.size * MS_PER_STREAM),
    );
  }

  private send(feed: Feed): void {
    feed.timer = undefined;
    const message: JoinMessage = { names: feed.names, players: feed.players };
    feed.names = [];
    const frame = sseFrame({ event: 'join', data: JSON.stringify(message) });
    for (const stream of feed.streams) {
      // A failed write is the stream's end: its own loop notices and closes it.
      stream.write(frame).catch(() => undefined);
    }
  }
}
