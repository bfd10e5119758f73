/**
 * Instant runoff, round by round, as a chart a player can follow: each round's bars are the
 * ballots each item still in holds; the one that drops out is marked, and the last one standing
 * wins. Shown under the list when instant runoff is the method.
 */
import { useId } from 'react';
import type { IrvRound } from '../../domain/methods';
import { useText } from '../i18n/i18n';
import { irvRoundsText } from '../i18n/messages/results';

export function IrvRounds(props: {
  rounds: readonly IrvRound[];
  labels: ReadonlyMap<string, string>;
  /** The standings' order: bars of equal height keep it. */
  order: readonly string[];
}) {
  const t = useText(irvRoundsText);
  const titleId = useId();
  const rank = new Map(props.order.map((id, i) => [id, i]));
  return (
    <section className="irv-rounds" aria-labelledby={titleId} data-testid="irv-rounds">
      <h3 id={titleId} className="irv-rounds__title">
        {t.title}
      </h3>
      <p className="irv-rounds__lede">{t.lede}</p>
      {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
      <ol className="irv-rounds__list" tabIndex={0} aria-labelledby={titleId}>
        {props.rounds.map((round, r) => {
          const total = Object.values(round.counts).reduce((sum, n) => sum + n, 0);
          const entries = Object.entries(round.counts).sort(
            ([a, x], [b, y]) => y - x || (rank.get(a) ?? 0) - (rank.get(b) ?? 0),
          );
          const last = round.eliminated === null;
          return (
            <li key={r} className="irv-round" data-testid="irv-round">
              <p className="irv-round__title">{t.round({ round: r + 1 })}</p>
              <ul className="irv-round__bars">
                {entries.map(([id, votes]) => {
                  const out = id === round.eliminated;
                  const state = out ? 'out' : last ? 'won' : 'in';
                  return (
                    <li key={id} className={`irv-bar irv-bar--${state}`}>
                      <span className="irv-bar__label">
                        <bdi>{props.labels.get(id) ?? ''}</bdi>
                        {out ? <span className="chip irv-bar__chip">{t.out}</span> : null}
                        {last ? (
                          <span className="chip irv-bar__chip irv-bar__chip--won">{t.wins}</span>
                        ) : null}
                      </span>
                      <span className="irv-bar__track" aria-hidden="true">
                        <span
                          className="irv-bar__fill"
                          style={{ width: `${total > 0 ? (votes / total) * 100 : 0}%` }}
                        />
                      </span>
                      <span className="irv-bar__count">{t.ballots(votes)}</span>
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
