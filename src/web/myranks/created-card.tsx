/**
 * One game I created: emoji, title, players, open/closed/locked, the Published badge, and its
 * actions: results, copy link, publish/unpublish, archive/unarchive, delete (after a confirm).
 */
import { BarChart3, Globe, Lock, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { MyGameView } from '../../domain/profile';
import { paths } from '../paths';
import { GameEmoji } from '../game/game-emoji';
import { ShareButton } from '../ui/share-button';
import { ArchiveAction, DeleteAction, PublishAction } from './game-actions';
import { formatDate } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { createdCardText } from '../i18n/messages/myranks';

export function CreatedCard({ game }: { game: MyGameView }) {
  const t = useText(createdCardText);
  const states: Record<MyGameView['state'], string> = {
    open: t.open,
    locked: t.locked,
    closed: t.closed,
  };
  return (
    <li className="card my-card" data-testid="created-card" data-game-id={game.id}>
      <GameEmoji emoji={game.emoji} className="my-card__emoji" />
      <div className="my-card__body">
        <h2 className="my-card__title">
          <Link to={paths.results(game.id)} dir="auto">
            {game.title}
          </Link>
        </h2>
        <p className="my-card__meta">
          <span className={`chip chip--${game.state}`}>
            {game.state === 'locked' ? <Lock size={11} aria-hidden="true" /> : null}
            {states[game.state]}
          </span>
          {game.isPublic ? (
            <span className="chip chip--published" data-testid="published-badge">
              <Globe size={11} aria-hidden="true" />
              {t.published}
            </span>
          ) : null}
          {game.archived ? <span className="chip chip--archived">{t.archived}</span> : null}
          <span className="muted my-card__facts">
            <Users size={13} aria-hidden="true" />
            {t.players(game.players)} · {t.items(game.itemsCount)} · {formatDate(game.createdAt)}
          </span>
        </p>
      </div>
      <div className="my-card__actions" role="group" aria-label={t.actions({ title: game.title })}>
        <Link className="btn btn-primary my-card__btn" to={paths.results(game.id)}>
          <BarChart3 size={16} aria-hidden="true" />
          {t.results}
        </Link>
        <ShareButton gameId={game.id} title={game.title} />
        <PublishAction game={game} />
        <ArchiveAction game={game} />
        <DeleteAction game={game} />
      </div>
    </li>
  );
}
