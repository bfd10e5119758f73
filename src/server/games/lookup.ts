/**
 * How a route finds the game its URL names (an id or a slug; an id match wins) and reads it: one
 * way for every games route. Names resolve through what this instance keeps (GameStates: ids
 * never change, a slug frees up only on delete); the game is read as GameStates reads it, kept
 * (results, events, exports) or afresh (the game page), and a game read past its deadline closes
 * then and there, whether or not the scheduled check got to it yet.
 */
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/game';
import { pastDeadline } from '../../domain/lifecycle';
import type { Db } from '../db/client';
import { closeDueGames } from './closing';
import { findGame, type GameRow } from './data';
import type { GameState, GameStates } from './state';

/** Longer than any id or slug we make: not worth a query. */
const MAX_ID_OR_SLUG_LENGTH = 100;

/** The id of the game called `idOrSlug`, or 404. */
export async function gameIdOr404(states: GameStates, idOrSlug: string): Promise<string> {
  const id = idOrSlug.length > MAX_ID_OR_SLUG_LENGTH ? null : await states.idOf(idOrSlug);
  if (id === null) throw new AppError('not-found', MESSAGES.gameNotFound);
  return id;
}

/** The game's row, read afresh without its tally (a remix copies it), or 404. */
export async function gameRowOr404(db: Db, idOrSlug: string): Promise<GameRow> {
  const row = idOrSlug.length > MAX_ID_OR_SLUG_LENGTH ? null : await findGame(db, idOrSlug);
  if (!row) throw new AppError('not-found', MESSAGES.gameNotFound);
  return row;
}

/** A row as read past its deadline: closed (and closed in the database, watchers told). */
export async function withDeadline(db: Db, row: GameRow): Promise<GameRow> {
  if (row.closed || !pastDeadline(row.deadlineAt, Date.now())) return row;
  await closeDueGames(db, { now: new Date(), gameId: row.id });
  return { ...row, closed: true };
}

/** The game's state as this instance keeps it (no SQL while nothing changed), or 404. */
export async function keptState(states: GameStates, idOrSlug: string): Promise<GameState> {
  const state = await states.get(await gameIdOr404(states, idOrSlug));
  if (!state) throw new AppError('not-found', MESSAGES.gameNotFound);
  return state;
}

/** The kept state as its results and live pages read it: past its deadline it is closed. */
export async function currentState(
  db: Db,
  states: GameStates,
  idOrSlug: string,
): Promise<GameState> {
  const state = await keptState(states, idOrSlug);
  const closed = await withDeadline(db, state.row);
  if (closed === state.row) return state;
  states.forget(state.row.id);
  return { ...state, row: closed };
}

/**
 * The game read afresh (row and count in one statement), as its page shows it: fields no live
 * event announces (archived, published) are current. Past its deadline it is closed.
 */
export async function freshState(db: Db, states: GameStates, idOrSlug: string): Promise<GameState> {
  const state = await states.read(await gameIdOr404(states, idOrSlug));
  if (!state) throw new AppError('not-found', MESSAGES.gameNotFound);
  return { ...state, row: await withDeadline(db, state.row) };
}
