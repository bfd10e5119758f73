/**
 * /player: the signed-in player's avatar, name and @handle (editable), level ring with xp
 * progress, crowns, stats, all six achievements and recent activity, live from the profile
 * stream. Never their e-mail address: that shows on /account only.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Crown, RefreshCw, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../paths';
import { PageLoading } from '../ui/loading';
import { meKeys, type Profile } from '../api/me';
import { useProfile } from '../shell/session/profile';
import { StatusCard } from '../ui/status-card';
import { AchievementList } from './achievement-list';
import { DeviceNotifications } from './device-notifications';
import { HandleEditor } from './handle-editor';
import { LevelRing } from '../ui/level-ring';
import { PlayerIdentity } from './player-identity';
import { PlayerStats } from './player-stats';
import { RecentActivity } from './recent-activity';
import { useText } from '../i18n/i18n';
import { RichText } from '../i18n/rich-text';
import { commonText } from '../i18n/messages/common';
import { crownsText, playerPageText } from '../i18n/messages/player';
import './player.css';

export function PlayerPage() {
  const t = useText(playerPageText);
  const { profile, isPending } = useProfile();
  const queryClient = useQueryClient();
  if (isPending) return <PageLoading label={t.loading} />;
  if (!profile) {
    return (
      <StatusCard
        tone="error"
        icon={<RefreshCw size={32} />}
        title={t.unavailableTitle}
        actions={
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void queryClient.invalidateQueries({ queryKey: meKeys.all })}
          >
            {t.retry}
          </button>
        }
      >
        <p>{t.unavailableText}</p>
      </StatusCard>
    );
  }
  return <PlayerStatus profile={profile} />;
}

function PlayerStatus({ profile }: { profile: Profile }) {
  const t = useText(playerPageText);
  const c = useText(commonText);
  const crowns = useText(crownsText);
  const toNext = Math.max(0, profile.xpToNext - profile.xp);
  return (
    <div className="page-frame player-page">
      <title>{c.pageTitle({ title: profile.name })}</title>
      <section className="card player-hero" aria-label={t.player}>
        <div className="player-hero__top">
          <PlayerIdentity name={profile.name}>
            <HandleEditor profile={profile} />
          </PlayerIdentity>
          <Link className="btn btn-secondary player-hero__account" to={paths.account()}>
            <Settings size={18} aria-hidden="true" />
            <span className="player-hero__account-text">{t.account}</span>
          </Link>
        </div>
        <div className="player-hero__progress">
          <LevelRing
            level={profile.level}
            xp={profile.xp}
            xpToNext={profile.xpToNext}
            testId="player-level"
          />
          <div className="player-hero__numbers">
            <p className="player-hero__xp" data-testid="player-xp">
              <RichText
                text={t.xp}
                values={{ xp: <strong>{profile.xp}</strong>, xpToNext: profile.xpToNext }}
              />
            </p>
            <p className="muted">{t.toNext({ xp: toNext, level: profile.level + 1 })}</p>
            <p className="player-crowns" data-testid="player-crowns">
              <Crown size={20} aria-hidden="true" />
              <strong>{profile.crowns}</strong>
              <span className="muted">{crowns.crowns(profile.crowns)}</span>
            </p>
          </div>
        </div>
      </section>
      <PlayerStats stats={profile.stats} totalXp={profile.totalXp} />
      <DeviceNotifications />
      <AchievementList facts={profile} unlocks={profile.achievements ?? {}} />
      <RecentActivity userId={profile.id} totalXp={profile.totalXp} />
    </div>
  );
}
