import { describe, expect, it } from 'vitest';
import { canCreate } from '../../domain/game';
import {
  EMPTY_QUIPS,
  missingPiece,
  NO_PROMPT_QUIPS,
  pickQuip,
  QUIPS,
  TOO_FEW_ITEMS_QUIPS,
  type MissingPiece,
} from './quips';

const PIECES: MissingPiece[] = ['prompt', 'items', 'both'];

describe('missingPiece', () => {
  it('names the prompt, the items, both, or nothing', () => {
    expect(missingPiece('', ['a', 'b', 'c'])).toBe('prompt');
    expect(missingPiece('Best snack', ['a', 'b'])).toBe('items');
    expect(missingPiece('', [])).toBe('both');
    expect(missingPiece('', ['a'])).toBe('both');
    expect(missingPiece('Best snack', ['a', 'b', 'c'])).toBeNull();
  });

  it('reads text as the server stores it: blanks and invisible characters count as missing', () => {
    expect(missingPiece('  \u200b ', ['a', 'b', 'c'])).toBe('prompt');
    expect(missingPiece('Best', ['a', '  ', '\u200b', 'b'])).toBe('items');
    expect(missingPiece('Best', [' a ', '', 'b', '', 'c'])).toBeNull();
  });

  it('agrees with canCreate', () => {
    const prompts = ['', ' ', 'x'];
    const lists = [[], ['a'], ['a', 'b'], ['a', ' ', 'b'], ['a', 'b', 'c']];
    for (const prompt of prompts) {
      for (const items of lists) {
        expect(missingPiece(prompt, items) === null, `${prompt}|${items.join(',')}`).toBe(
          canCreate(prompt, items),
        );
      }
    }
  });
});

describe('pickQuip', () => {
  it("keeps the spec's example for too few items, and a few quips for each case", () => {
    expect(TOO_FEW_ITEMS_QUIPS).toContain(
      "You need at least 3 contenders. Two's a duel, three's a rank!",
    );
    const all = [...TOO_FEW_ITEMS_QUIPS, ...NO_PROMPT_QUIPS, ...EMPTY_QUIPS];
    expect(new Set(all).size).toBe(all.length);
    for (const piece of PIECES) expect(QUIPS[piece].length).toBeGreaterThanOrEqual(3);
  });

  it('talks about what is missing: no contenders where the prompt is missing, and so on', () => {
    // A quip for a missing prompt does not ask for items; one for too few items does not ask
    // for a prompt; one for both asks for both.
    for (const quip of NO_PROMPT_QUIPS) expect(quip).not.toMatch(/\b3\b|three|at least/i);
    for (const quip of TOO_FEW_ITEMS_QUIPS) expect(quip).not.toMatch(/prompt|what we are/i);
    for (const quip of EMPTY_QUIPS) {
      expect(quip).toMatch(/prompt|what we are ranking/i);
      expect(quip).toMatch(/3/);
    }
  });

  it('picks only from the quips for what is missing', () => {
    for (const piece of PIECES) {
      for (let i = 0; i < 100; i++) {
        expect(QUIPS[piece]).toContain(pickQuip(piece, null, () => i / 100));
      }
    }
  });

  it('can pick every quip of a case, and never the one shown just before', () => {
    const steps = 1000;
    for (const piece of PIECES) {
      const quips = QUIPS[piece];
      for (const previous of [null, ...quips]) {
        const picked = new Set<string>();
        for (let i = 0; i < steps; i++) picked.add(pickQuip(piece, previous, () => i / steps));
        expect(picked.has(previous ?? '')).toBe(false);
        expect(picked.size).toBe(previous === null ? quips.length : quips.length - 1);
      }
    }
  });

  it('after a quip of another case, any quip of this one may come', () => {
    const previous = NO_PROMPT_QUIPS[0] ?? null;
    const picked = new Set<string>();
    for (let i = 0; i < 1000; i++) picked.add(pickQuip('items', previous, () => i / 1000));
    expect(picked.size).toBe(TOO_FEW_ITEMS_QUIPS.length);
  });

  it('stays in range when the random source returns its upper edge', () => {
    for (const piece of PIECES) {
      expect(QUIPS[piece]).toContain(pickQuip(piece, null, () => 0.9999999));
    }
  });
});
