/**
 * The owner's Recent players (issue 25): folded under the owner's actions; opened, it lists who
 * played, newest first (final rankings and saved progress told apart), with how long ago, and
 * Load more for the next page. Loading, empty and error states; a new final ranking arriving
 * live refreshes the list while it is open.
 */
import { useQueryClient } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { recentPlayersKeys, useRecentPlayers } from '../api/recent-players';
import { formatDateTime, formatRelative } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { recentPlayersText } from '../i18n/messages/owner';
import { ListError, LoadMore } from '../ui/list-states';
import { useNow } from '../ui/use-now';
import './recent-players.css';

export function RecentPlayersSection(props: { gameId: string; submissionCount: number }) {
  const t = useText(recentPlayersText);
  const { gameId, submissionCount } = props;
  const [open, setOpen] = useState(false);
  const players = useRecentPlayers(gameId, open);
  const queryClient = useQueryClient();
  const headingId = useId();
  const now = useNow(30_000);
  const seenCount = useRef(submissionCount);

  // Someone ranked (the live count moved): an open list shows them.
  useEffect(() => {
    if (seenCount.current === submissionCount) return;
    seenCount.current = submissionCount;
    if (open) void queryClient.invalidateQueries({ queryKey: recentPlayersKeys.game(gameId) });
  }, [submissionCount, open, gameId, queryClient]);

  const list = players.data?.pages.flatMap((page) => page.players) ?? [];

  return (
    <details
      className="owner-fold owner-players"
      data-testid="owner-recent-players"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="owner-fold__summary">
        <UserRound size={18} aria-hidden="true" />
        <span id={headingId}>{t.title}</span>
      </summary>
      <div className="owner-fold__body">
        <p className="owner-players__muted">{t.lede}</p>
        {players.isPending ? (
          <p className="owner-players__muted" role="status">
            {open ? t.loading : null}
          </p>
        ) : players.isError && list.length === 0 ? (
          <ListError
            error={players.error}
            message={t.loadFailed}
            onRetry={() => void players.refetch()}
          />
        ) : list.length === 0 ? (
          <p className="owner-players__empty" role="status">
            {t.empty}
          </p>
        ) : (
          <>
            <ol className="owner-players__list" aria-labelledby={headingId}>
              {list.map((player, index) => (
                <li key={`${player.at}-${index}`} className="owner-players__item">
                  <span className="owner-players__name" dir="auto">
                    {player.name}
                  </span>
                  <span
                    className={`chip owner-players__state${player.partial ? ' is-partial' : ''}`}
                  >
                    {player.partial ? t.inProgress : t.ranked}
                  </span>
                  <time
                    className="owner-players__time"
                    dateTime={new Date(player.at).toISOString()}
                    title={formatDateTime(player.at)}
                  >
                    {formatRelative(player.at, Math.max(now, player.at))}
                  </time>
                </li>
              ))}
            </ol>
            {players.isError ? (
              <ListError
                error={players.error}
                message={t.loadFailed}
                onRetry={() => void players.fetchNextPage()}
              />
            ) : players.hasNextPage ? (
              <LoadMore
                loading={players.isFetchingNextPage}
                onLoad={() => void players.fetchNextPage()}
              />
            ) : null}
          </>
        )}
      </div>
    </details>
  );
}
