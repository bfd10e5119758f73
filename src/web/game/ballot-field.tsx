/**
 * The Ballot choice of /create and /builder (issue 25): Full ranking (the default), Top N with
 * its N, Tiers with their rows (tier-rows-editor.tsx), or Duels (issue 28). Radio buttons, so the
 * arrow keys move between them as in any radio group.
 */
import { Layers, ListOrdered, ListTodo, Swords } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import type { BallotKind } from '../../domain/ballot';
import { defaultTopN, type BallotInputs } from './ballot-inputs';
import { formatNumber } from '../i18n/format';
import { useText } from '../i18n/i18n';
import { ballotFieldText } from '../i18n/messages/ballot';
import { TierRowsEditor } from './tier-rows-editor';
import './ballot-field.css';

export function BallotField(props: {
  value: BallotInputs;
  onChange: (value: BallotInputs) => void;
  /** How many items the form has now (for a top N's range and default). */
  itemCount: number;
  /** The rule the choice breaks, if any. */
  error: string | null;
  /**
   * Players have played (issue 25): the kind, N and the number of tiers are fixed, shown but not
   * changeable; tier labels and colours still are.
   */
  locked?: boolean;
}) {
  const t = useText(ballotFieldText);
  const ids = { legend: useId(), n: useId(), nHint: useId(), error: useId() };
  const { value, onChange, itemCount } = props;
  const max = Math.max(1, itemCount);
  const fallback = defaultTopN(itemCount);
  const typedN = Number(value.n.trim());
  const shownN = value.n.trim() === '' || !Number.isInteger(typedN) ? fallback : typedN;

  const kinds: { kind: BallotKind; icon: ReactNode; title: string; text: string }[] = [
    { kind: 'ranking', icon: <ListTodo size={20} />, title: t.ranking, text: t.rankingText },
    { kind: 'top', icon: <ListOrdered size={20} />, title: t.top, text: t.topText },
    { kind: 'tiers', icon: <Layers size={20} />, title: t.tiers, text: t.tiersText },
    { kind: 'duel', icon: <Swords size={20} />, title: t.duel, text: t.duelText },
  ];

  return (
    <fieldset
      className="ballot-field"
      aria-describedby={props.error ? ids.error : undefined}
      data-testid="ballot-field"
    >
      <legend id={ids.legend} className="ballot-field__legend">
        {t.legend}
      </legend>
      <div className="ballot-field__kinds">
        {kinds.map((option) => (
          <label
            key={option.kind}
            className={[
              'ballot-kind',
              value.kind === option.kind ? 'ballot-kind--checked' : '',
              props.locked && value.kind !== option.kind ? 'ballot-kind--locked' : '',
            ].join(' ')}
          >
            <input
              type="radio"
              name={ids.legend}
              className="ballot-kind__radio"
              value={option.kind}
              checked={value.kind === option.kind}
              disabled={props.locked && value.kind !== option.kind}
              onChange={() => onChange({ ...value, kind: option.kind })}
            />
            <span className="ballot-kind__icon" aria-hidden="true">
              {option.icon}
            </span>
            <span className="ballot-kind__text">
              <span className="ballot-kind__title">{option.title}</span>
              <span className="ballot-kind__hint">{option.text}</span>
            </span>
          </label>
        ))}
      </div>

      {value.kind === 'top' ? (
        <div className="ballot-field__top">
          <label htmlFor={ids.n}>{t.nLabel}</label>
          <input
            id={ids.n}
            className="input ballot-field__n"
            type="number"
            inputMode="numeric"
            min={1}
            max={max}
            step={1}
            placeholder={String(fallback)}
            value={value.n}
            readOnly={props.locked}
            aria-describedby={ids.nHint}
            aria-invalid={props.error ? true : undefined}
            onChange={(event) => onChange({ ...value, n: event.target.value })}
            data-testid="ballot-n"
          />
          <p id={ids.nHint} className="field__hint">
            {t.nHint({ n: formatNumber(shownN), total: formatNumber(itemCount) })}
          </p>
        </div>
      ) : null}

      {value.kind === 'tiers' ? (
        <TierRowsEditor
          tiers={value.tiers}
          onChange={(tiers) => onChange({ ...value, tiers })}
          fixedCount={props.locked}
        />
      ) : null}

      {props.error ? (
        <p id={ids.error} className="field-error" role="alert">
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}
