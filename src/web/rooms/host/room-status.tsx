/**
 * What both host screens say about the room's state: the phase and round, the countdown (by the
 * server's clock, announced at milestones only), how many have ranked, and the screen for a room
 * that is loading, missing or someone else's.
 */
import type { ReactNode } from 'react';
import { ApiError } from '../../api/errors';
import { formatNumber } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { roomStatusText } from '../../i18n/messages/rooms-host';
import { PageLoading } from '../../ui/loading';
import { clockText } from '../countdown';
import { useCountdown } from '../use-countdown';
import { countdownMilestone } from './stage-rules';
import type { HostRoom, useHostRoom } from './use-host-room';
import { counted } from '../../game/format';

export function PhaseLine(props: { room: HostRoom }) {
  const t = useText(roomStatusText);
  const { room } = props;
  return (
    <p className="room-phase" data-testid="room-phase" data-phase={room.phase}>
      <span className="room-phase__name">{t[room.phase]}</span>
      {room.round > 0 ? (
        <span className="room-phase__round">
          {t.roundOf({ round: room.round, count: room.roundCount })}
        </span>
      ) : null}
    </p>
  );
}

/** The countdown, big; screen readers hear it at each minute, 30 s, 10 s and the end. */
export function Countdown(props: { room: HostRoom; className?: string }) {
  const t = useText(roomStatusText);
  const seconds = useCountdown(props.room);
  if (seconds === null) return null;
  const milestone = countdownMilestone(seconds, props.room.roundSeconds);
  const said =
    milestone === null
      ? ''
      : milestone === 0
        ? t.timeUp
        : milestone % 60 === 0
          ? counted(t.minutesLeft, milestone / 60)
          : counted(t.secondsLeft, milestone);
  return (
    <div
      className={`room-countdown ${seconds <= 10 ? 'is-ending' : ''} ${props.className ?? ''}`}
      data-testid="room-countdown"
    >
      <span className="visually-hidden">{t.timeLeft}</span>
      <span className="room-countdown__clock" aria-hidden="true">
        {clockText(seconds)}
      </span>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {said}
      </span>
    </div>
  );
}

/** "12 of 40 have ranked" (the count the server adds during a round), else the player count. */
export function SubmittedCount(props: { room: HostRoom; className?: string }) {
  const t = useText(roomStatusText);
  const { room } = props;
  const submitted = room.submitted ?? null;
  return (
    <p className={`room-submitted ${props.className ?? ''}`} data-testid="room-submitted">
      {submitted === null
        ? counted(t.players, room.players.count)
        : t.submitted({
            submitted: formatNumber(submitted),
            players: formatNumber(room.players.count),
          })}
    </p>
  );
}

/** The host's screen until the room is there to show: loading, missing, not theirs. */
export function HostRoomGate(props: {
  host: ReturnType<typeof useHostRoom>;
  children: (room: HostRoom) => ReactNode;
}) {
  const t = useText(roomStatusText);
  const { query, room } = props.host;
  if (room) {
    if (!room.isHost) return <RoomProblem text={t.notHost} />;
    return props.children(room);
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <RoomProblem text={missing ? t.notFound : t.didNotLoad}>
        {missing ? null : (
          <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
            {t.retry}
          </button>
        )}
      </RoomProblem>
    );
  }
  return <PageLoading label={t.loading} />;
}

function RoomProblem(props: { text: string; children?: ReactNode }) {
  return (
    <section className="card room-problem">
      <h1 className="page-title">{props.text}</h1>
      {props.children}
    </section>
  );
}
