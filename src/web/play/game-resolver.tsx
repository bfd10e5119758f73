/** /g/{idOrSlug}: the owner and people who already ranked go to results; everyone else plays. */
import { Navigate, useParams } from 'react-router';
import { useGame } from '../api/games';
import { paths } from '../paths';
import { GameLoadError } from '../shell/frame/game-load-error';
import { PageLoading } from '../ui/loading';
import { useText } from '../i18n/i18n';
import { gameResolverText } from '../i18n/messages/play-resolver';

export function GameResolver() {
  const t = useText(gameResolverText);
  const { idOrSlug = '' } = useParams();
  const query = useGame(idOrSlug);
  if (query.isPending) return <PageLoading label={t.opening} />;
  if (query.isError)
    return <GameLoadError error={query.error} retry={() => void query.refetch()} />;
  const { game, mySubmission } = query.data;
  const ranked = mySubmission !== null && !mySubmission.partial;
  return (
    <Navigate
      to={game.isOwner || ranked ? paths.results(idOrSlug) : paths.play(idOrSlug)}
      replace
    />
  );
}
