/**
 * A game's life: its closing rules (SPEC.md §4, §5), when it closes, what unlocks its results,
 * and how an item list is edited. Pure.
 */
import { AppError } from './errors';
import { cleanLabels, type Item } from './game';
import { MAX_ITEM_LENGTH, MAX_ITEMS } from './limits';

export const LIFECYCLE_MESSAGES = {
  closed: 'This game is closed: it no longer takes rankings',
  atLeastOneItem: 'At least one item required',
  itemsMustBeArray: 'Items must be an array',
  notOwner: 'Not owner',
  missingGameId: 'Missing gameId',
} as const;

export type Rules = {
  sizeLimit: number | null;
  timeLimit: number | null;
  deadlineAt: number | null;
};

/**
 * The closing rules of a new game. Time rule: a valid date in the future, kept with its length in
 * minutes rounded up; anything else is ignored. Players rule: a number above 0; else ignored.
 */
export function normalizeRules(
  input: { sizeLimit?: number | null; deadlineAt?: number | null },
  now: number,
): Rules {
  const size = input.sizeLimit;
  const sizeLimit =
    typeof size === 'number' && Number.isFinite(size) && size > 0 ? Math.ceil(size) : null;
  const deadline = input.deadlineAt;
  if (typeof deadline !== 'number' || !Number.isFinite(deadline) || deadline <= now) {
    return { sizeLimit, timeLimit: null, deadlineAt: null };
  }
  return { sizeLimit, timeLimit: Math.ceil((deadline - now) / 60_000), deadlineAt: deadline };
}

/** Open becomes closed when final submissions reach the players limit or the deadline passes. */
export function isClosed(
  game: { closed: boolean; sizeLimit: number | null; deadlineAt: number | null },
  finalSubmissions: number,
  now: number,
): boolean {
  return (
    game.closed ||
    (game.sizeLimit !== null && finalSubmissions >= game.sizeLimit) ||
    (game.deadlineAt !== null && now >= game.deadlineAt)
  );
}

/** What unlocks a game's results while they are locked: players still needed, and/or a time. */
export type Unlock = { playersNeeded: number | null; deadlineAt: number | null };

export function unlockNeeds(
  game: { sizeLimit: number | null; deadlineAt: number | null },
  finalSubmissions: number,
): Unlock {
  return {
    playersNeeded: game.sizeLimit === null ? null : Math.max(0, game.sizeLimit - finalSubmissions),
    deadlineAt: game.deadlineAt,
  };
}

export type ItemEdit = string | { id?: string; label: string };

/**
 * An owner's new item list: entries trimmed, empties dropped, at most 200 kept, at least one
 * required. An entry naming an existing id keeps that id (a rename keeps its votes); every other
 * entry is a new item and gets an id from `newId`.
 */
export function applyItemEdit(
  current: readonly Item[],
  edits: readonly ItemEdit[],
  newId: () => string,
): Item[] {
  const known = new Set(current.map((item) => item.id));
  const used = new Set<string>();
  const entries = edits
    .map((edit) => (typeof edit === 'string' ? { label: edit } : edit))
    .map((edit) => ({ id: edit.id, label: cleanLabels([edit.label])[0] ?? '' }))
    .filter((edit) => edit.label !== '')
    .slice(0, MAX_ITEMS);
  if (entries.length === 0)
    throw new AppError('invalid-argument', LIFECYCLE_MESSAGES.atLeastOneItem);
  return entries.map(({ id, label }) => {
    if (label.length > MAX_ITEM_LENGTH) {
      throw new AppError(
        'invalid-argument',
        `Each item must be at most ${MAX_ITEM_LENGTH} characters`,
      );
    }
    let itemId = id !== undefined && known.has(id) && !used.has(id) ? id : undefined;
    while (itemId === undefined || used.has(itemId) || (known.has(itemId) && itemId !== id)) {
      itemId = newId();
    }
    used.add(itemId);
    return { id: itemId, label };
  });
}

/** Whether a player's ranking misses items added since: they are asked to re-order. */
export function needsReorder(ranking: readonly string[], items: readonly Item[]): boolean {
  const ranked = new Set(ranking);
  return items.some((item) => !ranked.has(item.id));
}
