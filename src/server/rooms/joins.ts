/**
 * Players joining rooms, in batches (group commit, as games' submissions are written: games/
 * submit.ts). Joins of one room take turns on its row lock, which keeps its count and players
 * limit exact across instances; one statement per join made ten thousand phones queue behind it.
 * So on each instance the joins of a room that arrive while its previous batch commits are
 * written together: one statement locks the room's row once, inserts the batch's players, bumps
 * the count once and sends one join event. Each request is answered with its own outcome.
 */
import { sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { ROOM_EXPIRY_MS, ROOM_RECENT_NAMES } from '../../domain/limits';
import {
  joinRefusal,
  shownPhase,
  ROOM_MESSAGES,
  type RoomName,
  type StoredPhase,
} from '../../domain/rooms';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import { room, roomPlayer } from '../db/schema/rooms';
import { notifyJoinSql } from './live';

/** At most this many joins per statement (its parameter and the time it holds the lock). */
export const MAX_JOIN_BATCH = 256;

export type JoinOutcome = { name: string; joined: boolean };

export type JoinRequest = { userId: string; name: RoomName };

type Waiting = {
  request: JoinRequest;
  resolve: (outcome: JoinOutcome) => void;
  reject: (error: unknown) => void;
};

type Pending = { waiting: Waiting[]; writing: boolean };

export class RoomJoins {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly db: Db,
    /** Players one room holds (LIMIT_ROOM_PLAYERS). */
    private readonly maxPlayers: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * `request.userId` joins the room `code` as `request.name`; answers once its batch committed.
   * A player who joined before gets their place back (with the name they chose then). Refused:
   * no such room (404), closed or expired, not open yet, full, name taken (409).
   */
  join(code: string, request: JoinRequest): Promise<JoinOutcome> {
    return new Promise((resolve, reject) => {
      let room = this.pending.get(code);
      if (!room) {
        room = { waiting: [], writing: false };
        this.pending.set(code, room);
      }
      room.waiting.push({ request, resolve, reject });
      if (!room.writing) {
        room.writing = true;
        // One turn of the event loop first: requests already received join this batch.
        setImmediate(() => void this.flush(code));
      }
    });
  }

  /** Writes the room's waiting joins, batch after batch, until none waits. */
  private async flush(code: string): Promise<void> {
    const room = this.pending.get(code);
    if (!room) return;
    while (room.waiting.length > 0) {
      const batch = takeBatch(room.waiting);
      try {
        const outcomes = await writeJoins(this.db, {
          code,
          requests: batch.map((waiting) => waiting.request),
          maxPlayers: this.maxPlayers,
          now: this.now(),
        });
        batch.forEach((waiting, i) => {
          const outcome = outcomes[i];
          if (outcome instanceof Error || outcome === undefined) waiting.reject(outcome);
          else waiting.resolve(outcome);
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
    }
    this.pending.delete(code);
  }
}

/**
 * Takes the next batch out of `waiting`, in arrival order, up to MAX_JOIN_BATCH: a request of a
 * user or for a nickname already in the batch waits for the next one, so that within a batch
 * each is unique and a rejoin or a taken name is read from what earlier batches committed.
 */
export function takeBatch<T extends { request: JoinRequest }>(waiting: T[]): T[] {
  const batch: T[] = [];
  const users = new Set<string>();
  const names = new Set<string>();
  for (let i = 0; i < waiting.length && batch.length < MAX_JOIN_BATCH;) {
    const item = waiting[i] as T;
    const { userId, name } = item.request;
    if (users.has(userId) || names.has(name.key)) {
      i++;
      continue;
    }
    users.add(userId);
    names.add(name.key);
    batch.push(item);
    waiting.splice(i, 1);
  }
  return batch;
}

type BatchRow = {
  id: string;
  phase: string;
  round: number;
  deadline: string | Date | null;
  last_activity_at: string | Date;
  player_count: number;
  round_count: number;
  existing: Json<{ user_id: string; name: string }[]>;
  taken: Json<string[]>;
  allowed: Json<string[]>;
  inserted: Json<string[]>;
};

/** A json column, parsed by one driver and not by the other. */
type Json<T> = T | string;
const parsed = <T>(value: Json<T>): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

/** A time as a SQL timestamp (what both drivers take alike). */
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/**
 * One batch of joins of the room `code`, in one statement: the room's row is locked (batches of
 * every instance take turns, so the count is exact and the limit holds); players who joined
 * before are answered their place; requests for a nickname the room holds are refused alone;
 * the others, in order, while the room is open and has places, are inserted (the unique index
 * on (room, name key) settles a race the statement's snapshot did not see), counted once and
 * told in one event. Answers one outcome or error per request, in order.
 */
export async function writeJoins(
  db: Db,
  input: { code: string; requests: JoinRequest[]; maxPlayers: number; now: number },
): Promise<(JoinOutcome | AppError)[]> {
  const now = at(input.now);
  const openSince = at(input.now - ROOM_EXPIRY_MS);
  const requested = JSON.stringify(
    input.requests.map((request, ord) => ({
      user_id: request.userId,
      name: request.name.name,
      name_key: request.name.key,
      ord,
    })),
  );
  const [row] = rows<BatchRow>(
    await db.execute(sql`
      with target as (
        select id, phase, round, deadline, last_activity_at, player_count, game_ids
        from ${room} where code = ${input.code}
        for update
      ),
      req as (
        select * from jsonb_to_recordset(${requested}::jsonb)
          as r(user_id text, name text, name_key text, ord int)
      ),
      existing as (
        select p.user_id, p.name from ${roomPlayer} p join target t on p.room_id = t.id
        where p.user_id in (select user_id from req)
      ),
      taken as (
        select r.user_id from req r, target t
        where r.user_id not in (select user_id from existing)
          and exists (
            select 1 from ${roomPlayer} p where p.room_id = t.id and p.name_key = r.name_key
          )
      ),
      open as (
        select id, player_count from target
        where phase in ('lobby', 'round', 'reveal') and last_activity_at > ${openSince}
      ),
      allowed as (
        select o.id as room_id, c.user_id, c.name, c.name_key, c.ord
        from open o, (
          select r.*, row_number() over (order by r.ord) as n from req r
          where r.user_id not in (select user_id from existing)
            and r.user_id not in (select user_id from taken)
        ) c
        where c.n <= ${input.maxPlayers} - o.player_count
      ),
      inserted as (
        insert into ${roomPlayer} (room_id, user_id, name, name_key, joined_at)
        select room_id, user_id, name, name_key, ${now} from allowed
        on conflict do nothing
        returning user_id, name
      ),
      counted as (
        update ${room} r set
          player_count = r.player_count + (select count(*) from inserted),
          last_activity_at = ${now}
        from target t
        where r.id = t.id and exists (select 1 from inserted)
        returning r.id, r.player_count as players
      ),
      told as (
        select ${notifyJoinSql({
          roomId: sql`counted.id`,
          names: sql`(
            select coalesce(jsonb_agg(newest.name order by newest.ord), '[]'::jsonb) from (
              select i.name, a.ord from inserted i join allowed a on a.user_id = i.user_id
              order by a.ord desc limit ${ROOM_RECENT_NAMES}
            ) newest
          )`,
          players: sql`counted.players`,
        })} from counted
      )
      select t.id, t.phase, t.round, t.deadline, t.last_activity_at, t.player_count,
        jsonb_array_length(t.game_ids)::int as round_count,
        (select coalesce(json_agg(json_build_object('user_id', user_id, 'name', name)), '[]')
          from existing) as existing,
        (select coalesce(json_agg(user_id), '[]') from taken) as taken,
        (select coalesce(json_agg(user_id), '[]') from allowed) as allowed,
        (select coalesce(json_agg(user_id), '[]') from inserted) as inserted,
        (select count(*) from told) as told
      from target t
    `),
  );
  if (!row) return input.requests.map(() => new AppError('not-found', ROOM_MESSAGES.notFound));
  const phase = shownPhase(
    {
      phase: row.phase as StoredPhase,
      round: row.round,
      roundCount: row.round_count,
      deadline: row.deadline === null ? null : new Date(row.deadline).getTime(),
      lastActivityAt: new Date(row.last_activity_at).getTime(),
    },
    input.now,
  );
  const refused = joinRefusal(phase);
  if (phase === 'closed' && refused) {
    return input.requests.map(() => new AppError('aborted', refused));
  }
  const existing = new Map(parsed(row.existing).map((entry) => [entry.user_id, entry.name]));
  const taken = new Set(parsed(row.taken));
  const allowed = new Set(parsed(row.allowed));
  const inserted = new Set(parsed(row.inserted));
  return input.requests.map((request) => {
    const before = existing.get(request.userId);
    if (before !== undefined) return { name: before, joined: false };
    if (refused) return new AppError('aborted', refused);
    if (inserted.has(request.userId)) return { name: request.name.name, joined: true };
    if (taken.has(request.userId) || allowed.has(request.userId)) {
      return new AppError('aborted', ROOM_MESSAGES.nameTaken);
    }
    return new AppError('aborted', ROOM_MESSAGES.full(input.maxPlayers));
  });
}
