/**
 * Rooms' writes: a host starts a room, players join it, the host moves it from phase to phase
 * (decision 0053; joins are batched, joins.ts). Every write that others must hear sends its event
 * in its own statement.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/game';
import { LIFECYCLE_MESSAGES } from '../../domain/lifecycle';
import {
  roomCodeFrom,
  roomTransition,
  roundWindow,
  ROOM_MESSAGES,
  scoreRound,
  type RoomAction,
  type RoundScore,
} from '../../domain/rooms';
import { CONFLICT_MESSAGE, type Db } from '../db/client';
import { rows } from '../db/rows';
import { room, roomPlayer } from '../db/schema/rooms';
import { readGameHeader, type GameStates } from '../games/public';
import { newId } from '../platform/ids';
import { clockOf, readRoundGame, roomPlayerIds, type RoomRow } from './data';
import { notifyPhaseSql } from './live';

/** Codes tried before giving up (a clash is one in millions while rooms are few). */
const CODE_ATTEMPTS = 5;
/** Times a host's action is decided again after a concurrent change of the room. */
const ACTION_ATTEMPTS = 3;

/** A time as a SQL timestamp (what both drivers take alike). */
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

function newRoomCode(): string {
  for (;;) {
    const code = roomCodeFrom(randomBytes(12));
    if (code !== null) return code;
  }
}

/**
 * A new room over `gameIds` (each the host's own: 404 for a missing game, 403 for another's),
 * in the `created` phase, with a code no room holds.
 */
export async function createRoom(
  db: Db,
  input: { hostId: string; gameIds: string[]; roundSeconds: number },
): Promise<{ id: string; code: string }> {
  for (const gameId of input.gameIds) {
    const header = await readGameHeader(db, gameId, { lock: false });
    if (!header) throw new AppError('not-found', MESSAGES.gameNotFound);
    if (header.ownerId !== input.hostId) {
      throw new AppError('permission-denied', LIFECYCLE_MESSAGES.notOwner);
    }
    // A round is one ballot made within the round's time; duels are answered a pair at a time.
    if (header.ballot.kind === 'duel')
      throw new AppError('invalid-argument', ROOM_MESSAGES.duelGame);
  }
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const [created] = await db
      .insert(room)
      .values({
        id: newId(16),
        code: newRoomCode(),
        hostId: input.hostId,
        gameIds: input.gameIds,
        roundSeconds: input.roundSeconds,
      })
      .onConflictDoNothing({ target: room.code })
      .returning({ id: room.id, code: room.code });
    if (created) return created;
  }
  throw new AppError('aborted', 'Could not pick a code for this room; please try again');
}

/**
 * The host's `action` on the room `code` at `now`: decided by the rules on the room as read, and
 * written only on that version of it (a concurrent change makes it decide again). A reveal
 * counts the round's points first, from the round game's ballots (readRoundGame), and adds them
 * in the same transaction as the change of phase, so they are added once.
 */
export async function actOnRoom(
  db: Db,
  states: GameStates,
  input: { row: RoomRow; hostId: string; action: RoomAction; now: () => number },
): Promise<RoomRow> {
  let row = input.row;
  for (let attempt = 0; attempt < ACTION_ATTEMPTS; attempt++) {
    if (row.hostId !== input.hostId) throw new AppError('permission-denied', ROOM_MESSAGES.notHost);
    const now = input.now();
    const decided = roomTransition(clockOf(row), input.action, now, row.roundSeconds);
    if (!decided.ok) throw new AppError('aborted', decided.message);
    const { change } = decided;
    const scores = input.action === 'reveal' ? await roundScores(db, states, row, now) : null;
    const written = await db.transaction(async (tx) => {
      const [updated] = rows<{ id: string }>(
        await tx.execute(sql`
          with changed as (
            update ${room} set
              phase = ${change.phase},
              round = ${change.round},
              deadline = ${change.deadline === null ? sql`null` : at(change.deadline)},
              round_started_at = ${
                change.roundStartedAt === undefined
                  ? sql`${room.roundStartedAt}`
                  : at(change.roundStartedAt)
              },
              revealed_round = ${scores ? change.round : sql`${room.revealedRound}`},
              version = ${room.version} + 1,
              last_activity_at = ${at(now)}
            where ${room.id} = ${row.id} and ${room.version} = ${row.version}
            returning ${room.id} as id, ${room.version} as version, ${room.phase} as phase,
              ${room.round} as round, ${room.deadline} as deadline, ${room.gameIds} as game_ids
          )
          select id, ${notifyPhaseSql(sql`changed`)} from changed
        `),
      );
      if (!updated) return false;
      if (scores && scores.length > 0) {
        const scored = JSON.stringify(
          scores.map((score) => ({
            user_id: score.userId,
            agreement: score.agreement,
            points: score.points,
          })),
        );
        await tx.execute(sql`
          update ${roomPlayer} p set
            points = p.points + s.points,
            scored_round = ${change.round},
            round_agreement = s.agreement,
            round_points = s.points
          from jsonb_to_recordset(${scored}::jsonb) as s(user_id text, agreement real, points int)
          where p.room_id = ${row.id} and p.user_id = s.user_id
        `);
      }
      return true;
    });
    const [fresh] = await db.select().from(room).where(eq(room.id, row.id));
    if (!fresh) throw new AppError('not-found', ROOM_MESSAGES.notFound);
    if (written) return fresh;
    row = fresh;
  }
  throw new AppError('aborted', CONFLICT_MESSAGE);
}

/**
 * The round's scores: each room player's final ballot of the round's game made in the round's
 * window (from its start to the grace past its end), against the game's crowd order. A game deleted meanwhile scores nothing.
 */
async function roundScores(
  db: Db,
  states: GameStates,
  row: RoomRow,
  now: number,
): Promise<RoundScore[]> {
  const gameId = row.gameIds[row.round - 1];
  if (gameId === undefined) return [];
  const [game, players] = await Promise.all([
    readRoundGame(db, states, gameId),
    roomPlayerIds(db, row.id),
  ]);
  if (!game) return [];
  return scoreRound({
    kind: game.kind,
    crowdOrder: game.crowdOrder,
    ballots: game.ballots,
    players,
    window: roundWindow(
      {
        startedAt: row.roundStartedAt?.getTime() ?? null,
        deadline: row.deadline?.getTime() ?? null,
      },
      now,
    ),
  });
}
