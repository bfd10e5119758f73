/**
 * What an owner downloads: the results table and the ballots, as CSV rows or JSON records, and
 * the reader that takes a ballot CSV back (an export imports back unchanged). Pure.
 * Ballots carry the name the player showed, the time and their order (a tier ballot: its tiers);
 * never an e-mail or user id. Decision 0043 has the tier CSV format.
 */
import type { Item } from './game';
import type { Results } from './results';

/** `answers`: a duel game's raw answers (decision 0067), one per row. */
export const EXPORT_KINDS = ['results', 'ballots', 'answers'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export type ResultRecord = {
  rank: number;
  item: string;
  meanPosition: number | null;
  firstPlaces: number;
  firstShare: number;
  contested: number;
  /** The address of the item's picture (issue 26), or null when it has none. */
  picture: string | null;
};

/**
 * A ballot as exported: labels, never ids. `ranking` is every ranked label best first (a tier
 * ballot: tier by tier); a tier ballot also has `tiers`, one list of labels per tier (empty tiers
 * kept, so list i is tier i; items left in the pool are in none).
 */
export type BallotRecord = {
  name: string;
  submittedAt: string;
  ranking: string[];
  tiers?: string[][];
};

/** A submission to export: a ranking (full or top N, ids best first) or a tier ballot's groups. */
export type ExportBallot = { name: string; at: Date } & (
  { ranking: readonly string[] } | { tiers: readonly (readonly string[])[] }
);

/** Text a spreadsheet would run as a formula; one leading apostrophe more makes it text. */
const FORMULA = /^'*[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * A text starting with =, +, -, @, tab or carriage return would run as a formula in a spreadsheet
 * (CSV injection): it gets a leading apostrophe, which spreadsheets show as text (so does one
 * already starting with apostrophes before such a character, so that `parseCsvField` can take
 * exactly one away). Numbers are written as they are (a negative number is not a formula).
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export function csvLine(fields: readonly (string | number | null)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/**
 * The results table in consensus order; `pictureUrl` gives the address of an item's picture
 * (absolute when the server knows its public address).
 */
export function resultRecords(
  results: Results,
  pictureUrl: (itemId: string) => string | null = () => null,
): ResultRecord[] {
  return results.items.map((item, index) => ({
    rank: index + 1,
    item: item.label,
    meanPosition: item.meanPosition === null ? null : round(item.meanPosition, 3),
    firstPlaces: item.distribution[0] ?? 0,
    firstShare: round(item.firstShare, 4),
    contested: round(item.contested, 4),
    picture: pictureUrl(item.id),
  }));
}

export const RESULT_HEADER = [
  'rank',
  'item',
  'mean_position',
  'first_places',
  'first_share',
  'contested',
  'picture',
] as const;

export function resultLine(record: ResultRecord): string {
  return csvLine([
    record.rank,
    record.item,
    record.meanPosition,
    record.firstPlaces,
    record.firstShare,
    record.contested,
    record.picture,
  ]);
}

/** A ballot with item ids turned into labels; ids of items since removed are left out. */
export function ballotRecord(ballot: ExportBallot, items: readonly Item[]): BallotRecord {
  const labels = new Map(items.map((item) => [item.id, item.label]));
  const labelsOf = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const label = labels.get(id);
      return label === undefined ? [] : [label];
    });
  const record = { name: ballot.name, submittedAt: ballot.at.toISOString() };
  if ('ranking' in ballot) return { ...record, ranking: labelsOf(ballot.ranking) };
  const tiers = ballot.tiers.map(labelsOf);
  return { ...record, ranking: tiers.flat(), tiers };
}

/** name, submitted_at, then one column per position: 1, 2, … n. */
export function ballotHeader(itemCount: number): string {
  return csvLine([
    'name',
    'submitted_at',
    ...Array.from({ length: itemCount }, (_, i) => String(i + 1)),
  ]);
}

/** A tier game's ballots: name, submitted_at, then one column per tier, named by its label. */
export function tierBallotHeader(tierLabels: readonly string[]): string {
  return csvLine(['name', 'submitted_at', ...tierLabels]);
}

/**
 * One ballot's CSV line: a ranking's labels one per column; a tier ballot's tiers one per column,
 * the labels of a tier on separate lines of its cell (labels never hold a line break).
 */
export function ballotLine(record: BallotRecord): string {
  const cells = record.tiers ? record.tiers.map((labels) => labels.join('\n')) : record.ranking;
  return csvLine([record.name, record.submittedAt, ...cells]);
}

/** A ballot read back from a ballot CSV: labels as exported (see `parseBallotCsv`). */
export type ParsedBallot =
  | { name: string; submittedAt: string; ranking: string[] }
  | { name: string; submittedAt: string; tiers: string[][] };

/**
 * Why a CSV cannot be read: where it went wrong, a 1-based line of the text (the CSV cannot be
 * split into records) or row (a record, the header being row 1, as a spreadsheet numbers them).
 */
export class CsvError extends Error {
  constructor(
    /** What is wrong, without where. */
    readonly reason: string,
    readonly line: number,
    readonly unit: 'line' | 'row' = 'line',
  ) {
    super(`${reason} (${unit} ${line})`);
    this.name = 'CsvError';
  }
}

/**
 * The records of a CSV text (RFC 4180: quoted fields may hold commas, quotes doubled, and line
 * breaks; lines end in CRLF or LF; a final line break is optional). Fields are as written: see
 * `parseCsvField`. Throws `CsvError` on a quote inside an unquoted field, text after a closing
 * quote, or a quote never closed.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const n = text.length;
  if (n === 0) return records;
  for (;;) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote === -1) throw new CsvError('A quoted field is never closed', recordLine);
        const chunk = text.slice(i, quote);
        line += chunk.split('\n').length - 1;
        field += chunk;
        if (text[quote + 1] === '"') {
          field += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
      if (i < n && text[i] !== ',' && text[i] !== '\n' && !text.startsWith('\r\n', i)) {
        throw new CsvError('Text after a closing quote', recordLine);
      }
    } else {
      let end = i;
      while (end < n && text[end] !== ',' && text[end] !== '\n' && !text.startsWith('\r\n', end))
        end++;
      field = text.slice(i, end);
      if (field.includes('"')) throw new CsvError('A quote inside an unquoted field', recordLine);
      i = end;
    }
    record.push(field);
    if (i < n && text[i] === ',') {
      i++;
      continue;
    }
    records.push(record);
    record = [];
    if (i >= n) return records;
    i += text[i] === '\r' ? 2 : 1;
    line++;
    recordLine = line;
    if (i >= n) return records;
  }
}

/** A field as `csvField` wrote it: one apostrophe put before formula text taken away. */
export function parseCsvField(field: string): string {
  return FORMULA.test(field) && field.startsWith("'") ? field.slice(1) : field;
}

/**
 * The ballots of a ballot CSV as the export writes it (`ballotHeader`/`tierBallotHeader` and
 * `ballotLine`): for a ranking or top N, the labels of columns 3 on, empty trailing cells left
 * out; for tiers (`tierCount` tiers), one list of labels per tier column, a cell's labels on
 * separate lines. The header's first two columns must be name and submitted_at; a row with more
 * cells than the header, or a tier row with another number of tier cells, throws `CsvError`.
 * Labels are returned as written: matching them to items, and every check a submission gets, is
 * the importer's.
 */
export function parseBallotCsv(text: string, ballot: BallotCsvShape): ParsedBallot[] {
  return parseBallotRows(text, ballot).map((row) => row.ballot);
}

/** What a ballot CSV's columns hold: a ranking's places, or `tierCount` tiers. */
export type BallotCsvShape =
  { kind: 'ranking' } | { kind: 'top' } | { kind: 'tiers'; tierCount: number };

/**
 * `parseBallotCsv` with each ballot's row: the record's number, the header being row 1 (what a
 * spreadsheet shows; a cell with line breaks is one row). Blank lines are skipped, their numbers
 * kept. A byte-order mark before the header (the export writes one) is skipped.
 */
export function parseBallotRows(
  text: string,
  ballot: BallotCsvShape,
): { row: number; ballot: ParsedBallot }[] {
  const [header, ...rows] = parseCsv(text.startsWith('\uFEFF') ? text.slice(1) : text);
  if (!header || header[0] !== 'name' || header[1] !== 'submitted_at') {
    throw new CsvError('The first line must start with name,submitted_at', 1, 'row');
  }
  const columns = header.length;
  if (ballot.kind === 'tiers' && columns !== ballot.tierCount + 2) {
    throw new CsvError(`The header must name ${ballot.tierCount} tiers`, 1, 'row');
  }
  return rows.flatMap((cellsOfRow, r): { row: number; ballot: ParsedBallot }[] => {
    if (cellsOfRow.length === 1 && cellsOfRow[0] === '') return []; // a blank line
    const row = r + 2;
    if (cellsOfRow.length > columns) {
      throw new CsvError('More cells than the header has columns', row, 'row');
    }
    const [name = '', submittedAt = '', ...cells] = cellsOfRow.map(parseCsvField);
    if (ballot.kind === 'tiers') {
      if (cells.length !== ballot.tierCount) {
        throw new CsvError(`Every row needs ${ballot.tierCount} tier cells`, row, 'row');
      }
      const tiers = cells.map((cell) => (cell === '' ? [] : cell.split('\n')));
      return [{ row, ballot: { name, submittedAt, tiers } }];
    }
    while (cells.length > 0 && cells.at(-1) === '') cells.pop();
    return [{ row, ballot: { name, submittedAt, ranking: cells } }];
  });
}

/**
 * A duel game's answer as exported (decision 0067): the player's name, when, the two items'
 * labels (in code-unit order of their ids, as stored) and the winner's label, null for
 * "can't decide".
 */
export type AnswerRecord = {
  name: string;
  answeredAt: string;
  a: string;
  b: string;
  winner: string | null;
};

export const ANSWER_HEADER = ['name', 'answered_at', 'item_a', 'item_b', 'winner'] as const;

/** An answer with ids turned into labels; null when one of its items is no longer in the game. */
export function answerRecord(
  answer: { name: string; at: Date; a: string; b: string; winner: string | null },
  items: readonly Item[],
): AnswerRecord | null {
  const labels = new Map(items.map((item) => [item.id, item.label]));
  const a = labels.get(answer.a);
  const b = labels.get(answer.b);
  if (a === undefined || b === undefined) return null;
  const winner = answer.winner === null ? null : (labels.get(answer.winner) ?? null);
  return { name: answer.name, answeredAt: answer.at.toISOString(), a, b, winner };
}

/** One answer's CSV line; an empty winner is "can't decide". */
export function answerLine(record: AnswerRecord): string {
  return csvLine([record.name, record.answeredAt, record.a, record.b, record.winner]);
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
