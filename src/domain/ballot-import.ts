/**
 * Ballots an owner imports (SPEC "bulk submit", decision 0048): a ballot CSV as the ballot export
 * writes it (`exports.ts`), each row checked as a final submission of the game's ballot is
 * (`ballot.ts` `ballotGroups`). All or nothing: the first bad row throws, naming the row and the
 * rule. Pure.
 */
import { BALLOT_MESSAGES, ballotGroups, type BallotSpec, type Groups } from './ballot';
import { AppError } from './errors';
import { CsvError, parseBallotRows, type ParsedBallot } from './exports';
import { playerName, type Item } from './game';
import { MAX_IMPORT_BALLOTS, MAX_IMPORT_BYTES } from './limits';
import { sameTextKey } from './text';

const MB = 1024 * 1024;

export const IMPORT_MESSAGES = {
  notCsv: 'Send the ballots as CSV (Content-Type: text/csv)',
  tooLarge: `A ballot file can be up to ${MAX_IMPORT_BYTES / MB} MB`,
  empty: 'The file has no ballots: one ballot per row after the header line',
  tooMany: (count: number) =>
    `Import at most ${MAX_IMPORT_BALLOTS.toLocaleString('en-US')} ballots at a time (this file has ${count.toLocaleString('en-US')})`,
  badTime: 'submitted_at must be a time like 2026-11-28T09:30:00.000Z, or empty for now',
  closed: 'This game is closed: ballots can no longer be added',
  duel: 'A duel game takes answers one pair at a time: ballots cannot be imported into it',
} as const;

/** An imported ballot, ready to store: the name shown, when, ranked ids and the counted groups. */
export type ImportedBallot = { name: string; at: Date; ranking: string[]; groups: Groups };

/**
 * The ballots of a ballot CSV for this game, in the file's order. `now` is the time given to rows
 * whose submitted_at is empty. Labels are matched to items exactly, then as `sameTextKey`
 * compares texts; a label held by several items names each of them once, in the game's order.
 * Throws `invalid-argument` with "Row N: rule" (the header is row 1) or "Line N: …" when the
 * text is not CSV.
 */
export function importedBallots(
  text: string,
  game: { items: readonly Item[]; ballot: BallotSpec },
  now: Date,
): ImportedBallot[] {
  const spec = game.ballot;
  const rows = ballotRows(text, spec);
  const itemIds = game.items.map((item) => item.id);
  const labels = labelIndex(game.items);
  const unknown =
    spec.kind === 'tiers' ? BALLOT_MESSAGES.tierUnknownItem : BALLOT_MESSAGES.rankingUnknownItem;
  return rows.map(({ row, ballot }) => {
    try {
      const name = playerName(ballot.name, null);
      const at = ballot.submittedAt === '' ? now : parseTime(ballot.submittedAt);
      const ids = idsOf(labels, unknown);
      const groups =
        'tiers' in ballot
          ? ballotGroups(spec, itemIds, { tiers: ballot.tiers.map((tier) => tier.map(ids)) }, false)
          : ballotGroups(spec, itemIds, { ranking: ballot.ranking.map(ids) }, false);
      return { name, at, ranking: groups.flat(), groups };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw invalid(`Row ${row}: ${error.message}`);
    }
  });
}

/**
 * How many ballots a file holds, read as the import reads it (the page says so before sending
 * it); throws the import's message when the file cannot be read as a ballot CSV of this game's
 * kind, holds none, or holds more than MAX_IMPORT_BALLOTS. Rows are checked by the import.
 */
export function importRowCount(text: string, ballot: BallotSpec): number {
  return ballotRows(text, ballot).length;
}

function ballotRows(text: string, spec: BallotSpec): { row: number; ballot: ParsedBallot }[] {
  if (spec.kind === 'duel') throw invalid(IMPORT_MESSAGES.duel);
  let rows: { row: number; ballot: ParsedBallot }[];
  try {
    rows = parseBallotRows(
      text,
      spec.kind === 'tiers' ? { kind: 'tiers', tierCount: spec.tiers.length } : spec,
    );
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw invalid(`${error.unit === 'row' ? 'Row' : 'Line'} ${error.line}: ${error.reason}`);
  }
  if (rows.length === 0) throw invalid(IMPORT_MESSAGES.empty);
  if (rows.length > MAX_IMPORT_BALLOTS) throw invalid(IMPORT_MESSAGES.tooMany(rows.length));
  return rows;
}

type LabelIndex = { exact: Map<string, string[]>; loose: Map<string, string[]> };

function labelIndex(items: readonly Item[]): LabelIndex {
  const exact = new Map<string, string[]>();
  const loose = new Map<string, string[]>();
  for (const item of items) {
    exact.set(item.label, [...(exact.get(item.label) ?? []), item.id]);
    const key = sameTextKey(item.label);
    loose.set(key, [...(loose.get(key) ?? []), item.id]);
  }
  return { exact, loose };
}

/**
 * One ballot's labels → item ids: each use of a label takes the next item holding it, so a label
 * two items share names both (used once more, it names the last again: "lists an item twice").
 * A label no item has throws `unknown`, the label quoted.
 */
function idsOf(index: LabelIndex, unknown: string): (label: string) => string {
  const used = new Map<string, number>();
  return (label) => {
    const ids = index.exact.get(label) ?? index.loose.get(sameTextKey(label));
    if (!ids) throw invalid(`${unknown}: "${label}"`);
    const key = ids[0]!;
    const count = used.get(key) ?? 0;
    used.set(key, count + 1);
    return ids[Math.min(count, ids.length - 1)]!;
  };
}

/** An ISO 8601 time with a date and a time of day (what the export writes). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

function parseTime(text: string): Date {
  const ms = ISO_TIME.test(text) ? Date.parse(text) : Number.NaN;
  if (!Number.isFinite(ms)) throw invalid(IMPORT_MESSAGES.badTime);
  return new Date(ms);
}

function invalid(message: string): AppError {
  return new AppError('invalid-argument', message);
}
