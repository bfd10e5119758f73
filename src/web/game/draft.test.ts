import { describe, expect, it } from 'vitest';
import { DEFAULT_TIERS } from '../../domain/ballot';
import { MAX_ITEM_LENGTH, MAX_ITEMS, MAX_PROMPT_LENGTH } from '../../domain/limits';
import { memoryStore, storageKeys } from '../shell/session/storage';
import {
  clearDraft,
  isBlankDraft,
  newGameFromDraft,
  parseDraft,
  readDraft,
  saveDraft,
  type CreateDraft,
} from './draft';

const draft: CreateDraft = {
  prompt: '  Best snack ',
  items: [' Chips', '', 'Nuts ', 'Pretzels', '  '],
  rules: { deadline: '2026-11-24T18:00', players: '5' },
  publish: true,
  pressed: false,
};

const now = new Date(2026, 10, 23, 10, 0).getTime();

describe('parseDraft', () => {
  it('reads back what was stored', () => {
    expect(parseDraft(JSON.parse(JSON.stringify(draft)))).toEqual(draft);
    expect(parseDraft({ ...draft, items: [], pressed: true })).toEqual({
      ...draft,
      items: [],
      pressed: true,
    });
  });

  it('keeps only the fields of a draft', () => {
    expect(parseDraft({ ...draft, extra: 'x', rules: { ...draft.rules, more: 1 } })).toEqual(draft);
  });

  it('treats anything unreadable as no draft', () => {
    const broken: unknown[] = [
      null,
      undefined,
      'draft',
      42,
      [],
      {},
      { ...draft, prompt: 7 },
      { ...draft, prompt: 'x'.repeat(MAX_PROMPT_LENGTH + 1) },
      { ...draft, items: 'Chips' },
      { ...draft, items: ['Chips', 3] },
      { ...draft, items: ['x'.repeat(MAX_ITEM_LENGTH + 1)] },
      { ...draft, items: Array.from({ length: MAX_ITEMS + 1 }, () => 'x') },
      { ...draft, rules: null },
      { ...draft, rules: { deadline: 5, players: '' } },
      { ...draft, rules: { deadline: '', players: 5 } },
      { ...draft, rules: { deadline: 'x'.repeat(1000), players: '' } },
      { ...draft, publish: 'yes' },
      { ...draft, pressed: 1 },
      { prompt: 'p', items: [] },
    ];
    for (const value of broken) expect(parseDraft(value), JSON.stringify(value)).toBeNull();
  });
});

describe('isBlankDraft', () => {
  const blank: CreateDraft = {
    prompt: ' ',
    items: ['', ' ', ''],
    rules: { deadline: '', players: '' },
    publish: false,
    pressed: false,
  };

  it('is true only when nothing at all was entered', () => {
    expect(isBlankDraft(blank)).toBe(true);
    expect(isBlankDraft({ ...blank, prompt: 'p' })).toBe(false);
    expect(isBlankDraft({ ...blank, items: ['', 'x'] })).toBe(false);
    expect(isBlankDraft({ ...blank, rules: { deadline: '', players: '0' } })).toBe(false);
    expect(isBlankDraft({ ...blank, publish: true })).toBe(false);
  });
});

describe('session storage', () => {
  it('saves, reads and clears the draft under crowned.pendingStart', () => {
    const storage = memoryStore();
    expect(readDraft(storage)).toBeNull();
    saveDraft(draft, storage);
    expect(JSON.parse(storage.getItem(storageKeys.pendingStart) ?? 'null')).toEqual(draft);
    expect(readDraft(storage)).toEqual(draft);
    clearDraft(storage);
    expect(readDraft(storage)).toBeNull();
    expect(storage.size()).toBe(0);
  });

  it('drops a blank draft instead of keeping it', () => {
    const storage = memoryStore();
    saveDraft(draft, storage);
    saveDraft(
      {
        prompt: '',
        items: ['', '', ''],
        rules: { deadline: '', players: '' },
        publish: false,
        pressed: false,
      },
      storage,
    );
    expect(storage.size()).toBe(0);
  });

  it('reads broken JSON as no draft, and works without storage', () => {
    const storage = memoryStore();
    storage.setItem(storageKeys.pendingStart, '{"prompt":');
    expect(readDraft(storage)).toBeNull();
    expect(readDraft(null)).toBeNull();
    expect(() => saveDraft(draft, null)).not.toThrow();
    expect(() => clearDraft(null)).not.toThrow();
  });
});

describe('newGameFromDraft', () => {
  it('trims, drops empty rows and keeps the rules and the publish choice', () => {
    expect(newGameFromDraft(draft, now)).toEqual({
      prompt: 'Best snack',
      items: ['Chips', 'Nuts', 'Pretzels'],
      publish: true,
      sizeLimit: 5,
      deadlineAt: new Date(2026, 10, 24, 18, 0).getTime(),
    });
  });

  it('drops a deadline that has passed meanwhile and a players number below 1', () => {
    const later = new Date(2026, 10, 25, 9, 0).getTime();
    expect(newGameFromDraft(draft, later)).toMatchObject({ sizeLimit: 5, deadlineAt: null });
    expect(
      newGameFromDraft({ ...draft, rules: { deadline: '', players: '0' }, publish: false }, now),
    ).toMatchObject({ sizeLimit: null, deadlineAt: null, publish: false });
  });
});

describe('the Ballot choice in a draft (issue 25)', () => {
  const tiers = { kind: 'tiers' as const, n: '', tiers: [...DEFAULT_TIERS] };

  it('is kept and read back; a draft from before it asks for a full ranking', () => {
    const withBallot = { ...draft, ballot: { ...tiers, kind: 'top' as const, n: '2' } };
    expect(parseDraft(JSON.parse(JSON.stringify(withBallot)))).toEqual(withBallot);
    expect(parseDraft(draft)?.ballot).toBeUndefined();
    expect(parseDraft({ ...draft, ballot: { kind: 'best' } })).toBeNull();
    expect(
      isBlankDraft({
        ...draft,
        prompt: '',
        items: [],
        rules: { deadline: '', players: '' },
        publish: false,
        ballot: tiers,
      }),
    ).toBe(false);
  });

  it('sends a top N or tiers as the ballot, and nothing for a full ranking', () => {
    expect(
      newGameFromDraft({ ...draft, ballot: { ...tiers, kind: 'top', n: '2' } }, now).ballot,
    ).toEqual({ kind: 'top', n: 2 });
    expect(newGameFromDraft({ ...draft, ballot: tiers }, now).ballot).toEqual({
      kind: 'tiers',
      tiers: DEFAULT_TIERS,
    });
    expect(
      newGameFromDraft({ ...draft, ballot: { ...tiers, kind: 'ranking' } }, now),
    ).not.toHaveProperty('ballot');
  });
});
