/**
 * How the crowd's order is counted: a switch between the four methods (native radio buttons, so
 * arrow keys move between them), the chosen one explained in a sentence, and, when other methods
 * crown another winner, who and why.
 */
import { Scale } from 'lucide-react';
import { useId } from 'react';
import { disagreements } from '../../domain/crowd';
import { METHODS, type Method } from '../../domain/methods';
import { useText } from '../i18n/i18n';
import { methodSwitchText } from '../i18n/messages/results';
import { disagreementText } from './method-words';

export function MethodSwitch(props: {
  method: Method;
  onChange: (method: Method) => void;
  winners: Partial<Record<Method, string | null>>;
  labels: ReadonlyMap<string, string>;
  condorcetWinner: string | null;
}) {
  const t = useText(methodSwitchText);
  const name = useId();
  const notes = disagreements(props.winners, props.method, props.labels, props.condorcetWinner);
  return (
    <div className="method-switch">
      <fieldset className="segmented">
        <legend className="visually-hidden">{t.legend}</legend>
        {METHODS.map((method) => (
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
      <p className="method-switch__explain" data-testid="method-explanation">
        {t[`${props.method}Explained`]}
      </p>
      {notes.length > 0 ? (
        <ul className="method-switch__notes" aria-label={t.otherMethods} data-testid="method-notes">
          {notes.map((note) => (
            <li key={note.winner}>
              <Scale size={16} aria-hidden="true" />
              {disagreementText(t, note, props.labels)}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
