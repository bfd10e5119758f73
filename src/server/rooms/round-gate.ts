/**
 * Submissions to a room's games outside their round (decision 0054): a player of a live room may
 * submit to one of its games only while that game's round is played (domain/rooms.ts
 * roundSubmissionRefusal). Games asks before each submission (its `submissionGate`, wired by
 * the composition root); the hot path must not pay for rooms it has nothing to do with.
 *
 * So each instance keeps which games are played in rooms that are open and not closed: read
 * once at start (and again after a resync, when events may have been missed), then kept in step
 * by every instance's phase events, which carry the room's games. A submission to a game in no
 * such room costs a map lookup. One to a room's game costs a statement, shared by the requests
 * for that game that arrive in the same turn of the event loop: which of these users play in
 * those rooms, and where each room is now (read afresh, so an instance that has not yet heard a
 * change still decides on the room as it is).
 *
 * A room enters the index when it opens (no one can join a room before; `created` rooms are
 * left out) and leaves it when it closes, or once no event was heard of it for ROOM_EXPIRY_MS
 * (a quiet room closes by itself, with no event).
 */
import { sql } from 'drizzle-orm';
import { ROOM_EXPIRY_MS } from '../../domain/limits';
import { roundSubmissionRefusal, type RoomRounds, type StoredPhase } from '../../domain/rooms';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import { room, roomPlayer } from '../db/schema/rooms';
import type { EventHub } from '../realtime/hub';
import type { RoomEvent } from './live';

/** Users one lookup asks about at most (the rest go in the next statement). */
const MAX_LOOKUP_USERS = 1000;

type Indexed = { gameIds: readonly string[]; heardAt: number };

type Waiting = {
  userId: string;
  resolve: (refusal: string | null) => void;
  reject: (error: unknown) => void;
};

type PlayerRoom = {
  user_id: string;
  phase: string;
  round: number;
  deadline: string | Date | null;
  last_activity_at: string | Date;
  game_ids: string[];
};

const ms = (value: string | Date | null) => (value === null ? null : new Date(value).getTime());

export class RoundGate {
  /** Open rooms by id, with their games and when this instance last heard of them. */
  private rooms = new Map<string, Indexed>();
  /** Game id → the open rooms that play it. */
  private games = new Map<string, Set<string>>();
  /** Whether the open rooms were read once (before, nothing is known). */
  private ready = false;
  /** The first read under way. */
  private loading: Promise<void> | undefined;
  /** The latest read of open rooms (an older one's answer is dropped) and the events heard since. */
  private loads = 0;
  private latest: Promise<void> | undefined;
  private heardDuringLoad: RoomEvent[] | undefined;
  private readonly waiting = new Map<string, Waiting[]>();
  /** Games whose lookup is under way: requests for them wait for the next one. */
  private readonly looking = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

  /** Follows every instance's room events; reads the open rooms now and after each resync. */
  attach(hub: EventHub): () => void {
    const stop = hub.tap<RoomEvent>((message) => {
      // Events may have been missed (a room opened or closed): read the open rooms again.
      if (message.type === 'resync') void this.load().catch(() => undefined);
      else if (message.type === 'room' || message.type === 'room-join') this.hear(message);
    });
    void this.whenReady().catch(() => undefined);
    return stop;
  }

  /**
   * Why `userId` may not submit to `gameId` now, or null. Null at once (no statement, no
   * promise) when no open room plays the game.
   */
  refusal(input: { gameId: string; userId: string }): null | Promise<string | null> {
    if (!this.ready) return this.whenReady().then(() => this.ask(input));
    return this.ask(input);
  }

  private ask(input: { gameId: string; userId: string }): null | Promise<string | null> {
    if (this.roomsOf(input.gameId).length === 0) return null;
    return new Promise<string | null>((resolve, reject) => {
      let list = this.waiting.get(input.gameId);
      if (!list) {
        list = [];
        this.waiting.set(input.gameId, list);
        // One turn first: the requests for this game already received share the statement; while
        // a lookup is under way, the next starts when it ends.
        if (!this.looking.has(input.gameId)) setImmediate(() => void this.decide(input.gameId));
      }
      list.push({ userId: input.userId, resolve, reject });
    });
  }

  /**
   * A host's action on this instance committed: the room is known here at once, before its event
   * comes back through the hub (which brings it to every other instance).
   */
  moved(changed: { id: string; phase: string; gameIds: string[] }): void {
    if (changed.phase === 'closed') this.remove(changed.id);
    else if (changed.phase !== 'created') this.add(changed.id, changed.gameIds, this.now());
  }

  /** The open rooms that play `gameId`; rooms quiet for ROOM_EXPIRY_MS are forgotten here. */
  private roomsOf(gameId: string): string[] {
    const ids = this.games.get(gameId);
    if (!ids) return [];
    const quietSince = this.now() - ROOM_EXPIRY_MS;
    for (const id of ids) {
      const indexed = this.rooms.get(id);
      if (!indexed || indexed.heardAt <= quietSince) this.remove(id);
    }
    return [...(this.games.get(gameId) ?? [])];
  }

  /**
   * Decides the requests waiting for `gameId` in one statement, then those that came meanwhile
   * (group commit, as submissions are written): one lookup per game is under way at a time, so a
   * burst of ballots costs a statement per lookup's time, not per turn of the event loop (0.65 a
   * submission at 100 a second). Each request is still decided on a read that began after it
   * arrived.
   */
  private async decide(gameId: string): Promise<void> {
    this.looking.add(gameId);
    try {
      while ((this.waiting.get(gameId)?.length ?? 0) > 0) {
        const list = this.waiting.get(gameId)!;
        const batch = list.splice(0, MAX_LOOKUP_USERS);
        if (list.length === 0) this.waiting.delete(gameId);
        await this.lookup(gameId, batch);
      }
    } finally {
      this.looking.delete(gameId);
    }
  }

  private async lookup(gameId: string, batch: Waiting[]): Promise<void> {
    try {
      const roomIds = this.roomsOf(gameId);
      const userIds = [...new Set(batch.map((waiting) => waiting.userId))];
      const found =
        roomIds.length === 0
          ? []
          : rows<PlayerRoom>(
              await this.db.execute(sql`
                select p.user_id, r.phase, r.round, r.deadline, r.last_activity_at, r.game_ids
                from ${roomPlayer} p join ${room} r on r.id = p.room_id
                where p.room_id in (select jsonb_array_elements_text(${JSON.stringify(roomIds)}::jsonb))
                  and p.user_id in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))
              `),
            );
      const now = this.now();
      const roomsOfUser = new Map<string, RoomRounds[]>();
      for (const row of found) {
        const rounds: RoomRounds = {
          phase: row.phase as StoredPhase,
          round: row.round,
          roundCount: row.game_ids.length,
          deadline: ms(row.deadline),
          lastActivityAt: ms(row.last_activity_at) ?? 0,
          gameIds: row.game_ids,
        };
        roomsOfUser.set(row.user_id, [...(roomsOfUser.get(row.user_id) ?? []), rounds]);
      }
      for (const waiting of batch) {
        waiting.resolve(roundSubmissionRefusal(roomsOfUser.get(waiting.userId) ?? [], gameId, now));
      }
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }

  /** The first read of open rooms, started once (again after a failure). */
  private whenReady(): Promise<void> {
    if (!this.loading) {
      this.loading = this.load();
      this.loading.catch(() => (this.loading = undefined));
    }
    return this.loading;
  }

  /** Reads the open rooms afresh; the events heard meanwhile are applied again on the result. */
  private load(): Promise<void> {
    const load = ++this.loads;
    const heard: RoomEvent[] = [];
    this.heardDuringLoad = heard;
    const reading = this.db
      .execute(
        sql`
          select id, game_ids, last_activity_at from ${room}
          where phase not in ('created', 'closed')
            and last_activity_at > ${new Date(this.now() - ROOM_EXPIRY_MS).toISOString()}::timestamptz
        `,
      )
      .then((result): void | Promise<void> => {
        // A later read is under way (a resync): its answer is the newer one.
        if (load !== this.loads) return this.latest;
        this.heardDuringLoad = undefined;
        this.rooms = new Map();
        this.games = new Map();
        const open = rows<{ id: string; game_ids: string[]; last_activity_at: string | Date }>(
          result,
        );
        for (const row of open) this.add(row.id, row.game_ids, ms(row.last_activity_at) ?? 0);
        for (const event of heard) this.hear(event);
        this.ready = true;
      })
      .finally(() => {
        if (this.heardDuringLoad === heard) this.heardDuringLoad = undefined;
      });
    this.latest = reading;
    return reading;
  }

  private hear(event: RoomEvent): void {
    this.heardDuringLoad?.push(event);
    const now = this.now();
    if (event.type === 'room-join') {
      const indexed = this.rooms.get(event.roomId);
      if (indexed) indexed.heardAt = Math.max(indexed.heardAt, now);
    } else if (event.phase === 'closed') {
      this.remove(event.roomId);
    } else if (event.phase !== 'created') {
      this.add(event.roomId, event.gameIds, now);
    }
  }

  private add(roomId: string, gameIds: readonly string[], heardAt: number): void {
    const indexed = this.rooms.get(roomId);
    if (indexed) {
      indexed.heardAt = Math.max(indexed.heardAt, heardAt);
      return;
    }
    this.rooms.set(roomId, { gameIds, heardAt });
    for (const gameId of gameIds) {
      let ids = this.games.get(gameId);
      if (!ids) {
        ids = new Set();
        this.games.set(gameId, ids);
      }
      ids.add(roomId);
    }
  }

  private remove(roomId: string): void {
    const indexed = this.rooms.get(roomId);
    if (!indexed) return;
    this.rooms.delete(roomId);
    for (const gameId of indexed.gameIds) {
      const ids = this.games.get(gameId);
      ids?.delete(roomId);
      if (ids?.size === 0) this.games.delete(gameId);
    }
  }
}
