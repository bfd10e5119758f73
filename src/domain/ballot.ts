/**
 * The ballot a game asks for, and the one shape every ballot is counted in. Pure.
 *
 * A creator chooses the kind: a full ranking (every item in order), the top N (N items in order,
 * the rest unranked) or tiers (the creator's tier rows; items in any order inside a tier, the ones
 * left in the pool unranked). Underneath, every ballot is a weak order: groups of items tied among
 * themselves, best group first; items in no group are unranked, tied below every ranked item.
 */
import { AppError } from './errors';
import { MAX_TIER_LABEL_LENGTH, MAX_TIERS, MIN_TIERS, MIN_TOP_N } from './limits';
import { cleanText, sameTextKey } from './text';

/** One tier row a creator defines: its label (at most MAX_TIER_LABEL_LENGTH) and colour (#rrggbb). */
export type TierSpec = { label: string; color: string };

/**
 * What a game asks its players for. Duels (issue 28): two items at a time; a player's answers
 * imply their order (duels.ts `impliedOrder`), counted as a ballot of the items they met.
 */
export type BallotSpec =
  | { kind: 'ranking' }
  | { kind: 'top'; n: number }
  | { kind: 'tiers'; tiers: TierSpec[] }
  | { kind: 'duel' };

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

/** The tier rows a tier list starts with: S, A, B, C, D, warm to cool. */
export const DEFAULT_TIERS: readonly TierSpec[] = [
  { label: 'S', color: '#ff7f7f' },
  { label: 'A', color: '#ffbf7f' },
  { label: 'B', color: '#ffdf80' },
  { label: 'C', color: '#bfef7f' },
  { label: 'D', color: '#7fbfff' },
];

/** A tier's colour as stored: `#rrggbb`, lower case. */
const COLOR = /^#[0-9a-f]{6}$/;

export const BALLOT_MESSAGES = {
  rankingIncomplete: 'Ranking must list every item exactly once',
  rankingDuplicate: 'Ranking lists an item twice',
  rankingUnknownItem: 'Ranking has an item that is not in this game',
  topOutOfRange: (itemCount: number) => `Top N must be a whole number from 1 to ${itemCount}`,
  topTooFewItems: (n: number) => `A top ${n} needs at least ${n} items`,
  pickExactly: (n: number) => `Pick exactly ${n} ${n === 1 ? 'item' : 'items'}`,
  tierCount: `A tier list needs ${MIN_TIERS} to ${MAX_TIERS} tiers`,
  tierLabel: `Each tier needs a label of 1 to ${MAX_TIER_LABEL_LENGTH} characters`,
  tierLabelsUnique: 'Each tier needs its own label',
  tierColor: 'Each tier colour must be a hex colour like #ff7f7f',
  tiersWrongCount: (count: number) => `Send ${count} tiers: one list of items per tier`,
  tierUnknownItem: 'A tier has an item that is not in this game',
  oneTierOnly: 'An item can be in one tier only',
  tiersEmpty: 'Put at least one item in a tier',
  rankingExpected: 'This game asks for a ranking, not tiers',
  tiersExpected: 'This game asks for tiers, not a ranking',
  duelsExpected: 'This game asks for duels: answer them one pair at a time',
  ballotFixed:
    'Players have already played this game, so its ballot can no longer change (tier labels and colours can)',
} as const;

function invalid(message: string): AppError {
  return new AppError('invalid-argument', message);
}

/** A ballot as a creator sends it: a tier list may leave its tiers out (DEFAULT_TIERS). */
export type BallotSpecInput =
  | { kind: 'ranking' }
  | { kind: 'top'; n: number }
  | { kind: 'tiers'; tiers?: readonly TierSpec[] | undefined }
  | { kind: 'duel' };

/**
 * A creator's ballot, checked and cleaned for a game of `itemCount` items: a top N from 1 to the
 * item count; 2 to 10 tiers, each label cleaned (`cleanText`) and 1 to 24 characters, no label
 * twice (`sameTextKey`), each colour #rrggbb (stored lower case). A tier list given no tiers gets
 * DEFAULT_TIERS. Throws `invalid-argument` with the rule's message.
 */
export function checkBallotSpec(spec: BallotSpecInput, itemCount: number): BallotSpec {
  if (spec.kind === 'ranking') return { kind: 'ranking' };
  if (spec.kind === 'duel') return { kind: 'duel' };
  if (spec.kind === 'top') {
    if (!Number.isInteger(spec.n) || spec.n < MIN_TOP_N || spec.n > itemCount) {
      throw invalid(BALLOT_MESSAGES.topOutOfRange(itemCount));
    }
    return { kind: 'top', n: spec.n };
  }
  const given = spec.tiers ?? DEFAULT_TIERS;
  if (given.length < MIN_TIERS || given.length > MAX_TIERS) {
    throw invalid(BALLOT_MESSAGES.tierCount);
  }
  const tiers = given.map((tier) => {
    const label = cleanText(tier.label);
    if (label === '' || label.length > MAX_TIER_LABEL_LENGTH) {
      throw invalid(BALLOT_MESSAGES.tierLabel);
    }
    const color = tier.color.toLowerCase();
    if (!COLOR.test(color)) throw invalid(BALLOT_MESSAGES.tierColor);
    return { label, color };
  });
  if (new Set(tiers.map((tier) => sameTextKey(tier.label))).size !== tiers.length) {
    throw invalid(BALLOT_MESSAGES.tierLabelsUnique);
  }
  return { kind: 'tiers', tiers };
}

/**
 * Whether a game of this ballot may have `itemCount` items: a top N needs at least N (an owner's
 * item edit that would leave fewer is refused with this message rather than shrinking N, which
 * would change the ballot players already filled in).
 */
export function checkBallotFits(spec: BallotSpec, itemCount: number): void {
  if (spec.kind === 'top' && itemCount < spec.n) {
    throw invalid(BALLOT_MESSAGES.topTooFewItems(spec.n));
  }
}

/**
 * Whether a game whose players have played may change its ballot from `current` to `next`: only
 * tier labels and colours may change (same kind, same N, same number of tiers), since every saved
 * ballot was filled in for the shape it has.
 */
export function canChangePlayedBallot(current: BallotSpec, next: BallotSpec): boolean {
  if (current.kind === 'ranking') return next.kind === 'ranking';
  if (current.kind === 'duel') return next.kind === 'duel';
  if (current.kind === 'top') return next.kind === 'top' && next.n === current.n;
  return next.kind === 'tiers' && next.tiers.length === current.tiers.length;
}

/**
 * Checks a full ranking against the game's item ids. A final ranking lists every item exactly
 * once; a partial one (saved progress) lists some of them, each at most once.
 */
export function checkRanking(
  ranking: readonly string[],
  itemIds: readonly string[],
  partial: boolean,
): void {
  const seen = checkDistinct(ranking, new Set(itemIds), {
    unknown: BALLOT_MESSAGES.rankingUnknownItem,
    twice: BALLOT_MESSAGES.rankingDuplicate,
  });
  if (!partial && seen !== itemIds.length) throw invalid(BALLOT_MESSAGES.rankingIncomplete);
}

/** Throws when `ids` has an id not in `known` or one id twice; answers how many it has. */
function checkDistinct(
  ids: readonly string[],
  known: ReadonlySet<string>,
  messages: { unknown: string; twice: string },
  seen: Set<string> = new Set(),
): number {
  for (const id of ids) {
    if (!known.has(id)) throw invalid(messages.unknown);
    if (seen.has(id)) throw invalid(messages.twice);
    seen.add(id);
  }
  return seen.size;
}

/** What a player sends: `ranking` (a full ranking or a top N, best first) or `tiers`. */
export type BallotInput = { ranking?: readonly string[]; tiers?: readonly (readonly string[])[] };

/**
 * A player's ballot, checked against the game's ballot and current item ids, as the groups it is
 * counted in. Full ranking: every item once (saved progress: some, each once). Top N: exactly N
 * distinct items of the game (saved progress: at most N). Tiers: one list per tier, each item in
 * at most one tier, items left out unranked; a final tier ballot places at least one item. Throws
 * `invalid-argument` with the rule's message.
 */
export function ballotGroups(
  spec: BallotSpec,
  itemIds: readonly string[],
  input: BallotInput,
  partial: boolean,
): Groups {
  if (spec.kind === 'tiers') {
    if (input.tiers === undefined) throw invalid(BALLOT_MESSAGES.tiersExpected);
    if (input.tiers.length !== spec.tiers.length) {
      throw invalid(BALLOT_MESSAGES.tiersWrongCount(spec.tiers.length));
    }
    const known = new Set(itemIds);
    const seen = new Set<string>();
    const messages = {
      unknown: BALLOT_MESSAGES.tierUnknownItem,
      twice: BALLOT_MESSAGES.oneTierOnly,
    };
    for (const tier of input.tiers) checkDistinct(tier, known, messages, seen);
    if (!partial && seen.size === 0) throw invalid(BALLOT_MESSAGES.tiersEmpty);
    return input.tiers.map((tier) => [...tier]);
  }
  if (input.ranking === undefined) throw invalid(BALLOT_MESSAGES.rankingExpected);
  if (spec.kind === 'duel') {
    // The order a player's duels imply (the server makes it, games/duels.ts): the items they
    // met, best first, each once; the others unranked.
    checkDistinct(input.ranking, new Set(itemIds), {
      unknown: BALLOT_MESSAGES.rankingUnknownItem,
      twice: BALLOT_MESSAGES.rankingDuplicate,
    });
    return groupsOfRanking(input.ranking);
  }
  if (spec.kind === 'ranking') {
    checkRanking(input.ranking, itemIds, partial);
    return groupsOfRanking(input.ranking);
  }
  const count = checkDistinct(input.ranking, new Set(itemIds), {
    unknown: BALLOT_MESSAGES.rankingUnknownItem,
    twice: BALLOT_MESSAGES.rankingDuplicate,
  });
  if (partial ? count > spec.n : count !== spec.n) {
    throw invalid(BALLOT_MESSAGES.pickExactly(spec.n));
  }
  return groupsOfRanking(input.ranking);
}

/**
 * How a ballot is stored: `ranking` always holds its ranked items best first (`rankedIds`), and
 * `groups` only what a ranking cannot say (a tier ballot's tiers, empty ones included); null when
 * the groups are one item each (a full ranking or a top N, and every row saved before issue 25).
 */
export function storedGroups(spec: BallotSpec, groups: Groups): Groups | null {
  return spec.kind === 'tiers' ? groups : null;
}

/** A stored ballot's groups (see `storedGroups`). */
export function savedGroups(saved: { ranking: readonly string[]; groups: Groups | null }): Groups {
  return saved.groups ?? groupsOfRanking(saved.ranking);
}

/** A ballot without the items not in `itemIds` (removed since); a tier emptied stays, empty. */
export function keepGroups(groups: Groups, itemIds: ReadonlySet<string>): Groups {
  return groups.map((group) => group.filter((id) => itemIds.has(id)));
}
