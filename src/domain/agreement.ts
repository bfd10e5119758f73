/**
 * How closely two orders agree, 0..100: a player's and the crowd's ("you vs the crowd"), or two
 * players' (the closest player). Pure, and small on purpose: the web's live results import it
 * without the tally's counting.
 */
import type { BallotKind } from './ballot';
import type { WeakOrder } from './results';

/**
 * How closely a player's order agrees with the consensus, 0..100: Kendall tau over the items both
 * lists contain, mapped so 100 = same order and 0 = reversed (the share of concordant pairs).
 * Null when they share fewer than 2 items. For ballots with ties or unranked items:
 * `orderAgreement`.
 */
export function agreement(ranking: readonly string[], consensus: readonly string[]): number | null {
  const index = new Map<string, number>();
  consensus.forEach((id, i) => {
    if (!index.has(id)) index.set(id, i);
  });
  const seen = new Set<string>();
  const order: number[] = [];
  for (const id of ranking) {
    const i = index.get(id);
    if (i === undefined || seen.has(id)) continue;
    seen.add(id);
    order.push(i);
  }
  const m = order.length;
  if (m < 2) return null;
  let discordant = 0;
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++) if ((order[i] as number) > (order[j] as number)) discordant++;
  }
  return 100 * (1 - discordant / ((m * (m - 1)) / 2));
}

/**
 * How closely two weak orders agree over the given items, 0..100: Kendall's tau-b (ties on
 * either side count as neither agreeing nor disagreeing, and shrink the pairs it is out of),
 * mapped as `agreement` is, (tau-b + 1) / 2 × 100. Items of `itemIds` in no group of a side are
 * unranked there, tied below its ranked items; ids not in `itemIds` are skipped. With no ties on
 * either side this is exactly `agreement` (the share of concordant pairs). Null when fewer than
 * 2 items, or when a side ties every pair (nothing to compare).
 */
export function orderAgreement(
  a: WeakOrder,
  b: WeakOrder,
  itemIds: readonly string[],
): number | null {
  const ids = [...new Set(itemIds)];
  const m = ids.length;
  if (m < 2) return null;
  const ga = groupIndex(a, ids);
  const gb = groupIndex(b, ids);
  let concordant = 0;
  let discordant = 0;
  let tiedA = 0;
  let tiedB = 0;
  for (let i = 0; i < m; i++) {
    const ai = ga[i] as number;
    const bi = gb[i] as number;
    for (let j = i + 1; j < m; j++) {
      const da = ai - (ga[j] as number);
      const db = bi - (gb[j] as number);
      if (da === 0) tiedA++;
      if (db === 0) tiedB++;
      if (da === 0 || db === 0) continue;
      if (da > 0 === db > 0) concordant++;
      else discordant++;
    }
  }
  const pairs = (m * (m - 1)) / 2;
  if (tiedA === pairs || tiedB === pairs) return null;
  if (tiedA === 0 && tiedB === 0) return 100 * (1 - discordant / pairs);
  const tau = (concordant - discordant) / Math.sqrt((pairs - tiedA) * (pairs - tiedB));
  return (100 * (tau + 1)) / 2;
}

/** Each id's group index in the ballot; unranked ids all get the index after its last group. */
function groupIndex(groups: WeakOrder, ids: readonly string[]): number[] {
  const group = new Map<string, number>();
  groups.forEach((members, g) => {
    for (const id of members) if (!group.has(id)) group.set(id, g);
  });
  return ids.map((id) => group.get(id) ?? groups.length);
}

/**
 * How closely two ballots of one game agree, 0..100 (decision 0043): two full rankings by
 * `agreement` (over the items both hold, as before ballot kinds); ballots that tie items or leave
 * them unranked (a top N, tiers) by Kendall tau-b over the game's items (`orderAgreement`, items
 * in no group tied below the ranked ones). For a player against the crowd, `b` is the crowd's
 * order as groups of one.
 */
export function ballotAgreement(
  kind: BallotKind,
  a: WeakOrder,
  b: WeakOrder,
  itemIds: readonly string[],
): number | null {
  if (kind === 'ranking') return agreement(a.flat(), b.flat());
  return orderAgreement(a, b, itemIds);
}
