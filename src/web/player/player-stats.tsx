/** A player's counts: games created, rankings submitted, community publishes and, for them, total XP. */
import type { ProfileView } from '../../domain/profile';
import { useText } from '../i18n/i18n';
import { playerStatsText } from '../i18n/messages/player';

export function PlayerStats(props: { stats: ProfileView['stats']; totalXp?: number }) {
  const t = useText(playerStatsText);
  const items = [
    { key: 'gamesCreated', label: t.gamesCreated, value: props.stats.gamesCreated },
    { key: 'rankingsSubmitted', label: t.rankingsSubmitted, value: props.stats.rankingsSubmitted },
    {
      key: 'communityPublishes',
      label: t.communityPublishes,
      value: props.stats.communityPublishes,
    },
    ...(props.totalXp === undefined
      ? []
      : [{ key: 'totalXp', label: t.totalXp, value: props.totalXp }]),
  ];
  return (
    <section aria-labelledby="player-stats" className="player-section">
      <h2 id="player-stats" className="section-title">
        {t.title}
      </h2>
      <dl className="player-stats" data-count={items.length}>
        {items.map((item) => (
          <div key={item.key} className="card player-stats__item" data-testid={`stat-${item.key}`}>
            <dt>{item.label}</dt>
            <dd>{item.value ?? 0}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
