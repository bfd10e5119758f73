/** The create screen's options: Publish to Community, and when results show (the rules). */
import { useId } from 'react';
import { rulesSummary } from '../results/rules-text';
import { useNow } from '../shell/ui/use-now';
import { PublishToggle } from './publish-toggle';
import { checkRuleInputs, hasRules, type RuleInputs } from './rule-inputs';
import { NO_RULES_TEXT, SettingsDialog } from './settings-dialog';

export function CreateOptions(props: {
  publish: boolean;
  onPublishChange: (publish: boolean) => void;
  rules: RuleInputs;
  onRulesChange: (rules: RuleInputs) => void;
}) {
  const now = useNow();
  const summaryId = useId();
  const keptRules = checkRuleInputs(props.rules, now).rules;
  return (
    <div className="create-options">
      <PublishToggle checked={props.publish} onChange={props.onPublishChange} />
      <div className="option-row">
        <div className="option-row__text">
          <p className="option-row__label">When results show</p>
          <p id={summaryId} className="field__hint" data-testid="rules-summary">
            {rulesSummary(keptRules, now) ?? NO_RULES_TEXT}
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
