/**
 * The host's remote, /host/{code}/remote (issue 27, decision 0055): the room's phase, the
 * countdown and who has ranked, and the host's actions as big buttons for a phone. It reads the
 * same room and stream as the presenter, so an action from either shows on both.
 */
import { Presentation } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { useText } from '../../i18n/i18n';
import { commonText } from '../../i18n/messages/common';
import { remoteText, roomStatusText } from '../../i18n/messages/rooms-host';
import { paths } from '../../paths';
import { HostActions } from './host-actions';
import { Countdown, HostRoomGate, PhaseLine, SubmittedCount } from './room-status';
import { useHostAction, useHostRoom, useRoundGame, type HostRoom } from './use-host-room';
import './host.css';

export function RemotePage() {
  const { code = '' } = useParams<'code'>();
  const host = useHostRoom(code, 'poll');
  const c = useText(commonText);
  const t = useText(remoteText);
  return (
    <>
      <title>{c.pageTitle({ title: t.pageTitle({ code: code.toUpperCase() }) })}</title>
      <HostRoomGate host={host}>{(room) => <Remote room={room} live={host.live} />}</HostRoomGate>
    </>
  );
}

function Remote(props: { room: HostRoom; live: string }) {
  const t = useText(remoteText);
  const s = useText(roomStatusText);
  const { room } = props;
  const action = useHostAction(room.code);
  const game = useRoundGame(room.gameId).data?.game;
  return (
    <div className="remote" data-testid="remote" data-phase={room.phase}>
      <header className="remote__head">
        <p className="eyebrow">{t.room({ code: room.code })}</p>
        <h1 className="page-title">{t.title}</h1>
      </header>
      <section className="card remote__state" aria-label={s[room.phase]}>
        <PhaseLine room={room} />
        {game && room.phase !== 'lobby' && room.phase !== 'created' ? (
          <p className="remote__prompt">{game.prompt}</p>
        ) : null}
        {room.phase === 'round' ? <Countdown room={room} /> : null}
        <SubmittedCount room={room} />
        {props.live === 'offline' && room.phase !== 'closed' ? (
          <p className="remote__offline" role="status">
            {s.reconnecting}
          </p>
        ) : null}
      </section>
      {room.actions.length === 0 ? (
        <p className="muted">{t.noActions}</p>
      ) : (
        <HostActions code={room.code} room={room} action={action} className="remote__actions" />
      )}
      <Link className="btn btn-secondary remote__presenter" to={paths.host(room.code)}>
        <Presentation size={18} aria-hidden="true" />
        {t.presenter}
      </Link>
    </div>
  );
}
