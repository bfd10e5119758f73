/** The round's time left, as a phone shows it (a timer: read on demand, not every second). */
import { Timer } from 'lucide-react';
import { useText } from '../../i18n/i18n';
import { roomPhoneText } from '../../i18n/messages/rooms-play';
import { clockText } from '../countdown';

/** The last seconds, shown in the warning colour. */
const LAST_SECONDS = 10;

export function Countdown(props: { seconds: number | null; compact?: boolean }) {
  const t = useText(roomPhoneText);
  const { seconds } = props;
  if (seconds === null) return null;
  const classes = [
    'room-clock',
    props.compact ? 'room-clock--compact' : '',
    seconds <= LAST_SECONDS ? 'room-clock--last' : '',
  ].filter(Boolean);
  return (
    <div className={classes.join(' ')} data-testid="room-countdown">
      <Timer size={props.compact ? 20 : 24} aria-hidden="true" />
      <span className="visually-hidden">{t.timeLeft}</span>
      <span role="timer" className="room-clock__time">
        {clockText(seconds)}
      </span>
    </div>
  );
}
