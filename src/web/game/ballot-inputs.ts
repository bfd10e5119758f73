/**
 * The Ballot choice of /create and /builder (issue 25) as typed: the kind, the N of a top N as
 * typed (blank: the default), and the tier rows. `ballotOfInputs` turns them into the ballot the
 * server takes, checked by the domain's own rule (`checkBallotSpec`), so the form says what the
 * server would.
 */
import {
  checkBallotSpec,
  DEFAULT_TIERS,
  type BallotKind,
  type BallotSpec,
  type TierSpec,
} from '../../domain/ballot';
import { AppError } from '../../domain/errors';
import { MAX_TIER_LABEL_LENGTH, MAX_TIERS } from '../../domain/limits';

export type BallotInputs = { kind: BallotKind; n: string; tiers: TierSpec[] };

export const DEFAULT_BALLOT_INPUTS: BallotInputs = {
  kind: 'ranking',
  n: '',
  tiers: DEFAULT_TIERS.map((tier) => ({ ...tier })),
};

/** A game's ballot as the form shows it (the owner changing it). */
export function inputsOfBallot(ballot: BallotSpec): BallotInputs {
  return {
    kind: ballot.kind,
    n: ballot.kind === 'top' ? String(ballot.n) : '',
    tiers:
      ballot.kind === 'tiers'
        ? ballot.tiers.map((tier) => ({ ...tier }))
        : DEFAULT_BALLOT_INPUTS.tiers.map((tier) => ({ ...tier })),
  };
}

/** A top N's N when the creator types none: ten, or every item of a shorter list. */
export function defaultTopN(itemCount: number): number {
  return Math.max(1, Math.min(10, itemCount));
}

/**
 * The colour a new tier row starts with: the first of these not in use yet (after the default
 * tiers' warm-to-cool run, more cool and neutral ones), else the last.
 */
const NEW_TIER_COLORS = [
  ...DEFAULT_TIERS.map((tier) => tier.color),
  '#bf7fff',
  '#ff7fdf',
  '#7fffff',
  '#bfbfbf',
  '#8fd5a6',
];

export function newTierColor(tiers: readonly TierSpec[]): string {
  const used = new Set(tiers.map((tier) => tier.color.toLowerCase()));
  return NEW_TIER_COLORS.find((color) => !used.has(color)) ?? NEW_TIER_COLORS.at(-1) ?? '#bfbfbf';
}

/** The ballot the inputs ask for, checked for a list of `itemCount` items, or the rule broken. */
export function ballotOfInputs(
  inputs: BallotInputs,
  itemCount: number,
): { ballot: BallotSpec; error: null } | { ballot: null; error: string } {
  try {
    if (inputs.kind === 'ranking') return { ballot: { kind: 'ranking' }, error: null };
    if (inputs.kind === 'duel') return { ballot: { kind: 'duel' }, error: null };
    if (inputs.kind === 'top') {
      const typed = inputs.n.trim();
      const n = typed === '' ? defaultTopN(itemCount) : Number(typed);
      return { ballot: checkBallotSpec({ kind: 'top', n }, itemCount), error: null };
    }
    return {
      ballot: checkBallotSpec({ kind: 'tiers', tiers: inputs.tiers }, itemCount),
      error: null,
    };
  } catch (thrown) {
    if (thrown instanceof AppError) return { ballot: null, error: thrown.message };
    throw thrown;
  }
}

const KINDS: readonly BallotKind[] = ['ranking', 'top', 'tiers', 'duel'];
/** Longer than any N anyone types. */
const MAX_N_INPUT_LENGTH = 12;

/** A stored value as ballot inputs (a kept draft), or null when it is not what they hold. */
export function parseBallotInputs(value: unknown): BallotInputs | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, n, tiers } = value as Record<string, unknown>;
  if (!KINDS.includes(kind as BallotKind)) return null;
  if (typeof n !== 'string' || n.length > MAX_N_INPUT_LENGTH) return null;
  if (!Array.isArray(tiers) || tiers.length > MAX_TIERS) return null;
  const rows = tiers.map((tier: unknown) => {
    if (typeof tier !== 'object' || tier === null) return null;
    const { label, color } = tier as Record<string, unknown>;
    if (typeof label !== 'string' || label.length > MAX_TIER_LABEL_LENGTH * 4) return null;
    if (typeof color !== 'string' || !/^#[0-9a-f]{6}$/i.test(color)) return null;
    return { label, color };
  });
  if (rows.some((row) => row === null)) return null;
  return { kind: kind as BallotKind, n, tiers: rows as TierSpec[] };
}
