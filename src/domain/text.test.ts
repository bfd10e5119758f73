import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanText, sameText, sameTextKey } from './text';

/** Text with the characters this file is about mixed into ordinary words. */
const tricky = fc.constantFrom(
  'a',
  'B',
  'é',
  'e\u0301',
  ' ',
  '\u00a0',
  '\t',
  '\n',
  '\u0000',
  '\u0007',
  '\u007f',
  '\u0085',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u00ad',
  '\u202e',
  '\u202d',
  '\u2066',
  '\u200f',
  '\ufe0f',
  '\u{e0067}',
  '\u{e007f}',
  '\u{1f3f4}',
  '\u{1f468}',
  '\u2764',
  'ｆ',
  'ﬁ',
  'а',
  'Σ',
  'ß',
  '\u212a',
  '\u0344',
  '\ud800',
  '\udc00',
  'ی',
);
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.array(tricky, { maxLength: 30 }).map((parts) => parts.join('')),
  fc
    .tuple(fc.string({ maxLength: 10 }), fc.array(tricky, { maxLength: 6 }))
    .map(([word, parts]) => parts.join(word)),
);

// eslint-disable-next-line no-control-regex -- checking that none survive
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const INVISIBLE = /[\u200b\u2060\ufeff\u00ad]/;

describe('cleanText', () => {
  it('normalises to NFC and trims', () => {
    expect(cleanText('  Cafe\u0301  ')).toBe('Café');
    expect(cleanText('Cafe\u0301')).toBe(cleanText('Café'));
  });

  it('strips zero-width characters', () => {
    expect(cleanText('A\u200BB')).toBe('AB');
    expect(cleanText('\u2060A\ufeffB\u00ad')).toBe('AB');
    expect(cleanText('\u200b')).toBe('');
    expect(cleanText('\u3164')).toBe('');
  });

  it('removes bidi controls and other control characters', () => {
    expect(cleanText('\u202Eevil')).toBe('evil');
    expect(cleanText('a\u2066b\u2069c\u200fd')).toBe('abcd');
    expect(cleanText('a\u0000b\u0007c\u009b')).toBe('abc');
  });

  it('turns line breaks and tabs into spaces', () => {
    expect(cleanText('one\ntwo\tthree\r\nfour')).toBe('one two three  four');
  });

  it('keeps emoji sequences and joiners between letters beyond ASCII', () => {
    const family = '\u{1f468}\u200d\u{1f469}\u200d\u{1f467}';
    expect(cleanText(family)).toBe(family);
    expect(cleanText('\u2764\ufe0f')).toBe('\u2764\ufe0f');
    const scotland = '\u{1f3f4}\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}';
    expect(cleanText(scotland)).toBe(scotland);
    expect(cleanText('می\u200cخواهم')).toBe('می\u200cخواهم');
    // Between Latin letters, or hanging at an edge, a joiner is only a hiding place.
    expect(cleanText('A\u200dB')).toBe('AB');
    expect(cleanText('\u200cé')).toBe('é');
    expect(cleanText('A\ufe0f\ufe0f')).toBe('A\ufe0f');
    expect(cleanText('a\u{e0067}')).toBe('a');
  });

  it('leaves ordinary text alone', () => {
    for (const plain of ['Pizza', 'Crème brûlée', 'Москва', '東京', 'Ünïcödé 👍', 'a  b']) {
      expect(cleanText(plain)).toBe(plain);
    }
  });

  it('is idempotent and leaves no control, bidi or invisible character (property)', () => {
    fc.assert(
      fc.property(text, (raw) => {
        const clean = cleanText(raw);
        expect(cleanText(clean)).toBe(clean);
        expect(clean).toBe(clean.normalize('NFC'));
        expect(clean).toBe(clean.trim());
        expect(CONTROL.test(clean)).toBe(false);
        expect(BIDI.test(clean)).toBe(false);
        expect(INVISIBLE.test(clean)).toBe(false);
        expect(LONE_SURROGATE.test(clean)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('never lengthens ASCII text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (raw) => {
        expect(cleanText(raw).length).toBeLessThanOrEqual(raw.length);
      }),
    );
  });
});

describe('sameTextKey', () => {
  it('treats Unicode forms, invisible characters and full-width letters as the same text', () => {
    expect(sameText('Cafe\u0301', 'Café')).toBe(true);
    expect(sameText('A\u200BB', 'AB')).toBe(true);
    expect(sameText('ｆｕｌｌ', 'full')).toBe(true);
    expect(sameText('\u202Eevil', 'evil')).toBe(true);
    expect(sameText('ﬁsh', 'fish')).toBe(true);
  });

  it('ignores case, spacing, joiners, variation selectors, dash and quote styles', () => {
    expect(sameText('Pizza', 'PIZZA')).toBe(true);
    expect(sameText('Straße', 'STRASSE')).toBe(true);
    expect(sameText('A  B', 'a b')).toBe(true);
    expect(sameText('\u2764\ufe0f', '\u2764')).toBe(true);
    expect(sameText('rock–n–roll', 'rock-n-roll')).toBe(true);
    expect(sameText('Don’t', "Don't")).toBe(true);
  });

  it('reads Cyrillic and Greek look-alike letters as Latin ones', () => {
    expect(sameText('Pаypаl', 'Paypal')).toBe(true); // Cyrillic а
    expect(sameText('ВАТ', 'bat')).toBe(true); // Cyrillic В А Т
    expect(sameText('ΚΟΤ', 'kot')).toBe(true); // Greek capitals
    expect(sameText('МОСКВА', 'Москва')).toBe(true);
  });

  it('keeps different texts apart', () => {
    expect(sameText('Cafe', 'Café')).toBe(false);
    expect(sameText('AB', 'A B')).toBe(false);
    expect(sameText('Москва', 'Минск')).toBe(false);
    expect(sameText('東京', '京都')).toBe(false);
    expect(sameText('1', 'l')).toBe(false);
  });

  it('is the same for a text and its cleaned, upper- and lower-case forms (property)', () => {
    fc.assert(
      fc.property(text, (raw) => {
        const key = sameTextKey(raw);
        expect(sameTextKey(cleanText(raw))).toBe(key);
        expect(sameTextKey(raw.normalize('NFD'))).toBe(key);
        expect(sameTextKey(raw.normalize('NFKC'))).toBe(key);
        expect(sameTextKey(` ${raw}\u200b`)).toBe(key);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (raw) => {
        const key = sameTextKey(raw);
        expect(sameTextKey(raw.toUpperCase())).toBe(key);
        expect(sameTextKey(raw.toLowerCase())).toBe(key);
      }),
    );
  });
});
