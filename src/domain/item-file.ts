/**
 * A file of items chosen or dropped on /create or /builder (issue 25, "Also in this issue"): a
 * text file holds one item per line (the paste rule, pasted-list.ts); a CSV file holds one item
 * per row, in its first column, or in the column a header row names ("item", "name"...), that
 * header row skipped. Pure: the screens read the bytes, this says what items they hold, or what is
 * wrong with the file in words a person can act on (decision 0040).
 */
import { MAX_ITEM_FILE_BYTES } from './limits';
import { itemOfLine, itemsOfLines } from './pasted-list';
import { cleanText } from './text';

/** What the file picker offers. */
export const ITEM_FILE_ACCEPT = '.csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain';

export type ItemFileKind = 'csv' | 'text';

/** Why a file gives no items: over MAX_ITEM_FILE_BYTES, not text (a spreadsheet, an image), or no items. */
export type ItemFileProblem = 'too-big' | 'not-text' | 'empty';

export type ItemFileRead = { items: string[] } | { problem: ItemFileProblem };

/** What a file says of itself before it is read (a browser `File` is one). */
export type ItemFileInfo = { name: string; type: string; size: number };

const CSV_TYPES = new Set([
  'text/csv',
  'text/tab-separated-values',
  'application/csv',
  // Windows reports .csv files so when Excel is installed.
  'application/vnd.ms-excel',
]);

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name.toLowerCase())?.[1] ?? '';

/**
 * How to read a file, or null when it is not one of items: CSV by its name (.csv, .tsv) or type;
 * text by .txt, a text/* type, or no type at all (the bytes then tell, `decodeItemFile`).
 */
export function itemFileKind(file: Pick<ItemFileInfo, 'name' | 'type'>): ItemFileKind | null {
  const extension = extensionOf(file.name);
  const type = file.type.toLowerCase().split(';')[0]!.trim();
  if (extension === 'csv' || extension === 'tsv' || CSV_TYPES.has(type)) return 'csv';
  if (extension === 'txt' || type.startsWith('text/') || type === '') return 'text';
  return null;
}

/** What is wrong with a file before reading it: too big, or not a text or CSV file. */
export function itemFileProblem(file: ItemFileInfo): ItemFileProblem | null {
  if (itemFileKind(file) === null) return 'not-text';
  if (file.size > MAX_ITEM_FILE_BYTES) return 'too-big';
  return null;
}

/**
 * A file's bytes as text: by its byte-order mark (UTF-8, UTF-16), else UTF-8, else Windows-1252
 * (what older spreadsheets save); null for binary data (a NUL byte: a workbook, an image).
 */
export function decodeItemFile(bytes: Uint8Array): string | null {
  const [a, b, c] = bytes;
  if (a === 0xff && b === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (a === 0xfe && b === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  const body = a === 0xef && b === 0xbb && c === 0xbf ? bytes.subarray(3) : bytes;
  if (body.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** The field separator of a CSV text: whichever of comma, semicolon and tab its first line has most of. */
function separatorOf(text: string): string {
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', '\t']) {
    let count = 0;
    let quoted = false;
    for (const character of text) {
      if (character === '"') quoted = !quoted;
      else if (!quoted && (character === '\n' || character === '\r')) break;
      else if (!quoted && character === candidate) count += 1;
    }
    if (count > bestCount) {
      best = candidate;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The rows of a CSV text (RFC 4180: quoted fields may hold separators, line breaks and doubled
 * quotes; records end with CR LF, LF or CR). Lenient where files are not: text after a closing
 * quote is kept, and a quote never closed is read as an ordinary character.
 */
export function csvRows(text: string, separator = separatorOf(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let index = 0;
  const length = text.length;
  const endRow = () => {
    rows.push(row);
    row = [];
  };
  while (index <= length) {
    let field = '';
    if (text[index] === '"') {
      const start = index;
      let closed = false;
      index += 1;
      while (index < length) {
        if (text[index] === '"') {
          if (text[index + 1] === '"') {
            field += '"';
            index += 2;
            continue;
          }
          closed = true;
          index += 1;
          break;
        }
        field += text[index];
        index += 1;
      }
      if (!closed) {
        // Not a quoted field after all: read it again as plain text, quote included.
        field = '';
        index = start;
        field += '"';
        index += 1;
      }
    }
    while (index < length) {
      const character = text[index]!;
      if (character === separator || character === '\n' || character === '\r') break;
      field += character;
      index += 1;
    }
    row.push(field);
    const end = text[index];
    if (end === separator) {
      index += 1;
      continue;
    }
    endRow();
    if (end === '\r' && text[index + 1] === '\n') index += 2;
    else index += 1;
  }
  // A file ending in a line break has no empty record after it.
  const last = rows.at(-1);
  if (last && last.length === 1 && last[0] === '') rows.pop();
  return rows;
}

/** Header cells that name the items' column (compared cleaned and in lower case). */
const ITEM_HEADERS = new Set([
  'item',
  'items',
  'name',
  'names',
  'label',
  'labels',
  'title',
  'titles',
  'option',
  'options',
  'choice',
  'choices',
  'entry',
  'entries',
  'contender',
  'contenders',
  'candidate',
  'candidates',
]);

/**
 * A CSV's items: the column its first row names with a header word ("item", "name"...: that row
 * skipped), else the first column; each cell as a pasted line (`itemOfLine`), blank ones dropped.
 */
export function itemsOfCsv(text: string): string[] {
  const rows = csvRows(text);
  const header = rows[0] ?? [];
  const named = header.findIndex((cell) => ITEM_HEADERS.has(cleanText(cell).toLowerCase()));
  const column = Math.max(named, 0);
  return rows
    .slice(named >= 0 ? 1 : 0)
    .map((row) => itemOfLine(row[column] ?? ''))
    .filter((item) => item !== '');
}

/** The items of a file's text, read as its kind says. */
export function itemsOfFileText(text: string, kind: ItemFileKind): string[] {
  return kind === 'csv' ? itemsOfCsv(text) : itemsOfLines(text);
}

/** A file's items, from what it says of itself and its bytes; or why there are none. */
export function readItemFile(file: ItemFileInfo, bytes: Uint8Array): ItemFileRead {
  // Fields by name: a browser `File` keeps them on its prototype, where a spread finds nothing.
  const { name, type } = file;
  const problem = itemFileProblem({ name, type, size: Math.max(file.size, bytes.length) });
  if (problem) return { problem };
  const text = decodeItemFile(bytes);
  if (text === null) return { problem: 'not-text' };
  const items = itemsOfFileText(text, itemFileKind({ name, type }) ?? 'text');
  return items.length > 0 ? { items } : { problem: 'empty' };
}
