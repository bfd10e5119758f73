/** One game I played: emoji, title, where I am (in progress / completed), and the way back in. */
import { ArrowRight, BarChart3 } from 'lucide-react';
import { Link } from 'react-router';
import type { PlayedGameView } from '../../domain/profile';
import { paths } from '../paths';
import { GameEmoji } from '../game/game-emoji';
import { formatDate } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { playedCardText } from '../i18n/messages/myranks';

export function PlayedCard({ game }: { game: PlayedGameView }) {
  const t = useText(playedCardText);
  const started = game.status === 'started';
  return (
    <li
      className="card my-card my-card--played"
      data-testid="played-card"
      data-game-id={game.gameId}
    >
      <GameEmoji emoji={game.emoji} className="my-card__emoji" />
      <div className="my-card__body">
        <h2 className="my-card__title" dir="auto">
          {game.title}
        </h2>
        <p className="my-card__meta">
          <span className={`chip ${started ? 'chip--started' : 'chip--done'}`}>
            {started ? t.inProgress : t.completed}
          </span>
          {game.closed ? <span className="chip chip--closed">{t.closed}</span> : null}
          <span className="muted">
            {t.items(game.itemsCount)} · {t.played({ date: formatDate(game.lastPlayedAt) })}
          </span>
        </p>
      </div>
      <div className="my-card__actions my-card__actions--single">
        {started && !game.closed ? (
          <Link className="btn btn-primary my-card__btn" to={paths.play(game.gameId)}>
            {t.continue}
            <ArrowRight size={16} aria-hidden="true" />
          </Link>
        ) : (
          <Link className="btn btn-secondary my-card__btn" to={paths.results(game.gameId)}>
            <BarChart3 size={16} aria-hidden="true" />
            {t.seeResults}
          </Link>
        )}
      </div>
    </li>
  );
}
