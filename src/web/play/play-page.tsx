/** /g/{idOrSlug}/play: order the items, optionally give a name, submit, then see the results. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BarChart3, Check, CloudOff, Crown, ListPlus, Lock, Users } from 'lucide-react';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { GameView, SubmissionView } from '../../domain/game';
import { MAX_NAME_LENGTH } from '../../domain/limits';
import { cleanText } from '../../domain/text';
import { errorMessage, isClosedError } from '../api/errors';
import { useGameEvents } from '../api/events';
import { gameClosed, submissionSaved } from '../api/game-cache';
import { submitRanking, useGame } from '../api/games';
import { isOfflineFailure, isOfflineNow, useBackOnline } from '../api/offline';
import { isRetryable } from '../api/retry';
import { offlineText } from '../i18n/messages/api';
import { rememberPlayed } from '../game/pending';
import { paths } from '../paths';
import { burst } from '../ui/confetti';
import { ShareButton } from '../ui/share-button';
import { GameLoadError } from '../shell/frame/game-load-error';
import { OfflineNotice } from '../ui/offline-notice';
import { SkeletonList } from '../ui/loading';
import { toast } from '../ui/toasts';
import { useViewer } from '../shell/session/use-viewer';
import { UnlockStatus } from '../game/unlock-status';
import { ensureSession } from '../shell/session/ensure-session';
import {
  clearPendingRanking,
  readPendingRanking,
  savePendingRanking,
  type PendingRanking,
} from './pending-ranking';
import { ClampedTitle } from './clamped-title';
import { ClosedRank } from './closed-rank';
import {
  BallotBoard,
  BallotHelp,
  ballotShape,
  SubmitBallotButton,
  useBallot,
} from '../game/game-ballot';
import { useStickyCover } from '../ui/use-sticky-cover';
import { useProgressSaver, type SaveStatus } from './use-progress-saver';
import { formatNumber } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { commonText } from '../i18n/messages/common';
import { playPageText } from '../i18n/messages/play';
import { RichText } from '../i18n/rich-text';
import './play.css';

// A duel game's board loads only for duel games (issue 28): other games never pay for it.
const DuelBoard = lazy(() => import('./duel-board').then((m) => ({ default: m.DuelBoard })));

export function PlayPage() {
  const t = useText(playPageText);
  const c = useText(commonText);
  const { idOrSlug = '' } = useParams();
  const query = useGame(idOrSlug);

  if (query.isPending) {
    return (
      <div className="play" aria-busy="true">
        <title>{c.pageTitle({ title: t.loading })}</title>
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
      // progress does not, or every save would reset the board under the player's fingers. The
      // owner may change the ballot's shape only while nobody has played: the board starts anew.
      key={`${game.id}:${finalAt}:${ballotShape(game.ballot)}`}
      game={game}
      mySubmission={mySubmission}
      submissionCount={submissionCount}
    />
  );
}

/** How often a kept ranking is tried again while the page is open and the browser online. */
const RESEND_EVERY_MS = 30_000;

function PlayBoard(props: {
  game: GameView;
  mySubmission: SubmissionView | null;
  submissionCount: number;
}) {
  const { game, mySubmission } = props;
  const t = useText(playPageText);
  const c = useText(commonText);
  const offline = useText(offlineText);
  const viewer = useViewer();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A ranking submitted offline on this device and not sent yet (sent below once online).
  const [kept] = useState(() => readPendingRanking(game.id));
  const [waiting, setWaiting] = useState(kept !== null);
  const [error, setError] = useState<string | null>(null);
  // Set by the player's first move: only then is their ballot saved as progress.
  const moved = useRef(false);
  // The ranking waiting to be sent, else their saved ballot (final or progress), else the game's
  // order.
  const ballotState = useBallot(
    game,
    {
      ranking: (kept && 'ranking' in kept ? kept.ranking : null) ?? mySubmission?.ranking,
      tiers: (kept && 'tiers' in kept ? kept.tiers : null) ?? mySubmission?.tiers,
    },
    useCallback(() => {
      moved.current = true;
      setError(null);
    }, []),
  );
  const { value, notReady } = ballotState;
  const [name, setName] = useState(
    kept?.name ?? (mySubmission?.name === 'Anonymous' ? '' : (mySubmission?.name ?? '')),
  );
  const ids = {
    title: useId(),
    name: useId(),
    error: useId(),
    help: useId(),
    notReady: useId(),
  };
  const live = useGameEvents(game.id);
  const showName = viewer.status !== 'signed-in';
  const submitted = mySubmission !== null && !mySubmission.partial;
  const progress = useProgressSaver(game.id, {
    enabled: !game.closed && !submitted,
    beforeSave: () => ensureSession(viewer),
  });

  // What Submit sends is saved as progress as the player goes.
  const { save } = progress;
  useEffect(() => {
    if (moved.current) save(value);
  }, [value, save]);

  /**
   * Sends a ranking. Offline (the browser says so, or no answer arrived) it is kept on this device
   * instead and the page says so; `null` then. `resent`: the kept ranking, sent on reconnecting.
   */
  const submit = useMutation({
    mutationFn: async ({ ranking }: { ranking: PendingRanking; resent: boolean }) => {
      progress.cancel();
      const keep = () => {
        savePendingRanking(game.id, ranking);
        return null;
      };
      if (isOfflineNow()) return keep();
      try {
        await ensureSession(viewer);
        return await submitRanking(game.id, ranking);
      } catch (thrown) {
        if (isOfflineFailure(thrown)) return keep();
        throw thrown;
      }
    },
    onSuccess: (result, { resent }) => {
      if (result === null) {
        setError(null);
        setWaiting(true);
        return;
      }
      clearPendingRanking(game.id);
      setWaiting(false);
      rememberPlayed(viewer.user?.id, game, 'completed');
      submissionSaved(queryClient, game.id, result);
      burst();
      toast.success(resent ? t.sent : submitted ? t.updated : t.submitted);
      navigate(paths.results(game.id));
    },
    onError: (thrown) => {
      // A kept ranking refused for good (the game closed, its items changed) is dropped: the
      // board still shows it, to fix and submit again. A transient failure keeps it.
      if (!isRetryable(thrown)) {
        clearPendingRanking(game.id);
        setWaiting(false);
      }
      if (isClosedError(thrown)) gameClosed(queryClient, game.id);
      setError(errorMessage(thrown));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    if (notReady) {
      setError(notReady);
      return;
    }
    const typed = cleanText(name);
    const named = showName && typed !== '' ? { name: typed } : {};
    submit.mutate({ ranking: { ...value, ...named }, resent: false });
  };

  // The kept ranking goes out when the connection returns, and on opening this page again while
  // it is still kept. One send at a time: `sending` is set before the send starts.
  const { mutate } = submit;
  const sending = useRef(false);
  const sendKept = useCallback(() => {
    const stored = readPendingRanking(game.id);
    if (!stored || sending.current || isOfflineNow()) return;
    sending.current = true;
    mutate(
      { ranking: stored, resent: true },
      {
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }, [game.id, mutate]);
  useBackOnline(sendKept);
  useEffect(() => {
    sendKept();
  }, [sendKept]);
  // Kept after a failure while the browser thought it was online (the server unreachable): no
  // 'online' event will come, so it is tried again now and then while the page is open.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(sendKept, RESEND_EVERY_MS);
    return () => clearInterval(timer);
  }, [waiting, sendKept]);

  const count = props.submissionCount;
  // The tap-to-place hint is drawn in the sticky submit bar, always in sight.
  const [hintSlot, setHintSlot] = useState<HTMLDivElement | null>(null);
  const coverRef = useStickyCover();
  const duel = game.ballot.kind === 'duel';

  return (
    <div className="play">
      <title>{c.pageTitle({ title: game.prompt })}</title>
      <header className="game-head">
        <div className="game-head__text">
          <p className="eyebrow">
            {game.emoji ? <span aria-hidden="true">{game.emoji} </span> : null}
            <RichText text={t.by} values={{ name: <bdi>{game.ownerName}</bdi> }} />
          </p>
          <ClampedTitle id={ids.title} text={game.prompt} />
          <p className="game-head__meta">
            <Users size={16} aria-hidden="true" />
            <span>
              {t.rankings({ count: formatNumber(count) })(count)}
              {live === 'live' ? <span className="live-dot" title={t.live} /> : null}
            </span>
          </p>
        </div>
        <div className="game-head__actions">
          <ShareButton gameId={game.id} title={game.prompt} />
        </div>
      </header>

      {game.isOwner && !game.closed ? (
        <div className="notice notice--owner">
          <Crown size={18} aria-hidden="true" />
          <p>
            <RichText
              text={t.owner}
              values={{ link: <Link to={paths.results(game.id)}>{t.seeResultsLink}</Link> }}
            />
          </p>
        </div>
      ) : null}
      {game.closed || duel ? null : submitted && mySubmission.needsReorder ? (
        <div className="notice notice--warning" data-testid="needs-reorder">
          <ListPlus size={18} aria-hidden="true" />
          <p>{t.needsReorder}</p>
        </div>
      ) : submitted ? (
        <div className="notice">
          <BarChart3 size={18} aria-hidden="true" />
          <p>
            {t.already} <Link to={paths.results(game.id)}>{t.seeResults}</Link>
          </p>
        </div>
      ) : null}
      {game.closed ? (
        <ClosedRank
          gameId={game.id}
          items={game.items}
          order={ballotState.ordered}
          ranked={submitted}
        />
      ) : game.unlock ? (
        <div className="notice" data-testid="play-unlock">
          <Lock size={18} aria-hidden="true" />
          <div>
            <p>{t.hiddenUntilClosed}</p>
            <UnlockStatus game={game} />
          </div>
        </div>
      ) : null}

      {game.closed ? null : duel ? (
        <Suspense fallback={<SkeletonList rows={2} />}>
          <DuelBoard game={game} />
        </Suspense>
      ) : (
        <form className="play-form" onSubmit={onSubmit} aria-describedby={ids.help}>
          {/* One line above the list: what goes where, the name to rank under, saving. */}
          <div className="play-form__help-row">
            <BallotHelp game={game} id={ids.help} />
            {showName ? (
              <div className="play-form__name">
                <label htmlFor={ids.name}>
                  <RichText
                    text={t.name}
                    values={{ optional: <span className="visually-hidden">{t.optional}</span> }}
                  />
                </label>
                <input
                  id={ids.name}
                  className="input"
                  type="text"
                  autoComplete="nickname"
                  maxLength={MAX_NAME_LENGTH}
                  placeholder={t.namePlaceholder}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
              </div>
            ) : null}
            <ProgressNote status={progress.status} />
          </div>

          <BallotBoard state={ballotState} labelledBy={ids.title} hintSlot={hintSlot} />

          <div className="submit-bar" ref={coverRef} data-testid="submit-bar">
            <OfflineNotice message={waiting ? offline.ranking : null} />
            <div id={ids.error} className="form-error" role="alert">
              {error}
            </div>
            {/* Just before the button: wide screens put the two side by side. */}
            <div ref={setHintSlot} className="submit-bar__hint" />
            <SubmitBallotButton
              game={game}
              className="btn btn-gold btn-lg btn-block"
              pending={submit.isPending}
              notReady={notReady}
              describedBy={error ? ids.error : notReady ? ids.notReady : undefined}
            />
            {notReady && !error ? (
              <p id={ids.notReady} className="submit-bar__why">
                {notReady}
              </p>
            ) : null}
          </div>
        </form>
      )}
    </div>
  );
}

/** Whether the player's order is saved, shown once they start moving things. */
function ProgressNote(props: { status: SaveStatus }) {
  const t = useText(playPageText);
  const text = {
    idle: null,
    saving: t.saving,
    saved: t.saved,
    failed: t.saveFailed,
  }[props.status];
  // The live region is always there (so the change is read out) but takes no room while idle.
  return (
    <div className="progress-note__status" role="status" data-testid="progress-note">
      {text ? (
        <p className={`progress-note progress-note--${props.status}`}>
          {props.status === 'saved' ? <Check size={14} aria-hidden="true" /> : null}
          {props.status === 'failed' ? <CloudOff size={14} aria-hidden="true" /> : null}
          {text}
        </p>
      ) : null}
    </div>
  );
}
