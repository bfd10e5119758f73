import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANALYTICS_MESSAGES,
  checkClientBatch,
  MAX_EVENT_BYTES,
  MAX_EVENTS_PER_BATCH,
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
const email = fc
  .tuple(word, word, fc.constantFrom('com', 'org', 'co.uk', 'io'))
  .map(([user, host, tld]) => `${user}@${host}.${tld}`);
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
        }
      }),
    );
  });

  it('keeps values without an address exactly, and the shape of everything', () => {
    const plain = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string().filter((s) => !s.includes('@')),
        fc.integer(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(
          fc.string().filter((s) => !s.includes('@')),
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

  it('accepts 1 to 50 known client events', () => {
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
});
