/** A player's published ranks (GET /api/community?creator={handle}), newest first, with Load more. */
import { Globe, Heart, Play } from 'lucide-react';
import { Link } from 'react-router';
import { useCommunityList } from '../api/community';
import { paths } from '../paths';
import { GameEmoji } from '../game/game-emoji';
import { CardSkeletons, ListError, LoadMore } from '../ui/list-states';
import { useText } from '../i18n/i18n';
import { publishedRanksText } from '../i18n/messages/profile';

export function PublishedRanks(props: { handle: string; name: string }) {
  const t = useText(publishedRanksText);
  const list = useCommunityList({ sort: 'new', q: '', tag: '', creator: props.handle });
  const ranks = list.data?.pages.flatMap((page) => page.ranks) ?? [];
  return (
    <section aria-labelledby="published-title" className="player-section">
      <h2 id="published-title" className="section-title">
        {t.title}
      </h2>
      {list.isPending ? (
        <CardSkeletons count={2} />
      ) : list.isError && ranks.length === 0 ? (
        <ListError error={list.error} message={t.didNotLoad} onRetry={() => void list.refetch()} />
      ) : ranks.length === 0 ? (
        <p className="card activity-empty muted">
          <Globe size={18} aria-hidden="true" />
          {t.empty({ name: props.name })}
        </p>
      ) : (
        <>
          <ul className="published-ranks" data-testid="published-ranks">
            {ranks.map((rank) => (
              <li key={rank.id}>
                <Link className="card published-rank" to={paths.communityRank(rank.id)}>
                  <GameEmoji emoji={rank.emoji} className="published-rank__emoji" />
                  <span className="published-rank__text">
                    <span className="published-rank__title" dir="auto">
                      {rank.title}
                    </span>
                    <span className="published-rank__meta muted">
                      {t.items(rank.itemsCount)}
                      <span aria-hidden="true"> · </span>
                      <Play size={12} aria-hidden="true" />
                      {t.plays(rank.plays)}
                      <span aria-hidden="true"> · </span>
                      <Heart size={12} aria-hidden="true" />
                      {t.likes(rank.likes)}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <LoadMore loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
          ) : null}
        </>
      )}
    </section>
  );
}
