/**
 * A submission batch's ballot changes in a form small enough for its live event (decision 0071):
 * every item as its index in the game's items, a group of one item as that index alone. Another
 * instance that kept the game's tally at the batch's base version applies the same changes with
 * `replaceBallots` (results.ts), the very function the writer used, so its tally is the writer's
 * to the count; it need not read the game again before its own next batch.
 */
import type { BallotChange, WeakOrder } from './results';

/** One change: the ballot counted before (null: none) and the one counted now. */
export type EncodedChange = [EncodedBallot | null, EncodedBallot | null];
/** Groups best first; a group is an item's index, or the indexes of the items tied in it. */
export type EncodedBallot = (number | number[])[];

/**
 * The changes encoded over `itemIds`, or null when one names an item not among them or the
 * encoding is longer than `maxChars` once serialized (the event then carries none).
 */
export function encodeBallotChanges(
  itemIds: readonly string[],
  changes: readonly BallotChange[],
  maxChars: number,
): EncodedChange[] | null {
  const indexOf = new Map(itemIds.map((id, index) => [id, index]));
  const encodeBallot = (ballot: WeakOrder | null): EncodedBallot | null | undefined => {
    if (ballot === null) return null;
    const out: EncodedBallot = [];
    for (const group of ballot) {
      const indexes: number[] = [];
      for (const id of group) {
        const index = indexOf.get(id);
        if (index === undefined) return undefined;
        indexes.push(index);
      }
      out.push(indexes.length === 1 ? indexes[0]! : indexes);
    }
    return out;
  };
  const encoded: EncodedChange[] = [];
  let chars = 2;
  for (const change of changes) {
    const previous = encodeBallot(change.previous);
    const next = encodeBallot(change.next);
    if (previous === undefined || next === undefined) return null;
    const pair: EncodedChange = [previous, next];
    chars += JSON.stringify(pair).length + 1;
    if (chars > maxChars) return null;
    encoded.push(pair);
  }
  return encoded;
}

/**
 * The changes `encodeBallotChanges` made over the same `itemIds`, or null when the input is not
 * such an encoding (an index out of range, a malformed group): the caller then reads the game.
 */
export function decodeBallotChanges(
  itemIds: readonly string[],
  encoded: unknown,
): BallotChange[] | null {
  if (!Array.isArray(encoded)) return null;
  const itemAt = (index: unknown): string | undefined =>
    Number.isInteger(index) ? itemIds[index as number] : undefined;
  const decodeBallot = (ballot: unknown): string[][] | null | undefined => {
    if (ballot === null) return null;
    if (!Array.isArray(ballot)) return undefined;
    const groups: string[][] = [];
    for (const group of ballot as unknown[]) {
      const indexes = Array.isArray(group) ? (group as unknown[]) : [group];
      const ids: string[] = [];
      for (const index of indexes) {
        const id = itemAt(index);
        if (id === undefined) return undefined;
        ids.push(id);
      }
      groups.push(ids);
    }
    return groups;
  };
  const changes: BallotChange[] = [];
  for (const pair of encoded as unknown[]) {
    if (!Array.isArray(pair) || pair.length !== 2) return null;
    const previous = decodeBallot(pair[0]);
    const next = decodeBallot(pair[1]);
    if (previous === undefined || next === undefined) return null;
    changes.push({ previous, next });
  }
  return changes;
}
