/**
 * A round on a phone: the round's game's ballot (any kind: the play page's board) under the
 * countdown, sent with the usual `PUT /api/games/:id/submission`; then "Submitted", changeable
 * until the time's up; at zero (by the server's clock) the ballot closes: "Time's up".
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Hourglass, Pencil } from 'lucide-react';
import { useCallback, useId, useState, type FormEvent } from 'react';
import type { GameView, SubmissionView } from '../../../domain/game';
import { errorMessage } from '../../api/errors';
import { submissionSaved } from '../../api/game-cache';
import { submitRanking, useGame } from '../../api/games';
import type { RoomState } from '../../api/rooms';
import { useText } from '../../i18n/i18n';
import { roomPhoneText } from '../../i18n/messages/rooms-play';
import {
  BallotBoard,
  BallotHelp,
  ballotShape,
  useBallot,
  SubmitBallotButton,
} from '../../game/game-ballot';
import { useViewer } from '../../shell/session/use-viewer';
import { SkeletonList } from '../../ui/loading';
import { useStickyCover } from '../../ui/use-sticky-cover';
import { Countdown } from './countdown-clock';
import { gameSubmitted } from './submitted';

export function RoundBallot(props: { room: RoomState; seconds: number | null }) {
  const { room, seconds } = props;
  const t = useText(roomPhoneText);
  const query = useGame(room.gameId ?? '');
  const [editing, setEditing] = useState(false);

  if (query.isPending) return <SkeletonList rows={6} />;
  if (query.isError) {
    return (
      <p className="form-error" role="alert">
        {errorMessage(query.error)}
      </p>
    );
  }
  const { game, mySubmission } = query.data;
  const submitted = gameSubmitted(mySubmission, room);
  const timesUp = seconds === 0;

  if (timesUp) return <TimesUp submitted={submitted} />;
  if (submitted && !editing) {
    return (
      <section className="room-phone__card" data-testid="room-submitted">
        <div className="room-phone__icon room-phone__icon--ok" aria-hidden="true">
          <CheckCircle2 size={36} />
        </div>
        <h1 className="room-phone__title">{t.submittedTitle}</h1>
        <p className="room-phone__lede">{t.submittedText}</p>
        <Countdown seconds={seconds} />
        <p className="room-phone__hint">{t.changeHint}</p>
        <button
          type="button"
          className="btn btn-secondary btn-lg btn-block"
          onClick={() => setEditing(true)}
        >
          <Pencil size={18} aria-hidden="true" />
          {t.change}
        </button>
      </section>
    );
  }
  return (
    <RoundForm
      // A board per game and shape: the next round's game starts a fresh one.
      key={`${game.id}:${ballotShape(game.ballot)}`}
      game={game}
      mySubmission={submitted ? mySubmission : null}
      seconds={seconds}
      name={room.me?.name}
      onSubmitted={() => setEditing(false)}
    />
  );
}

/** The round is over on this phone (zero by the server's clock, or ended by the host). */
function TimesUp(props: { submitted: boolean }) {
  const t = useText(roomPhoneText);
  return (
    <section className="room-phone__card" data-testid="room-times-up">
      <div className="room-phone__icon" aria-hidden="true">
        <Hourglass size={36} />
      </div>
      <h1 className="room-phone__title">{t.timesUpTitle}</h1>
      <p className="room-phone__lede">{props.submitted ? t.submittedInTime : t.missedRound}</p>
      <p className="room-phone__hint">{t.timesUpText}</p>
    </section>
  );
}

function RoundForm(props: {
  game: GameView;
  mySubmission: SubmissionView | null;
  seconds: number | null;
  /** The player's nickname in the room: a guest's ballot goes under it in the game's results. */
  name: string | undefined;
  onSubmitted: () => void;
}) {
  const { game, mySubmission, onSubmitted } = props;
  const t = useText(roomPhoneText);
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const ids = { title: useId(), help: useId(), error: useId(), notReady: useId() };
  const [error, setError] = useState<string | null>(null);
  const state = useBallot(
    game,
    { ranking: mySubmission?.ranking, tiers: mySubmission?.tiers },
    useCallback(() => setError(null), []),
  );
  const { value, notReady } = state;
  const [hintSlot, setHintSlot] = useState<HTMLDivElement | null>(null);
  const coverRef = useStickyCover();

  const submit = useMutation({
    mutationFn: () =>
      submitRanking(game.id, {
        ...value,
        ...(viewer.status !== 'signed-in' && props.name ? { name: props.name } : {}),
      }),
    onSuccess: (result) => {
      submissionSaved(queryClient, game.id, result);
      onSubmitted();
    },
    // A ballot sent after the round's time (the server's clock) is refused with a sentence.
    onError: (thrown) => setError(errorMessage(thrown)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    if (notReady) {
      setError(notReady);
      return;
    }
    submit.mutate();
  };

  return (
    <form className="play-form room-ballot" onSubmit={onSubmit} aria-describedby={ids.help}>
      <header className="room-ballot__head">
        <p className="eyebrow">{t.roundTitle}</p>
        <h1 id={ids.title} className="room-ballot__prompt">
          {game.emoji ? <span aria-hidden="true">{game.emoji} </span> : null}
          {game.prompt}
        </h1>
      </header>
      <div className="play-form__help-row">
        <BallotHelp game={game} id={ids.help} />
      </div>
      <BallotBoard state={state} labelledBy={ids.title} hintSlot={hintSlot} />
      <div className="submit-bar room-ballot__bar" ref={coverRef} data-testid="submit-bar">
        <div id={ids.error} className="form-error" role="alert">
          {error}
        </div>
        <div ref={setHintSlot} className="submit-bar__hint" />
        <div className="room-ballot__actions">
          <Countdown seconds={props.seconds} compact />
          <SubmitBallotButton
            game={game}
            className="btn btn-gold btn-lg room-ballot__submit"
            pending={submit.isPending}
            notReady={notReady}
            describedBy={error ? ids.error : notReady ? ids.notReady : undefined}
          />
        </div>
        {notReady && !error ? (
          <p id={ids.notReady} className="submit-bar__why">
            {notReady}
          </p>
        ) : null}
      </div>
    </form>
  );
}
