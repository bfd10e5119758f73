/**
 * The Created tab: my games, newest first, 24 a page with Load more (GET /api/me/games), this
 * tab's just-created games first; the Archived filter lists archived ones instead.
 */
import { Archive, Compass, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useMyGames } from '../api/players';
import { paths } from '../paths';
import { EmptyState } from '../ui/page-frame';
import { CreatedCard } from './created-card';
import { CardSkeletons, ListError, LoadMore } from '../ui/list-states';
import { useWithPending } from './use-with-pending';
import { useText } from '../i18n/i18n';
import { createdListText } from '../i18n/messages/myranks';

export function CreatedList(props: {
  userId: string;
  archived: boolean;
  onArchivedChange: (archived: boolean) => void;
}) {
  const t = useText(createdListText);
  const { userId, archived } = props;
  const list = useMyGames(userId, archived);
  const games = useMemo(() => list.data?.pages.flatMap((page) => page.games), [list.data]);
  const pending = useWithPending(
    'created',
    userId,
    {
      games,
      complete: !list.hasNextPage,
      isError: list.isError,
      requestedAt: list.data?.pages[0]?.requestedAt ?? 0,
      version: list.dataUpdatedAt,
    },
    !archived,
  );
  const shown = [...pending, ...(games ?? [])];

  return (
    <>
      <div className="my-ranks__toolbar">
        <button
          type="button"
          className="btn btn-secondary my-ranks__filter"
          aria-pressed={archived}
          onClick={() => props.onArchivedChange(!archived)}
        >
          <Archive size={16} aria-hidden="true" />
          {t.archived}
        </button>
      </div>
      {shown.length > 0 ? (
        <ul className="my-cards" data-testid="created-list">
          {shown.map((game) => (
            <CreatedCard key={game.id} game={game} />
          ))}
        </ul>
      ) : null}
      {list.isPending ? (
        <CardSkeletons count={shown.length > 0 ? 1 : 3} />
      ) : list.isError ? (
        <ListError error={list.error} message={t.didNotLoad} onRetry={() => void list.refetch()} />
      ) : shown.length === 0 ? (
        archived ? (
          <EmptyState
            icon={<Archive size={30} />}
            title={t.archivedEmptyTitle}
            actions={
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => props.onArchivedChange(false)}
              >
                {t.showMine}
              </button>
            }
          >
            <p>{t.archivedEmptyText}</p>
          </EmptyState>
        ) : (
          <EmptyState
            icon={<Plus size={30} />}
            title={t.emptyTitle}
            actions={
              <>
                <Link className="btn btn-primary" to={paths.create()}>
                  <Plus size={18} aria-hidden="true" />
                  {t.createFirst}
                </Link>
                <Link className="btn btn-secondary" to={paths.community()}>
                  <Compass size={18} aria-hidden="true" />
                  {t.browse}
                </Link>
              </>
            }
          >
            <p>{t.emptyText}</p>
          </EmptyState>
        )
      ) : list.hasNextPage ? (
        <LoadMore loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
      ) : null}
    </>
  );
}
