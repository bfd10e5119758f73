/**
 * A game's life: its closing rules (SPEC.md §4, §5), when it closes, what unlocks its results,
 * and how an item list is edited. Pure.
 */
import { groupsOfRanking } from './ballot';
import { AppError } from './errors';
import { checkItemImage, type ItemInput } from './item-pictures';
import { cleanLabels, hasDuplicateLabels, MESSAGES, type Item, type Unlock } from './game';
import { MAX_ITEM_LENGTH, MAX_ITEMS } from './limits';
import { tallyOfBallots, type Tally } from './results';

export const LIFECYCLE_MESSAGES = {
  closed: 'This game is closed: it no longer takes rankings',
  atLeastOneItem: 'At least one item required',
  itemsMustBeArray: 'Items must be an array',
  notOwner: 'Not owner',
  missingGameId: 'Missing gameId',
} as const;

/** A players rule above this is kept at this: nobody will wait for more players than this. */
export const MAX_SIZE_LIMIT = 1_000_000;
/** A deadline further ahead than this is not a date anyone means: it is ignored. */
export const MAX_DEADLINE_AHEAD_MS = 100 * 365 * 24 * 60 * 60 * 1000;

export type Rules = {
  sizeLimit: number | null;
  timeLimit: number | null;
  deadlineAt: number | null;
};

/**
 * The closing rules of a new game. Time rule: a valid date in the future (at most 100 years
 * ahead), kept with its length in minutes rounded up; anything else is ignored. Players rule: a
 * number above 0, rounded up and kept at most 1,000,000; anything else is ignored.
 */
export function normalizeRules(
  input: { sizeLimit?: number | null; deadlineAt?: number | null },
  now: number,
): Rules {
  const size = input.sizeLimit;
  const sizeLimit =
    typeof size === 'number' && Number.isFinite(size) && size > 0
      ? Math.min(MAX_SIZE_LIMIT, Math.ceil(size))
      : null;
  const deadline = input.deadlineAt;
  if (
    typeof deadline !== 'number' ||
    !Number.isFinite(deadline) ||
    deadline <= now ||
    deadline - now > MAX_DEADLINE_AHEAD_MS
  ) {
    return { sizeLimit, timeLimit: null, deadlineAt: null };
  }
  return { sizeLimit, timeLimit: Math.ceil((deadline - now) / 60_000), deadlineAt: deadline };
}

/** The refusal a closed game gives every submission, resubmission and saved progress. */
export function closedError(): AppError {
  return new AppError('permission-denied', LIFECYCLE_MESSAGES.closed, { closed: true });
}

/** The time rule: a game with a deadline is closed from that moment on. */
export function pastDeadline(deadlineAt: number | Date | null, now: number): boolean {
  if (deadlineAt === null) return false;
  return now >= (typeof deadlineAt === 'number' ? deadlineAt : deadlineAt.getTime());
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
    pastDeadline(game.deadlineAt, now)
  );
}

/** What unlocks the results, or null when they are not locked (no rule, or the game closed). */
export function lockedUntil(
  game: { sizeLimit: number | null; deadlineAt: number | null; closed: boolean },
  finalSubmissions: number,
): Unlock | null {
  const hasRule = game.sizeLimit !== null || game.deadlineAt !== null;
  return hasRule && !game.closed ? unlockNeeds(game, finalSubmissions) : null;
}

export function unlockNeeds(
  game: { sizeLimit: number | null; deadlineAt: number | null },
  finalSubmissions: number,
): Unlock {
  return {
    playersNeeded: game.sizeLimit === null ? null : Math.max(0, game.sizeLimit - finalSubmissions),
    deadlineAt: game.deadlineAt,
  };
}

export type ItemEdit = ItemInput;

/**
 * An owner's new item list: entries trimmed, empties dropped, at most 200 kept, at least one
 * required, no label twice (as at creation). An entry naming an existing id keeps that id (a
 * rename keeps its votes); every other entry is a new item and gets an id from `newId`. A
 * picture sent is checked (`checkItemImage`); an entry keeping an item's id and sending no
 * `image` keeps its picture, `image: null` removes it.
 */
export function applyItemEdit(
  current: readonly Item[],
  edits: readonly ItemEdit[],
  newId: () => string,
): Item[] {
  const known = new Map(current.map((item) => [item.id, item]));
  const used = new Set<string>();
  const entries = edits
    .map((edit) => (typeof edit === 'string' ? { label: edit } : edit))
    .map((edit) => ({ ...edit, label: cleanLabels([edit.label])[0] ?? '' }))
    .filter((edit) => edit.label !== '')
    .slice(0, MAX_ITEMS);
  if (entries.length === 0)
    throw new AppError('invalid-argument', LIFECYCLE_MESSAGES.atLeastOneItem);
  if (hasDuplicateLabels(entries.map((entry) => entry.label))) {
    throw new AppError('invalid-argument', MESSAGES.duplicateItems);
  }
  return entries.map(({ id, label, image }) => {
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
    const kept = itemId === id ? known.get(itemId)?.image : undefined;
    const picture = image === undefined ? kept : image === null ? undefined : checkItemImage(image);
    return picture ? { id: itemId, label, image: picture } : { id: itemId, label };
  });
}

/** Whether a player's ranking misses items added since: they are asked to re-order. */
export function needsReorder(ranking: readonly string[], items: readonly Item[]): boolean {
  const ranked = new Set(ranking);
  return items.some((item) => !ranked.has(item.id));
}

/**
 * A full order of the current items starting from a ranking (final or saved progress, possibly
 * made before an item edit): items since removed are dropped, items it lacks follow at the end in
 * the game's order.
 */
export function placeAll(ranking: readonly string[], items: readonly Item[]): string[] {
  const ids = items.map((item) => item.id);
  const kept = keepItems(ranking, new Set(ids));
  const placed = new Set(kept);
  return [...kept, ...ids.filter((id) => !placed.has(id))];
}

/** A ranking restricted to the given item ids, in its own order: what is left after a removal. */
export function keepItems(ranking: readonly string[], itemIds: ReadonlySet<string>): string[] {
  return ranking.filter((id) => itemIds.has(id));
}

/**
 * The tally of a list of final rankings, built on one copy: equal to adding them one by one with
 * `addRanking`. Used after items are removed, when every ranking is re-counted without them (for
 * ballots with ties: results.ts `tallyOfBallots`).
 */
export function tallyOf(rankings: readonly (readonly string[])[]): Tally {
  return tallyOfBallots(rankings.map(groupsOfRanking));
}
