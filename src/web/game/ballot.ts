/** The ballot a game asks for, as the web reads it from a game. */
import type { BallotSpec } from '../../domain/ballot';
import type { GameView, SubmissionView } from '../../domain/game';

/** The game's ballot; a game view without one (an older server) asks for a full ranking. */
export function gameBallot(game: GameView): BallotSpec {
  return (game as GameView & { ballot?: BallotSpec }).ballot ?? { kind: 'ranking' };
}

/** A player's saved tier list, when their submission is one (one array of ids per tier). */
export function submissionTiers(submission: SubmissionView | null): string[][] | null {
  const tiers = (submission as (SubmissionView & { tiers?: string[][] }) | null)?.tiers;
  return Array.isArray(tiers) ? tiers : null;
}
