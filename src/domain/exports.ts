/**
 * What an owner downloads: the results table and the ballots, as CSV rows or JSON records. Pure.
 * Ballots carry the name the player showed, the time and their order; never an e-mail or user id.
 */
import type { Item } from './game';
import type { Results } from './results';

export const EXPORT_KINDS = ['results', 'ballots'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export type ResultRecord = {
  rank: number;
  item: string;
  meanPosition: number | null;
  firstPlaces: number;
  firstShare: number;
  contested: number;
};

export type BallotRecord = { name: string; submittedAt: string; ranking: string[] };

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * A text starting with =, +, -, @, tab or carriage return would run as a formula in a spreadsheet
 * (CSV injection): it gets a leading apostrophe, which spreadsheets show as text. Numbers are
 * written as they are (a negative number is not a formula).
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export function csvLine(fields: readonly (string | number | null)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** The results table in consensus order. */
export function resultRecords(results: Results): ResultRecord[] {
  return results.items.map((item, index) => ({
    rank: index + 1,
    item: item.label,
    meanPosition: item.meanPosition === null ? null : round(item.meanPosition, 3),
    firstPlaces: item.distribution[0] ?? 0,
    firstShare: round(item.firstShare, 4),
    contested: round(item.contested, 4),
  }));
}

export const RESULT_HEADER = [
  'rank',
  'item',
  'mean_position',
  'first_places',
  'first_share',
  'contested',
] as const;

export function resultLine(record: ResultRecord): string {
  return csvLine([
    record.rank,
    record.item,
    record.meanPosition,
    record.firstPlaces,
    record.firstShare,
    record.contested,
  ]);
}

/** A ballot with item ids turned into labels; ids of items since removed are left out. */
export function ballotRecord(
  ballot: { name: string; at: Date; ranking: readonly string[] },
  items: readonly Item[],
): BallotRecord {
  const labels = new Map(items.map((item) => [item.id, item.label]));
  return {
    name: ballot.name,
    submittedAt: ballot.at.toISOString(),
    ranking: ballot.ranking.flatMap((id) => {
      const label = labels.get(id);
      return label === undefined ? [] : [label];
    }),
  };
}

/** name, submitted_at, then one column per position: 1, 2, … n. */
export function ballotHeader(itemCount: number): string {
  return csvLine([
    'name',
    'submitted_at',
    ...Array.from({ length: itemCount }, (_, i) => String(i + 1)),
  ]);
}

export function ballotLine(record: BallotRecord): string {
  return csvLine([record.name, record.submittedAt, ...record.ranking]);
}

/** A file name from the game's prompt: letters, digits and dashes only. */
export function exportFileName(
  prompt: string,
  kind: ExportKind,
  extension: 'csv' | 'json',
): string {
  const base =
    prompt
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/g, '') || 'crowned';
  return `${base}-${kind}.${extension}`;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
