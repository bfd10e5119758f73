/**
 * /r/{id}: one community rank: title, emoji, creator, items, tags, plays and likes (live), Play,
 * the crowd's results when this viewer may see them, like, share and report. A rank a moderator
 * hid says it was removed; an unknown id gets a not-found card.
 */
import { Crown, Globe, Play, SearchX, Settings2, ShieldOff, Users } from 'lucide-react';
import { Link, useParams } from 'react-router';
import type { CommunityRankView } from '../../domain/community';
import { isRemovedRank, useCommunityRank, useRankEvents } from '../api/community';
import { errorMessage, isNotFound } from '../api/errors';
import { paths } from '../paths';
import { PageLoading } from '../ui/loading';
import { StatusCard } from '../ui/status-card';
import { useViewer } from '../shell/session/use-viewer';
import { playsText } from './counts';
import { CreatorName } from './creator-name';
import { LikeButton } from './like-button';
import { ReportButton } from './report-dialog';
import { ItemThumb, type ThumbPicture } from '../ui/item-thumb';
import { ResultsPreview } from './results-preview';
import { ShareButton } from '../ui/share-button';
import { formatDate } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { commonText } from '../i18n/messages/common';
import { countsText, rankPageText } from '../i18n/messages/community';
import { RichText } from '../i18n/rich-text';
import '../ui/tag-chips.css';
import './community.css';

function BrowseLink() {
  const t = useText(rankPageText);
  return (
    <Link className="btn btn-primary" to={paths.community()}>
      <Globe size={18} aria-hidden="true" />
      {t.browse}
    </Link>
  );
}

const browseLink = <BrowseLink />;

export function CommunityRankPage() {
  const t = useText(rankPageText);
  const c = useText(commonText);
  const { id = '' } = useParams();
  const query = useCommunityRank(id);
  useRankEvents(query.data ? id : undefined);

  if (query.isPending) return <PageLoading label={t.loading} />;
  if (query.isError) {
    if (isRemovedRank(query.error)) {
      return (
        <>
          <title>{c.pageTitle({ title: t.removedTitle })}</title>
          <StatusCard icon={<ShieldOff size={30} />} title={t.removedTitle} actions={browseLink}>
            <p>{t.removedText}</p>
          </StatusCard>
        </>
      );
    }
    if (isNotFound(query.error)) {
      return (
        <>
          <title>{c.pageTitle({ title: t.notFoundPageTitle })}</title>
          <StatusCard icon={<SearchX size={30} />} title={t.notFoundTitle} actions={browseLink}>
            <p>
              <RichText text={t.notFoundText} values={{ id: <code className="path">{id}</code> }} />
            </p>
          </StatusCard>
        </>
      );
    }
    return (
      <StatusCard
        tone="error"
        title={t.loadError}
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
  return <RankDetail rank={query.data} />;
}

function RankDetail(props: { rank: CommunityRankView }) {
  const { rank } = props;
  const t = useText(rankPageText);
  const c = useText(commonText);
  const counts = useText(countsText);
  const viewer = useViewer();
  return (
    <div className="rank-page">
      <title>{c.pageTitle({ title: rank.title })}</title>
      <header className="card rank-page__head">
        <span className="rank-page__emoji" aria-hidden="true">
          {rank.emoji ?? <Crown size={34} />}
        </span>
        <div className="rank-page__titles">
          <p className="eyebrow">{t.eyebrow}</p>
          <h1 className="rank-page__title" dir="auto">
            {rank.title}
          </h1>
          <p className="rank-card__by">
            <RichText text={t.by} values={{ name: <CreatorName rank={rank} /> }} />
            <span aria-hidden="true"> · </span>
            {t.items(rank.itemsCount)}
            <span aria-hidden="true"> · </span>
            {formatDate(rank.createdAt)}
          </p>
          {rank.tags.length > 0 ? (
            <ul className="tag-list rank-page__tags" aria-label={t.tags}>
              {rank.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    className="tag-chip"
                    to={`${paths.community()}?tag=${encodeURIComponent(tag)}`}
                  >
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="rank-page__stats">
          <span className="rank-page__plays" data-testid="play-count" aria-live="polite">
            <Users size={18} aria-hidden="true" />
            {playsText(rank.plays, counts)}
          </span>
          <span aria-live="polite" className="rank-page__like">
            <LikeButton rank={rank} size="lg" />
          </span>
        </div>
        <div className="rank-page__actions">
          {rank.gameId ? (
            <Link className="btn btn-gold btn-lg" to={paths.play(rank.gameId)}>
              <Play size={20} aria-hidden="true" />
              {t.play}
            </Link>
          ) : null}
          {rank.gameId ? <ShareButton gameId={rank.gameId} title={rank.title} /> : null}
          {rank.isMine && rank.gameId ? (
            <Link className="btn btn-secondary" to={paths.results(rank.gameId)}>
              <Settings2 size={18} aria-hidden="true" />
              {t.manage}
            </Link>
          ) : null}
          {viewer.status === 'signed-in' && !rank.isMine ? <ReportButton rank={rank} /> : null}
        </div>
      </header>

      <div className="rank-page__body">
        <section className="card rank-page__section" aria-labelledby="rank-items-title">
          <h2 id="rank-items-title" className="rank-page__section-title">
            {t.contenders}
          </h2>
          <ol className="rank-page__items">
            {rank.items.map((item, i) => (
              <li key={`${i}-${item}`}>
                <ItemThumb picture={rank.itemPictures?.[i]} className="rank-page__picture" />
                <span dir="auto">{item}</span>
              </li>
            ))}
          </ol>
        </section>
        {rank.gameId ? (
          <ResultsPreview gameId={rank.gameId} pictures={picturesByLabel(rank)} />
        ) : null}
      </div>
    </div>
  );
}

/** The rank's pictures by item label (labels are unique in a game), for its results preview. */
function picturesByLabel(rank: CommunityRankView): ReadonlyMap<string, ThumbPicture> {
  const pictures = new Map<string, ThumbPicture>();
  rank.items.forEach((label, i) => {
    const picture = rank.itemPictures?.[i];
    if (picture) pictures.set(label, picture);
  });
  return pictures;
}
