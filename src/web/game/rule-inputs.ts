/**
 * The settings dialog's two fields as the person typed them, and the closing rules they make.
 * The server ignores a time that is not in the future and a players number that is not above 0
 * (SPEC §5; `normalizeRules`); the same function decides here, so the form says exactly what the
 * game will get, and the dialog can say plainly which value will be ignored. Pure.
 */
import { normalizeRules } from '../../domain/lifecycle';
import type { RuleSettings } from './rules-text';
import { parseLocalDateTime } from './local-datetime';

/** The fields' values: a datetime-local string and the players number as typed ('' = unset). */
export type RuleInputs = { deadline: string; players: string };

export const NO_RULE_INPUTS: RuleInputs = { deadline: '', players: '' };

export type CheckedRules = {
  /** What the game will get: the rules that survive the server's checks. */
  rules: RuleSettings;
  /** A value was entered but will be ignored. */
  deadlineIgnored: boolean;
  playersIgnored: boolean;
};

export function checkRuleInputs(inputs: RuleInputs, now: number): CheckedRules {
  const deadlineAt = inputs.deadline === '' ? null : parseLocalDateTime(inputs.deadline);
  const players = inputs.players.trim() === '' ? null : Number(inputs.players);
  const { sizeLimit, deadlineAt: keptDeadline } = normalizeRules(
    { sizeLimit: players, deadlineAt },
    now,
  );
  return {
    rules: { sizeLimit, deadlineAt: keptDeadline },
    deadlineIgnored: inputs.deadline !== '' && keptDeadline === null,
    playersIgnored: inputs.players.trim() !== '' && sizeLimit === null,
  };
}

export function hasRuleInputs(inputs: RuleInputs): boolean {
  return inputs.deadline !== '' || inputs.players.trim() !== '';
}

export function hasRules(rules: RuleSettings): boolean {
  return rules.sizeLimit !== null || rules.deadlineAt !== null;
}
