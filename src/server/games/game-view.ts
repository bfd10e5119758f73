/**
 * What the games feature offers other features for showing a game (its data.ts stays its own):
 * the row type, a viewer's view of a row, and that view with the game's live submission count.
 */
import type { GameView } from '../../domain/game';
import type { Db } from '../db/client';
import { readCount, toGameView, type GameRow } from './data';

export type { GameRow };
export { toGameView };

/** The game as `viewerId` sees it, with its current final-submission count (one read). */
export async function gameViewFor(
  db: Db,
  row: GameRow,
  viewerId: string | null,
): Promise<GameView> {
  const count = await readCount(db, row.id);
  return toGameView(row, viewerId, count?.submissions ?? 0);
}
