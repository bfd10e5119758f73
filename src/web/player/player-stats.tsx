/** A player's counts: games created, rankings submitted, community publishes and, for them, total XP. */
import type { ProfileView } from '../../domain/profile';

export function PlayerStats(props: { stats: ProfileView['stats']; totalXp?: number }) {
  const items = [
    { key: 'gamesCreated', label: 'Games created', value: props.stats.gamesCreated },
    { key: 'rankingsSubmitted', label: 'Rankings submitted', value: props.stats.rankingsSubmitted },
    {
      key: 'communityPublishes',
      label: 'Community publishes',
      value: props.stats.communityPublishes,
    },
    ...(props.totalXp === undefined
      ? []
      : [{ key: 'totalXp', label: 'Total XP', value: props.totalXp }]),
  ];
  return (
    <section aria-labelledby="player-stats" className="player-section">
      <h2 id="player-stats" className="section-title">
        Stats
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
