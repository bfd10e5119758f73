/**
 * What one viewer may see of a game's results right now (SPEC: the owner always; a player once
 * they made a final ranking and the results are unlocked; anyone once the game is closed,
 * decision 0039), for the results, closest-player and live routes alike.
 */
import type { Groups } from '../../domain/ballot';
import { AppError } from '../../domain/errors';
import { canSeeResults, MESSAGES, type GameView } from '../../domain/game';
import type { Viewer } from '../auth/public';
import { toGameView } from './data';
import type { GameState, GameStates } from './state';

export type ResultsAccess = {
  view: GameView;
  /** The viewer's own final ballot (the groups it is counted in), or null. */
  mine: Groups | null;
  visible: boolean;
};

/** The game as the viewer sees it, their own final ranking, and whether they see results. */
export async function resultsAccess(
  states: GameStates,
  state: GameState,
  viewer: Viewer | null,
): Promise<ResultsAccess> {
  const mine = viewer ? await states.finalBallot(state.row.id, viewer.id) : null;
  const view = toGameView(state.row, viewer?.id ?? null, state.submissions);
  return {
    view,
    mine,
    visible: canSeeResults({
      isOwner: view.isOwner,
      hasFinalSubmission: mine !== null,
      locked: view.resultsLocked,
      closed: view.closed,
    }),
  };
}

function hiddenMessage(view: GameView): string {
  return view.resultsLocked ? 'Results are locked until this game closes' : MESSAGES.resultsHidden;
}

/** Results access as for the results page: 403 (with what unlocks them) when not visible. */
export async function visibleResults(
  states: GameStates,
  state: GameState,
  viewer: Viewer | null,
): Promise<ResultsAccess> {
  const access = await resultsAccess(states, state, viewer);
  if (!access.visible) {
    const { unlock } = access.view;
    throw new AppError(
      'permission-denied',
      hiddenMessage(access.view),
      unlock ? { unlock } : undefined,
    );
  }
  return access;
}
