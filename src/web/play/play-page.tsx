/** /g/{idOrSlug}/play: order the items, optionally give a name, submit, then see the results. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BarChart3,
  Check,
  CloudOff,
  Crown,
  Layers,
  ListOrdered,
  ListPlus,
  Lock,
  Users,
} from 'lucide-react';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { GameView, SubmissionView } from '../../domain/game';
import { placeAll } from '../../domain/lifecycle';
import { MAX_NAME_LENGTH } from '../../domain/limits';
import { cleanText } from '../../domain/text';
import { errorMessage, isClosedError } from '../api/errors';
import { useGameEvents } from '../api/events';
import { gameClosed, submissionSaved } from '../api/game-cache';
import { submitRanking, useGame, type BallotValue } from '../api/games';
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
import { ensureSession } from './ensure-session';
import {
  clearPendingRanking,
  readPendingRanking,
  savePendingRanking,
  type PendingRanking,
} from './pending-ranking';
import { ClampedTitle } from './clamped-title';
import { ClosedRank } from './closed-rank';
import { RankList, type Order } from './rank-list';
import { PictureViewerProvider } from './item-picture';
import { emptyPlacement, keptPlacement, placedCount, type Placement } from './tier-placement';
import { keptPicks } from './top-picks';
import { ballotKindText } from '../i18n/messages/ballot';
import { useStickyCover } from '../ui/use-sticky-cover';
import { useProgressSaver, type SaveStatus } from './use-progress-saver';
import { formatNumber } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { commonText } from '../i18n/messages/common';
import { playPageText } from '../i18n/messages/play';
import { RichText } from '../i18n/rich-text';
import './play.css';
import './ballot.css';

// The top-N picker and the tier board load only for the games that ask for them: most games are
// full rankings, and the play page's first visit is the one the JavaScript budget is for.
const TopPicker = lazy(() => import('./top-picker').then((m) => ({ default: m.TopPicker })));
const TierBoard = lazy(() => import('./tier-board').then((m) => ({ default: m.TierBoard })));

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

/** What a ballot asks for, as far as the board's state depends on it. */
function ballotShape(ballot: GameView['ballot']): string {
  if (ballot.kind === 'top') return `top ${ballot.n}`;
  if (ballot.kind === 'tiers') return `tiers ${ballot.tiers.length}`;
  return ballot.kind;
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
  // The ranking waiting to be sent, else their saved ranking (final or progress), else the game's
  // order; kept in step with the items when the owner edits them while this page is open.
  const [error, setError] = useState<string | null>(null);
  const { ballot } = game;
  // Set by the player's first move: only then is their ballot saved as progress.
  const moved = useRef(false);
  const k = useText(ballotKindText);
  const keptRanking = kept && 'ranking' in kept ? kept.ranking : null;
  const [savedOrder, setOrder] = useState<Order>(() => keptRanking ?? mySubmission?.ranking ?? []);
  const order = useMemo(() => placeAll(savedOrder, game.items), [savedOrder, game.items]);
  // Top N: the picks, best first (issue 25).
  const n = ballot.kind === 'top' ? ballot.n : 0;
  const [savedPicks, setPicks] = useState<Order>(() =>
    ballot.kind === 'top' ? (keptRanking ?? mySubmission?.ranking ?? []) : [],
  );
  const picks = useMemo(() => keptPicks(savedPicks, game.items, n), [savedPicks, game.items, n]);
  const onPicksChange = useCallback((update: (picks: Order) => Order) => {
    moved.current = true;
    setError(null);
    setPicks(update);
  }, []);
  // Tiers: one array of item ids per tier.
  const tierCount = ballot.kind === 'tiers' ? ballot.tiers.length : 0;
  const [savedPlacement, setPlacement] = useState<Placement>(
    () =>
      (kept && 'tiers' in kept ? kept.tiers : null) ??
      mySubmission?.tiers ??
      emptyPlacement(tierCount),
  );
  const placement = useMemo(
    () => keptPlacement(savedPlacement, game.items, tierCount),
    [savedPlacement, game.items, tierCount],
  );
  const onPlacementChange = useCallback((update: (placement: Placement) => Placement) => {
    moved.current = true;
    setError(null);
    setPlacement(update);
  }, []);
  /** Why Submit cannot be pressed yet (a top N not all picked, no item in a tier), if it can't. */
  const notReady =
    ballot.kind === 'top' && picks.length !== n
      ? picks.length < n
        ? k.pickMore({ count: n - picks.length })(n - picks.length)
        : null
      : ballot.kind === 'tiers' && placedCount(placement) === 0
        ? k.placeOne
        : null;
  const items = useRef(game.items);
  useEffect(() => {
    items.current = game.items;
  }, [game.items]);
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

  const onOrderChange = useCallback((update: (order: Order) => Order) => {
    moved.current = true;
    setError(null);
    setOrder((current) => update(placeAll(current, items.current)));
  }, []);
  // What Submit sends, and what is saved as progress as the player goes.
  const value = useMemo<BallotValue>(
    () =>
      ballot.kind === 'tiers'
        ? { tiers: placement.map((tier) => [...tier]) }
        : { ranking: [...(ballot.kind === 'top' ? picks : order)] },
    [ballot.kind, placement, picks, order],
  );
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
      {game.closed ? null : submitted && mySubmission.needsReorder ? (
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
          order={ballot.kind === 'top' ? picks : ballot.kind === 'tiers' ? placement.flat() : order}
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

      {game.closed ? null : (
        <form className="play-form" onSubmit={onSubmit} aria-describedby={ids.help}>
          {/* One line above the list: what goes where, the name to rank under, saving. */}
          <div className="play-form__help-row">
            {ballot.kind === 'ranking' ? (
              <p id={ids.help} className="play-form__help">
                <RichText
                  text={t.help}
                  values={{
                    best: <strong>{t.best}</strong>,
                    how: <span className="play-form__how">{t.how}</span>,
                  }}
                />
              </p>
            ) : (
              <div className="play-form__kind" data-testid="ballot-kind">
                {ballot.kind === 'top' ? (
                  <ListOrdered size={20} aria-hidden="true" />
                ) : (
                  <Layers size={20} aria-hidden="true" />
                )}
                <div>
                  <p className="play-form__kind-title">
                    {ballot.kind === 'top' ? k.top({ n }) : k.tiers}
                  </p>
                  <p id={ids.help} className="play-form__help">
                    {ballot.kind === 'top'
                      ? k.topHelp({ n, total: formatNumber(game.items.length) })
                      : k.tiersHelp}
                  </p>
                </div>
              </div>
            )}
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

          <PictureViewerProvider>
            {ballot.kind === 'top' ? (
              <Suspense fallback={<SkeletonList rows={6} />}>
                <TopPicker
                  items={game.items}
                  n={n}
                  picks={picks}
                  onPicksChange={onPicksChange}
                  hintSlot={hintSlot}
                />
              </Suspense>
            ) : ballot.kind === 'tiers' ? (
              <Suspense fallback={<SkeletonList rows={6} />}>
                <TierBoard
                  items={game.items}
                  tiers={ballot.tiers}
                  placement={placement}
                  onPlacementChange={onPlacementChange}
                  hintSlot={hintSlot}
                />
              </Suspense>
            ) : (
              <RankList
                items={game.items}
                order={order}
                onOrderChange={onOrderChange}
                labelledBy={ids.title}
                hintSlot={hintSlot}
              />
            )}
          </PictureViewerProvider>

          <div className="submit-bar" ref={coverRef} data-testid="submit-bar">
            <OfflineNotice message={waiting ? offline.ranking : null} />
            <div id={ids.error} className="form-error" role="alert">
              {error}
            </div>
            {/* Just before the button: wide screens put the two side by side. */}
            <div ref={setHintSlot} className="submit-bar__hint" />
            <button
              type="submit"
              className="btn btn-gold btn-lg btn-block"
              disabled={submit.isPending}
              aria-disabled={notReady !== null}
              data-testid="submit-button"
              aria-describedby={error ? ids.error : notReady ? ids.notReady : undefined}
            >
              <Crown size={20} aria-hidden="true" />
              {submit.isPending
                ? t.submitting
                : ballot.kind === 'top'
                  ? k.submitTop({ n })
                  : ballot.kind === 'tiers'
                    ? k.submitTiers
                    : t.submit}
            </button>
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
