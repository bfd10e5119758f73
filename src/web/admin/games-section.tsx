/**
 * /admin/games: every game, searched by prompt, owner, id or slug; open one, or delete it (the
 * owner's delete: rankings, results, its community rank), recorded in the audit log.
 */
import { ExternalLink, Gamepad2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../api/errors';
import { ConfirmDialog } from '../owner/confirm-dialog';
import { paths } from '../paths';
import { ListError, LoadMore } from '../shell/ui/list-states';
import { SkeletonList } from '../shell/ui/loading';
import { EmptyState } from '../shell/ui/page-frame';
import { toast } from '../shell/ui/toasts';
import type { AdminGameView } from '../../domain/admin';
import { useAdminGames, useDeleteGameAsAdmin } from '../api/admin';
import { fullTime, timeAgo } from './admin-format';
import { SearchBox } from '../community/search-box';
import { useSearchQuery } from './search-query';

export function GamesSection() {
  const [q, setQ] = useSearchQuery();
  const games = useAdminGames(q);
  return (
    <section className="admin-stack" aria-label="Games">
      <SearchBox
        label="Search games"
        placeholder="Search by prompt, owner, id or slug"
        value={q}
        onSearch={setQ}
      />
      {games.isPending ? (
        <SkeletonList rows={5} />
      ) : games.isError ? (
        <ListError error={games.error} what="Games" onRetry={() => void games.refetch()} />
      ) : games.rows.length === 0 ? (
        <EmptyState icon={<Gamepad2 size={30} />} title={q ? 'No game matches' : 'No games yet'}>
          <p>{q ? `No prompt or owner contains “${q}”.` : 'Games appear here once created.'}</p>
        </EmptyState>
      ) : (
        <>
          <ul className="admin-list" data-testid="admin-games">
            {games.rows.map((game) => (
              <GameRow key={game.id} game={game} />
            ))}
          </ul>
          {games.hasNextPage ? (
            <LoadMore
              loading={games.isFetchingNextPage}
              onLoad={() => void games.fetchNextPage()}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

function GameRow(props: { game: AdminGameView }) {
  const { game } = props;
  return (
    <li className="card admin-list__item" data-testid="admin-game-row">
      <div className="admin-list__text">
        <Link to={paths.game(game.slug ?? game.id)} className="admin-list__title" dir="auto">
          <bdi>{game.prompt}</bdi>
          <ExternalLink size={14} aria-hidden="true" />
        </Link>
        <p className="muted admin-list__meta">
          by <span dir="auto">{game.ownerName}</span> · {game.itemsCount} items · {game.playCount}{' '}
          {game.playCount === 1 ? 'player' : 'players'} ·{' '}
          <time dateTime={game.createdAt} title={fullTime(game.createdAt)}>
            created {timeAgo(game.createdAt)}
          </time>
        </p>
        <p className="admin-list__chips">
          {game.isPublic ? <span className="chip">Community</span> : null}
          {game.closed ? <span className="chip">Closed</span> : null}
          <code className="admin-list__id">{game.id}</code>
        </p>
      </div>
      <DeleteButton game={game} />
    </li>
  );
}

function DeleteButton(props: { game: AdminGameView }) {
  const { game } = props;
  const [open, setOpen] = useState(false);
  const remove = useDeleteGameAsAdmin();
  return (
    <ConfirmDialog
      trigger={
        <button
          type="button"
          className="btn btn-sm btn-danger-outline"
          aria-label={`Delete ${game.prompt}`}
        >
          <Trash2 size={16} aria-hidden="true" />
          Delete
        </button>
      }
      open={open}
      onOpenChange={(next) => {
        if (next) remove.reset();
        setOpen(next);
      }}
      title="Delete this rank?"
      confirmLabel="Delete rank"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      tone="danger"
      onConfirm={() =>
        remove.mutate(game.id, {
          onSuccess: () => {
            setOpen(false);
            toast.success('Rank deleted');
          },
        })
      }
    >
      <p>
        <strong className="confirm-dialog__name" dir="auto">
          “{game.prompt}”
        </strong>{' '}
        by {game.ownerName}, with all its rankings and results, will be deleted for good. Its link
        will stop working. This can't be undone, and it is recorded in the audit log.
      </p>
    </ConfirmDialog>
  );
}
