/** Redirect-only routes: /rank and /results (?g=), and the legacy /appboot/g/{gameId}. */
import { Navigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../paths';

/** /rank?g={id} → the game's play route; /results?g={id} → its results; else My Ranks. */
export function GameQueryRedirect(props: { to: 'play' | 'results' }) {
  const [params] = useSearchParams();
  const gameId = params.get('g')?.trim();
  const target = gameId ? paths[props.to](gameId) : paths.myRanks();
  return <Navigate to={target} replace />;
}

/** /appboot/g/{gameId} → /g/{gameId}, replacing the history entry. */
export function AppbootRedirect() {
  const { gameId = '' } = useParams();
  return <Navigate to={gameId ? paths.game(gameId) : paths.home()} replace />;
}
