/**
 * /j/{CODE}: a player's phone in a live room (issue 27). The room is read once and kept live by
 * its event stream; the phone follows the room's phase: a nickname to join, the lobby, each
 * round's ballot under the countdown, the reveal, and the end. A phone that drops reconnects into
 * whatever phase the room is in by then ("Reconnecting…" meanwhile). Phase changes and a few
 * marks of the countdown are read out in a status region.
 */
import { DoorOpen, Users } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/errors';
import type { LiveStatus } from '../../api/live-stream';
import { useRoom, useRoomEvents, type RoomState } from '../../api/rooms';
import { formatNumber } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { commonText } from '../../i18n/messages/common';
import { roomPhoneText } from '../../i18n/messages/rooms-play';
import { RichText } from '../../i18n/rich-text';
import { paths } from '../../paths';
import { SkeletonList } from '../../ui/loading';
import { StatusCard } from '../../ui/status-card';
import { useCountdown } from '../use-countdown';
import { countdownMark } from './countdown-marks';
import { JoinForm } from './join-form';
import { RoundBallot } from './round-ballot';
import { ClosedScreen, RevealScreen } from './round-results';
import './room-phone.css';

export function RoomPhonePage() {
  const { code = '' } = useParams();
  const query = useRoom(code);
  const [live, setLive] = useState<LiveStatus>('connecting');
  // A closed room's stream ends for good: it is not reopened (nor "Reconnecting…" shown).
  const stream =
    query.data?.phase === 'closed' ? null : <RoomStream code={code} onStatus={setLive} />;

  return (
    <>
      {stream}
      <RoomPhoneState code={code} live={stream ? live : 'live'} />
    </>
  );
}

/** The room as read: loading, not found, or the phone in its phase. */
function RoomPhoneState(props: { code: string; live: LiveStatus }) {
  const t = useText(roomPhoneText);
  const c = useText(commonText);
  const query = useRoom(props.code);
  if (query.isPending) {
    return (
      <div className="room-phone" aria-busy="true">
        <title>{c.pageTitle({ title: t.loading })}</title>
        <SkeletonList rows={3} />
      </div>
    );
  }
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="room-phone">
        <title>{c.pageTitle({ title: notFound ? t.notFoundTitle : t.didNotLoad })}</title>
        <StatusCard
          icon={<DoorOpen size={32} />}
          title={notFound ? t.notFoundTitle : t.didNotLoad}
          tone={notFound ? 'neutral' : 'error'}
          actions={
            notFound ? (
              <Link className="btn btn-gold btn-lg" to={paths.join()}>
                {t.typeCode}
              </Link>
            ) : (
              <button
                type="button"
                className="btn btn-gold btn-lg"
                onClick={() => void query.refetch()}
              >
                {c.tryAgain}
              </button>
            )
          }
        >
          <p>{notFound ? t.notFoundText : errorMessage(query.error)}</p>
        </StatusCard>
      </div>
    );
  }
  return <RoomPhone room={query.data} live={props.live} />;
}

/** Keeps the room's event stream open while mounted, and tells its status. */
function RoomStream(props: { code: string; onStatus: (status: LiveStatus) => void }) {
  const status = useRoomEvents(props.code);
  const { onStatus } = props;
  useEffect(() => onStatus(status), [status, onStatus]);
  return null;
}

function RoomPhone(props: { room: RoomState; live: LiveStatus }) {
  const { room, live } = props;
  const t = useText(roomPhoneText);
  const c = useText(commonText);
  const seconds = useCountdown(room);
  const { me } = room;
  // The round is over on this phone at zero by the server's clock, before any event says so.
  const phase = room.phase === 'round' && seconds === 0 ? 'ended' : room.phase;

  return (
    <div className={`room-phone room-phone--${phase}`} data-phase={phase}>
      <title>{c.pageTitle({ title: t.pageTitle({ code: room.code }) })}</title>
      <div className="room-phone__bar">
        <p className="room-phone__code">
          {t.roomCode({ code: room.code })}
          {room.round > 0 ? (
            <span className="room-phone__round">
              {' · '}
              {t.roundOf({ round: room.round, count: room.roundCount })}
            </span>
          ) : null}
        </p>
        <span className="live-status" role="status" data-testid="live-status">
          {live === 'offline' ? (
            <span className="live-pill live-pill--offline" title={t.reconnectingTitle}>
              {t.reconnecting}
            </span>
          ) : null}
        </span>
      </div>
      <Announcer room={room} phase={phase} seconds={seconds} joined={me !== undefined} />
      {!me ? (
        room.phase === 'closed' ? (
          <ClosedScreen room={room} me={undefined} />
        ) : (
          <JoinForm code={room.code} phase={room.phase} />
        )
      ) : phase === 'created' || phase === 'lobby' ? (
        <section className="room-phone__card" data-testid="room-lobby">
          <div className="room-phone__icon room-phone__icon--ok" aria-hidden="true">
            <Users size={36} />
          </div>
          <h1 className="room-phone__title">
            <RichText
              text={t.youAreIn}
              values={{ name: <bdi className="room-phone__name">{me.name}</bdi> }}
            />
          </h1>
          <p className="room-phone__lede">{t.waitingHost}</p>
          <p className="room-phone__count" data-testid="room-player-count">
            {t.players({ count: formatNumber(room.players.count) })(room.players.count)}
          </p>
        </section>
      ) : phase === 'round' ? (
        <RoundBallot room={room} seconds={seconds} />
      ) : phase === 'ended' ? (
        // Over by the clock or the host, not revealed yet: the round's screen at zero.
        <RoundBallot room={room} seconds={0} />
      ) : phase === 'reveal' ? (
        <RevealScreen room={room} me={me} />
      ) : (
        <ClosedScreen room={room} me={me} />
      )}
    </div>
  );
}

/**
 * What a screen reader hears as the room moves on: the phase, and a few marks of the countdown.
 * Status regions stay in place, so each change is read once.
 */
function Announcer(props: {
  room: RoomState;
  phase: RoomState['phase'];
  seconds: number | null;
  joined: boolean;
}) {
  const { room, phase, joined } = props;
  const t = useText(roomPhoneText);
  const said = !joined
    ? null
    : phase === 'lobby'
      ? t.saidLobby
      : phase === 'round'
        ? t.saidRound({ round: room.round })
        : phase === 'ended'
          ? t.saidTimesUp
          : phase === 'reveal'
            ? t.saidReveal
            : phase === 'closed'
              ? t.saidClosed
              : null;
  const mark = phase === 'round' ? countdownMark(props.seconds) : null;
  const markSaid =
    mark === null ? null : mark >= 60 ? t.minutesLeft(mark / 60) : t.secondsLeft(mark);
  return (
    <>
      <div className="visually-hidden" role="status" data-testid="room-said">
        {said}
      </div>
      <div className="visually-hidden" role="status" data-testid="room-countdown-said">
        {markSaid}
      </div>
    </>
  );
}
