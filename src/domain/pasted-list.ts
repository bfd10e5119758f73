/**
 * A list pasted into an item row (one item per line, as copied from notes, a spreadsheet column
 * or a bulleted list): the items it holds. Pure, so the create screen and the builder split a
 * paste the same way, and the rule is tested on its own.
 */
import { MAX_ITEM_LENGTH } from './limits';
import { cleanText } from './text';

/** Line breaks of every kind: CR LF, LF, CR, NEL, and the Unicode line and paragraph separators. */
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/;

/**
 * A list marker at a line's start, followed by a space: a bullet (-, *, +, •, ◦, ‣, ▪, –, —), a
 * number ("1.", "2)", "(3)") or a task box ("[ ]", "[x]"). "7 Up", "3.14" and "-5°C" keep theirs.
 */
const LIST_MARKER = /^(?:[-*+•◦‣▪–—]|\d{1,3}[.)]|\(\d{1,3}\)|\[[ xX]?\])(?:\s+|$)/u;

/**
 * A line as an item: cleaned (`cleanText`), its list marker dropped, cut to MAX_ITEM_LENGTH; ''
 * when nothing is left. Also the rule for each cell of a list read from a file (item-file.ts).
 */
export function itemOfLine(line: string): string {
  const text = cleanText(cleanText(line).replace(LIST_MARKER, ''));
  // The server counts UTF-16 units; a cut never leaves half of a character behind.
  let cut = '';
  for (const character of text) {
    if (cut.length + character.length > MAX_ITEM_LENGTH) break;
    cut += character;
  }
  return cut.trimEnd();
}

/**
 * The items of a pasted text, one per non-blank line, in order; `null` when it holds fewer than
 * two (a single item pastes as ordinary text). Repeats are kept: the form marks them as it marks
 * any repeated row.
 */
export function splitPastedList(text: string): string[] | null {
  if (!LINE_BREAK.test(text)) return null;
  const items = itemsOfLines(text);
  return items.length >= 2 ? items : null;
}

/** The items of a text, one per non-blank line, in order (however many: a file's rule). */
export function itemsOfLines(text: string): string[] {
  return text
    .split(LINE_BREAK)
    .map(itemOfLine)
    .filter((item) => item !== '');
}
