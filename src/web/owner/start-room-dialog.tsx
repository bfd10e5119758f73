/**
 * "Start a live room" (issue 27, decision 0055): the owner picks the round length and, beside
 * this rank (round 1), more of their own ranks as further rounds; Start makes the room and opens
 * its presenter screen. The server's refusal (the hourly quota, a game no longer theirs) shows as
 * its sentence.
 */
import { useMutation } from '@tanstack/react-query';
import { Radio } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GameView } from '../../domain/game';
import {
  DEFAULT_ROUND_SECONDS,
  MAX_ROOM_ROUNDS,
  MAX_ROUND_SECONDS,
  MIN_ROUND_SECONDS,
} from '../../domain/limits';
import { isRoundSeconds } from '../../domain/rooms';
import { errorMessage } from '../api/errors';
import { useMyGames } from '../api/players';
import { createRoom } from '../api/rooms';
import { useText } from '../i18n/i18n';
import { startRoomText } from '../i18n/messages/rooms-host';
import { paths } from '../paths';
import { useViewer } from '../shell/session/use-viewer';
import { ButtonDialog } from '../ui/button-dialog';
import { DialogHead } from '../ui/dialog-head';
import { counted } from '../game/format';

export function StartRoomDialog(props: { game: GameView }) {
  const t = useText(startRoomText);
  const [open, setOpen] = useState(false);
  return (
    <ButtonDialog
      icon={Radio}
      label={t.open}
      triggerTestId="start-room"
      open={open}
      onOpenChange={setOpen}
      className="start-room"
      testId="start-room-dialog"
    >
      {open ? <StartRoomForm game={props.game} onCancel={() => setOpen(false)} /> : null}
    </ButtonDialog>
  );
}

function StartRoomForm(props: { game: GameView; onCancel: () => void }) {
  const t = useText(startRoomText);
  const navigate = useNavigate();
  const ids = { seconds: useId(), secondsHint: useId(), rounds: useId(), error: useId() };
  const [seconds, setSeconds] = useState(String(DEFAULT_ROUND_SECONDS));
  const [more, setMore] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const viewer = useViewer();
  const myGames = useMyGames(viewer.user?.id ?? '', false);
  const others = (myGames.data?.pages.flatMap((page) => page.games) ?? []).filter(
    (game) => game.id !== props.game.id,
  );
  const roundSeconds = Number(seconds);
  const secondsValid = isRoundSeconds(roundSeconds);
  const gameIds = [props.game.id, ...others.filter((g) => more.includes(g.id)).map((g) => g.id)];
  const limits = { min: MIN_ROUND_SECONDS, max: MAX_ROUND_SECONDS };

  const start = useMutation({
    mutationFn: () => createRoom(gameIds, roundSeconds),
    onSuccess: (room) => {
      // The presenter keeps the rounds' games for its end screen (the room's view names only
      // the current round's game).
      void navigate(paths.host(room.code));
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!secondsValid || start.isPending) return;
    start.mutate();
  };
  const secondsError = tried && !secondsValid;
  const error = secondsError
    ? t.roundSecondsInvalid(limits)
    : start.isError
      ? errorMessage(start.error)
      : null;

  return (
    <>
      <DialogHead title={t.title} />
      <p className="dialog__text">{t.description}</p>
      <form className="form start-room__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={ids.seconds}>{t.roundSeconds}</label>
          <input
            id={ids.seconds}
            className="input start-room__seconds"
            type="number"
            inputMode="numeric"
            min={MIN_ROUND_SECONDS}
            max={MAX_ROUND_SECONDS}
            step={1}
            value={seconds}
            aria-invalid={secondsError || undefined}
            aria-describedby={`${ids.secondsHint}${secondsError ? ` ${ids.error}` : ''}`}
            onChange={(event) => setSeconds(event.target.value)}
            data-testid="room-seconds"
          />
          <p id={ids.secondsHint} className="field__hint">
            {t.roundSecondsHint(limits)}
          </p>
        </div>
        <fieldset className="start-room__rounds">
          <legend>{t.rounds}</legend>
          <p className="field__hint">{t.roundsHint}</p>
          <ul className="start-room__games">
            <li>
              <label className="start-room__game">
                <input type="checkbox" checked disabled />
                {t.thisRank({ title: props.game.title ?? props.game.prompt })}
              </label>
            </li>
            {others.map((game) => {
              const checked = more.includes(game.id);
              const full = !checked && gameIds.length >= MAX_ROOM_ROUNDS;
              return (
                <li key={game.id}>
                  <label className="start-room__game">
                    <input
                      type="checkbox"
                      checked={checked}
                      disabled={full}
                      onChange={(event) =>
                        setMore((current) =>
                          event.target.checked
                            ? [...current, game.id]
                            : current.filter((id) => id !== game.id),
                        )
                      }
                    />
                    {game.emoji ? `${game.emoji} ${game.title}` : game.title}
                  </label>
                </li>
              );
            })}
          </ul>
          {myGames.isPending ? (
            <p className="field__hint" role="status">
              {t.moreLoading}
            </p>
          ) : myGames.isError ? (
            <p className="field__hint">{t.moreFailed}</p>
          ) : others.length === 0 ? (
            <p className="field__hint">{t.noMore}</p>
          ) : null}
        </fieldset>
        <p id={ids.error} className="form-error" role="alert">
          {error}
        </p>
        <div className="dialog__actions">
          <button type="button" className="btn btn-secondary" onClick={props.onCancel}>
            {t.cancel}
          </button>
          <button
            type="submit"
            className="btn btn-primary"
            aria-disabled={start.isPending}
            data-testid="start-room-submit"
          >
            {start.isPending ? t.starting : counted(t.start, gameIds.length)}
          </button>
        </div>
      </form>
    </>
  );
}
