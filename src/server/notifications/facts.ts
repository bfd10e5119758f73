/**
 * What notifications need to know of a game, read through games' kept state (a `GameStates` the
 * composition root hands in): whether someone is a player, and what a mail says (the prompt, the
 * crowd's order and its leader, a player's agreement with it).
 */
import { ballotAgreement } from '../../domain/agreement';
import { groupsOfRanking } from '../../domain/ballot';
import { headlineOrder } from '../../domain/methods-standings';
import type { GameStates } from '../games/public';

export type GameSummary = {
  gameId: string;
  prompt: string;
  /** Final rankings counted. */
  submissions: number;
  closed: boolean;
  /** The crowd's order, item labels, best first. */
  crowd: string[];
  /** The crowd's first item (null with no ranking yet). */
  leader: string | null;
  /** The person's agreement with the crowd, 0..100 (null: no final ranking of theirs). */
  agreement: number | null;
};

export type GameFacts = {
  /** The game called `idOrSlug` and whether `userId` made a final ranking in it; null: none. */
  playerOf(idOrSlug: string, userId: string): Promise<{ gameId: string; player: boolean } | null>;
  /** What a mail about the game says to `userId`; null: the game is gone. */
  summary(gameId: string, userId: string | null): Promise<GameSummary | null>;
};

export function gameFacts(states: GameStates): GameFacts {
  return {
    async playerOf(idOrSlug, userId) {
      const gameId = await states.idOf(idOrSlug);
      if (gameId === null) return null;
      const state = await states.get(gameId);
      if (!state) return null;
      return { gameId, player: (await states.finalBallot(gameId, userId)) !== null };
    },
    async summary(gameId, userId) {
      // Fresh, not kept: a mail goes out once, and must say what is true now.
      const state = await states.read(gameId);
      if (!state) return null;
      const results = states.results(state);
      const labels = new Map(state.row.items.map((item) => [item.id, item.label]));
      // The headline order (a duel game's: Bradley–Terry's), as the results page crowns it.
      const order = headlineOrder(results);
      const mine = userId ? await states.finalBallot(gameId, userId) : null;
      return {
        gameId,
        prompt: state.row.title ?? state.row.prompt,
        submissions: state.submissions,
        closed: state.row.closed,
        crowd: order.map((id) => labels.get(id) ?? id),
        leader: state.submissions > 0 && order[0] ? (labels.get(order[0]) ?? null) : null,
        agreement: mine
          ? ballotAgreement(state.row.ballot.kind, mine, groupsOfRanking(order), order)
          : null,
      };
    },
  };
}
