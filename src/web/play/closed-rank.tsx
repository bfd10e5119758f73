/**
 * A closed game on the play page (decision 0039): no ranking can be made, so instead of a board
 * that looks playable it says so, leads to the results (anyone may see a closed game's), and lists
 * the items read-only: the player's own ranking, numbered, when they made one; else the items.
 */
import { BarChart3, Lock } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Item } from '../../domain/game';
import { useText } from '../i18n/i18n';
import { playPageText } from '../i18n/messages/play';
import { paths } from '../paths';

export function ClosedRank(props: {
  gameId: string;
  items: readonly Item[];
  /** The order to show the items in. */
  order: readonly string[];
  /** Whether `order` is the player's final ranking (numbered) or just the items. */
  ranked: boolean;
}) {
  const t = useText(playPageText);
  const heading = useId();
  const labels = new Map(props.items.map((item) => [item.id, item.label]));
  const List = props.ranked ? 'ol' : 'ul';
  return (
    <section className="closed-rank" aria-labelledby={heading} data-testid="closed-rank">
      <div className="closed-rank__head" data-testid="closed-notice">
        <Lock size={22} aria-hidden="true" className="closed-rank__icon" />
        <div className="closed-rank__text">
          <h2 id={heading} className="closed-rank__title">
            {t.closedTitle}
          </h2>
          <p>{props.ranked ? t.closedRanked : t.closedLate}</p>
        </div>
        <Link className="btn btn-primary closed-rank__results" to={paths.results(props.gameId)}>
          <BarChart3 size={18} aria-hidden="true" />
          {t.seeResults}
        </Link>
      </div>
      <List className="closed-rank__items" aria-label={t.closedItems}>
        {props.order.map((id, index) => (
          <li key={id} className="closed-rank__item" data-testid="closed-item" dir="auto">
            {props.ranked ? (
              <span className="rank-row__position" aria-hidden="true">
                {index + 1}
              </span>
            ) : null}
            <span className="rank-row__label">{labels.get(id)}</span>
          </li>
        ))}
      </List>
    </section>
  );
}
