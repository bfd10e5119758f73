/** The owner's one-line summary of a game's settings and state. Pure, so it is tested alone. */
import type { GameView } from '../../domain/game';
import { rulesSummary } from '../results/rules-text';

type GameState = Pick<GameView, 'closed' | 'sizeLimit' | 'deadlineAt' | 'unlock'>;

/**
 * "Open · Results unlock after 10 players (7 more needed)",
 * "Open · No unlock rules: players see results right after they rank",
 * "Closed: results are visible to everyone who ranked".
 */
export function gameStateText(game: GameState, now: number = Date.now()): string {
  if (game.closed) return 'Closed: results are visible to everyone who ranked';
  const rules = rulesSummary(game, now);
  if (rules === null) return 'Open · No unlock rules: players see results right after they rank';
  const needed = game.unlock?.playersNeeded ?? null;
  return needed === null
    ? `Open · ${rules}`
    : `Open · ${rules} (${needed.toLocaleString('en-US')} more needed)`;
}
