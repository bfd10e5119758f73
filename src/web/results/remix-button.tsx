/**
 * Remix: a new rank of your own with the same prompt and items (no rules, no results), credited to
 * this one. Signed-out people and guests are sent to sign in first, and come back here.
 */
import { Shuffle } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { GameView } from '../../domain/game';
import { errorMessage } from '../api/errors';
import { useRemixGame } from '../api/game-mutations';
import { paths } from '../paths';
import { toast } from '../ui/toasts';
import { useViewer } from '../shell/session/use-viewer';
import { useText } from '../i18n/i18n';
import { RichText } from '../i18n/rich-text';
import { remixText } from '../i18n/messages/results';

export function RemixButton(props: { game: GameView }) {
  const t = useText(remixText);
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const remix = useRemixGame(props.game.id, {
    onSuccess: (game) => {
      toast.success(t.remixed, { description: t.remixedText });
      void navigate(paths.results(game.id));
    },
    onError: (error) => toast.error(errorMessage(error)),
  });
  const onClick = () => {
    if (remix.isPending) return;
    if (viewer.status !== 'signed-in') {
      void navigate(paths.login(location.pathname));
      return;
    }
    remix.mutate();
  };
  return (
    <button
      type="button"
      className="btn btn-secondary"
      aria-disabled={remix.isPending || viewer.status === 'loading'}
      onClick={onClick}
    >
      <Shuffle size={18} aria-hidden="true" />
      {remix.isPending ? t.remixing : t.remix}
    </button>
  );
}

/** "Remixed from the original", linking to it (a deleted original leaves no credit). */
export function RemixCredit(props: { game: GameView }) {
  const t = useText(remixText);
  const from = props.game.remixedFrom;
  if (!from) return null;
  return (
    <p className="game-head__credit">
      <Shuffle size={14} aria-hidden="true" />{' '}
      <RichText
        text={t.credit}
        values={{ original: <Link to={paths.results(from)}>{t.original}</Link> }}
      />
    </p>
  );
}
