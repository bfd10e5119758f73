/**
 * The ballot a game asks for, and the one shape every ballot is counted in. Pure.
 *
 * A creator chooses the kind: a full ranking (every item in order), the top N (N items in order,
 * the rest unranked) or tiers (the creator's tier rows; items in any order inside a tier, the ones
 * left in the pool unranked). Underneath, every ballot is a weak order: groups of items tied among
 * themselves, best group first; items in no group are unranked, tied below every ranked item.
 */

/** One tier row a creator defines: its label (at most MAX_TIER_LABEL_LENGTH) and colour (#rrggbb). */
export type TierSpec = { label: string; color: string };

/** What a game asks its players for. */
export type BallotSpec =
  { kind: 'ranking' } | { kind: 'top'; n: number } | { kind: 'tiers'; tiers: TierSpec[] };

export type BallotKind = BallotSpec['kind'];

/**
 * A ballot as counted: groups of item ids, best first, the items of a group tied among themselves.
 * A group may be empty (a tier nobody put anything in keeps its place, so group i is tier i).
 * Items of the game in no group are unranked.
 */
export type Groups = string[][];

/** A full ranking or a top N (item ids best first) as groups: one item per group. */
export function groupsOfRanking(ranking: readonly string[]): Groups {
  return ranking.map((id) => [id]);
}

/** The ranked items of a ballot, best group first (inside a group, in the order stored). */
export function rankedIds(groups: Groups): string[] {
  return groups.flat();
}
