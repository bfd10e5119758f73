/**
 * Whether the player's ballot of the round's game counts for this round: final, and made since
 * the round started (a ballot from before, on the game's own page, does not count for the room).
 * The round started `roundSeconds` before its deadline; a round the host ended early has its
 * deadline moved to that moment, which only matters once the round is over.
 */
import type { SubmissionView } from '../../../domain/game';

export function gameSubmitted(
  mySubmission: SubmissionView | null,
  room: { deadline: number | null; roundSeconds: number },
): mySubmission is SubmissionView {
  if (!mySubmission || mySubmission.partial || room.deadline === null) return false;
  return mySubmission.at >= room.deadline - room.roundSeconds * 1000;
}
