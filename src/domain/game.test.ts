import { describe, expect, it } from 'vitest';
import { checkRanking } from './ballot';
import { AppError } from './errors';
import {
  canCreate,
  canSeeResults,
  cleanLabels,
  MESSAGES,
  normalizeAccountName,
  normalizeNewGame,
  playerName,
  shownName,
  resultsLocked,
  slugify,
} from './game';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error('expected a failure');
}

describe('creating a game', () => {
  it('trims labels and drops empties', () => {
    expect(cleanLabels([' a ', '', '  ', 'b'])).toEqual(['a', 'b']);
    expect(normalizeNewGame({ prompt: '  Best?  ', items: [' x', 'y ', '', 'z'] })).toEqual({
      prompt: 'Best?',
      labels: ['x', 'y', 'z'],
    });
  });

  it('needs a prompt and three items, as the create button does', () => {
    expect(canCreate('p', ['a', 'b', 'c'])).toBe(true);
    expect(canCreate(' ', ['a', 'b', 'c'])).toBe(false);
    expect(canCreate('p', ['a', 'b', ' '])).toBe(false);
    expect(messageOf(() => normalizeNewGame({ prompt: '  ', items: ['a', 'b', 'c'] }))).toBe(
      MESSAGES.promptRequired,
    );
    expect(messageOf(() => normalizeNewGame({ prompt: 'p', items: ['a', 'b', ''] }))).toBe(
      MESSAGES.tooFewItems,
    );
  });

  it('refuses duplicates (ignoring case), too many items and overlong texts', () => {
    expect(messageOf(() => normalizeNewGame({ prompt: 'p', items: ['a', 'B', 'b'] }))).toBe(
      MESSAGES.duplicateItems,
    );
    const many = Array.from({ length: 201 }, (_, i) => `item ${i}`);
    expect(messageOf(() => normalizeNewGame({ prompt: 'p', items: many }))).toBe(
      MESSAGES.tooManyItems,
    );
    expect(normalizeNewGame({ prompt: 'p', items: many.slice(0, 200) }).labels).toHaveLength(200);
    expect(messageOf(() => normalizeNewGame({ prompt: 'p'.repeat(201), items: many }))).toBe(
      MESSAGES.promptTooLong,
    );
    expect(
      messageOf(() => normalizeNewGame({ prompt: 'p', items: ['a', 'b', 'c'.repeat(121)] })),
    ).toBe(MESSAGES.itemTooLong);
  });

  it('makes readable slugs', () => {
    expect(slugify('What is the BEST pizza topping?')).toBe('what-is-the-best-pizza-topping');
    expect(slugify('Crème brûlée vs. flan!')).toBe('creme-brulee-vs-flan');
    expect(slugify('🍕🍕')).toBe('rank');
    expect(slugify('a'.repeat(80)).length).toBeLessThanOrEqual(48);
  });
});

describe('checking a ranking', () => {
  const ids = ['a', 'b', 'c'];
  it('accepts a permutation, and any subset as saved progress', () => {
    expect(() => checkRanking(['c', 'a', 'b'], ids, false)).not.toThrow();
    expect(() => checkRanking(['b'], ids, true)).not.toThrow();
  });
  it('refuses missing, repeated and unknown items', () => {
    expect(messageOf(() => checkRanking(['a', 'b'], ids, false))).toBe(MESSAGES.rankingIncomplete);
    expect(messageOf(() => checkRanking(['a', 'a', 'b'], ids, false))).toBe(
      MESSAGES.rankingDuplicate,
    );
    expect(messageOf(() => checkRanking(['a', 'b', 'x'], ids, false))).toBe(
      MESSAGES.rankingUnknownItem,
    );
    expect(messageOf(() => checkRanking(['a', 'a'], ids, true))).toBe(MESSAGES.rankingDuplicate);
  });
});

describe('player names', () => {
  it('uses what was typed, else the account name, else Anonymous', () => {
    expect(playerName(' Bea ', 'Beatrice')).toBe('Bea');
    expect(playerName('', 'Beatrice')).toBe('Beatrice');
    expect(playerName(undefined, null)).toBe('Anonymous');
  });
  it('limits only what was typed; a long account name is shortened', () => {
    expect(messageOf(() => playerName('x'.repeat(41), null))).toBe(MESSAGES.nameTooLong);
    expect(playerName('', 'y'.repeat(60))).toBe('y'.repeat(40));
  });
  it('cleans names of control, bidi and invisible characters', () => {
    expect(playerName('\u202eBea\u200b', null)).toBe('Bea');
    expect(playerName('\u200b\u200b', 'Beatrice')).toBe('Beatrice');
    expect(shownName('\u0000\u202e')).toBe('Anonymous');
    expect(shownName('😀'.repeat(30), 40)).toBe('😀'.repeat(20));
    expect(shownName('y'.repeat(60))).toBe('y'.repeat(50));
  });
});

describe('account names', () => {
  it('are 1 to 50 characters once cleaned', () => {
    expect(normalizeAccountName('  Bea\u200b ')).toBe('Bea');
    expect(normalizeAccountName('x'.repeat(50))).toBe('x'.repeat(50));
    expect(messageOf(() => normalizeAccountName('x'.repeat(51)))).toBe(MESSAGES.accountNameTooLong);
    expect(messageOf(() => normalizeAccountName('x'.repeat(250_000)))).toBe(
      MESSAGES.accountNameTooLong,
    );
    expect(MESSAGES.accountNameTooLong).toBe('Name must be at most 50 characters');
    expect(messageOf(() => normalizeAccountName('   '))).toBe(MESSAGES.nameRequired);
    expect(messageOf(() => normalizeAccountName('\u200b\u202e\u3164'))).toBe(MESSAGES.nameRequired);
  });
});

describe('text in games', () => {
  it('cleans prompts and labels and finds look-alike duplicates', () => {
    expect(normalizeNewGame({ prompt: '\u202eBest\u200b?', items: ['a', 'b', 'c\u0000'] })).toEqual(
      {
        prompt: 'Best?',
        labels: ['a', 'b', 'c'],
      },
    );
    for (const [one, other] of [
      ['Café', 'Cafe\u0301'],
      ['AB', 'A\u200bB'],
      ['full', 'ｆｕｌｌ'],
      ['evil', '\u202eevil'],
      ['Paypal', 'Pаypаl'],
    ]) {
      expect(messageOf(() => normalizeNewGame({ prompt: 'p', items: [one!, other!, 'z'] }))).toBe(
        MESSAGES.duplicateItems,
      );
    }
    expect(cleanLabels(['\u200b', ' \u202e ', 'x'])).toEqual(['x']);
    expect(canCreate('\u200b', ['a', 'b', 'c'])).toBe(false);
  });
});

describe('seeing results', () => {
  it('are unlocked at once without rules, and when a game with rules closes', () => {
    expect(resultsLocked({ sizeLimit: null, deadlineAt: null, closed: false })).toBe(false);
    expect(resultsLocked({ sizeLimit: 5, deadlineAt: null, closed: false })).toBe(true);
    expect(resultsLocked({ sizeLimit: null, deadlineAt: 1, closed: true })).toBe(false);
  });
  it('are for the owner always, and for players after they submit', () => {
    const open = { isOwner: false, hasFinalSubmission: false, locked: false, closed: false };
    expect(canSeeResults({ ...open, isOwner: true, locked: true })).toBe(true);
    expect(canSeeResults(open)).toBe(false);
    expect(canSeeResults({ ...open, hasFinalSubmission: true })).toBe(true);
    expect(canSeeResults({ ...open, hasFinalSubmission: true, locked: true })).toBe(false);
    // Closed: no more rankings, so anyone may see the crowd's.
    expect(canSeeResults({ ...open, closed: true })).toBe(true);
  });
});
