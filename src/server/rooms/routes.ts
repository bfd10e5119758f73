/**
 * HTTP adapter for live rooms (issue 27): start a room, join it, the host's actions, read it and
 * follow it live. Parse, authorize, call, map errors; the rules are domain/rooms.ts.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import {
  DEFAULT_ROUND_SECONDS,
  MAX_ROOM_ROUNDS,
  MAX_ROUND_SECONDS,
  MIN_ROUND_SECONDS,
} from '../../domain/limits';
import {
  checkRoomGames,
  checkRoomName,
  parseRoomCode,
  ROOM_MESSAGES,
  type RoomAction,
  type RoomView,
} from '../../domain/rooms';
import { requireUser, type AuthEnv } from '../auth/public';
import type { Db } from '../db/client';
import type { GameStates } from '../games/public';
import type { QuotaGuard } from '../http/quota';
import { validate } from '../http/validate';
import type { EventHub } from '../realtime/hub';
import { streamTopic, type SseStream } from '../realtime/sse';
import type { StreamLimits } from '../realtime/stream-limits';
import { findRoom, readRoomView, readRoomViewer, roomById, type RoomRow } from './data';
import { JoinFeed } from './join-feed';
import { roomTopic } from './live';
import { RoomJoins } from './joins';
import { actOnRoom, createRoom } from './mutations';
import type { RoundGate } from './round-gate';

export type RoomDeps = {
  db: Db;
  hub: EventHub;
  /** Games as this instance keeps them: a reveal reads the round game's results from them. */
  states: GameStates;
  heartbeatMs: number;
  /** Rooms per host and hour (the `room` quota). */
  quota?: QuotaGuard | undefined;
  streams?: StreamLimits | undefined;
  /** Players one room holds (LIMIT_ROOM_PLAYERS). */
  maxPlayers: number;
  /** This instance's submission gate, told of the host's actions made here (round-gate.ts). */
  rounds?: RoundGate | undefined;
};

const CreateRoomBody = z.object({
  gameIds: z
    .array(
      z
        .string({ error: 'Game ids must be text' })
        .trim()
        .min(1, 'Game ids must not be empty')
        .max(100),
      {
        error: 'Send gameIds as a list of game ids',
      },
    )
    .max(MAX_ROOM_ROUNDS * 2, ROOM_MESSAGES.tooManyGames),
  roundSeconds: z
    .number({ error: ROOM_MESSAGES.roundSeconds })
    .int(ROOM_MESSAGES.roundSeconds)
    .min(MIN_ROUND_SECONDS, ROOM_MESSAGES.roundSeconds)
    .max(MAX_ROUND_SECONDS, ROOM_MESSAGES.roundSeconds)
    .default(DEFAULT_ROUND_SECONDS),
});

const JoinBody = z.object({
  // Generous: the rule (domain/rooms.ts) gives the real limit, this bounds the work.
  name: z.string({ error: ROOM_MESSAGES.nameRequired }).max(400, ROOM_MESSAGES.nameTooLong),
});

const CodeParam = z.object({
  code: z.string().max(64, ROOM_MESSAGES.notFound),
});

const signedIn = requireUser({ guests: true, message: 'Not signed in' });

/** The room a URL's code names, or 404 (a code no room could have is not looked up). */
async function roomOr404(db: Db, typed: string): Promise<RoomRow> {
  const code = parseRoomCode(typed);
  const row = code === null ? null : await findRoom(db, code);
  if (!row) throw new AppError('not-found', ROOM_MESSAGES.notFound);
  return row;
}

/**
 * A room's view as its streams send it, serialized once, with the version its read found (null:
 * the room is gone).
 */
type SharedView = { view: RoomView; data: string; version: number } | null;

/**
 * One read of a room's view shared by its streams: the version it serves, when it began, whether
 * it is done, and the read that follows it for those who asked for more meanwhile.
 */
type SharedRead = {
  version: number;
  at: number;
  view: Promise<SharedView>;
  settled: boolean;
  next: Promise<SharedView> | undefined;
};

/** How long one instance's read of a room's view serves its streams (per version). */
const SHARED_VIEW_MS = 1000;
const MAX_SHARED_VIEWS = 1000;
/** Rooms' ids by code kept per instance for streams that open (codes are freed only by the purge). */
const MAX_KNOWN_CODES = 1000;
const KNOWN_CODE_MS = 10 * 60_000;

export function roomRoutes(deps: RoomDeps) {
  const { db, states } = deps;
  const joins = new JoinFeed(deps.hub);
  const joining = new RoomJoins(db, deps.maxPlayers);
  /**
   * A room's view as its streams on this instance send it: read and serialized once per version
   * (and at most once a second), not once per phone, when a phase change reaches thousands of
   * streams.
   */
  const shared = new Map<string, SharedRead>();
  /** Reads the room's view now, kept for the streams that ask for no more than `version`. */
  const readShared = (roomId: string, version: number): Promise<SharedView> => {
    const entry: SharedRead = {
      version,
      at: Date.now(),
      settled: false,
      next: undefined,
      view: roomById(db, roomId).then(async (row) => {
        if (!row) return null;
        // What the read found is what it serves (at least what it was asked for).
        entry.version = Math.max(entry.version, row.version);
        const view = await readRoomView(db, row, Date.now());
        return { view, data: JSON.stringify(view), version: row.version };
      }),
    };
    entry.view.then(
      () => (entry.settled = true),
      () => {
        entry.settled = true;
        if (shared.get(roomId) === entry) shared.delete(roomId);
      },
    );
    shared.delete(roomId);
    shared.set(roomId, entry);
    if (shared.size > MAX_SHARED_VIEWS) {
      const oldest = shared.keys().next().value;
      if (oldest !== undefined) shared.delete(oldest);
    }
    return entry.view;
  };
  /** A view at least at `version` (a phase event's), read at most once a second per version. */
  const sharedView = (roomId: string, version: number): Promise<SharedView> => {
    const kept = shared.get(roomId);
    if (!kept || Date.now() - kept.at >= SHARED_VIEW_MS) return readShared(roomId, version);
    if (kept.version >= version) return kept.view;
    return nextShared(roomId, kept, version);
  };
  /** The read after `kept` (started as it ends, shared by all who wait for it), or one now. */
  const nextShared = (roomId: string, kept: SharedRead, version: number): Promise<SharedView> => {
    if (kept.settled) return readShared(roomId, version);
    kept.next ??= kept.view.then(
      () => readShared(roomId, version),
      () => readShared(roomId, version),
    );
    return kept.next;
  };
  /**
   * A stream's opening view: from a read begun after the stream was asked for, so it counts every
   * join committed before (the phone's own: a phone never sees a count without itself), without
   * reading the room's row first. Joins do not change the version, so a view kept for it may be
   * older than the phone's join. Not one read per stream either: the read that follows the latest
   * one (`shared` holds the latest begun) is shared by every stream that opened meanwhile, so
   * phones opening their streams as they join make back-to-back reads.
   */
  const freshView = (roomId: string): Promise<SharedView> => {
    const kept = shared.get(roomId);
    return kept ? nextShared(roomId, kept, 0) : readShared(roomId, 0);
  };
  /**
   * The room's id by its code, read once per instance (not once per stream: ten thousand phones
   * opening theirs each read the room's row by its code). A code names its room until the purge
   * deletes it, days after it closed; an id kept longer answers a stream that ends at once.
   */
  const knownCodes = new Map<string, { id: string; at: number }>();
  const roomIdOr404 = async (typed: string): Promise<string> => {
    const code = parseRoomCode(typed);
    if (code === null) throw new AppError('not-found', ROOM_MESSAGES.notFound);
    const known = knownCodes.get(code);
    if (known && Date.now() - known.at < KNOWN_CODE_MS) return known.id;
    const row = await roomOr404(db, code);
    knownCodes.delete(code);
    knownCodes.set(code, { id: row.id, at: Date.now() });
    if (knownCodes.size > MAX_KNOWN_CODES) knownCodes.delete(knownCodes.keys().next().value!);
    return row.id;
  };

  const hostAction = (action: RoomAction) => async (c: Context<AuthEnv>) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('unauthenticated', 'Not signed in');
    const row = await roomOr404(db, c.req.param('code') ?? '');
    const changed = await actOnRoom(db, states, {
      row,
      hostId: viewer.id,
      action,
      now: Date.now,
    });
    deps.rounds?.moved(changed);
    const now = Date.now();
    const [view, mine] = await Promise.all([
      readRoomView(db, changed, now),
      readRoomViewer(db, changed, viewer.id, now),
    ]);
    return c.json({ room: { ...view, ...mine } });
  };

  return new Hono<AuthEnv>()
    .post(
      '/',
      requireUser({ guests: false, message: 'Sign in to start a room' }),
      validate('json', CreateRoomBody),
      async (c) => {
        const viewer = c.get('user');
        const body = c.req.valid('json');
        const checked = checkRoomGames(body.gameIds);
        if (!checked.ok) throw new AppError('invalid-argument', checked.message);
        await deps.quota?.consume(c, viewer.id, 'room');
        const created = await createRoom(db, {
          hostId: viewer.id,
          gameIds: body.gameIds,
          roundSeconds: body.roundSeconds,
        });
        return c.json({ room: created }, 201);
      },
    )
    .get('/:code', validate('param', CodeParam), async (c) => {
      const row = await roomOr404(db, c.req.valid('param').code);
      const now = Date.now();
      const [view, mine] = await Promise.all([
        readRoomView(db, row, now),
        readRoomViewer(db, row, c.get('viewer')?.id ?? null, now),
      ]);
      return c.json({ room: { ...view, ...mine } });
    })
    .post(
      '/:code/join',
      signedIn,
      validate('param', CodeParam),
      validate('json', JoinBody),
      async (c) => {
        const viewer = c.get('user');
        const code = parseRoomCode(c.req.valid('param').code);
        if (code === null) throw new AppError('not-found', ROOM_MESSAGES.notFound);
        const name = checkRoomName(c.req.valid('json').name);
        if (!name.ok) throw new AppError('invalid-argument', name.message);
        const joined = await joining.join(code, { userId: viewer.id, name: name.value });
        return c.json({ player: joined }, joined.joined ? 201 : 200);
      },
    )
    .post('/:code/open', signedIn, validate('param', CodeParam), hostAction('open'))
    .post('/:code/start', signedIn, validate('param', CodeParam), hostAction('start'))
    .post('/:code/end-round', signedIn, validate('param', CodeParam), hostAction('end-round'))
    .post('/:code/reveal', signedIn, validate('param', CodeParam), hostAction('reveal'))
    .post('/:code/next', signedIn, validate('param', CodeParam), hostAction('next'))
    .post('/:code/close', signedIn, validate('param', CodeParam), hostAction('close'))
    .get('/:code/events', validate('param', CodeParam), async (c) => {
      const roomId = await roomIdOr404(c.req.valid('param').code);
      /** Writes `kept`; a gone or closed room's stream ends once it said so. */
      const send = async (stream: SseStream, kept: SharedView): Promise<void | 'end'> => {
        if (!kept) return 'end';
        await stream.writeSSE({ event: 'room', data: kept.data, id: String(version) });
        if (kept.view.phase === 'closed') return 'end';
      };
      /** The room as it is now, at least at `version`. */
      const snapshot = async (stream: SseStream, at: number): Promise<void | 'end'> =>
        send(stream, await sharedView(roomId, at));
      let version = 0;
      return streamTopic(
        c,
        {
          hub: deps.hub,
          topic: roomTopic(roomId),
          heartbeatMs: deps.heartbeatMs,
          limits: deps.streams,
        },
        {
          async open(stream) {
            // A read begun after the stream was asked for: it counts the phone's own join (and
            // phase events heard meanwhile are queued, then compared with its version).
            const kept = await freshView(roomId);
            if (kept) version = kept.version;
            const opened = await send(stream, kept);
            if (opened === 'end') return 'end';
            // Joins come coalesced, once for all the room's streams here (join-feed.ts).
            stream.onAbort(joins.follow(roomId, stream));
          },
          async message(stream, message) {
            if (message.type === 'resync') return snapshot(stream, version + 1);
            if (message.version <= version) return;
            version = message.version;
            return snapshot(stream, version);
          },
        },
      );
    });
}
