/**
 * Top N picking (issue 25): the picks (item ids, best first, at most N) and the search over the
 * pool that feeds them. Pure; an impossible change returns the very same array, which React then
 * skips re-rendering. Ordering the picks is reorder.ts's, as for a full ranking.
 */
import type { Item } from '../../domain/game';
import { sameTextKey } from '../../domain/text';

/** `picks` with `id` added last, unless it is there already or `max` are picked. */
export function addPick(picks: readonly string[], id: string, max: number): readonly string[] {
  if (picks.includes(id) || picks.length >= max) return picks;
  return [...picks, id];
}

/** `picks` without `id` (the others keep their order). */
export function removePick(picks: readonly string[], id: string): readonly string[] {
  return picks.includes(id) ? picks.filter((pick) => pick !== id) : picks;
}

/**
 * Picks kept in step with the items: ids no longer in the game dropped, repeats dropped, and no
 * more than `max` (a saved ballot from before the owner edited the items).
 */
export function keptPicks(
  picks: readonly string[],
  items: readonly Item[],
  max: number,
): readonly string[] {
  const ids = new Set(items.map((item) => item.id));
  const kept = [...new Set(picks)].filter((id) => ids.has(id)).slice(0, Math.max(0, max));
  return kept.length === picks.length && kept.every((id, i) => id === picks[i]) ? picks : kept;
}

/** The text a search compares: as two texts are compared for sameness, and without accents. */
export function searchKey(text: string): string {
  return sameTextKey(text).normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}

/**
 * The items not picked yet that match `query`: every one for a blank query, in the game's order;
 * otherwise those whose label holds the query, the ones it starts with first, then the ones with
 * a word starting with it, then the rest (each group in the game's order).
 */
export function matchingItems<T extends Item>(
  items: readonly T[],
  query: string,
  picked: ReadonlySet<string>,
): T[] {
  const unpicked = items.filter((item) => !picked.has(item.id));
  const wanted = searchKey(query);
  if (wanted === '') return unpicked;
  const starts: T[] = [];
  const words: T[] = [];
  const inside: T[] = [];
  for (const item of unpicked) {
    const key = searchKey(item.label);
    const at = key.indexOf(wanted);
    if (at < 0) continue;
    if (at === 0) starts.push(item);
    else if (key.includes(` ${wanted}`)) words.push(item);
    else inside.push(item);
  }
  return [...starts, ...words, ...inside];
}
