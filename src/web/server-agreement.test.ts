/**
 * The web and the server agree on people's text (issue 23): every example below goes through the
 * web's checks (the item rows' duplicate check, the create draft and the owner's item editor as
 * they send) and through the server's rules (`normalizeNewGame` at creation, `applyItemEdit` when
 * the owner edits), and both must say the same: the same rows are duplicates, the same text is
 * stored. The form never accepts what the server refuses, nor refuses what it takes.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES, normalizeNewGame } from '../domain/game';
import type { NewItem } from './api/games';
import { applyItemEdit } from '../domain/lifecycle';
import { newGameFromDraft } from './game/draft';
import { findDuplicates, itemRowsFor } from './game/item-row-edits';
import { NO_RULE_INPUTS } from './game/rule-inputs';
import { editSummary, toItemEdits } from './owner/item-rows';

/** Two labels, and whether they are the same item to a reader. */
const DUPLICATES: [string, string, boolean][] = [
  // Unicode forms: composed and decomposed accents, compatibility forms.
  ['Café', 'Cafe\u0301', true],
  ['Ångström', 'A\u030angstro\u0308m', true],
  ['full', 'ｆｕｌｌ', true],
  ['fine', 'ﬁne', true],
  // Case, including letters whose case changes their length.
  ['Pizza', 'PIZZA', true],
  ['straße', 'STRASSE', true],
  ['Москва', 'МОСКВА', true],
  // Spaces: around, inside, and spacing controls.
  ['Pizza', '  Pizza  ', true],
  ['New York', 'New  York', true],
  ['New York', 'New\tYork', true],
  ['New York', 'New\nYork', true],
  ['New York', 'New\u00a0York', true],
  // Invisible characters: zero-width, soft hyphen, bidirectional controls, BOM.
  ['AB', 'A\u200bB', true],
  ['Tacos', 'Ta\u00adcos', true],
  ['evil', '\u202eevil', true],
  ['Sushi', '\ufeffSushi', true],
  // Look-alike letters, dashes and quotes.
  ['Paris', 'P\u0430ris', true],
  ['rock-n-roll', 'rock\u2013n\u2013roll', true],
  ["it's", 'it\u2019s', true],
  // Emoji: a variation selector or a joiner changes how it looks, not what it says.
  ['❤', '❤\ufe0f', true],
  ['👨‍👩‍👧', '👨👩👧', true],
  // Different items.
  ['Cafe', 'Café', false],
  ['Apple', 'Apples', false],
  ['New York', 'NewYork', false],
  ['1', 'one', false],
  ['Rock', 'Rock!', false],
];

/** Typed text, and what is stored. */
const CLEANING: [string, string][] = [
  ['  Pizza  ', 'Pizza'],
  ['Cafe\u0301', 'Café'],
  ['New\tYork', 'New York'],
  ['New\nYork', 'New York'],
  ['A\u200bB', 'AB'],
  ['Ta\u00adcos', 'Tacos'],
  ['\u202eevil', 'evil'],
  ['\ufeffSushi', 'Sushi'],
  ['❤\ufe0f', '❤\ufe0f'],
  ['👨‍👩‍👧', '👨‍👩‍👧'],
  ['Straße', 'Straße'],
];

/** Two more items, distinct from every example, so a game has enough. */
const OTHERS = ['Zebra crossing', 'Quokka'];

/** What the server says of these labels when a game is created: stored labels, or refused. */
function serverCreates(items: NewItem[]): string[] | 'duplicate' {
  const labels = items.map((item) => (typeof item === 'string' ? item : item.label));
  try {
    return normalizeNewGame({ prompt: 'Best', items: labels }).labels;
  } catch (error) {
    if (error instanceof Error && error.message === MESSAGES.duplicateItems) return 'duplicate';
    throw error;
  }
}

/** What the server says when the owner saves these edits: stored labels, or refused. */
function serverEdits(edits: ReturnType<typeof toItemEdits>): string[] | 'duplicate' {
  let next = 0;
  try {
    return applyItemEdit([], edits, () => `i${(next += 1)}`).map((item) => item.label);
  } catch (error) {
    if (error instanceof Error && error.message === MESSAGES.duplicateItems) return 'duplicate';
    throw error;
  }
}

/** The create screen's draft with these items, as it is sent. */
function webSends(prompt: string, items: string[]) {
  return newGameFromDraft(
    { prompt, items, rules: NO_RULE_INPUTS, publish: false, pressed: true },
    Date.now(),
  );
}

describe('web and server agree on duplicates', () => {
  it.each(DUPLICATES)('%j and %j: same item %s', (a, b, same) => {
    const rows = itemRowsFor([a, b, ...OTHERS]);
    const web = findDuplicates(rows);
    expect(web.size > 0).toBe(same);
    if (same) expect([...web]).toEqual([rows[1]!.key]);

    const created = serverCreates(webSends('Best', [a, b, ...OTHERS]).items);
    expect(created === 'duplicate').toBe(same);
    expect(serverEdits(toItemEdits(rows)) === 'duplicate').toBe(same);
  });

  it('leaves blank rows out on both sides, invisible characters included', () => {
    const rows = itemRowsFor(['\u200b', '  ', '\u200b', 'Chips', 'Salsa', 'Guacamole']);
    expect(findDuplicates(rows).size).toBe(0);
    expect(
      serverCreates(
        webSends(
          'Best',
          rows.map((row) => row.label),
        ).items,
      ),
    ).toEqual(['Chips', 'Salsa', 'Guacamole']);
    expect(serverEdits(toItemEdits(rows))).toEqual(['Chips', 'Salsa', 'Guacamole']);
  });
});

describe('web and server agree on cleaning', () => {
  it.each(CLEANING)('%j is stored as %j', (typed, stored) => {
    const sent = webSends(typed, [typed, ...OTHERS]);
    expect(sent.prompt).toBe(stored);
    expect(sent.items[0]).toBe(stored);
    expect(normalizeNewGame({ prompt: typed, items: [typed, ...OTHERS] })).toEqual({
      prompt: sent.prompt,
      labels: sent.items,
    });

    const edits = toItemEdits(itemRowsFor([typed, ...OTHERS]));
    expect(edits[0]).toBe(stored);
    expect(serverEdits(edits)).toEqual([stored, ...OTHERS]);
  });

  it('counts an edit that only changes invisible characters as no rename, as the server keeps it', () => {
    const items = [{ id: 'a', label: 'Café' }];
    const rows = [{ key: 'a', id: 'a', label: 'Cafe\u0301\u200b ' }];
    expect(editSummary(items, rows)).toEqual({ renamed: 0, added: 0, removed: 0 });
    let next = 0;
    expect(applyItemEdit(items, toItemEdits(rows), () => `i${(next += 1)}`)).toEqual(items);
  });
});
