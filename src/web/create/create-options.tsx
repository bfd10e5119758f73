/** The create screen's options: Publish to Community, and when results show (the rules). */
import { useId } from 'react';
import { useText } from '../i18n/i18n';
import { createOptionsText, settingsDialogText } from '../i18n/messages/create';
import { rulesSummary } from '../game/rules-text';
import { useNow } from '../ui/use-now';
import { PublishToggle } from './publish-toggle';
import { checkRuleInputs, hasRules, type RuleInputs } from '../game/rule-inputs';
import { SettingsDialog } from './settings-dialog';

export function CreateOptions(props: {
  publish: boolean;
  onPublishChange: (publish: boolean) => void;
  rules: RuleInputs;
  onRulesChange: (rules: RuleInputs) => void;
}) {
  const t = useText(createOptionsText);
  const settings = useText(settingsDialogText);
  const now = useNow();
  const summaryId = useId();
  const keptRules = checkRuleInputs(props.rules, now).rules;
  return (
    <div className="create-options">
      <PublishToggle checked={props.publish} onChange={props.onPublishChange} />
      <div className="option-row">
        <div className="option-row__text">
          <p className="option-row__label">{t.whenResults}</p>
          <p id={summaryId} className="field__hint" data-testid="rules-summary">
            {rulesSummary(keptRules, now) ?? settings.noRules}
          </p>
        </div>
        <SettingsDialog
          rules={props.rules}
          onChange={props.onRulesChange}
          active={hasRules(keptRules)}
          now={now}
          summaryId={summaryId}
        />
      </div>
    </div>
  );
}
