import { describe, expect, it } from 'vitest';
import { MAX_SIZE_LIMIT } from '../../domain/lifecycle';
import { checkRuleInputs, hasRuleInputs, hasRules, NO_RULE_INPUTS } from './rule-inputs';

const now = new Date(2026, 10, 23, 10, 0).getTime();
const tomorrowEvening = new Date(2026, 10, 24, 18, 0).getTime();

describe('checkRuleInputs', () => {
  it('makes no rules from empty fields', () => {
    expect(checkRuleInputs(NO_RULE_INPUTS, now)).toEqual({
      rules: { sizeLimit: null, deadlineAt: null },
      deadlineIgnored: false,
      playersIgnored: false,
    });
    expect(checkRuleInputs({ deadline: '', players: '   ' }, now).playersIgnored).toBe(false);
  });

  it('keeps a future time and a players number of 1 or more', () => {
    expect(checkRuleInputs({ deadline: '2026-11-24T18:00', players: '5' }, now)).toEqual({
      rules: { sizeLimit: 5, deadlineAt: tomorrowEvening },
      deadlineIgnored: false,
      playersIgnored: false,
    });
    expect(checkRuleInputs({ deadline: '', players: '1' }, now).rules.sizeLimit).toBe(1);
  });

  it('rounds a fractional players number up and caps it, as the server does', () => {
    expect(checkRuleInputs({ deadline: '', players: '2.5' }, now).rules.sizeLimit).toBe(3);
    expect(checkRuleInputs({ deadline: '', players: '1e9' }, now).rules.sizeLimit).toBe(
      MAX_SIZE_LIMIT,
    );
  });

  it('marks a past or present time as ignored', () => {
    for (const deadline of ['2026-11-23T09:59', '2026-11-23T10:00', '2020-01-01T00:00']) {
      const checked = checkRuleInputs({ deadline, players: '' }, now);
      expect(checked.rules.deadlineAt, deadline).toBeNull();
      expect(checked.deadlineIgnored, deadline).toBe(true);
    }
  });

  it('marks a malformed time and a time centuries ahead as ignored', () => {
    for (const deadline of ['2026-02-30T10:00', 'soon', '2999-01-01T00:00']) {
      expect(checkRuleInputs({ deadline, players: '' }, now).deadlineIgnored, deadline).toBe(true);
    }
  });

  it('marks a players number below 1 as ignored, keeping the other rule', () => {
    for (const players of ['0', '-3', 'abc', 'Infinity']) {
      const checked = checkRuleInputs({ deadline: '2026-11-24T18:00', players }, now);
      expect(checked.rules, players).toEqual({ sizeLimit: null, deadlineAt: tomorrowEvening });
      expect(checked.playersIgnored, players).toBe(true);
    }
  });
});

describe('hasRuleInputs and hasRules', () => {
  it('tell whether anything was entered and whether any rule will apply', () => {
    expect(hasRuleInputs(NO_RULE_INPUTS)).toBe(false);
    expect(hasRuleInputs({ deadline: '', players: '0' })).toBe(true);
    expect(hasRules({ sizeLimit: null, deadlineAt: null })).toBe(false);
    expect(hasRules({ sizeLimit: 2, deadlineAt: null })).toBe(true);
    expect(hasRules({ sizeLimit: null, deadlineAt: now })).toBe(true);
  });
});
