/** A round's podium (the three who agreed most with the crowd) and the room's leaderboard. */
import { Crown, Medal } from 'lucide-react';
import type { LeaderboardEntry, PodiumEntry } from '../../../domain/rooms';
import { formatPercent } from '../../i18n/format';
import { useText } from '../../i18n/i18n';
import { presenterText } from '../../i18n/messages/rooms-host';
import { counted } from '../../game/format';

export function Podium(props: { entries: PodiumEntry[]; title: string; lede?: string }) {
  const t = useText(presenterText);
  return (
    <section className="room-podium" aria-labelledby="room-podium-title" data-testid="room-podium">
      <h2 id="room-podium-title" className="stage-subtitle">
        {props.title}
      </h2>
      {props.lede ? <p className="stage-note">{props.lede}</p> : null}
      {props.entries.length === 0 ? (
        <p className="stage-note">{t.noPodium}</p>
      ) : (
        <ol className="room-podium__list">
          {props.entries.map((entry) => (
            <li
              key={entry.name}
              className={`room-podium__entry room-podium__entry--${Math.min(entry.place, 3)}`}
            >
              <span className="room-podium__place">
                {entry.place === 1 ? (
                  <Crown aria-hidden="true" className="room-podium__icon" />
                ) : (
                  <Medal aria-hidden="true" className="room-podium__icon" />
                )}
                {t.place({ place: entry.place })}
              </span>
              <span className="room-podium__name">{entry.name}</span>
              <span className="room-podium__points">
                {counted(t.points, entry.points)}
                {entry.agreement === null ? null : (
                  <span className="room-podium__agreement">
                    {t.agreement({ percent: formatPercent(entry.agreement / 100) })}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function Leaderboard(props: { entries: LeaderboardEntry[] }) {
  const t = useText(presenterText);
  if (props.entries.length === 0) return null;
  return (
    <section
      className="room-leaderboard"
      aria-labelledby="room-leaderboard-title"
      data-testid="room-leaderboard"
    >
      <h2 id="room-leaderboard-title" className="stage-subtitle">
        {t.leaderboardTitle}
      </h2>
      <ol className="room-leaderboard__list">
        {props.entries.map((entry) => (
          <li key={entry.name} className="room-leaderboard__entry">
            <span className="room-leaderboard__place">{t.place({ place: entry.place })}</span>
            <span className="room-leaderboard__name">{entry.name}</span>
            <span className="room-leaderboard__points">{counted(t.points, entry.points)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
