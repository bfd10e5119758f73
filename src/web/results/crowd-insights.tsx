/**
 * The crowd in words: a place everyone agreed on, the most divisive item (how far apart players
 * put it) and the one they agree on most.
 */
import { Flame, Handshake, Users } from 'lucide-react';
import { controversy } from '../../domain/crowd';
import type { ItemResult } from '../../domain/results';
import { useText } from '../i18n/i18n';
import { RichText } from '../i18n/rich-text';
import { insightsText } from '../i18n/messages/results';
import { unanimousText } from './crowd-words';
import { ordinal } from '../game/format';

/** The first and last places anyone gave the item (1-based). */
function spread(item: ItemResult): [number, number] {
  const first = item.distribution.findIndex((count) => count > 0);
  const last = item.distribution.findLastIndex((count) => count > 0);
  return [first + 1, last + 1];
}

/** The place most players gave the item (1-based). */
function usual(item: ItemResult): number {
  let best = 0;
  item.distribution.forEach((count, p) => {
    if (count > (item.distribution[best] ?? 0)) best = p;
  });
  return best + 1;
}

export function CrowdInsights(props: { items: readonly ItemResult[]; submissions: number }) {
  const t = useText(insightsText);
  const { mostDivisive, mostAgreed, unanimous } = controversy(props.items, props.submissions);
  if (!mostDivisive && !mostAgreed && !unanimous) return null;
  return (
    <section className="insights" aria-labelledby="insights-title">
      <h2 id="insights-title" className="section-title">
        {t.title}
      </h2>
      <ul className="insights__list">
        {unanimous ? (
          <li className="insight" data-testid="insight-unanimous">
            <Users size={20} aria-hidden="true" />
            <p>{unanimousText(unanimous)}</p>
          </li>
        ) : null}
        {mostDivisive ? (
          <li className="insight" data-testid="insight-divisive">
            <Flame size={20} aria-hidden="true" />
            <p>
              <RichText
                text={t.divisive}
                values={{
                  item: <strong dir="auto">{mostDivisive.label}</strong>,
                  from: ordinal(spread(mostDivisive)[0]),
                  to: ordinal(spread(mostDivisive)[1]),
                }}
              />
            </p>
          </li>
        ) : null}
        {mostAgreed && unanimous?.item.id !== mostAgreed.id ? (
          <li className="insight" data-testid="insight-agreed">
            <Handshake size={20} aria-hidden="true" />
            <p>
              <RichText
                text={t.agreed}
                values={{
                  item: <strong dir="auto">{mostAgreed.label}</strong>,
                  place: ordinal(usual(mostAgreed)),
                }}
              />
            </p>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
