/**
 * The crowd's tier list of a tiers game, from the tally: each item in the tier its mean tier
 * rounds to, with how many ballots put it in each tier. Pure. Decision 0043.
 *
 * The mean is over the ballots that placed the item in a tier: leaving an item in the pool says
 * "no opinion", not "worst tier", so the pool does not drag an item down (how often it was left
 * there is `pool`). A mean halfway between two tiers rounds to the better one. Items no ballot
 * placed stay in the crowd's pool.
 */
import type { BallotSpec } from './ballot';
import { duelHeadToHead, duelStandingsOfCounts } from './duels';
import type { Item } from './game';
import {
  summarize,
  type CrowdTierItem,
  type CrowdTiers,
  type Results,
  type Tally,
} from './results';

/**
 * The crowd's tier list for `tierCount` tiers. A ballot's group g is tier g (groups past the last
 * tier count in the last). Plain ballots (one item per tier, no empty tier) are stored by place,
 * which is then the tier too.
 */
export function crowdTiers(tally: Tally, items: readonly Item[], tierCount: number): CrowdTiers {
  const last = Math.max(0, tierCount - 1);
  const rows = items.map((item) => {
    const counts = new Array<number>(last + 1).fill(0);
    const stats = Object.hasOwn(tally.items, item.id) ? tally.items[item.id] : undefined;
    const add = (c: number, g: number) => {
      const t = Math.min(g, last);
      counts[t] = (counts[t] ?? 0) + c;
    };
    stats?.dist.forEach(add);
    stats?.tiers?.forEach(add);
    let placed = 0;
    let sum = 0;
    counts.forEach((c, t) => {
      placed += c;
      sum += c * t;
    });
    const row: CrowdTierItem = {
      id: item.id,
      label: item.label,
      meanTier: placed > 0 ? sum / placed : null,
      counts,
      pool: tally.submissions - placed,
    };
    return { row, placed, sum };
  });
  type Row = (typeof rows)[number];
  const byMean = (a: Row, b: Row) =>
    a.sum * b.placed - b.sum * a.placed ||
    b.placed - a.placed ||
    compare(a.row.label, b.row.label) ||
    compare(a.row.id, b.row.id);
  const tiers: CrowdTierItem[][] = Array.from({ length: last + 1 }, () => []);
  const pool: CrowdTierItem[] = [];
  for (const entry of [...rows].sort(byMean)) {
    const mean = entry.row.meanTier;
    if (mean === null) pool.push(entry.row);
    else tiers[Math.min(last, Math.ceil(mean - 0.5))]?.push(entry.row);
  }
  return { tiers, pool };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The results a game shows: `summarize`'s, and for a tiers game the crowd's tier list too (in the
 * results payload and the live events, so the page and the share image read it from memory).
 */
export function gameResults(tally: Tally, items: readonly Item[], ballot: BallotSpec): Results {
  const results = summarize(tally, items);
  if (ballot.kind === 'tiers') results.crowdTiers = crowdTiers(tally, items, ballot.tiers.length);
  if (ballot.kind === 'duel') {
    // Decision 0060: the matrix is the answers' (one preference per answer), positions the
    // implied orders', the headline order Bradley–Terry's.
    const ids = items.map((item) => item.id);
    const headToHead = duelHeadToHead(tally.duels, ids);
    const count = (a: string, b: string) => headToHead[a]?.[b] ?? 0;
    results.headToHead = headToHead;
    results.condorcetWinner =
      ids.find((a) => ids.every((b) => a === b || count(a, b) > count(b, a))) ?? null;
    results.duels = { standings: duelStandingsOfCounts(ids, tally.duels) };
  }
  return results;
}
