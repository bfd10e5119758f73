/**
 * The tier rows of a tier list (issue 25): each a colour and a label (at most 24 characters);
 * 2 to 10 rows, added at the end and removed anywhere. A new row gets a colour no row has yet.
 */
import { Plus, Trash2 } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import type { TierSpec } from '../../domain/ballot';
import { MAX_TIER_LABEL_LENGTH, MAX_TIERS, MIN_TIERS } from '../../domain/limits';
import { newTierColor } from './ballot-inputs';
import { textOn } from './tier-colors';
import { useText } from '../i18n/i18n';
import { tierRowsText } from '../i18n/messages/ballot';

export function TierRowsEditor(props: {
  tiers: readonly TierSpec[];
  onChange: (tiers: TierSpec[]) => void;
  /** Players have played: the rows can be renamed and recoloured, not added or removed. */
  fixedCount?: boolean;
}) {
  const t = useText(tierRowsText);
  const { tiers, onChange } = props;
  const listRef = useRef<HTMLOListElement>(null);
  // After adding or removing a row, focus goes to a label field (the new one, or the one that
  // took the removed row's place), never lost on the page.
  const refocus = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = refocus.current;
    refocus.current = null;
    if (index === null) return;
    const fields = listRef.current?.querySelectorAll<HTMLInputElement>('.tier-edit__label');
    fields?.[Math.min(index, fields.length - 1)]?.focus();
  }, [tiers.length]);

  const update = (index: number, change: Partial<TierSpec>) =>
    onChange(tiers.map((tier, i) => (i === index ? { ...tier, ...change } : tier)));
  const canAdd = tiers.length < MAX_TIERS;
  const canRemove = tiers.length > MIN_TIERS;

  return (
    <div className="tier-edit">
      <ol ref={listRef} className="tier-edit__rows" data-testid="tier-rows-editor">
        {tiers.map((tier, index) => {
          const name = tier.label.trim() === '' ? t.tierNumber({ number: index + 1 }) : tier.label;
          return (
            <li key={index} className="tier-edit__row">
              <label
                className={`tier-edit__swatch tier-edit__swatch--${textOn(tier.color)}`}
                style={{ background: tier.color }}
              >
                <span className="visually-hidden">{t.color({ tier: name })}</span>
                <input
                  type="color"
                  className="tier-edit__color"
                  value={tier.color}
                  onChange={(event) => update(index, { color: event.target.value })}
                />
                <span aria-hidden="true" dir="auto">
                  {tier.label.trim().slice(0, 3)}
                </span>
              </label>
              <input
                className="input tier-edit__label"
                type="text"
                autoComplete="off"
                aria-label={t.label({ number: index + 1 })}
                maxLength={MAX_TIER_LABEL_LENGTH}
                value={tier.label}
                onChange={(event) => update(index, { label: event.target.value })}
                data-testid="tier-label"
              />
              {props.fixedCount ? null : (
                <button
                  type="button"
                  className="btn-icon tier-edit__remove"
                  aria-label={t.remove({ tier: name })}
                  aria-disabled={!canRemove}
                  title={canRemove ? undefined : t.atLeast({ min: MIN_TIERS })}
                  onClick={() => {
                    if (!canRemove) return;
                    refocus.current = index;
                    onChange(tiers.filter((_, i) => i !== index));
                  }}
                >
                  <Trash2 size={18} aria-hidden="true" />
                </button>
              )}
            </li>
          );
        })}
      </ol>
      {props.fixedCount ? null : (
        <div className="tier-edit__foot">
          <button
            type="button"
            className="btn btn-secondary"
            aria-disabled={!canAdd}
            onClick={() => {
              if (!canAdd) return;
              refocus.current = tiers.length;
              onChange([...tiers, { label: '', color: newTierColor(tiers) }]);
            }}
            data-testid="add-tier"
          >
            <Plus size={18} aria-hidden="true" />
            {t.add}
          </button>
          <p className="field__hint">{t.limits({ min: MIN_TIERS, max: MAX_TIERS })}</p>
        </div>
      )}
    </div>
  );
}
