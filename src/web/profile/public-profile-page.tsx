/**
 * /u/{handle} (public, beyond the spec): a player's avatar, name and handle, level, crowns,
 * stats, achievements and the ranks they published. Never their e-mail address. An unknown
 * handle gets a not-found card.
 */
import { CalendarDays, Crown, Pencil, RefreshCw, UserX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { PublicProfileView } from '../../domain/profile';
import { errorMessage, isNotFound } from '../api/errors';
import { usePublicProfile } from '../api/players';
import { paths } from '../paths';
import { AchievementList } from '../player/achievement-list';
import { LevelRing } from '../player/level-ring';
import { PlayerIdentity } from '../player/player-identity';
import { PlayerStats } from '../player/player-stats';
import { PageLoading } from '../shell/loading';
import { useProfile } from '../shell/profile';
import { StatusCard } from '../shell/status-card';
import { PublishedRanks } from './published-ranks';
import '../player/player.css';
import './profile.css';

const joinedFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

export function PublicProfilePage() {
  const { handle = '' } = useParams();
  const query = usePublicProfile(handle);
  if (query.isPending) return <PageLoading label="Loading the profile…" />;
  if (query.isError) {
    if (isNotFound(query.error)) {
      return (
        <StatusCard
          icon={<UserX size={32} />}
          title="Player not found"
          actions={
            <>
              <Link className="btn btn-primary" to={paths.community()}>
                Browse Community
              </Link>
              <Link className="btn btn-secondary" to={paths.home()}>
                Go home
              </Link>
            </>
          }
        >
          <title>Player not found · Crowned</title>
          <p>
            Nobody goes by <span className="path">@{handle}</span> here. Check the link for typos.
          </p>
        </StatusCard>
      );
    }
    return (
      <StatusCard
        tone="error"
        icon={<RefreshCw size={32} />}
        title="This profile didn't load"
        actions={
          <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
            Retry
          </button>
        }
      >
        <p>{errorMessage(query.error)}</p>
      </StatusCard>
    );
  }
  return <PublicProfile profile={query.data} />;
}

function PublicProfile({ profile }: { profile: PublicProfileView }) {
  const me = useProfile().profile;
  const isMe = me?.handle != null && me.handle.toLowerCase() === profile.handle.toLowerCase();
  return (
    <div className="page-frame player-page">
      <title>{`${profile.name} (@${profile.handle}) · Crowned`}</title>
      <section className="card player-hero" aria-label="Player">
        <div className="player-hero__top">
          <PlayerIdentity name={profile.name}>
            <p className="handle-line__handle" data-testid="public-handle">
              @{profile.handle}
            </p>
            <p className="muted profile-joined">
              <CalendarDays size={14} aria-hidden="true" />
              Joined {joinedFormat.format(profile.joinedAt)}
            </p>
          </PlayerIdentity>
          {isMe ? (
            <Link className="btn btn-secondary player-hero__account" to={paths.player()}>
              <Pencil size={16} aria-hidden="true" />
              <span className="player-hero__account-text">Your profile</span>
            </Link>
          ) : null}
        </div>
        <div className="player-hero__progress">
          <LevelRing level={profile.level} />
          <div className="player-hero__numbers">
            <p className="player-crowns" data-testid="player-crowns">
              <Crown size={20} aria-hidden="true" />
              <strong>{profile.crowns}</strong>
              <span className="muted">{profile.crowns === 1 ? 'crown' : 'crowns'}</span>
            </p>
          </div>
        </div>
      </section>
      <PlayerStats stats={profile.stats} />
      <AchievementList facts={profile} unlocks={profile.achievements ?? {}} />
      <PublishedRanks handle={profile.handle} name={profile.name} />
    </div>
  );
}
