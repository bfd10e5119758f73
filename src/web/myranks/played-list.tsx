/**
 * The Played tab: games I played and do not own, by last played, 24 a page with Load more
 * (GET /api/me/played), this tab's just-played games first.
 */
import { Compass, Gamepad2 } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useMyPlayed } from '../api/players';
import { paths } from '../paths';
import { EmptyState } from '../ui/page-frame';
import { CardSkeletons, ListError, LoadMore } from '../ui/list-states';
import { PlayedCard } from './played-card';
import { useWithPending } from './use-with-pending';
import { useText } from '../i18n/i18n';
import { playedListText } from '../i18n/messages/myranks';

export function PlayedList(props: { userId: string }) {
  const t = useText(playedListText);
  const list = useMyPlayed(props.userId);
  const games = useMemo(() => list.data?.pages.flatMap((page) => page.games), [list.data]);
  const pending = useWithPending('played', props.userId, {
    games,
    complete: !list.hasNextPage,
    isError: list.isError,
    requestedAt: list.data?.pages[0]?.requestedAt ?? 0,
    version: list.dataUpdatedAt,
  });
  const shown = [...pending, ...(games ?? [])];

  return (
    <>
      {shown.length > 0 ? (
        <ul className="my-cards" data-testid="played-list">
          {shown.map((game) => (
            <PlayedCard key={game.gameId} game={game} />
          ))}
        </ul>
      ) : null}
      {list.isPending ? (
        <CardSkeletons count={shown.length > 0 ? 1 : 3} />
      ) : list.isError ? (
        <ListError error={list.error} message={t.didNotLoad} onRetry={() => void list.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<Gamepad2 size={30} />}
          title={t.emptyTitle}
          actions={
            <>
              <Link className="btn btn-primary" to={paths.community()}>
                <Compass size={18} aria-hidden="true" />
                {t.browse}
              </Link>
              <Link className="btn btn-secondary" to={paths.demo()}>
                {t.tryDemo}
              </Link>
            </>
          }
        >
          <p>{t.emptyText}</p>
        </EmptyState>
      ) : list.hasNextPage ? (
        <LoadMore loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
      ) : null}
    </>
  );
}
