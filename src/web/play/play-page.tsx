/** /g/{idOrSlug}/play: order the items, optionally give a name, submit, then see the results. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import confetti from 'canvas-confetti';
import { BarChart3, Crown, Lock, Users } from 'lucide-react';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import type { GameView, SubmissionView } from '../../domain/game';
import { MAX_NAME_LENGTH } from '../../domain/limits';
import { authClient } from '../api/auth-client';
import { authErrorMessage } from '../api/auth-errors';
import { ApiError, errorMessage } from '../api/errors';
import { useGameEvents } from '../api/events';
import { gameKeys, submitRanking, updateCachedGame, useGame } from '../api/games';
import { paths } from '../paths';
import { CopyLinkButton } from '../shell/copy-link-button';
import { GameLoadError } from '../shell/game-load-error';
import { SkeletonList } from '../shell/loading';
import { useViewer, type Viewer } from '../shell/use-viewer';
import { RankList } from './rank-list';
import './play.css';

export function PlayPage() {
  const { idOrSlug = '' } = useParams();
  const query = useGame(idOrSlug);

  if (query.isPending) {
    return (
      <div className="play" aria-busy="true">
        <title>Loading… · Crowned</title>
        <div className="skeleton-title" aria-hidden="true" />
        <SkeletonList rows={6} />
      </div>
    );
  }
  if (query.isError)
    return <GameLoadError error={query.error} retry={() => void query.refetch()} />;

  const { game, mySubmission, submissionCount } = query.data;
  return (
    <PlayBoard
      // A new submission from elsewhere (another tab) restarts the board from it.
      key={`${game.id}:${mySubmission?.at ?? 'new'}`}
      game={game}
      mySubmission={mySubmission}
      submissionCount={submissionCount}
    />
  );
}

/** Their saved ranking (dropping items since removed, adding new ones at the end), else the game's order. */
function startingOrder(game: GameView, mine: SubmissionView | null): string[] {
  const ids = game.items.map((item) => item.id);
  if (!mine) return ids;
  const known = new Set(ids);
  const kept = mine.ranking.filter((id) => known.has(id));
  const placed = new Set(kept);
  return [...kept, ...ids.filter((id) => !placed.has(id))];
}

function celebrate(): void {
  void confetti({
    particleCount: 90,
    spread: 70,
    startVelocity: 38,
    origin: { y: 0.75 },
    colors: ['#f5c33b', '#ffd966', '#6c4ce0', '#a98bff', '#ffffff'],
    disableForReducedMotion: true,
  });
}

/** A session to submit with: the current one, else a new guest session. */
async function ensureSession(viewer: Viewer): Promise<void> {
  if (viewer.status === 'guest' || viewer.status === 'signed-in') return;
  const current = await authClient.getSession();
  if (current.data?.user) return;
  const { error } = await authClient.signIn.anonymous();
  if (error) throw new ApiError('unauthenticated', authErrorMessage(error));
}

function PlayBoard(props: {
  game: GameView;
  mySubmission: SubmissionView | null;
  submissionCount: number;
}) {
  const { game, mySubmission } = props;
  const viewer = useViewer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [order, setOrder] = useState(() => startingOrder(game, mySubmission));
  const [name, setName] = useState(
    mySubmission?.name === 'Anonymous' ? '' : (mySubmission?.name ?? ''),
  );
  const [error, setError] = useState<string | null>(null);
  const ids = { title: useId(), name: useId(), error: useId(), help: useId() };
  const live = useGameEvents(game.id);
  const showName = viewer.status !== 'signed-in';
  const submitted = mySubmission !== null && !mySubmission.partial;

  const onOrderChange = useCallback((update: (order: string[]) => string[]) => {
    setError(null);
    setOrder(update);
  }, []);

  const submit = useMutation({
    mutationFn: async () => {
      await ensureSession(viewer);
      const typed = name.trim();
      return submitRanking(game.id, {
        ranking: order,
        ...(showName && typed !== '' ? { name: typed } : {}),
      });
    },
    onSuccess: (result) => {
      updateCachedGame(queryClient, game.id, (data) => ({
        ...data,
        mySubmission: result.submission,
        submissionCount: result.submissionCount,
      }));
      // Refetch what a sign-in started meanwhile could have overwritten with the pre-submit state.
      void queryClient.invalidateQueries({ queryKey: gameKeys.all });
      void queryClient.invalidateQueries({ queryKey: gameKeys.results(game.id) });
      celebrate();
      toast.success(submitted ? 'Ranking updated!' : 'Ranking submitted!');
      navigate(paths.results(game.id));
    },
    onError: (thrown) => setError(errorMessage(thrown)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!submit.isPending) submit.mutate();
  };

  const count = props.submissionCount;

  return (
    <div className="play">
      <title>{`${game.prompt} · Crowned`}</title>
      <header className="game-head">
        <div className="game-head__text">
          <p className="eyebrow">
            {game.emoji ? <span aria-hidden="true">{game.emoji} </span> : null}
            Rank by {game.ownerName}
          </p>
          <h1 id={ids.title} className="game-head__title">
            {game.prompt}
          </h1>
          <p className="game-head__meta">
            <Users size={16} aria-hidden="true" />
            <span>
              {count === 1 ? '1 ranking' : `${count} rankings`} so far
              {live === 'live' ? <span className="live-dot" title="Updating live" /> : null}
            </span>
          </p>
        </div>
        <div className="game-head__actions">
          <CopyLinkButton gameId={game.id} />
        </div>
      </header>

      {game.isOwner ? (
        <div className="notice notice--owner">
          <Crown size={18} aria-hidden="true" />
          <p>
            You created this rank. Share the link, then play it yourself or{' '}
            <Link to={paths.results(game.id)}>see the results</Link>.
          </p>
        </div>
      ) : null}
      {submitted ? (
        <div className="notice">
          <BarChart3 size={18} aria-hidden="true" />
          <p>
            You already ranked this. Submitting again replaces your ranking.{' '}
            <Link to={paths.results(game.id)}>See the results</Link>
          </p>
        </div>
      ) : null}
      {game.closed ? (
        <div className="notice notice--warning">
          <Lock size={18} aria-hidden="true" />
          <p>
            This rank is closed: no more rankings.{' '}
            <Link to={paths.results(game.id)}>See the results</Link>
          </p>
        </div>
      ) : null}

      <form className="play-form" onSubmit={onSubmit} aria-describedby={ids.help}>
        {showName ? (
          <div className="field play-form__name">
            <label htmlFor={ids.name}>
              Your name <span className="muted">(optional)</span>
            </label>
            <input
              id={ids.name}
              className="input"
              type="text"
              autoComplete="nickname"
              maxLength={MAX_NAME_LENGTH}
              placeholder="Anonymous"
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </div>
        ) : null}

        <p id={ids.help} className="play-form__help">
          <strong>Best at the top.</strong> Drag the handles, or use the arrow buttons.
        </p>

        <RankList
          items={game.items}
          order={order}
          onOrderChange={onOrderChange}
          labelledBy={ids.title}
        />

        <div className="submit-bar">
          <div id={ids.error} className="form-error" role="alert">
            {error}
          </div>
          <button
            type="submit"
            className="btn btn-gold btn-lg btn-block"
            disabled={submit.isPending || game.closed}
            aria-describedby={error ? ids.error : undefined}
          >
            <Crown size={20} aria-hidden="true" />
            {submit.isPending ? 'Submitting…' : 'Submit ranking'}
          </button>
        </div>
      </form>
    </div>
  );
}
