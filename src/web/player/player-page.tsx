/**
 * /player: the signed-in player's avatar, name and @handle (editable), level ring with xp
 * progress, crowns, stats, all six achievements and recent activity, live from the profile
 * stream. Never their e-mail address: that shows on /account only.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Crown, RefreshCw, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../paths';
import { PageLoading } from '../shell/loading';
import { meKeys, type Profile } from '../shell/me-api';
import { useProfile } from '../shell/profile';
import { StatusCard } from '../shell/status-card';
import { AchievementList } from './achievement-list';
import { HandleEditor } from './handle-editor';
import { LevelRing } from './level-ring';
import { PlayerIdentity } from './player-identity';
import { PlayerStats } from './player-stats';
import { RecentActivity } from './recent-activity';
import './player.css';

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
            Retry
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
  const toNext = Math.max(0, profile.xpToNext - profile.xp);
  return (
    <div className="page-frame player-page">
      <title>{`${profile.name} · Crowned`}</title>
      <section className="card player-hero" aria-label="Player">
        <div className="player-hero__top">
          <PlayerIdentity name={profile.name}>
            <HandleEditor profile={profile} />
          </PlayerIdentity>
          <Link className="btn btn-secondary player-hero__account" to={paths.account()}>
            <Settings size={18} aria-hidden="true" />
            <span className="player-hero__account-text">Account</span>
          </Link>
        </div>
        <div className="player-hero__progress">
          <LevelRing level={profile.level} xp={profile.xp} xpToNext={profile.xpToNext} />
          <div className="player-hero__numbers">
            <p className="player-hero__xp" data-testid="player-xp">
              <strong>{profile.xp}</strong> / {profile.xpToNext} XP
            </p>
            <p className="muted">
              {toNext} XP to Lv. {profile.level + 1}
            </p>
            <p className="player-crowns" data-testid="player-crowns">
              <Crown size={20} aria-hidden="true" />
              <strong>{profile.crowns}</strong>
              <span className="muted">{profile.crowns === 1 ? 'crown' : 'crowns'}</span>
            </p>
          </div>
        </div>
      </section>
      <PlayerStats stats={profile.stats} totalXp={profile.totalXp} />
      <AchievementList facts={profile} unlocks={profile.achievements ?? {}} />
      <RecentActivity userId={profile.id} totalXp={profile.totalXp} />
    </div>
  );
}
