/**
 * /admin/games: every game, searched by prompt, owner, id or slug; open one, or delete it (the
 * owner's delete: rankings, results, its community rank), recorded in the audit log.
 */
import { ExternalLink, Gamepad2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../api/errors';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { paths } from '../paths';
import { ListError, LoadMore } from '../ui/list-states';
import { SkeletonList } from '../ui/loading';
import { EmptyState } from '../ui/page-frame';
import { toast } from '../ui/toasts';
import type { AdminGameView } from '../../domain/admin';
import { useAdminGames, useDeleteGameAsAdmin } from '../api/admin';
import { fullTime, timeAgo } from './admin-format';
import { SearchBox } from '../ui/search-box';
import { useSearchQuery } from './search-query';
import { useText } from '../i18n/i18n';
import { adminGamesText } from '../i18n/messages/admin';
import { RichText } from '../i18n/rich-text';

export function GamesSection() {
  const t = useText(adminGamesText);
  const [q, setQ] = useSearchQuery();
  const games = useAdminGames(q);
  return (
    <section className="admin-stack" aria-label={t.label}>
      <SearchBox label={t.search} placeholder={t.placeholder} value={q} onSearch={setQ} />
      {games.isPending ? (
        <SkeletonList rows={5} />
      ) : games.isError ? (
        <ListError
          error={games.error}
          message={t.didNotLoad}
          onRetry={() => void games.refetch()}
        />
      ) : games.rows.length === 0 ? (
        <EmptyState icon={<Gamepad2 size={30} />} title={q ? t.noMatchTitle : t.emptyTitle}>
          <p>{q ? t.noMatchText({ query: q }) : t.emptyText}</p>
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
  const t = useText(adminGamesText);
  const { game } = props;
  return (
    <li className="card admin-list__item" data-testid="admin-game-row">
      <div className="admin-list__text">
        <Link to={paths.game(game.slug ?? game.id)} className="admin-list__title" dir="auto">
          <bdi>{game.prompt}</bdi>
          <ExternalLink size={14} aria-hidden="true" />
        </Link>
        <p className="muted admin-list__meta">
          <RichText
            text={t.meta}
            values={{
              owner: <span dir="auto">{game.ownerName}</span>,
              items: t.items(game.itemsCount),
              players: t.players(game.playCount),
              created: (
                <time dateTime={game.createdAt} title={fullTime(game.createdAt)}>
                  {t.created({ when: timeAgo(game.createdAt) })}
                </time>
              ),
            }}
          />
        </p>
        <p className="admin-list__chips">
          {game.isPublic ? <span className="chip">{t.community}</span> : null}
          {game.closed ? <span className="chip">{t.closed}</span> : null}
          <code className="admin-list__id">{game.id}</code>
        </p>
      </div>
      <DeleteButton game={game} />
    </li>
  );
}

function DeleteButton(props: { game: AdminGameView }) {
  const t = useText(adminGamesText);
  const { game } = props;
  const [open, setOpen] = useState(false);
  const remove = useDeleteGameAsAdmin();
  return (
    <ConfirmDialog
      trigger={
        <button
          type="button"
          className="btn btn-sm btn-danger-outline"
          aria-label={t.deleteLabel({ title: game.prompt })}
        >
          <Trash2 size={16} aria-hidden="true" />
          {t.delete}
        </button>
      }
      open={open}
      onOpenChange={(next) => {
        if (next) remove.reset();
        setOpen(next);
      }}
      title={t.deleteTitle}
      confirmLabel={t.deleteConfirm}
      pendingLabel={t.deleting}
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      tone="danger"
      onConfirm={() =>
        remove.mutate(game.id, {
          onSuccess: () => {
            setOpen(false);
            toast.success(t.deleted);
          },
        })
      }
    >
      <p>
        <RichText
          text={t.deleteText}
          values={{
            title: (
              <strong className="confirm-dialog__name" dir="auto">
                {t.quoted({ title: game.prompt })}
              </strong>
            ),
            owner: game.ownerName,
          }}
        />
      </p>
    </ConfirmDialog>
  );
}
