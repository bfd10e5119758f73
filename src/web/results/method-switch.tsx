/**
 * How the crowd's order is counted: a switch between the methods (the four, a duel game's
 * strength first) (native radio buttons, so
 * arrow keys move between them), the banner naming its winner, and, when other methods crown
 * another item, one plain line saying so. How the chosen one counts is said under the list
 * (`MethodExplanation`): on a phone the first row comes first.
 */
import { Crown, Scale } from 'lucide-react';
import { useId } from 'react';
import type { Method } from '../../domain/methods';
import { methodsSplit, type MethodWinners } from '../../domain/methods-standings';
import { useText } from '../i18n/i18n';
import { methodSwitchText } from '../i18n/messages/results';
import { bannerText, splitText } from './method-words';

export function MethodSwitch(props: {
  /** The methods offered, the headline first. */
  methods: readonly Method[];
  method: Method;
  onChange: (method: Method) => void;
  /** The shown method's winners (more than one when tied); null while it is counted. */
  shownWinners: readonly string[] | null;
  winners: MethodWinners;
  labels: ReadonlyMap<string, string>;
  condorcetWinner: string | null;
}) {
  const t = useText(methodSwitchText);
  const name = useId();
  const split = methodsSplit(props.winners, props.method);
  return (
    <div className="method-switch">
      <fieldset className="segmented">
        <legend className="visually-hidden">{t.legend}</legend>
        {props.methods.map((method) => (
          <label key={method} className="segmented__option">
            <input
              type="radio"
              name={name}
              value={method}
              checked={props.method === method}
              onChange={() => props.onChange(method)}
            />
            <span>{t[method]}</span>
          </label>
        ))}
      </fieldset>
      {props.shownWinners && props.shownWinners.length > 0 ? (
        <p className="method-switch__banner" data-testid="method-banner">
          <Crown size={18} aria-hidden="true" />
          <span>{bannerText(t, props.method, props.shownWinners, props.labels)}</span>
        </p>
      ) : null}
      {props.shownWinners && split.length > 0 ? (
        <p className="method-switch__split" data-testid="method-disagreement">
          <Scale size={16} aria-hidden="true" />
          <span>{splitText(t, split, props.labels, props.condorcetWinner)}</span>
        </p>
      ) : null}
    </div>
  );
}

/** How the shown method counts, in a sentence. */
export function MethodExplanation(props: { method: Method }) {
  const t = useText(methodSwitchText);
  return (
    <p className="method-switch__explain" data-testid="method-explanation">
      {t[`${props.method}Explained`]}
    </p>
  );
}
