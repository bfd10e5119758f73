/**
 * Remix: a new rank of your own with the same prompt and items (no rules, no results), credited to
 * this one. Signed-out people and guests are sent to sign in first, and come back here.
 */
import { useMutation } from '@tanstack/react-query';
import { Shuffle } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { GameView } from '../../domain/game';
import { errorMessage } from '../api/errors';
import { remixGame } from '../api/games';
import { paths } from '../paths';
import { toast } from '../shell/toasts';
import { useViewer } from '../shell/use-viewer';

export function RemixButton(props: { game: GameView }) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const location = useLocation();
  const remix = useMutation({
    mutationFn: () => remixGame(props.game.id),
    onSuccess: (game) => {
      toast.success('Remixed: this rank is yours', {
        description: 'Edit the items, then share your link.',
      });
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
      {remix.isPending ? 'Remixing…' : 'Remix'}
    </button>
  );
}

/** "Remixed from the original", linking to it (a deleted original leaves no credit). */
export function RemixCredit(props: { game: GameView }) {
  const from = props.game.remixedFrom;
  if (!from) return null;
  return (
    <p className="game-head__credit">
      <Shuffle size={14} aria-hidden="true" /> Remixed from{' '}
      <Link to={paths.results(from)}>the original rank</Link>
    </p>
  );
}
