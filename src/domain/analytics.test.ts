import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_MESSAGES,
  checkClientBatch,
  decodeForReading,
  hasEmail,
  MAX_EVENT_BYTES,
  MAX_EVENTS_PER_BATCH,
  MAX_PROP_TEXT,
  MAX_PROPS_DEPTH,
  MAX_PROPS_VALUES,
  propsShape,
  stripEmails,
  stripEmailsFromText,
} from './analytics';

const LOOKS_LIKE_EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/u;

/** Every string in a JSON value, keys included. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [key, ...strings(item)]);
  }
  return [];
}

const word = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,11}$/);
const plainEmail = fc
  .tuple(word, word, fc.constantFrom('com', 'org', 'co.uk', 'io'))
  .map(([user, host, tld]) => `${user}@${host}.${tld}`);
/** Ways an address is written so that a reader still sees one (decoded once or more). */
const hiding: ((text: string) => string)[] = [
  (text) => text,
  (text) => text.replace('@', '%40'),
  (text) => text.replace('@', '%2540').replaceAll('.', '%2E'),
  (text) => text.replace('@', '\uff20').replaceAll('.', '\uff0e'),
  (text) => text.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
  (text) => text.replace('@', '&#64;'),
  (text) => text.replace('@', '&#x40;').replaceAll('.', '&period;'),
  (text) => text.replace('@', '&amp;commat;'),
  (text) => text.replace('@', '\\u0040'),
  (text) => text.replace('@', '\ufe6b').replaceAll('.', '\u3002'),
  (text) => encodeURIComponent(encodeURIComponent(text.replace('@', '\uff20'))),
];
const email = fc
  .tuple(plainEmail, fc.constantFrom(...hiding))
  .map(([address, hide]) => hide(address));
/** Text with addresses inside, around and instead of other words. */
const textWithEmails = fc
  .array(fc.oneof(email, fc.string({ maxLength: 12 }), fc.constant(' ')), { maxLength: 6 })
  .map((parts) => parts.join(''));
const jsonWithEmails = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    textWithEmails,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(word, email), tie('value'), { maxKeys: 4 }),
  ),
})).value;

describe('stripEmails', () => {
  it('leaves no string that looks like an e-mail address, at any depth, keys included', () => {
    fc.assert(
      fc.property(jsonWithEmails, (value) => {
        for (const text of strings(stripEmails(value))) {
          expect(text).not.toMatch(LOOKS_LIKE_EMAIL);
          expect(decodeForReading(text) ?? '', text).not.toMatch(LOOKS_LIKE_EMAIL);
        }
      }),
    );
  });

  it('keeps values without an address (as sent or decoded) exactly, and the shape of everything', () => {
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom('50% off', 'news%20letter', '&amp; more', 'ｆｕｌｌ　ｗｉｄｔｈ', 'a@b'),
    );
    const plain = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        text.filter((s) => !hasEmail(s)),
        fc.integer(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(
          text.filter((s) => !hasEmail(s)),
          tie('value'),
          { maxKeys: 4 },
        ),
      ),
    })).value;
    fc.assert(
      fc.property(plain, (value) => {
        expect(JSON.stringify(stripEmails(value))).toBe(JSON.stringify(value));
      }),
    );
  });

  it('never changes its input', () => {
    fc.assert(
      fc.property(jsonWithEmails, (value) => {
        const before = JSON.stringify(value);
        stripEmails(value);
        expect(JSON.stringify(value)).toBe(before);
      }),
    );
  });

  it('takes the address out of a longer value and keeps the rest', () => {
    expect(stripEmailsFromText('from ada@example.com via newsletter')).toBe('from  via newsletter');
    expect(stripEmails({ ref: 'see https://x.example/?to=bob@example.org', n: 3 })).toEqual({
      ref: 'see ',
      n: 3,
    });
    expect(stripEmailsFromText('a@b.c@d.e')).toBe('@d.e');
  });

  it('reads addresses through percent-encoding, width forms, HTML references and escapes', () => {
    for (const hidden of [
      'ada%40example.com',
      'ada%2540example%252Ecom',
      'ＡＤＡ＠ＥＸＡＭＰＬＥ．ＣＯＭ',
      'ada﹫example。com',
      'ada&#64;example.com',
      'ada&#064example.com',
      'ada&#x40;example&period;com',
      'ada&commat;example.com',
      'ada&amp;amp;#64;example.com',
      'ada\\u0040example.com',
      'ada\\u{40}example.com',
      'ada\\x40example.com',
    ]) {
      expect(hasEmail(hidden), hidden).toBe(true);
      expect(stripEmailsFromText(`from ${hidden} via mail`), hidden).toBe('from  via mail');
    }
    // Decoded only when an address is there; otherwise kept exactly as sent.
    expect(stripEmailsFromText('news%20letter &amp; 50%')).toBe('news%20letter &amp; 50%');
    expect(stripEmailsFromText('%FF%40 ada%40x.io')).toBe('%FF@ ');
    // Decoding never makes a NUL (no text column takes one).
    expect(stripEmailsFromText('a%00b ada%40x.io')).toBe('ab ');
    // `at` written out is no address.
    expect(stripEmailsFromText('ada at example dot com')).toBe('ada at example dot com');
  });

  it('drops a value encoded deeper than any real one', () => {
    let nested = 'ada@example.com';
    for (let i = 0; i < 12; i++) nested = encodeURIComponent(nested);
    expect(decodeForReading(nested)).toBeNull();
    expect(hasEmail(nested)).toBe(true);
    expect(stripEmailsFromText(nested)).toBe('');
    expect(stripEmails({ [nested]: 1, b: nested })).toEqual({ b: '' });
  });

  it('walks nesting far deeper than the stack would allow a recursive walk', () => {
    let deep: unknown = 'x@example.com';
    for (let i = 0; i < 50_000; i++) deep = [deep];
    let result = stripEmails(deep);
    for (let i = 0; i < 50_000; i++) result = (result as unknown[])[0];
    expect(result).toBe('');
  });
});

describe('checkClientBatch', () => {
  const event = { name: 'session_start', props: { device: 'mobile' } };

  it('accepts 1 to 10 known client events', () => {
    expect(checkClientBatch({ events: [event] })).toEqual({ ok: true, events: [event] });
    const full = checkClientBatch({ events: Array(MAX_EVENTS_PER_BATCH).fill(event) });
    expect(full.ok).toBe(true);
    expect(checkClientBatch({ events: [{ name: 'share_open' }] })).toEqual({
      ok: true,
      events: [{ name: 'share_open', props: {} }],
    });
  });

  it('refuses empty, oversized and malformed batches with a message', () => {
    const refused = (body: unknown) => {
      const result = checkClientBatch(body);
      return result.ok ? null : result.message;
    };
    expect(refused({ events: [] })).toBe(ANALYTICS_MESSAGES.batch);
    expect(refused({ events: Array(MAX_EVENTS_PER_BATCH + 1).fill(event) })).toBe(
      ANALYTICS_MESSAGES.batch,
    );
    expect(refused(null)).toBe(ANALYTICS_MESSAGES.batch);
    expect(refused({ events: 'x' })).toBe(ANALYTICS_MESSAGES.batch);
    expect(refused({ events: [{ name: 'game_create' }] })).toBe(ANALYTICS_MESSAGES.name);
    expect(refused({ events: [null] })).toBe(ANALYTICS_MESSAGES.name);
    expect(refused({ events: [{ name: 'share_open', props: [1] }] })).toBe(
      ANALYTICS_MESSAGES.props,
    );
    const big = { name: 'share_open', props: { note: 'x'.repeat(MAX_EVENT_BYTES) } };
    expect(refused({ events: [big] })).toBe(ANALYTICS_MESSAGES.tooBig);
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(refused({ events: [{ name: 'share_open', props: deep }] })).toBe(
      ANALYTICS_MESSAGES.tooBig,
    );
  });

  it('caps what props hold: values, depth and the length of a text', () => {
    const refused = (props: unknown) => {
      const result = checkClientBatch({ events: [{ name: 'share_open', props }] });
      return result.ok ? null : result.message;
    };
    const flat = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [i, 1]));
    expect(refused(flat(MAX_PROPS_VALUES))).toBeNull();
    expect(refused(flat(MAX_PROPS_VALUES + 1))).toBe(ANALYTICS_MESSAGES.propsShape);
    expect(refused({ list: Array(MAX_PROPS_VALUES).fill(0) })).toBe(ANALYTICS_MESSAGES.propsShape);
    let nested: unknown = 1;
    for (let i = 0; i < MAX_PROPS_DEPTH; i++) nested = { n: nested };
    expect(refused(nested)).toBeNull();
    expect(refused({ n: nested })).toBe(ANALYTICS_MESSAGES.propsShape);
    expect(refused({ text: 'x'.repeat(MAX_PROP_TEXT) })).toBeNull();
    expect(refused({ text: 'x'.repeat(MAX_PROP_TEXT + 1) })).toBe(ANALYTICS_MESSAGES.propText);
    expect(refused({ ['k'.repeat(MAX_PROP_TEXT + 1)]: 1 })).toBe(ANALYTICS_MESSAGES.propText);
    expect(propsShape({ a: [1, { b: 'xyz' }], c: null })).toEqual({
      values: 5,
      depth: 3,
      longestText: 3,
    });
  });
});
