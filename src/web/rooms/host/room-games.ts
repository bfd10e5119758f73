/**
 * Which game each round of a room plays, as this browser knows it: the room's view names only
 * the current round's game, so the end screen's links to every round's results come from the
 * list the host started the room with (this browser) and the rounds the presenter saw.
 */
import { localStore, readJson, storageKeys, writeJson } from '../../shell/session/storage';

type Stored = Record<string, (string | null)[]>;

/** Rooms remembered at most: a host runs a few rooms, not hundreds. */
const KEPT_ROOMS = 20;

function read(): Stored {
  const value = readJson(localStore(), storageKeys.roomGames);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Stored) : {};
}

function write(code: string, games: (string | null)[]): void {
  const stored = read();
  delete stored[code];
  const kept = Object.entries(stored).slice(-(KEPT_ROOMS - 1));
  writeJson(localStore(), storageKeys.roomGames, Object.fromEntries([...kept, [code, games]]));
}

/** The games a room was started with, round by round. */
export function rememberRoomGames(code: string, gameIds: readonly string[]): void {
  write(code.toUpperCase(), [...gameIds]);
}

/** A round's game as the room showed it. */
export function noteRoundGame(code: string, round: number, gameId: string): void {
  const key = code.toUpperCase();
  const games = [...(read()[key] ?? [])];
  if (games[round - 1] === gameId) return;
  while (games.length < round - 1) games.push(null);
  games[round - 1] = gameId;
  write(key, games);
}

/** Each round's game as far as this browser knows it (null: not known here). */
export function roomGames(code: string, roundCount: number): (string | null)[] {
  const games = read()[code.toUpperCase()] ?? [];
  return Array.from({ length: roundCount }, (_, index) => {
    const id = games[index];
    return typeof id === 'string' ? id : null;
  });
}
