/**
 * Tiers (issue 25): which tier each item is in. A placement is one array of item ids per tier,
 * best tier first (the `tiers` a submission sends); an item in no tier is in the pool (unranked).
 * Every way of placing (drag, tap-to-place, the keyboard menu) goes through `placeIn`. Pure; an
 * impossible change returns the very same placement.
 */
import type { Item } from '../../domain/game';

export type Placement = readonly (readonly string[])[];

/** The pool, as a destination. */
export const POOL = -1;

export function emptyPlacement(tierCount: number): Placement {
  return Array.from({ length: tierCount }, () => []);
}

/** The tier `id` is in, or POOL. */
export function tierOf(placement: Placement, id: string): number {
  return placement.findIndex((tier) => tier.includes(id));
}

/**
 * `placement` with `id` moved to the end of tier `to` (POOL: out of every tier). Placing an item
 * where it already is, or in a tier that does not exist, changes nothing.
 */
export function placeIn(placement: Placement, id: string, to: number): Placement {
  const from = tierOf(placement, id);
  if (from === to || to < POOL || to >= placement.length) return placement;
  return placement.map((tier, index) => {
    if (index === from) return tier.filter((other) => other !== id);
    if (index === to) return [...tier, id];
    return tier;
  });
}

/** The items in no tier, in the game's order. */
export function poolOf<T extends Item>(items: readonly T[], placement: Placement): T[] {
  const placed = new Set(placement.flat());
  return items.filter((item) => !placed.has(item.id));
}

/** How many items are in a tier. */
export function placedCount(placement: Placement): number {
  return placement.reduce((sum, tier) => sum + tier.length, 0);
}

/**
 * A placement kept in step with the game: exactly `tierCount` tiers (missing ones empty, extra
 * ones dropped), ids no longer in the game dropped, and each item in its first tier only.
 */
export function keptPlacement(
  placement: Placement,
  items: readonly Item[],
  tierCount: number,
): Placement {
  const ids = new Set(items.map((item) => item.id));
  const seen = new Set<string>();
  const kept = Array.from({ length: tierCount }, (_, index) =>
    (placement[index] ?? []).filter((id) => {
      if (!ids.has(id) || seen.has(id)) return false;
      seen.add(id);
      return true;
    }),
  );
  const same =
    placement.length === tierCount &&
    kept.every((tier, index) => tier.length === (placement[index]?.length ?? -1));
  return same ? placement : kept;
}
