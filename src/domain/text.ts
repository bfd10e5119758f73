/**
 * People's text as we store and compare it (issue 11): prompts, item labels, titles, tags, names.
 *
 * `cleanText` is what is stored: NFC, no control characters (line breaks and tabs become spaces),
 * no bidirectional controls (an override turns "\u202Eevil" around on screen), no invisible
 * zero-width or filler characters, trimmed. A zero-width joiner or non-joiner stays only between
 * two characters beyond ASCII (emoji sequences such as 👨‍👩‍👧, Persian and Indic words); variation
 * selectors stay after a character (❤️) and tag characters only inside an emoji flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
 *
 * `sameTextKey` is what uniqueness compares: the cleaned text in NFKC ("ｆｕｌｌ" is "full", "ﬁ" is
 * "fi"), case-folded, without any joiner or variation selector, with Latin look-alike letters of
 * Cyrillic and Greek read as Latin, dashes and curly quotes read as ASCII, and spaces collapsed
 * (a page shows "A  B" as "A B").
 */

/* eslint-disable no-control-regex, no-misleading-character-class -- these patterns look for lone
   control, joiner and combining characters on purpose */

/** Line breaks, tabs and other spacing controls: a space, so words stay apart. */
const SPACING_CONTROLS = /[\t\n\v\f\r\u0085\u2028\u2029\u2800]/g;

/**
 * Removed outright: every other control character (C0, DEL, C1), the bidirectional controls
 * (marks, embeddings, overrides, isolates), lone surrogates, and the default-ignorable characters
 * that render as nothing (zero-width space, word joiner, BOM, soft hyphen, Hangul fillers...),
 * except the joiners, variation selectors and tag characters handled in context below.
 */
const REMOVED = new RegExp(
  [
    '[\\u0000-\\u001f\\u007f-\\u009f]',
    '[\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069]',
    '[\\ud800-\\udbff](?![\\udc00-\\udfff])',
    '(?<![\\ud800-\\udbff])[\\udc00-\\udfff]',
    '(?![\\u200c\\u200d\\ufe00-\\ufe0f\\u{e0020}-\\u{e007f}\\u{e0100}-\\u{e01ef}])\\p{Default_Ignorable_Code_Point}',
  ].join('|'),
  'gu',
);

const JOINERS = /[\u200c\u200d]/u;
const VARIATION_SELECTOR = /[\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/u;
const TAG = /[\u{e0020}-\u{e007f}]/u;
const BLACK_FLAG = '\u{1f3f4}';
/** A character a joiner may stand beside: anything beyond ASCII that is not a space or itself special. */
const JOINABLE = /^[^\u0000-\u007f\s\u200c\u200d]$/u;

/** Drops joiners, variation selectors and tag characters that stand where they have no use. */
function dropStrayFormatCharacters(text: string): string {
  const chars = [...text];
  const kept: string[] = [];
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i]!;
    const before = kept[kept.length - 1];
    if (JOINERS.test(char)) {
      const after = chars[i + 1];
      const joins =
        before !== undefined &&
        after !== undefined &&
        JOINABLE.test(before) &&
        JOINABLE.test(after) &&
        !VARIATION_SELECTOR.test(after) &&
        !TAG.test(after);
      if (!joins) continue;
    } else if (VARIATION_SELECTOR.test(char)) {
      // One selector, right after the character it selects a form of.
      if (before === undefined || /\s/u.test(before) || JOINERS.test(before)) continue;
      if (VARIATION_SELECTOR.test(before) || TAG.test(before)) continue;
    } else if (TAG.test(char)) {
      // Only in an emoji tag sequence: 🏴 then tag letters (ending with U+E007F).
      if (before !== BLACK_FLAG && (before === undefined || !TAG.test(before))) continue;
      if (before !== undefined && before.codePointAt(0) === 0xe007f) continue;
    }
    kept.push(char);
  }
  return kept.join('');
}

function cleanOnce(text: string): string {
  const spaced = text.normalize('NFC').replace(SPACING_CONTROLS, ' ').replace(REMOVED, '');
  return dropStrayFormatCharacters(spaced).normalize('NFC').trim();
}

/**
 * The text as stored: NFC, without control, bidi or invisible characters, trimmed (see above).
 * Idempotent: cleaning clean text changes nothing.
 */
export function cleanText(raw: string): string {
  let text = raw;
  // Each pass only removes characters or composes them; two passes settle nearly everything.
  for (let pass = 0; pass < 4; pass += 1) {
    const next = cleanOnce(text);
    if (next === text) return next;
    text = next;
  }
  return text;
}

/**
 * Letters that look like Latin ones, read as the Latin lower-case letter. Applied after case
 * folding, so a Cyrillic letter whose capital looks Latin (В, Н, М, Т, К) maps with its lower case
 * (в, н, м, т, к): "МОСКВА" and "Москва" stay the same key.
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'ë',
  і: 'i',
  ї: 'ï',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  ζ: 'z',
  η: 'h',
  ι: 'i',
  κ: 'k',
  μ: 'm',
  ν: 'n',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  // Latin letters that pass for others
  ı: 'i',
  ȷ: 'j',
  ſ: 's',
};
const LOOK_ALIKE_PATTERN = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'gu');

/** Joiners, variation selectors and tags: they change how text looks, never what it says. */
const PRESENTATION = /[\u200c\u200d\ufe00-\ufe0f\u{e0020}-\u{e007f}\u{e0100}-\u{e01ef}]/gu;

/**
 * The key two texts are compared by for uniqueness: equal keys mean the same text to a reader
 * (see the top of this file). Never shown or stored as the text itself.
 */
export function sameTextKey(raw: string): string {
  return cleanText(raw)
    .normalize('NFKC')
    .replace(PRESENTATION, '')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC')
    .replace(LOOK_ALIKE_PATTERN, (char) => LOOK_ALIKES[char] ?? char)
    .normalize('NFC')
    .replace(/\p{Pd}/gu, '-')
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u02bc]/gu, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/gu, '"')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Whether two texts are the same to a reader (equal `sameTextKey`). */
export function sameText(a: string, b: string): boolean {
  return sameTextKey(a) === sameTextKey(b);
}
