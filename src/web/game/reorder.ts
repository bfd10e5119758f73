/**
 * Moving one item within a ranking: the single rule behind every way of ordering (drag, the Move
 * up / Move down buttons, tap-to-place, keyboard drag), so they all produce the same ranking.
 * Pure; an impossible move returns the very same array, which React then skips re-rendering.
 */

/** `order` with `id` taken out and put back at index `to` (the others keep their order). */
export function moveTo(order: readonly string[], id: string, to: number): readonly string[] {
  const from = order.indexOf(id);
  if (from < 0 || to < 0 || to >= order.length || to === from) return order;
  const next = order.slice();
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** `id` moved `steps` places (negative: towards the top); a move past either end does nothing. */
export function moveBy(order: readonly string[], id: string, steps: number): readonly string[] {
  const from = order.indexOf(id);
  return from < 0 ? order : moveTo(order, id, from + steps);
}

/**
 * `id` moved to where `target` stands now: above it when coming from below, below it when coming
 * from above (what a drag onto `target`, or a tap on it, means).
 */
export function moveOnto(order: readonly string[], id: string, target: string): readonly string[] {
  return moveTo(order, id, order.indexOf(target));
}
