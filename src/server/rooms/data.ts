/**
 * Rooms' reads: a room by its code, what its pages show (players, podium, leaderboard, the
 * viewer's own place), and what a reveal scores (the round's game as games keep it).
 */
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import {
  allowedActions,
  placed,
  shownPhase,
  type RoomClock,
  type RoomPhase,
  type RoomView,
  type RoomViewer,
  type StoredPhase,
} from '../../domain/rooms';
import { ROOM_LEADERBOARD_SIZE, ROOM_PODIUM_SIZE, ROOM_RECENT_NAMES } from '../../domain/limits';
import type { WeakOrder } from '../../domain/results';
import type { BallotKind } from '../../domain/ballot';
import type { Db } from '../db/client';
import { room, roomPlayer } from '../db/schema/rooms';
import { BallotCache, finalRankersSinceSql, type GameStates } from '../games/public';

export type RoomRow = typeof room.$inferSelect;

export async function findRoom(db: Db, code: string): Promise<RoomRow | null> {
  const [row] = await db.select().from(room).where(eq(room.code, code));
  return row ?? null;
}

/** The room's row by its id (an event's snapshot). */
export async function roomById(db: Db, roomId: string): Promise<RoomRow | null> {
  const [row] = await db.select().from(room).where(eq(room.id, roomId));
  return row ?? null;
}

/** The row as the rules read it (domain/rooms.ts RoomClock). */
export function clockOf(row: RoomRow): RoomClock {
  return {
    phase: row.phase as StoredPhase,
    round: row.round,
    roundCount: row.gameIds.length,
    deadline: row.deadline?.getTime() ?? null,
    lastActivityAt: row.lastActivityAt.getTime(),
  };
}

/**
 * How many of the room's players made a final ranking of the round's game since the round began
 * (one statement; null outside a round and its wait for the reveal). No one ranks it otherwise:
 * a room player's ballot is taken only during the round (round-gate.ts).
 */
async function submittedInRound(db: Db, row: RoomRow, phase: RoomPhase): Promise<number | null> {
  const gameId = row.gameIds[row.round - 1];
  if ((phase !== 'round' && phase !== 'ended') || !gameId || !row.roundStartedAt) return null;
  const [counted] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(roomPlayer)
    .where(
      and(
        eq(roomPlayer.roomId, row.id),
        sql`${roomPlayer.userId} in ${finalRankersSinceSql(gameId, row.roundStartedAt)}`,
      ),
    );
  return counted?.count ?? 0;
}

/** The room as everyone sees it at `now`. */
export async function readRoomView(db: Db, row: RoomRow, now: number): Promise<RoomView> {
  const phase = shownPhase(clockOf(row), now);
  const [recent, podium, leaderboard, submitted] = await Promise.all([
    phase === 'lobby'
      ? db
          .select({ name: roomPlayer.name })
          .from(roomPlayer)
          .where(eq(roomPlayer.roomId, row.id))
          .orderBy(desc(roomPlayer.joinedAt))
          .limit(ROOM_RECENT_NAMES)
      : [],
    phase === 'reveal' && row.revealedRound === row.round
      ? db
          .select({
            name: roomPlayer.name,
            points: roomPlayer.roundPoints,
            agreement: roomPlayer.roundAgreement,
          })
          .from(roomPlayer)
          .where(and(eq(roomPlayer.roomId, row.id), eq(roomPlayer.scoredRound, row.round)))
          .orderBy(desc(roomPlayer.roundPoints), roomPlayer.nameKey)
          .limit(ROOM_PODIUM_SIZE)
      : [],
    row.revealedRound > 0
      ? db
          .select({ name: roomPlayer.name, points: roomPlayer.points })
          .from(roomPlayer)
          .where(eq(roomPlayer.roomId, row.id))
          .orderBy(desc(roomPlayer.points), roomPlayer.nameKey)
          .limit(ROOM_LEADERBOARD_SIZE)
      : [],
    submittedInRound(db, row, phase),
  ]);
  const board = placed(leaderboard, (entry) => entry.points);
  return {
    code: row.code,
    phase,
    round: row.round,
    roundCount: row.gameIds.length,
    roundSeconds: row.roundSeconds,
    deadline: row.deadline?.getTime() ?? null,
    gameId: row.round > 0 ? (row.gameIds[row.round - 1] ?? null) : null,
    playedGameIds: row.gameIds.slice(0, row.round),
    players: { count: row.playerCount, recent: recent.map((entry) => entry.name) },
    submitted,
    podium:
      phase === 'closed'
        ? board.slice(0, ROOM_PODIUM_SIZE).map((entry) => ({ ...entry, agreement: null }))
        : placed(podium, (entry) => entry.points),
    leaderboard: board,
    serverTime: now,
  };
}

/** What `viewerId` sees of themselves in the room. */
export async function readRoomViewer(
  db: Db,
  row: RoomRow,
  viewerId: string | null,
  now: number,
): Promise<RoomViewer> {
  const isHost = viewerId !== null && viewerId === row.hostId;
  const viewer: RoomViewer = { isHost, actions: isHost ? allowedActions(clockOf(row), now) : [] };
  if (viewerId === null) return viewer;
  const [mine] = await db
    .select()
    .from(roomPlayer)
    .where(and(eq(roomPlayer.roomId, row.id), eq(roomPlayer.userId, viewerId)));
  if (!mine) return viewer;
  const scored = row.revealedRound > 0 && mine.scoredRound === row.revealedRound;
  const count = sql<number>`count(*)::int`;
  const [ahead, aheadInRound] = await Promise.all([
    db
      .select({ count })
      .from(roomPlayer)
      .where(and(eq(roomPlayer.roomId, row.id), gt(roomPlayer.points, mine.points))),
    scored
      ? db
          .select({ count })
          .from(roomPlayer)
          .where(
            and(
              eq(roomPlayer.roomId, row.id),
              eq(roomPlayer.scoredRound, row.revealedRound),
              gt(roomPlayer.roundPoints, mine.roundPoints),
            ),
          )
      : [],
  ]);
  viewer.me = {
    name: mine.name,
    points: mine.points,
    place: (ahead[0]?.count ?? 0) + 1,
    lastRound: scored
      ? {
          round: mine.scoredRound,
          agreement: mine.roundAgreement ?? 0,
          points: mine.roundPoints,
          place: (aheadInRound[0]?.count ?? 0) + 1,
        }
      : null,
  };
  return viewer;
}

/** The user ids of the room's players. */
export async function roomPlayerIds(db: Db, roomId: string): Promise<Set<string>> {
  const rows = await db
    .select({ userId: roomPlayer.userId })
    .from(roomPlayer)
    .where(eq(roomPlayer.roomId, roomId));
  return new Set(rows.map((entry) => entry.userId));
}

export type RoundGame = {
  kind: BallotKind;
  /** The crowd's order: the game's results, best first (what "you vs the crowd" compares to). */
  crowdOrder: string[];
  ballots: { userId: string; groups: WeakOrder; at: number }[];
};

/**
 * A round's game as a reveal scores it, read afresh: its crowd order (games' results of its
 * current tally) and every final ballot, loaded now (a fresh BallotCache: the shared one may
 * serve ballots a moment old, and a reveal must count the last second's). Null when the game is
 * gone.
 */
export async function readRoundGame(
  db: Db,
  states: GameStates,
  gameId: string,
): Promise<RoundGame | null> {
  const state = await states.read(gameId);
  if (!state) return null;
  const results = states.results(state);
  const ballots = await new BallotCache(db).get(gameId, state.version);
  return {
    kind: state.row.ballot.kind,
    crowdOrder: results.items.map((item) => item.id),
    ballots: ballots.map((ballot) => ({
      userId: ballot.userId,
      groups: ballot.groups,
      at: ballot.at.getTime(),
    })),
  };
}
