/** The owner's one-line summary of a game's settings and state. Pure, so it is tested alone. */
import type { GameView } from '../../domain/game';
import { formatNumber } from '../i18n/format';
import { ownerStateText } from '../i18n/messages/owner';
import { rulesSummary } from '../game/rules-text';

type GameState = Pick<GameView, 'closed' | 'sizeLimit' | 'deadlineAt' | 'unlock'>;

/**
 * "Open · Results unlock after 10 players (7 more needed)",
 * "Open · No unlock rules: players see results right after they rank",
 * "Closed: anyone with the link sees the results".
 */
export function gameStateText(game: GameState, now: number = Date.now()): string {
  const t = ownerStateText.get();
  if (game.closed) return t.closed;
  const rules = rulesSummary(game, now);
  if (rules === null) return t.noRules;
  const needed = game.unlock?.playersNeeded ?? null;
  return needed === null ? t.open({ rules }) : t.openNeeded({ rules, count: formatNumber(needed) });
}
