/**
 * A phone after a reveal (the player's agreement with the crowd, points and place this round and
 * overall, the round's podium) and once the room closed (final place and points, the final
 * podium, a link to each round's results).
 */
import { BarChart3, Crown, PartyPopper, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import type { PodiumEntry } from '../../../domain/rooms';
import type { RoomState } from '../../api/rooms';
import { ordinal } from '../../game/format';
import { formatNumber, formatPercent } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { roomPhoneText } from '../../i18n/messages/rooms-play';
import { paths } from '../../paths';

type Me = NonNullable<RoomState['me']>;

export function RevealScreen(props: { room: RoomState; me: Me }) {
  const { room, me } = props;
  const t = useText(roomPhoneText);
  // The last scored round is this one unless the player had no ballot in it.
  const last = me.lastRound?.round === room.round ? me.lastRound : null;
  return (
    <section className="room-phone__card" data-testid="room-reveal">
      <h1 className="room-phone__title">{t.revealTitle}</h1>
      {last ? (
        <>
          <div className="room-agreement" data-testid="room-agreement">
            <span className="room-agreement__label">{t.yourAgreement}</span>
            <span className="room-agreement__value">
              {formatPercent(Math.round(last.agreement) / 100)}
            </span>
          </div>
          <dl className="room-stats">
            <Stat label={t.roundPoints} value={formatNumber(last.points)} testId="round-points" />
            <Stat label={t.roundPlace} value={ordinal(last.place)} testId="round-place" />
            <OverallStats me={me} players={room.players.count} />
          </dl>
        </>
      ) : (
        <>
          <p className="room-phone__lede" data-testid="room-no-ballot">
            {t.noBallot}
          </p>
          <dl className="room-stats">
            <OverallStats me={me} players={room.players.count} />
          </dl>
        </>
      )}
      <Podium title={t.podiumRound} entries={room.podium} me={me.name} />
      <p className="room-phone__hint">
        {room.round < room.roundCount ? t.waitingNext : t.waitingEnd}
      </p>
    </section>
  );
}

export function ClosedScreen(props: { room: RoomState; me: Me | undefined }) {
  const { room, me } = props;
  const t = useText(roomPhoneText);
  const rounds = room.playedGameIds.map((gameId, index) => ({ round: index + 1, gameId }));
  return (
    <section className="room-phone__card" data-testid="room-closed">
      <div className="room-phone__icon" aria-hidden="true">
        {me ? <PartyPopper size={36} /> : <Trophy size={36} />}
      </div>
      <h1 className="room-phone__title">{me ? t.finalTitle : t.closedTitle}</h1>
      {me ? (
        <dl className="room-stats">
          <Stat
            label={t.finalPlace}
            value={t.placeOf({ place: ordinal(me.place), count: formatNumber(room.players.count) })}
            testId="final-place"
          />
          <Stat label={t.totalPoints} value={formatNumber(me.points)} testId="final-points" />
        </dl>
      ) : (
        <p className="room-phone__lede">{t.closedText}</p>
      )}
      <Podium title={t.finalPodium} entries={room.podium} me={me?.name} />
      {rounds.length > 0 ? (
        <nav aria-label={t.seeResults} className="room-links">
          <ul>
            {rounds.map((entry) => (
              <li key={entry.round}>
                <Link className="btn btn-secondary btn-block" to={paths.results(entry.gameId)}>
                  <BarChart3 size={18} aria-hidden="true" />
                  {t.roundResults({ round: entry.round })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <Link className="room-phone__more" to={paths.community()}>
        {t.playMore}
      </Link>
    </section>
  );
}

/** A player's points and place over every revealed round. */
function OverallStats(props: { me: Me; players: number }) {
  const t = useText(roomPhoneText);
  return (
    <>
      <Stat label={t.totalPoints} value={formatNumber(props.me.points)} testId="total-points" />
      <Stat
        label={t.overallPlace}
        value={t.placeOf({ place: ordinal(props.me.place), count: formatNumber(props.players) })}
        testId="overall-place"
      />
    </>
  );
}

function Stat(props: { label: string; value: string; testId: string }) {
  return (
    <div className="room-stats__item">
      <dt>{props.label}</dt>
      <dd data-testid={props.testId}>{props.value}</dd>
    </div>
  );
}

/** The best three (ties share a place); the player's own line is marked. */
function Podium(props: { title: string; entries: PodiumEntry[]; me: string | undefined }) {
  const t = useText(roomPhoneText);
  return (
    <section className="room-podium" aria-label={props.title}>
      <h2 className="room-podium__title">
        <Crown size={20} aria-hidden="true" />
        {props.title}
      </h2>
      {props.entries.length === 0 ? (
        <p className="room-phone__hint">{t.podiumEmpty}</p>
      ) : (
        <ol className="room-podium__list" data-testid="room-podium">
          {props.entries.map((entry) => (
            <li
              key={entry.name}
              className={`room-podium__entry room-podium__entry--${Math.min(entry.place, 3)}`}
              aria-current={entry.name === props.me ? 'true' : undefined}
            >
              <span className="room-podium__place">{ordinal(entry.place)}</span>
              <bdi className="room-podium__name">{entry.name}</bdi>
              <span className="room-podium__points">
                {t.pointsLong({ count: formatNumber(entry.points) })(entry.points)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
