/**
 * Publish to Community / Unpublish, from the game's state (`isPublic`): disabled while the call
 * runs, a toast on failure, and a link to the community rank while published.
 */
import { Globe, GlobeLock } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from '../ui/toasts';
import type { GameView } from '../../domain/game';
import { errorMessage } from '../api/errors';
import { usePublishGame } from '../api/game-mutations';
import { paths } from '../paths';
import { useText } from '../i18n/i18n';
import { publishButtonText } from '../i18n/messages/owner';

export function PublishButton(props: { game: GameView }) {
  const t = useText(publishButtonText);
  const { game } = props;
  const publish = usePublishGame(game.id, {
    onSuccess: (answer) => {
      if (answer.isPublic) {
        toast.success(t.published, { description: t.publishedText });
      } else {
        toast.success(t.unpublished, { description: t.unpublishedText });
      }
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const label = publish.isPending
    ? game.isPublic
      ? t.unpublishing
      : t.publishing
    : game.isPublic
      ? t.unpublish
      : t.publish;

  return (
    <>
      <button
        type="button"
        className="btn btn-secondary"
        aria-disabled={publish.isPending}
        data-testid="publish-button"
        onClick={() => (publish.isPending ? undefined : publish.mutate(!game.isPublic))}
      >
        {game.isPublic ? (
          <GlobeLock size={18} aria-hidden="true" />
        ) : (
          <Globe size={18} aria-hidden="true" />
        )}
        {label}
      </button>
      {game.isPublic && game.communityRankId ? (
        <Link className="btn btn-secondary" to={paths.communityRank(game.communityRankId)}>
          {t.view}
        </Link>
      ) : null}
    </>
  );
}
