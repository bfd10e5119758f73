/** /g/{idOrSlug}/play: order the items, optionally give a name, submit, then see the results. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BarChart3, Check, CloudOff, Crown, ListPlus, Lock, Users } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { GameView, SubmissionView } from '../../domain/game';
import { placeAll } from '../../domain/lifecycle';
import { MAX_NAME_LENGTH } from '../../domain/limits';
import { errorMessage, isClosedError } from '../api/errors';
import { useGameEvents } from '../api/events';
import { gameKeys, submitRanking, updateCachedGame, useGame, withLiveState } from '../api/games';
import { rememberPlayed } from '../myranks/pending';
import { paths } from '../paths';
import { burst } from '../shell/arrival-confetti';
import { CopyLinkButton } from '../shell/copy-link-button';
import { GameLoadError } from '../shell/game-load-error';
import { SkeletonList } from '../shell/loading';
import { toast } from '../shell/toasts';
import { useViewer } from '../shell/use-viewer';
import { UnlockStatus } from '../results/unlock-status';
import { ensureSession } from './ensure-session';
import { RankList } from './rank-list';
import { useProgressSaver, type SaveStatus } from './use-progress-saver';
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
  const finalAt = mySubmission && !mySubmission.partial ? mySubmission.at : 'none';
  return (
    <PlayBoard
      // A final ranking sent from elsewhere (another tab) restarts the board from it; saved
      // progress does not, or every save would reset the board under the player's fingers.
      key={`${game.id}:${finalAt}`}
      game={game}
      mySubmission={mySubmission}
      submissionCount={submissionCount}
    />
  );
}

function celebrate(): void {
  burst({
    particleCount: 90,
    spread: 70,
    startVelocity: 38,
    origin: { y: 0.75 },
    colors: ['#f5c33b', '#ffd966', '#6c4ce0', '#a98bff', '#ffffff'],
    disableForReducedMotion: true,
  });
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
  // Their saved ranking (final or progress), else the game's order; kept in step with the items
  // when the owner edits them while this page is open.
  const [savedOrder, setOrder] = useState(() => mySubmission?.ranking ?? []);
  const order = useMemo(() => placeAll(savedOrder, game.items), [savedOrder, game.items]);
  const items = useRef(game.items);
  useEffect(() => {
    items.current = game.items;
  }, [game.items]);
  const [name, setName] = useState(
    mySubmission?.name === 'Anonymous' ? '' : (mySubmission?.name ?? ''),
  );
  const [error, setError] = useState<string | null>(null);
  const ids = { title: useId(), name: useId(), error: useId(), help: useId() };
  const live = useGameEvents(game.id);
  const showName = viewer.status !== 'signed-in';
  const submitted = mySubmission !== null && !mySubmission.partial;
  const progress = useProgressSaver(game.id, {
    enabled: !game.closed && !submitted,
    beforeSave: () => ensureSession(viewer),
  });

  const moved = useRef(false);
  const onOrderChange = useCallback((update: (order: string[]) => string[]) => {
    moved.current = true;
    setError(null);
    setOrder((current) => update(placeAll(current, items.current)));
  }, []);
  const { save } = progress;
  useEffect(() => {
    if (moved.current) save(order);
  }, [order, save]);

  const submit = useMutation({
    mutationFn: async () => {
      progress.cancel();
      await ensureSession(viewer);
      const typed = name.trim();
      return submitRanking(game.id, {
        ranking: order,
        ...(showName && typed !== '' ? { name: typed } : {}),
      });
    },
    onSuccess: (result) => {
      rememberPlayed(viewer.user?.id, game, 'completed');
      updateCachedGame(queryClient, game.id, (data) => ({
        ...withLiveState(data, {
          submissionCount: result.submissionCount,
          closed: result.closed === true || data.game.closed,
        }),
        mySubmission: result.submission,
      }));
      // Refetch what a sign-in started meanwhile could have overwritten with the pre-submit state.
      void queryClient.invalidateQueries({ queryKey: gameKeys.all });
      void queryClient.invalidateQueries({ queryKey: gameKeys.results(game.id) });
      celebrate();
      toast.success(submitted ? 'Ranking updated!' : 'Ranking submitted!');
      navigate(paths.results(game.id));
    },
    onError: (thrown) => {
      if (isClosedError(thrown)) {
        updateCachedGame(queryClient, game.id, (data) =>
          withLiveState(data, { submissionCount: data.submissionCount, closed: true }),
        );
      }
      setError(errorMessage(thrown));
    },
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
      {submitted && mySubmission.needsReorder && !game.closed ? (
        <div className="notice notice--warning" data-testid="needs-reorder">
          <ListPlus size={18} aria-hidden="true" />
          <p>
            New items were added since you ranked: they are at the bottom. Put them in place and
            submit again.
          </p>
        </div>
      ) : submitted ? (
        <div className="notice">
          <BarChart3 size={18} aria-hidden="true" />
          <p>
            You already ranked this. Submitting again replaces your ranking.{' '}
            <Link to={paths.results(game.id)}>See the results</Link>
          </p>
        </div>
      ) : null}
      {game.closed ? (
        <div className="notice notice--warning" data-testid="closed-notice">
          <Lock size={18} aria-hidden="true" />
          <p>
            This rank is closed: no more rankings.{' '}
            {submitted || game.isOwner ? (
              <Link to={paths.results(game.id)}>See the results</Link>
            ) : null}
          </p>
        </div>
      ) : game.unlock ? (
        <div className="notice" data-testid="play-unlock">
          <Lock size={18} aria-hidden="true" />
          <div>
            <p>Results stay hidden until this rank closes:</p>
            <UnlockStatus game={game} />
          </div>
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

        <div className="play-form__help-row">
          <p id={ids.help} className="play-form__help">
            <strong>Best at the top.</strong> Drag the handles, or use the arrow buttons.
          </p>
          <ProgressNote status={progress.status} />
        </div>

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

/** Whether the player's order is saved, shown once they start moving things. */
function ProgressNote(props: { status: SaveStatus }) {
  const text = {
    idle: null,
    saving: 'Saving…',
    saved: 'Progress saved',
    failed: "Couldn't save your progress",
  }[props.status];
  return (
    <p
      className={`progress-note progress-note--${props.status}`}
      role="status"
      data-testid="progress-note"
    >
      {props.status === 'saved' ? <Check size={14} aria-hidden="true" /> : null}
      {props.status === 'failed' ? <CloudOff size={14} aria-hidden="true" /> : null}
      {text}
    </p>
  );
}
