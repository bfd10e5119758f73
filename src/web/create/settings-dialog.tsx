/**
 * The create screen's settings dialog (SPEC §2): results unlock after a date and time and/or
 * after a number of players. Opened by the gear, which carries a green dot while a rule is set;
 * Escape closes it and focus goes back to the gear. A value the server would ignore (a time that
 * has passed, fewer than 1 player) is kept but called out, not blocked (SPEC §5).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Settings } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { rulesSummary } from '../game/rules-text';
import { DialogHead } from '../ui/dialog-head';
import { useText } from '../i18n/i18n';
import { settingsDialogText } from '../i18n/messages/create';
import { formatLocalDateTime } from '../game/local-datetime';
import {
  checkRuleInputs,
  hasRuleInputs,
  NO_RULE_INPUTS,
  type RuleInputs,
} from '../game/rule-inputs';

export function SettingsDialog(props: {
  rules: RuleInputs;
  onChange: (rules: RuleInputs) => void;
  /** Whether a rule will apply: the gear shows a green dot. */
  active: boolean;
  now: number;
  /** The id of the summary line on the form: it describes the gear. */
  summaryId: string;
}) {
  const t = useText(settingsDialogText);
  const { rules, onChange, active, now } = props;
  const [open, setOpen] = useState(false);
  const deadlineInput = useRef<HTMLInputElement>(null);
  const ids = {
    description: useId(),
    deadline: useId(),
    deadlineNote: useId(),
    players: useId(),
    playersNote: useId(),
  };
  const checked = checkRuleInputs(rules, now);

  // Enter in a field is "done", as in a one-screen form.
  const doneOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="btn-icon settings-gear"
          aria-label={t.title}
          aria-describedby={props.summaryId}
        >
          <Settings size={22} aria-hidden="true" />
          {active ? (
            <span className="settings-gear__dot" data-testid="rules-dot" aria-hidden="true" />
          ) : null}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content
          className="dialog settings-dialog"
          aria-describedby={ids.description}
          data-testid="settings-dialog"
        >
          <DialogHead title={t.title} />
          <Dialog.Description id={ids.description} className="muted">
            {t.description}
          </Dialog.Description>

          <fieldset className="settings-rules">
            <legend className="settings-rules__legend">{t.legend}</legend>
            <div className="settings-rules__fields" data-testid="settings-rules">
              <div className="field settings-rule" data-testid="rule-deadline">
                <label htmlFor={ids.deadline}>{t.deadline}</label>
                <input
                  ref={deadlineInput}
                  id={ids.deadline}
                  className="input"
                  type="datetime-local"
                  min={formatLocalDateTime(now)}
                  value={rules.deadline}
                  aria-invalid={checked.deadlineIgnored || undefined}
                  aria-describedby={ids.deadlineNote}
                  onChange={(e) => onChange({ ...rules, deadline: e.target.value })}
                  onKeyDown={doneOnEnter}
                />
                <p
                  id={ids.deadlineNote}
                  className={checked.deadlineIgnored ? 'rule-note rule-note--ignored' : 'rule-note'}
                >
                  {checked.deadlineIgnored ? t.deadlinePassed : t.deadlineNote}
                </p>
              </div>
              <div className="field settings-rule" data-testid="rule-players">
                <label htmlFor={ids.players}>{t.players}</label>
                <input
                  id={ids.players}
                  className="input"
                  type="number"
                  min={1}
                  step={1}
                  inputMode="numeric"
                  placeholder={t.playersPlaceholder}
                  value={rules.players}
                  aria-invalid={checked.playersIgnored || undefined}
                  aria-describedby={ids.playersNote}
                  onChange={(e) => onChange({ ...rules, players: e.target.value })}
                  onKeyDown={doneOnEnter}
                />
                <p
                  id={ids.playersNote}
                  className={checked.playersIgnored ? 'rule-note rule-note--ignored' : 'rule-note'}
                >
                  {checked.playersIgnored ? t.playersIgnored : t.playersNote}
                </p>
              </div>
            </div>
          </fieldset>

          <p className="settings-dialog__summary" aria-live="polite">
            {rulesSummary(checked.rules, now) ?? t.noRules}
          </p>

          <div className="settings-dialog__actions">
            <button
              type="button"
              className="btn btn-text"
              onClick={() => {
                onChange(NO_RULE_INPUTS);
                // The button is disabled once nothing is set: focus goes to the first field.
                deadlineInput.current?.focus();
              }}
              disabled={!hasRuleInputs(rules)}
            >
              {t.clear}
            </button>
            <Dialog.Close asChild>
              <button type="button" className="btn btn-primary">
                {t.done}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
