/**
 * What the preview image can draw, and with which fonts (decision 0019, "Scripts and fonts").
 * Fonts are self-hosted from npm (@fontsource/*): Inter for Latin, Greek, Cyrillic and
 * Vietnamese; Noto Sans Arabic, Hebrew and Devanagari; Noto Sans SC for Chinese and Japanese and
 * Noto Sans KR for Korean (each split by Fontsource into about a hundred small files by character
 * range); emoji are
 * Twemoji's SVGs (@twemoji/svg). Nothing is read before a text needs it: a file is read the first
 * time a character in its range is drawn, and kept (the whole CJK font is ~25 MB in three weights;
 * a process that only ever draws Latin reads Inter's 90 KB).
 *
 * Which characters a file really has comes from its own character map (cmap), not from the
 * ranges Fontsource advertises: a character no font has is left out of the picture rather than
 * drawn as a "NO GLYPH" box.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { PROJECT_ROOT } from '../platform/project-root';

export type FontWeight = 400 | 700 | 800;
export const WEIGHTS: readonly FontWeight[] = [400, 700, 800];

/** One font file's range (a Fontsource subset) in the three weights the image uses. */
type Face = {
  /** Distinct per subset: satori tries every passed font for a missing character anyway. */
  name: string;
  /** The file of each weight. */
  files: Record<FontWeight, string>;
  ranges: [number, number][];
};

type Family = { pkg: string; id: string; subsets: (subset: string) => boolean };

/**
 * In fallback order: a character is drawn by the first family that has it. Inter first (the
 * brand's font); SC's own Latin, Cyrillic and Vietnamese subsets are left out (Inter has them).
 */
const FAMILIES: Family[] = [
  { pkg: 'inter', id: 'inter', subsets: () => true },
  { pkg: 'noto-sans-arabic', id: 'noto-sans-arabic', subsets: (s) => s === 'arabic' },
  { pkg: 'noto-sans-hebrew', id: 'noto-sans-hebrew', subsets: (s) => s === 'hebrew' },
  { pkg: 'noto-sans-devanagari', id: 'noto-sans-devanagari', subsets: (s) => s === 'devanagari' },
  { pkg: 'noto-sans-sc', id: 'noto-sans-sc', subsets: (s) => /^\[\d+\]$/.test(s) },
  // Hangul (Google's Noto Sans SC files have next to none of it).
  { pkg: 'noto-sans-kr', id: 'noto-sans-kr', subsets: (s) => /^\[\d+\]$/.test(s) },
];

const FONTSOURCE = path.join(PROJECT_ROOT, 'node_modules/@fontsource');
const TWEMOJI = path.join(PROJECT_ROOT, 'node_modules/@twemoji/svg');

/** `U+0600-06FF,U+25CC` → [[0x600, 0x6ff], [0x25cc, 0x25cc]]. */
export function parseUnicodeRange(value: string): [number, number][] {
  return value.split(',').flatMap((part) => {
    const match = /^\s*U\+([0-9a-f]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
    if (!match) return [];
    const start = parseInt(match[1]!, 16);
    return [[start, match[2] ? parseInt(match[2], 16) : start] as [number, number]];
  });
}

let faces: Face[] | undefined;

/** Every face, from each package's unicode.json (read once, a few KB). */
function allFaces(): Face[] {
  faces ??= FAMILIES.flatMap((family) => {
    const dir = path.join(FONTSOURCE, family.pkg);
    const subsets = JSON.parse(readFileSync(path.join(dir, 'unicode.json'), 'utf8')) as Record<
      string,
      string
    >;
    return Object.entries(subsets)
      .filter(([subset]) => family.subsets(subset))
      .map(([subset, range]) => {
        const bare = subset.replace(/^\[(\d+)\]$/, '$1');
        const file = (weight: FontWeight) =>
          path.join(dir, 'files', `${family.id}-${bare}-${weight}-normal.woff`);
        return {
          name: `${family.id} ${bare}`,
          files: { 400: file(400), 700: file(700), 800: file(800) },
          ranges: parseUnicodeRange(range),
        };
      });
  });
  return faces;
}

const fileCache = new Map<string, Promise<Buffer>>();
const cmapCache = new Map<string, Promise<Set<number>>>();

function fontFile(file: string): Promise<Buffer> {
  let data = fileCache.get(file);
  if (!data) {
    data = readFile(file);
    fileCache.set(file, data);
  }
  return data;
}

/** The characters a face has a glyph for (its regular weight's cmap; the weights share it). */
function charactersOf(face: Face): Promise<Set<number>> {
  let set = cmapCache.get(face.name);
  if (!set) {
    set = fontFile(face.files[400]).then(woffCharacters);
    cmapCache.set(face.name, set);
  }
  return set;
}

/** Code points mapped to a glyph other than .notdef in a WOFF (1.0) file's cmap table. */
export function woffCharacters(woff: Buffer): Set<number> {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const numTables = woff.readUInt16BE(12);
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    if (woff.toString('latin1', entry, entry + 4) !== 'cmap') continue;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return cmapCharacters(compLength < origLength ? inflateSync(raw) : raw);
  }
  return new Set();
}

function cmapCharacters(cmap: Buffer): Set<number> {
  const chars = new Set<number>();
  const count = cmap.readUInt16BE(2);
  const subtables: number[] = [];
  for (let i = 0; i < count; i++) {
    const record = 4 + i * 8;
    const platform = cmap.readUInt16BE(record);
    const encoding = cmap.readUInt16BE(record + 2);
    // Unicode (0, any) and Windows Unicode BMP (3, 1) or full repertoire (3, 10).
    if (platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10))) {
      subtables.push(cmap.readUInt32BE(record + 4));
    }
  }
  for (const at of new Set(subtables)) {
    const format = cmap.readUInt16BE(at);
    if (format === 4) {
      const segments = cmap.readUInt16BE(at + 6) / 2;
      const ends = at + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const end = cmap.readUInt16BE(ends + s * 2);
        const start = cmap.readUInt16BE(starts + s * 2);
        const delta = cmap.readUInt16BE(deltas + s * 2);
        const rangeOffsetAt = rangeOffsets + s * 2;
        const rangeOffset = cmap.readUInt16BE(rangeOffsetAt);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let glyph: number;
          if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
          else {
            const glyphAt = rangeOffsetAt + rangeOffset + (c - start) * 2;
            glyph = glyphAt + 2 <= cmap.length ? cmap.readUInt16BE(glyphAt) : 0;
            if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
          }
          if (glyph !== 0) chars.add(c);
        }
      }
    } else if (format === 12) {
      const groups = cmap.readUInt32BE(at + 12);
      for (let g = 0; g < groups; g++) {
        const group = at + 16 + g * 12;
        const start = cmap.readUInt32BE(group);
        const end = cmap.readUInt32BE(group + 4);
        const glyph = cmap.readUInt32BE(group + 8);
        for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) chars.add(c);
      }
    }
  }
  return chars;
}

/** The first face that really has `codePoint` (its file read on first need), or null. */
async function faceFor(codePoint: number): Promise<Face | null> {
  for (const face of allFaces()) {
    if (!face.ranges.some(([start, end]) => codePoint >= start && codePoint <= end)) continue;
    if ((await charactersOf(face)).has(codePoint)) return face;
  }
  return null;
}

/**
 * Characters that draw nothing of their own, shaped with their neighbours: joiners, variation
 * selectors, direction marks. They need no glyph of a font's.
 */
function invisible(codePoint: number): boolean {
  return (
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    codePoint === 0x2060 ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    (codePoint >= 0xe0100 && codePoint <= 0xe01ef)
  );
}

/** An emoji grapheme (including flags, keycaps, ZWJ sequences and skin tones). */
const EMOJI = new RegExp('^\\p{RGI_Emoji}$', 'v');

/** Twemoji's file name for an emoji: its code points in hex, FE0F dropped unless ZWJ-joined. */
function twemojiFile(grapheme: string): string | null {
  const points = [...grapheme].map((char) => char.codePointAt(0)!.toString(16));
  const names = [points.join('-'), points.filter((point) => point !== 'fe0f').join('-')];
  for (const name of names) {
    const file = path.join(TWEMOJI, `${name}.svg`);
    if (existsSync(file)) return file;
  }
  return null;
}

const emojiCache = new Map<string, Promise<string | null>>();

/** An emoji's picture as a data URI, or null when Twemoji has none. */
export function emojiImage(grapheme: string): Promise<string | null> {
  let image = emojiCache.get(grapheme);
  if (!image) {
    const file = twemojiFile(grapheme);
    image = file
      ? readFile(file).then((svg) => `data:image/svg+xml;base64,${svg.toString('base64')}`)
      : Promise.resolve(null);
    if (emojiCache.size < 4000) emojiCache.set(grapheme, image);
  }
  return image;
}

export type SatoriFont = { name: string; data: Buffer; weight: FontWeight; style: 'normal' };

/** What a render needs for its texts: the texts as drawn, the fonts, the emoji pictures. */
export type PreparedText = {
  texts: string[];
  fonts: SatoriFont[];
  /** Font names in fallback order, for the CSS font-family. */
  fontFamily: string;
  graphemeImages: Record<string, string>;
};

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Each text as it can be drawn: every grapheme whose characters some font has, and every emoji
 * Twemoji has, in order; anything else (a character no font here has, a private-use character,
 * an emoji too new for Twemoji) is left out, and runs of spaces it leaves are folded. The fonts
 * returned are only those the kept characters need (always Inter's Latin, for the image's own
 * words and digits).
 */
export async function prepareText(texts: readonly string[]): Promise<PreparedText> {
  const all = allFaces();
  const used = new Set<Face>(all.filter((face) => face.name === 'inter latin'));
  const graphemeImages: Record<string, string> = {};
  const drawn: string[] = [];
  for (const text of texts) {
    let kept = '';
    for (const { segment } of segmenter.segment(text)) {
      if (/^\s+$/u.test(segment)) {
        kept += ' ';
        continue;
      }
      if (EMOJI.test(segment)) {
        const image = await emojiImage(segment);
        if (image) {
          graphemeImages[segment] = image;
          kept += segment;
        }
        continue;
      }
      let drawable = true;
      const needs: Face[] = [];
      for (const char of segment) {
        const codePoint = char.codePointAt(0)!;
        if (invisible(codePoint)) continue;
        const face = await faceFor(codePoint);
        if (!face) {
          drawable = false;
          break;
        }
        needs.push(face);
      }
      if (drawable) {
        kept += segment;
        for (const face of needs) used.add(face);
      }
    }
    drawn.push(kept.replace(/\s+/g, ' ').trim());
  }
  // In the families' order, so a character two fonts have is drawn by the same one as measured.
  const ordered = all.filter((face) => used.has(face));
  const fonts = await Promise.all(
    ordered.flatMap((face) =>
      WEIGHTS.map(async (weight) => ({
        name: face.name,
        weight,
        style: 'normal' as const,
        data: await fontFile(face.files[weight]),
      })),
    ),
  );
  return {
    texts: drawn,
    fonts,
    fontFamily: ordered.map((face) => face.name).join(', '),
    graphemeImages,
  };
}
