/**
 * A duel game's results (issue 28, decisions 0057, 0064 and 0066): the order the viewer's own
 * duels imply, under the crowd's. The crowd's order by strength, with its bands, is the crowd's
 * ranking's Strength tab (one order, one winner); the agreement between the two is the You vs
 * the crowd card's.
 */
import type { ItemImageView } from '../../domain/item-pictures';
import { useText } from '../i18n/i18n';
import { duelResultsText } from '../i18n/messages/duel';
import { ItemThumb } from '../ui/item-thumb';

export function DuelStrengths(props: {
  labels: ReadonlyMap<string, string>;
  pictures: ReadonlyMap<string, ItemImageView>;
  /** The viewer's implied order (item ids, best first), or null when they have not duelled. */
  mine: readonly string[] | null;
}) {
  const t = useText(duelResultsText);
  return (
    <section
      className="duel-own"
      aria-labelledby="duel-strengths-title"
      data-testid="duel-strengths"
    >
      <h2 id="duel-strengths-title" className="section-title">
        {t.title}
      </h2>
      <p className="muted">{t.lede}</p>
      {props.mine && props.mine.length > 0 ? (
        <ol className="duel-orders__list duel-orders" data-testid="duel-my-order">
          {props.mine.map((id, index) => (
            <li key={id} className="duel-orders__row" data-item-id={id}>
              <span className="duel-orders__place" aria-hidden="true">
                {index + 1}
              </span>
              <span className="duel-orders__label">
                <ItemThumb picture={props.pictures.get(id)} className="duel-orders__thumb" />
                <bdi>{props.labels.get(id) ?? ''}</bdi>
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted" data-testid="duel-my-order-empty">
          {t.notPlayed}
        </p>
      )}
    </section>
  );
}
