/**
 * The presenter's stages before the reveal: the room made (waiting for the lobby), the lobby (the
 * join address, its QR code and the code in huge letters, names arriving), a round (the prompt,
 * the countdown, who has ranked) and a round whose time is up.
 */
import { useText } from '../../i18n/i18n';
import { presenterText } from '../../i18n/messages/rooms-host';
import { QrCode } from '../../ui/qr-code';
import { paths } from '../../paths';
import { Countdown, SubmittedCount } from './room-status';
import { useRoundGame, type HostRoom } from './use-host-room';
import { counted } from '../../game/format';

/** Names the lobby shows at once; the rest are a count. */
const LOBBY_NAMES = 18;

/** The join link people type or scan: this origin's /j/{CODE}. */
export function joinUrl(code: string): string {
  return `${window.location.origin}${paths.joinCode(code)}`;
}

/** The same link as people type it: without the scheme. */
function typedJoinUrl(code: string): string {
  return `${window.location.host}${paths.joinCode(code)}`;
}

export function CreatedStage() {
  const t = useText(presenterText);
  return (
    <section className="stage stage--created">
      <h1 className="stage-title">{t.createdTitle}</h1>
      <p className="stage-lede">{t.createdLede}</p>
    </section>
  );
}

export function LobbyStage(props: { room: HostRoom }) {
  const t = useText(presenterText);
  const { room } = props;
  const url = joinUrl(room.code);
  const names = room.players.recent.slice(0, LOBBY_NAMES);
  const more = room.players.count - names.length;
  return (
    <section className="stage stage--lobby">
      <div className="lobby-join">
        <h1 className="stage-title">{t.joinTitle}</h1>
        <p className="lobby-join__line">
          {t.goTo} <strong className="lobby-join__url">{typedJoinUrl(room.code)}</strong>
        </p>
        <p className="lobby-join__line lobby-join__line--muted">
          {t.enterCode({ url: `${window.location.host}${paths.join()}` })}
        </p>
        <RoomCode code={room.code} />
      </div>
      <div className="lobby-qr">
        <QrCode text={url} label={t.qrLabel({ url })} />
      </div>
      <section className="lobby-players" aria-labelledby="lobby-players-title">
        <h2
          id="lobby-players-title"
          className="stage-subtitle"
          aria-live="polite"
          data-testid="lobby-count"
        >
          {room.players.count === 0 ? t.waiting : counted(t.joined, room.players.count)}
        </h2>
        <ul className="lobby-players__names" data-testid="lobby-names">
          {names.map((name) => (
            <li key={name} className="lobby-players__name">
              {name}
            </li>
          ))}
        </ul>
        {more > 0 && names.length > 0 ? (
          <p className="lobby-players__more">{counted(t.andMore, more)}</p>
        ) : null}
      </section>
    </section>
  );
}

/** The code in huge letters; read out letter by letter ("A B C 2 3 4"), not as a word. */
export function RoomCode(props: { code: string; small?: boolean }) {
  const t = useText(presenterText);
  return (
    <p
      className={`room-code${props.small ? ' room-code--small' : ''}`}
      data-testid="room-code"
      role="img"
      aria-label={t.codeSpoken({ letters: [...props.code].join(' ') })}
    >
      {props.code}
    </p>
  );
}

/** The join address and code, small, for late comers (they may join during the game). */
export function JoinStrip(props: { code: string }) {
  const t = useText(presenterText);
  return <p className="join-strip">{t.joinShort({ url: typedJoinUrl(props.code) })}</p>;
}

export function RoundStage(props: { room: HostRoom }) {
  const t = useText(presenterText);
  const { room } = props;
  const game = useRoundGame(room.gameId).data?.game;
  return (
    <section className="stage stage--round">
      <p className="stage-eyebrow">{t.roundLabel}</p>
      <h1 className="stage-title stage-title--prompt" data-testid="round-prompt">
        {game ? `${game.emoji ? `${game.emoji} ` : ''}${game.prompt}` : t.promptLoading}
      </h1>
      <Countdown room={room} className="room-countdown--huge" />
      <SubmittedCount room={room} className="room-submitted--big" />
    </section>
  );
}

export function EndedStage(props: { room: HostRoom }) {
  const t = useText(presenterText);
  const game = useRoundGame(props.room.gameId).data?.game;
  return (
    <section className="stage stage--ended">
      {game ? <p className="stage-eyebrow">{game.prompt}</p> : null}
      <h1 className="stage-title">{t.endedTitle}</h1>
      <p className="stage-lede">{t.endedLede}</p>
      <SubmittedCount room={props.room} className="room-submitted--big" />
    </section>
  );
}
