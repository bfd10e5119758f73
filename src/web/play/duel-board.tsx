/**
 * A duel game's play board (issue 28, decision 0064): two items, pick the better one or "can't
 * decide", and the next pair at once. Loaded only by duel games (play-page.tsx, lazily).
 *
 * Each answer is saved as it is made. The progress line moves and the choice is read out at
 * once (optimistic); the answer's reply carries the next pair, shown without a spinner. A failed
 * answer puts the progress back and says why, the same pair still there to pick again; a pair the
 * server no longer offers (409: answered in another tab) is replaced by a fresh one quietly.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BarChart3, Maximize2, Scale } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { GameView, ItemView } from '../../domain/game';
import {
  answerDuel,
  duelKeys,
  fetchDuel,
  isStalePair,
  type DuelAnswerInput,
  type DuelTurn,
} from '../api/duels';
import { errorMessage } from '../api/errors';
import { duelAnswered, duelsLeft } from '../api/game-cache';
import { formatNumber } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { commonText } from '../i18n/messages/common';
import { duelBoardText } from '../i18n/messages/duel';
import { itemPictureViewText } from '../i18n/messages/play';
import { paths } from '../paths';
import { useViewer } from '../shell/session/use-viewer';
import { SkeletonList } from '../ui/loading';
import { StatusCard } from '../ui/status-card';
import { ensureSession } from '../shell/session/ensure-session';
import { PictureViewerProvider, useViewPicture } from '../game/item-picture';
import './duel.css';

export function DuelBoard(props: { game: GameView }) {
  const { game } = props;
  const t = useText(duelBoardText);
  const c = useText(commonText);
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const turnKey = duelKeys.turn(game.id);
  const turn = useQuery({
    queryKey: turnKey,
    queryFn: async ({ signal }) => {
      await ensureSession(viewer);
      return fetchDuel(game.id, signal);
    },
    // The pair offered stays the same until answered: no refetch behind the player's back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  // Leaving after answering: the player's order (and the results) are read again.
  const answeredAny = useRef(false);
  useEffect(
    () => () => {
      if (answeredAny.current) duelsLeft(queryClient, game.id);
    },
    [queryClient, game.id],
  );

  /**
   * An answer is being saved: set at once, not on the next render as `isPending` is, so keys
   * pressed in the same frame (a held key, a quick double press) make no second answer.
   */
  const saving = useRef(false);
  const answer = useMutation({
    mutationFn: (input: DuelAnswerInput) => answerDuel(game.id, input),
    onSettled: () => {
      saving.current = false;
    },
    onMutate: (input) => {
      setError(null);
      // The progress moves at once; put back if the answer fails.
      const before = queryClient.getQueryData<DuelTurn>(turnKey);
      if (before?.pair) {
        queryClient.setQueryData<DuelTurn>(turnKey, {
          ...before,
          progress: { ...before.progress, answered: before.progress.answered + 1 },
        });
      }
      return { before, input };
    },
    onSuccess: (result) => {
      queryClient.setQueryData<DuelTurn>(turnKey, result.next);
      duelAnswered(queryClient, game.id, result);
      answeredAny.current = true;
    },
    onError: (thrown, _input, context) => {
      if (context?.before) queryClient.setQueryData(turnKey, context.before);
      setSaid('');
      if (isStalePair(thrown)) {
        void queryClient.invalidateQueries({ queryKey: turnKey });
        return;
      }
      setError(t.notSaved({ reason: errorMessage(thrown) }));
    },
  });

  const current = turn.data;
  const pair = current?.pair;
  const { mutate, isPending } = answer;
  const pick = useCallback(
    (winner: ItemView | null) => {
      if (!pair || isPending || saving.current) return;
      saving.current = true;
      const [a, b] = pair;
      setSaid(winner ? t.chose({ label: winner.label }) : t.undecided({ a: a.label, b: b.label }));
      mutate({ a: a.id, b: b.id, winner: winner?.id ?? null });
    },
    [pair, isPending, mutate, t],
  );

  // ← the first, → the second, ↓ can't decide; not while typing or in a dialog.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable], [role="dialog"]')) return;
      const choice =
        event.key === 'ArrowLeft'
          ? 0
          : event.key === 'ArrowRight'
            ? 1
            : event.key === 'ArrowDown'
              ? null
              : undefined;
      if (choice === undefined || !pair) return;
      event.preventDefault();
      pick(choice === null ? null : pair[choice]);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [pair, pick]);

  if (turn.isPending) {
    return (
      <div className="duel" aria-busy="true">
        <p className="visually-hidden" role="status">
          {t.loading}
        </p>
        <SkeletonList rows={2} />
      </div>
    );
  }
  if (turn.isError) {
    return (
      <StatusCard
        tone="error"
        title={t.loadError}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => void turn.refetch()}>
            {c.tryAgain}
          </button>
        }
      >
        <p>{errorMessage(turn.error)}</p>
      </StatusCard>
    );
  }
  const { progress } = turn.data;
  return (
    <div className="duel" data-testid="duel-board">
      <DuelProgress answered={progress.answered} budget={progress.budget} />
      <p className="visually-hidden" aria-live="polite" data-testid="duel-said">
        {said}
      </p>
      {turn.data.done ? (
        <StatusCard
          icon={<BarChart3 size={32} />}
          title={t.doneTitle}
          actions={
            <Link className="btn btn-gold btn-lg" to={paths.results(game.id)}>
              {t.seeResults}
            </Link>
          }
        >
          <p>{t.doneText}</p>
        </StatusCard>
      ) : (
        <>
          <p className="duel__help">
            <Scale size={18} aria-hidden="true" />
            <span>
              {t.help} <span className="duel__keys">{t.keys}</span>
            </span>
          </p>
          <PictureViewerProvider>
            <DuelPair pair={turn.data.pair} busy={isPending} onPick={pick} />
          </PictureViewerProvider>
          <div className="form-error" role="alert" data-testid="duel-error">
            {error}
          </div>
          <p className="duel__results">
            <Link className="btn btn-secondary" to={paths.results(game.id)}>
              <BarChart3 size={18} aria-hidden="true" />
              {t.seeResults}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}

/** "12 of 40 useful comparisons", with a bar (a progressbar for assistive technology). */
function DuelProgress(props: { answered: number; budget: number }) {
  const t = useText(duelBoardText);
  const labelId = useId();
  const { budget } = props;
  const answered = Math.min(props.answered, budget);
  const text = t.progress({ answered: formatNumber(answered), budget: formatNumber(budget) });
  return (
    <div className="duel-progress">
      <p id={labelId} className="duel-progress__text" data-testid="duel-progress">
        {text}
      </p>
      <div
        className="duel-progress__bar"
        role="progressbar"
        aria-label={t.progressLabel}
        aria-valuemin={0}
        aria-valuemax={budget}
        aria-valuenow={answered}
        aria-valuetext={text}
      >
        <span
          className="duel-progress__fill"
          style={{ width: `${budget > 0 ? (answered / budget) * 100 : 100}%` }}
        />
      </div>
    </div>
  );
}

/** The two cards and "can't decide" between them; a new pair slides in (not with reduced motion). */
function DuelPair(props: {
  pair: [ItemView, ItemView];
  busy: boolean;
  onPick: (winner: ItemView | null) => void;
}) {
  const t = useText(duelBoardText);
  const [a, b] = props.pair;
  const groupId = useId();
  return (
    <div
      key={`${a.id}:${b.id}`}
      className="duel__pair"
      role="group"
      aria-labelledby={groupId}
      aria-busy={props.busy}
    >
      <h2 id={groupId} className="visually-hidden">
        {t.pairLabel}
      </h2>
      <DuelCard item={a} side="left" onPick={() => props.onPick(a)} />
      <div className="duel__middle">
        <span className="duel__or" aria-hidden="true">
          {t.or}
        </span>
        <button
          type="button"
          className="btn btn-secondary duel__undecided"
          onClick={() => props.onPick(null)}
          aria-keyshortcuts="ArrowDown"
          data-testid="duel-undecided"
        >
          {t.cantDecide}
        </button>
      </div>
      <DuelCard item={b} side="right" onPick={() => props.onPick(b)} />
    </div>
  );
}

function DuelCard(props: { item: ItemView; side: 'left' | 'right'; onPick: () => void }) {
  const t = useText(duelBoardText);
  const v = useText(itemPictureViewText);
  const view = useViewPicture();
  const { item, side } = props;
  const { image } = item;
  return (
    <div className={`duel-card duel-card--${side}`}>
      <button
        type="button"
        className="duel-card__pick"
        onClick={props.onPick}
        aria-keyshortcuts={side === 'left' ? 'ArrowLeft' : 'ArrowRight'}
        aria-label={t.pick({ label: item.label })}
        data-testid={`duel-${side}`}
        data-item-id={item.id}
      >
        {image ? (
          <img
            className="duel-card__picture"
            src={image.thumbUrl}
            alt=""
            decoding="async"
            draggable={false}
          />
        ) : null}
        <span className="duel-card__label" dir="auto">
          {item.label}
        </span>
      </button>
      {image && view ? (
        <button
          type="button"
          className="btn btn-icon duel-card__zoom"
          data-testid="item-picture"
          onClick={(event) => view({ image, label: item.label, from: event.currentTarget })}
        >
          <Maximize2 size={18} aria-hidden="true" />
          <span className="visually-hidden">
            {v.view} {image.alt}
          </span>
        </button>
      ) : null}
    </div>
  );
}
