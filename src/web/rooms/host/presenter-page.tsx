/**
 * The presenter screen, /host/{code} (issue 27, decision 0055): what a projector shows the room,
 * phase by phase, with the host's controls along the bottom. Everything comes from the server
 * (the room kept live by its stream), so a reload lands in the phase the room is in. Space or →
 * takes the next step (or finishes a reveal that is playing).
 */
import { Smartphone, Volume2, VolumeX } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useText } from '../../i18n/i18n';
import { commonText } from '../../i18n/messages/common';
import { presenterText, roomStatusText } from '../../i18n/messages/rooms-host';
import { paths } from '../../paths';
import { ClosedStage } from './closed-stage';
import { HostActions, stepAction } from './host-actions';
import {
  CreatedStage,
  EndedStage,
  JoinStrip,
  LobbyStage,
  RoomCode,
  RoundStage,
} from './presenter-stages';
import { RevealStage, type RevealControl } from './reveal-stage';
import { HostRoomGate, PhaseLine } from './room-status';
import { sounds } from './sound';
import { useHostAction, useHostRoom, type HostRoom } from './use-host-room';
import './host.css';

export function PresenterPage() {
  const { code = '' } = useParams<'code'>();
  const host = useHostRoom(code, 'stream');
  const c = useText(commonText);
  const t = useText(presenterText);
  return (
    <>
      <title>{c.pageTitle({ title: t.pageTitle({ code: code.toUpperCase() }) })}</title>
      <HostRoomGate host={host}>
        {(room) => <Presenter room={room} live={host.live} />}
      </HostRoomGate>
    </>
  );
}

function Presenter(props: { room: HostRoom; live: string }) {
  const t = useText(presenterText);
  const s = useText(roomStatusText);
  const { room } = props;
  const action = useHostAction(room.code);
  const [sound, setSound] = useState(false);
  const reveal = useRef<RevealControl | null>(null);
  const onRevealControl = useCallback((control: RevealControl | null) => {
    reveal.current = control;
  }, []);
  useStepShortcut(room, action, reveal);

  return (
    <div className="presenter" data-testid="presenter" data-phase={room.phase}>
      <div className="presenter__stage">
        {room.phase === 'created' ? <CreatedStage /> : null}
        {room.phase === 'lobby' ? <LobbyStage room={room} /> : null}
        {room.phase === 'round' ? <RoundStage room={room} /> : null}
        {room.phase === 'ended' ? <EndedStage room={room} /> : null}
        {room.phase === 'reveal' ? (
          <RevealStage room={room} sound={sound} onControl={onRevealControl} />
        ) : null}
        {room.phase === 'closed' ? <ClosedStage room={room} /> : null}
      </div>
      <div className="presenter__bar">
        <div className="presenter__where">
          <PhaseLine room={room} />
          {room.phase !== 'lobby' && room.phase !== 'created' && room.phase !== 'closed' ? (
            <div className="presenter__join">
              <RoomCode code={room.code} small />
              <JoinStrip code={room.code} />
            </div>
          ) : null}
          {props.live === 'offline' && room.phase !== 'closed' ? (
            <p className="presenter__offline" role="status">
              {s.reconnecting}
            </p>
          ) : null}
        </div>
        <HostActions code={room.code} room={room} action={action} className="presenter__actions" />
        <div className="presenter__tools">
          <button
            type="button"
            className="btn btn-secondary"
            aria-pressed={sound}
            onClick={() => {
              if (!sound) sounds.unlock();
              setSound(!sound);
            }}
          >
            {sound ? (
              <Volume2 size={18} aria-hidden="true" />
            ) : (
              <VolumeX size={18} aria-hidden="true" />
            )}
            {t.sound}
          </button>
          <Link
            className="btn btn-secondary"
            to={paths.hostRemote(room.code)}
            target="_blank"
            title={t.remoteHint}
          >
            <Smartphone size={18} aria-hidden="true" />
            {t.remote}
          </Link>
          {stepAction(room) ? <p className="presenter__shortcut">{t.shortcut}</p> : null}
        </div>
      </div>
    </div>
  );
}

/**
 * Space or → anywhere on the page but a control (which Space presses itself) or a dialog: the
 * reveal that is playing finishes, else the room's next step is taken.
 */
function useStepShortcut(
  room: HostRoom,
  action: ReturnType<typeof useHostAction>,
  reveal: React.RefObject<RevealControl | null>,
): void {
  const latest = useRef({ room, action });
  useEffect(() => {
    latest.current = { room, action };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== ' ' && event.key !== 'ArrowRight') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement | null;
      if (
        target?.closest('a, button, input, textarea, select, [role="dialog"], [role="alertdialog"]')
      ) {
        return;
      }
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      event.preventDefault();
      if (reveal.current?.playing) {
        reveal.current.skip();
        return;
      }
      const { room: now, action: act } = latest.current;
      const step = stepAction(now);
      if (step && !act.isPending) act.mutate(step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [reveal]);
}
