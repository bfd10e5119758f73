/**
 * The games of a room's rounds, as this phone saw them, so the final screen can link to each
 * round's results: the room's view names only the current round's game. Kept on the device
 * (localStorage), per room code; a phone that missed a round lacks its link, and the last
 * round's game always comes with the view.
 */
const KEY = 'crowned:room-rounds';
/** Rooms remembered at most: older ones are dropped first. */
const MAX_ROOMS = 20;

type Stored = Record<string, Record<string, string>>;

function read(): Stored {
  try {
    const raw = localStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed !== null && typeof parsed === 'object' ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

/** Notes that `round` of room `code` plays `gameId`. */
export function rememberRoundGame(code: string, round: number, gameId: string): void {
  const stored = read();
  const rounds = stored[code] ?? {};
  if (rounds[round] === gameId) return;
  delete stored[code];
  const rooms = Object.entries({ ...stored, [code]: { ...rounds, [round]: gameId } });
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(rooms.slice(-MAX_ROOMS))));
  } catch {
    // Storage full or refused: the final screen still links to the last round.
  }
}

/** The rounds of room `code` this phone saw, in order, with `last` (the view's) included. */
export function roundGames(
  code: string,
  last: { round: number; gameId: string | null },
): { round: number; gameId: string }[] {
  const rounds: Record<string, string> = { ...(read()[code] ?? {}) };
  if (last.gameId) rounds[last.round] = last.gameId;
  return Object.entries(rounds)
    .map(([round, gameId]) => ({ round: Number(round), gameId }))
    .filter((entry) => Number.isInteger(entry.round) && entry.round > 0)
    .sort((a, b) => a.round - b.round);
}
