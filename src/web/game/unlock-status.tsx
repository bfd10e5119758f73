/**
 * What still unlocks a game's locked results: how many more players, and/or a countdown to the
 * deadline. The game's `unlock` is kept live by the event stream: the server closes a game whose
 * deadline passed within seconds (a scheduled check) and tells every watcher, and a stream that
 * reconnects starts with a fresh snapshot.
 */
import { Clock, Users } from 'lucide-react';
import type { GameView } from '../../domain/game';
import { useNow } from '../ui/use-now';
import { countdownText, formatDeadline, playersNeededText } from './rules-text';
import { useText } from '../i18n/i18n';
import { RichText } from '../i18n/rich-text';
import { unlockText } from '../i18n/messages/rules';
import './unlock-status.css';

function Countdown(props: { deadlineAt: number }) {
  const t = useText(unlockText);
  const now = useNow(1000);
  const left = props.deadlineAt - now;
  if (left <= 0) return <strong>{t.unlocking}</strong>;
  return (
    <RichText
      text={t.unlocksIn}
      values={{
        countdown: (
          <time
            className="countdown"
            role="timer"
            dateTime={new Date(props.deadlineAt).toISOString()}
            data-testid="unlock-countdown"
          >
            {countdownText(left)}
          </time>
        ),
        deadline: (
          <span className="muted">
            {t.deadline({ deadline: formatDeadline(props.deadlineAt, now) })}
          </span>
        ),
      }}
    />
  );
}

export function UnlockStatus(props: { game: GameView }) {
  const t = useText(unlockText);
  const { unlock } = props.game;
  if (!unlock) return null;
  const players = unlock.playersNeeded;
  return (
    <ul className="unlock-status" data-testid="unlock-status">
      {players !== null ? (
        <li>
          <Users size={18} aria-hidden="true" />
          <span aria-live="polite" aria-atomic="true" data-testid="players-needed">
            {players === 0 ? t.enoughPlayers : playersNeededText(players)}
          </span>
        </li>
      ) : null}
      {players !== null && unlock.deadlineAt !== null ? (
        <li className="unlock-status__or">{t.or}</li>
      ) : null}
      {unlock.deadlineAt !== null ? (
        <li>
          <Clock size={18} aria-hidden="true" />
          <span>
            <Countdown deadlineAt={unlock.deadlineAt} />
          </span>
        </li>
      ) : null}
    </ul>
  );
}
