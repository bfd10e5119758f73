/**
 * A duel game's results (issue 28, decisions 0057 and 0064): the crowd's order by Bradley–Terry
 * strength, each item's strength drawn as a thin bar with its uncertainty band, and beside it the
 * order the viewer's own duels imply. The agreement between the two is the You vs the crowd card's.
 */
import type { DuelStanding } from '../../domain/duels';
import type { ItemImageView } from '../../domain/item-pictures';
import { decimal } from '../game/format';
import { useText } from '../i18n/i18n';
import { duelResultsText } from '../i18n/messages/duel';
import { ItemThumb } from '../ui/item-thumb';

export function DuelStrengths(props: {
  /** The crowd's order, strongest first. */
  strengths: readonly DuelStanding[];
  labels: ReadonlyMap<string, string>;
  pictures: ReadonlyMap<string, ItemImageView>;
  /** The viewer's implied order (item ids, best first), or null when they have not duelled. */
  mine: readonly string[] | null;
}) {
  const t = useText(duelResultsText);
  const { strengths, labels } = props;
  // One scale for every bar: the widest band's ends.
  const min = Math.min(...strengths.map((row) => row.low));
  const max = Math.max(...strengths.map((row) => row.high));
  const span = max - min || 1;
  const at = (value: number) => `${((value - min) / span) * 100}%`;
  return (
    <section aria-labelledby="duel-strengths-title" data-testid="duel-strengths">
      <h2 id="duel-strengths-title" className="section-title">
        {t.title}
      </h2>
      <p className="muted">{t.lede}</p>
      <div className="duel-orders">
        <div className="duel-orders__column">
          <h3 className="duel-orders__head">{t.crowd}</h3>
          <ol className="duel-orders__list" data-testid="duel-crowd-order">
            {strengths.map((row, index) => (
              <li key={row.id} className="duel-orders__row" data-item-id={row.id}>
                <span className="duel-orders__place" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="duel-orders__label">
                  <ItemThumb picture={props.pictures.get(row.id)} className="duel-orders__thumb" />
                  <bdi>{labels.get(row.id) ?? ''}</bdi>
                </span>
                <span className="visually-hidden">
                  {t.strength({
                    value: decimal(row.strength),
                    low: decimal(row.low),
                    high: decimal(row.high),
                  })}
                </span>
                <span className="duel-band" aria-hidden="true">
                  <span
                    className="duel-band__range"
                    style={{
                      left: at(row.low),
                      width: `${((row.high - row.low) / span) * 100}%`,
                    }}
                  />
                  <span className="duel-band__point" style={{ left: at(row.strength) }} />
                </span>
              </li>
            ))}
          </ol>
        </div>
        <div className="duel-orders__column">
          <h3 className="duel-orders__head">{t.you}</h3>
          {props.mine && props.mine.length > 0 ? (
            <ol className="duel-orders__list" data-testid="duel-my-order">
              {props.mine.map((id, index) => (
                <li key={id} className="duel-orders__row" data-item-id={id}>
                  <span className="duel-orders__place" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="duel-orders__label">
                    <ItemThumb picture={props.pictures.get(id)} className="duel-orders__thumb" />
                    <bdi>{labels.get(id) ?? ''}</bdi>
                  </span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted" data-testid="duel-my-order-empty">
              {t.notPlayed}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
