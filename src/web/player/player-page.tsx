/** /player: the signed-in player's level, xp, crowns and stats, live from the profile stream. */
import { useQueryClient } from '@tanstack/react-query';
import { Crown, RefreshCw, Settings, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../paths';
import { PageLoading } from '../shell/loading';
import { meKeys, type Profile } from '../shell/me-api';
import { PageHead } from '../shell/page-frame';
import { useProfile } from '../shell/profile';
import { StatusCard } from '../shell/status-card';
import './player.css';

const STATS: { key: string; label: string }[] = [
  { key: 'gamesCreated', label: 'Ranks created' },
  { key: 'rankingsSubmitted', label: 'Rankings submitted' },
  { key: 'communityPublishes', label: 'Community publishes' },
];

export function PlayerPage() {
  const { profile, isPending } = useProfile();
  const queryClient = useQueryClient();
  if (isPending) return <PageLoading label="Loading your profile…" />;
  if (!profile) {
    return (
      <StatusCard
        tone="error"
        icon={<RefreshCw size={32} />}
        title="Your profile isn't available right now"
        actions={
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void queryClient.invalidateQueries({ queryKey: meKeys.all })}
          >
            Try again
          </button>
        }
      >
        <p>We couldn't load your level and crowns. Please try again in a moment.</p>
      </StatusCard>
    );
  }
  return <PlayerStatus profile={profile} />;
}

function PlayerStatus({ profile }: { profile: Profile }) {
  const percent =
    profile.xpToNext > 0
      ? Math.max(0, Math.min(100, Math.round((profile.xp / profile.xpToNext) * 100)))
      : 0;
  return (
    <div className="page-frame">
      <title>{`${profile.name} · Crowned`}</title>
      <PageHead
        icon={<UserRound size={24} />}
        eyebrow="Player"
        title={profile.name}
        lede={profile.handle ? `@${profile.handle}` : (profile.email ?? undefined)}
        actions={
          <Link className="btn btn-secondary" to={paths.account()}>
            <Settings size={18} aria-hidden="true" />
            Account
          </Link>
        }
      />
      <section className="card player-card" aria-label="Level and crowns">
        <div className="player-card__level">
          <span className="player-card__badge" data-testid="player-level">
            Lv. {profile.level}
          </span>
          <div className="player-card__xp">
            <div className="player-card__xp-label">
              <span>
                {profile.xp} / {profile.xpToNext} XP
              </span>
              <span className="muted">
                {Math.max(0, profile.xpToNext - profile.xp)} XP to Lv. {profile.level + 1}
              </span>
            </div>
            <div
              className="progress"
              role="progressbar"
              aria-label="Experience to the next level"
              aria-valuemin={0}
              aria-valuemax={profile.xpToNext}
              aria-valuenow={profile.xp}
            >
              <span className="progress__bar" style={{ width: `${percent}%` }} />
            </div>
          </div>
        </div>
        <div className="player-card__crowns" data-testid="player-crowns">
          <Crown size={22} aria-hidden="true" />
          <strong>{profile.crowns}</strong>
          <span className="muted">{profile.crowns === 1 ? 'crown' : 'crowns'}</span>
        </div>
      </section>
      <section aria-labelledby="player-stats" className="player-stats-section">
        <h2 id="player-stats" className="section-title">
          Stats
        </h2>
        <dl className="player-stats">
          {STATS.map((stat) => (
            <div key={stat.key} className="card player-stats__item">
              <dt>{stat.label}</dt>
              <dd>{profile.stats[stat.key] ?? 0}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
