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
import { AchievementList } from './achievement-list';
import { LevelRing } from '../ui/level-ring';
import { PlayerIdentity } from './player-identity';
import { PlayerStats } from './player-stats';
import { PageLoading } from '../ui/loading';
import { useProfile } from '../shell/session/profile';
import { StatusCard } from '../ui/status-card';
import { PublishedRanks } from './published-ranks';
import { locale, useText } from '../i18n/i18n';
import { RichText } from '../i18n/rich-text';
import { commonText } from '../i18n/messages/common';
import { crownsText } from '../i18n/messages/player';
import { publicProfileText } from '../i18n/messages/profile';
import './player.css';
import './profile.css';

const joinedFormats = new Map<string, Intl.DateTimeFormat>();

/** The month someone joined, in the app's language ("March 2026"). */
function joinedMonth(at: number): string {
  const language = locale.get();
  let format = joinedFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' });
    joinedFormats.set(language, format);
  }
  return format.format(at);
}

export function PublicProfilePage() {
  const t = useText(publicProfileText);
  const c = useText(commonText);
  const { handle = '' } = useParams();
  const query = usePublicProfile(handle);
  if (query.isPending) return <PageLoading label={t.loading} />;
  if (query.isError) {
    if (isNotFound(query.error)) {
      return (
        <StatusCard
          icon={<UserX size={32} />}
          title={t.notFoundTitle}
          actions={
            <>
              <Link className="btn btn-primary" to={paths.community()}>
                {t.browseCommunity}
              </Link>
              <Link className="btn btn-secondary" to={paths.home()}>
                {c.goHome}
              </Link>
            </>
          }
        >
          <title>{c.pageTitle({ title: t.notFoundTitle })}</title>
          <p>
            <RichText
              text={t.notFoundText}
              values={{ handle: <span className="path">{t.handle({ handle })}</span> }}
            />
          </p>
        </StatusCard>
      );
    }
    return (
      <StatusCard
        tone="error"
        icon={<RefreshCw size={32} />}
        title={t.loadErrorTitle}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
            {t.retry}
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
  const t = useText(publicProfileText);
  const c = useText(commonText);
  const crowns = useText(crownsText);
  const me = useProfile().profile;
  const isMe = me?.handle != null && me.handle.toLowerCase() === profile.handle.toLowerCase();
  return (
    <div className="page-frame player-page">
      <title>
        {c.pageTitle({ title: t.title({ name: profile.name, handle: profile.handle }) })}
      </title>
      <section className="card player-hero" aria-label={t.player}>
        <div className="player-hero__top">
          <PlayerIdentity name={profile.name}>
            <p className="handle-line__handle" data-testid="public-handle">
              {t.handle({ handle: profile.handle })}
            </p>
            <p className="muted profile-joined">
              <CalendarDays size={14} aria-hidden="true" />
              {t.joined({ date: joinedMonth(profile.joinedAt) })}
            </p>
          </PlayerIdentity>
          {isMe ? (
            <Link className="btn btn-secondary player-hero__account" to={paths.player()}>
              <Pencil size={16} aria-hidden="true" />
              <span className="player-hero__account-text">{t.yourProfile}</span>
            </Link>
          ) : null}
        </div>
        <div className="player-hero__progress">
          <LevelRing level={profile.level} testId="player-level" />
          <div className="player-hero__numbers">
            <p className="player-crowns" data-testid="player-crowns">
              <Crown size={20} aria-hidden="true" />
              <strong>{profile.crowns}</strong>
              <span className="muted">{crowns.crowns(profile.crowns)}</span>
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
