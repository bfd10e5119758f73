/**
 * One community rank in a list: emoji, title (to its page), item count and the first three items
 * (each with its picture's thumbnail when the rank has pictures), creator, tags, plays and likes,
 * and a Play link. `actions` adds the moderation row (/community-cop).
 */
import { Crown, Play, Users } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CommunityRankView } from '../../domain/community';
import { paths } from '../paths';
import { CreatorName } from './creator-name';
import { LikeButton } from './like-button';
import { playsText } from './counts';
import { useText } from '../i18n/i18n';
import { countsText, rankCardText } from '../i18n/messages/community';
import { RichText } from '../i18n/rich-text';
import { ItemThumb } from '../ui/item-thumb';

const PREVIEW_ITEMS = 3;

export const RankCard = memo(function RankCard(props: {
  rank: CommunityRankView;
  headingLevel: 2 | 3;
  onTag: (tag: string) => void;
  badges?: ReactNode;
  actions?: ReactNode;
}) {
  const t = useText(rankCardText);
  const counts = useText(countsText);
  const { rank } = props;
  const more = rank.itemsCount - Math.min(PREVIEW_ITEMS, rank.items.length);
  const hidden = rank.moderation?.hidden === true;
  const pictures = rank.itemPictures;
  const Heading = props.headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={`card rank-card${hidden ? ' rank-card--hidden' : ''}`}
      data-testid="rank-card"
      data-rank-id={rank.id}
    >
      <div className="rank-card__head">
        <span className="rank-card__emoji" aria-hidden="true">
          {rank.emoji ?? <Crown size={22} />}
        </span>
        <div className="rank-card__titles">
          <Heading className="rank-card__title">
            <Link to={paths.communityRank(rank.id)} dir="auto">
              {rank.title}
            </Link>
          </Heading>
          <p className="rank-card__by">
            <span>{t.items(rank.itemsCount)}</span>
            <span aria-hidden="true"> · </span>
            <span>
              <RichText text={t.by} values={{ name: <CreatorName rank={rank} /> }} />
            </span>
          </p>
        </div>
      </div>
      {props.badges ? <div className="rank-card__badges">{props.badges}</div> : null}
      <ol className="rank-card__items">
        {rank.items.slice(0, PREVIEW_ITEMS).map((item, i) => {
          const picture = pictures?.[i];
          return (
            <li key={`${i}-${item}`}>
              <span className="rank-card__pos" aria-hidden="true">
                {i + 1}
              </span>
              {picture ? (
                <ItemThumb picture={picture} className="rank-card__picture" />
              ) : pictures ? (
                // Keeps the names in a column when only some items have a picture.
                <span className="rank-card__picture rank-card__no-picture" aria-hidden="true" />
              ) : null}
              <span className="rank-card__item">{item}</span>
            </li>
          );
        })}
      </ol>
      {more > 0 ? <p className="rank-card__more">{t.more({ more })}</p> : null}
      {rank.tags.length > 0 ? (
        <ul className="tag-list" aria-label={t.tags}>
          {rank.tags.map((tag) => (
            <li key={tag}>
              <button
                type="button"
                className="tag-chip"
                onClick={() => props.onTag(tag)}
                aria-label={t.showTag({ tag })}
              >
                #{tag}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="rank-card__foot">
        <span className="rank-card__plays" data-testid="play-count">
          <Users size={16} aria-hidden="true" />
          {playsText(rank.plays, counts)}
        </span>
        <LikeButton rank={rank} />
        {rank.gameId ? (
          <Link
            className="btn btn-primary rank-card__play"
            to={paths.play(rank.gameId)}
            aria-label={t.playLabel({ title: rank.title })}
          >
            <Play size={16} aria-hidden="true" />
            {t.play}
          </Link>
        ) : null}
      </div>
      {props.actions ? <div className="rank-card__actions">{props.actions}</div> : null}
    </article>
  );
});
