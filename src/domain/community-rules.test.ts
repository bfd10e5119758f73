import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES, MAX_TAG_LENGTH, MAX_TAGS } from './community';
import {
  canBuild,
  cleanTag,
  cursorFor,
  EMOJI_MESSAGE,
  encodeCursor,
  normalizeBuilder,
  normalizeEmoji,
  normalizeTag,
  normalizeTags,
  parseCursor,
  type CommunityCursor,
} from './community-rules';
import { AppError } from './errors';
import { MESSAGES } from './game';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid-argument');
    return (error as AppError).message;
  }
  throw new Error('expected a failure');
}

describe('tags', () => {
  it('trims, drops a leading #, folds spaces and lower-cases', () => {
    expect(cleanTag('  #Food  ')).toBe('food');
    expect(cleanTag('Fast   Food')).toBe('fast food');
    expect(normalizeTag(' Movies ')).toBe('movies');
  });

  it('drops invisible and bidi characters and reads full-width letters as ASCII', () => {
    expect(cleanTag('\u202e#Fo\u200bod')).toBe('food');
    expect(cleanTag('ｆｏｏｄ')).toBe('food');
    expect(normalizeTags(['food', 'ｆｏｏｄ', 'fo\u200dod'])).toEqual(['food']);
  });

  it('drops empties and duplicates, keeping the first spelling order', () => {
    expect(normalizeTags(['Food', ' food', '', '  ', '#FOOD', 'Snacks'])).toEqual([
      'food',
      'snacks',
    ]);
    expect(normalizeTags([])).toEqual([]);
  });

  it('refuses more than 5 distinct tags and tags longer than 24 characters', () => {
    expect(normalizeTags(['a', 'b', 'c', 'd', 'e'])).toHaveLength(MAX_TAGS);
    expect(messageOf(() => normalizeTags(['a', 'b', 'c', 'd', 'e', 'f']))).toBe(
      COMMUNITY_MESSAGES.tooManyTags,
    );
    // Six entries, five distinct: fine.
    expect(normalizeTags(['a', 'b', 'c', 'd', 'e', 'A'])).toHaveLength(5);
    expect(normalizeTags(['x'.repeat(MAX_TAG_LENGTH)])).toEqual(['x'.repeat(MAX_TAG_LENGTH)]);
    expect(messageOf(() => normalizeTags(['x'.repeat(MAX_TAG_LENGTH + 1)]))).toBe(
      COMMUNITY_MESSAGES.badTag,
    );
    expect(messageOf(() => normalizeTags(['x'.repeat(10_000)]))).toBe(COMMUNITY_MESSAGES.badTag);
    expect(messageOf(() => normalizeTag('   '))).toBe(COMMUNITY_MESSAGES.badTag);
    expect(messageOf(() => normalizeTag('#'))).toBe(COMMUNITY_MESSAGES.badTag);
  });

  it('always gives at most 5 clean, distinct tags of 1-24 characters (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }), { maxLength: 12 }), (raw) => {
        let tags: string[];
        try {
          tags = normalizeTags(raw);
        } catch (error) {
          expect([COMMUNITY_MESSAGES.tooManyTags, COMMUNITY_MESSAGES.badTag]).toContain(
            (error as AppError).message,
          );
          return;
        }
        expect(tags.length).toBeLessThanOrEqual(MAX_TAGS);
        expect(new Set(tags).size).toBe(tags.length);
        for (const tag of tags) {
          expect(tag.length).toBeGreaterThanOrEqual(1);
          expect(tag.length).toBeLessThanOrEqual(MAX_TAG_LENGTH);
          expect(tag).toBe(cleanTag(tag));
        }
        // Idempotent.
        expect(normalizeTags(tags)).toEqual(tags);
      }),
    );
  });
});

describe('emoji', () => {
  it('keeps one emoji, including joined and flag sequences; empty means none', () => {
    expect(normalizeEmoji(' 🍕 ')).toBe('🍕');
    expect(normalizeEmoji('👩‍👩‍👧‍👦')).toBe('👩‍👩‍👧‍👦');
    expect(normalizeEmoji('🇫🇷')).toBe('🇫🇷');
    expect(normalizeEmoji('❤️')).toBe('❤️');
    expect(normalizeEmoji('')).toBeNull();
    expect(normalizeEmoji(undefined)).toBeNull();
    expect(normalizeEmoji(null)).toBeNull();
  });

  it('refuses text, several emoji and digits', () => {
    for (const bad of ['pizza', '🍕🍍', 'a🍕', '1', '#', '<b>']) {
      expect(messageOf(() => normalizeEmoji(bad))).toBe(EMOJI_MESSAGE);
    }
  });
});

describe('the builder', () => {
  it('needs a title and at least 3 items (the spec message)', () => {
    expect(canBuild('Best snack', ['a', 'b', 'c'])).toBe(true);
    expect(canBuild('  ', ['a', 'b', 'c'])).toBe(false);
    expect(canBuild('Best', ['a', ' ', 'c'])).toBe(false);
    for (const input of [
      { title: '', items: ['a', 'b', 'c'] },
      { title: '   ', items: ['a', 'b', 'c'] },
      { title: 'Best', items: ['a', 'b'] },
      { title: 'Best', items: ['a', 'b', '  '] },
      { title: 'Best', items: [] },
    ]) {
      expect(messageOf(() => normalizeBuilder(input))).toBe(COMMUNITY_MESSAGES.needTitleAndItems);
    }
  });

  it('normalises title, items, emoji and tags; the create rules still apply', () => {
    expect(
      normalizeBuilder({
        title: '  Best snack ',
        items: [' Chips', '', 'Nuts ', 'Pretzels'],
        emoji: '🥨',
        tags: ['Food', 'food', ' Snacks'],
      }),
    ).toEqual({
      title: 'Best snack',
      labels: ['Chips', 'Nuts', 'Pretzels'],
      emoji: '🥨',
      tags: ['food', 'snacks'],
    });
    expect(messageOf(() => normalizeBuilder({ title: 'T', items: ['a', 'A', 'b'] }))).toBe(
      MESSAGES.duplicateItems,
    );
    expect(
      messageOf(() =>
        normalizeBuilder({ title: 'T', items: ['a', 'b', 'c'], tags: ['x'.repeat(25)] }),
      ),
    ).toBe(COMMUNITY_MESSAGES.badTag);
  });
});

describe('keyset cursors', () => {
  const id = fc.stringMatching(/^[A-Za-z0-9]{1,12}$/);
  const micros = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });
  const count = fc.integer({ min: 0, max: 2_147_483_647 });
  const cursor: fc.Arbitrary<CommunityCursor> = fc.oneof(
    fc.record({ sort: fc.constant('new' as const), createdUs: micros, id }),
    fc.record({
      sort: fc.constant('popular' as const),
      plays: count,
      likes: count,
      createdUs: micros,
      id,
    }),
    fc.record({
      sort: fc.constant('search' as const),
      rank: fc.float({ min: 0, max: 1, noNaN: true }).map((value) => Math.abs(value)),
      createdUs: micros,
      id,
    }),
  );

  it('round-trips every cursor, as URL-safe text (property)', () => {
    fc.assert(
      fc.property(cursor, (value) => {
        const encoded = encodeCursor(value);
        expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(parseCursor(encoded)).toEqual(value);
        expect(cursorFor(encoded, value.sort)).toEqual(value);
      }),
    );
  });

  it('refuses forged, truncated or foreign cursors', () => {
    const good = encodeCursor({ sort: 'new', createdUs: 1_700_000_000_000_000, id: 'abc' });
    const forge = (value: unknown) =>
      btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    for (const bad of [
      'x',
      '!!!',
      good.slice(0, -3),
      `${good}=`,
      'a'.repeat(500),
      forge({ sort: 'new' }),
      forge(['n', -1, 'abc']),
      forge(['n', 1.5, 'abc']),
      forge(['n', '1', 'abc']),
      forge(['n', 1, '']),
      forge(['n', 1, "abc'; drop table rank_like; --"]),
      forge(['n', 1, 'abc', 'extra']),
      forge(['p', 2 ** 31, 0, 1, 'abc']),
      forge(['p', 1, -1, 1, 'abc']),
      forge(['s', Number.MAX_VALUE, 1, 'abc']),
      forge(['s', -0.5, 1, 'abc']),
      forge(['q', 1, 'abc']),
      forge(null),
      forge(42),
    ]) {
      expect(parseCursor(bad), bad).toBeNull();
      expect(messageOf(() => cursorFor(bad, 'new'))).toBe(COMMUNITY_MESSAGES.badCursor);
    }
  });

  it('refuses a cursor from another ordering; none is the first page', () => {
    const popular = encodeCursor({ sort: 'popular', plays: 3, likes: 1, createdUs: 5, id: 'a' });
    expect(messageOf(() => cursorFor(popular, 'new'))).toBe(COMMUNITY_MESSAGES.badCursor);
    expect(messageOf(() => cursorFor(popular, 'search'))).toBe(COMMUNITY_MESSAGES.badCursor);
    expect(cursorFor(undefined, 'new')).toBeNull();
    expect(cursorFor('', 'popular')).toBeNull();
  });

  it('never throws anything but a bad-cursor error on arbitrary text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (raw) => {
        try {
          cursorFor(raw, 'new');
        } catch (error) {
          expect((error as AppError).message).toBe(COMMUNITY_MESSAGES.badCursor);
        }
      }),
    );
  });
});
