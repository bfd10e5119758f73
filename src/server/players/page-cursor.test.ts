import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors';
import { encodePageCursor, pageCursorParam, parsePageCursor, type CursorList } from './page-cursor';

const lists: CursorList[] = ['created', 'archived', 'played'];
const cursor = fc.record({
  list: fc.constantFrom(...lists),
  atUs: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  id: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
});

describe('page cursors', () => {
  it('round-trip for their own list only', () => {
    fc.assert(
      fc.property(cursor, (c) => {
        const text = encodePageCursor(c);
        expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(parsePageCursor(text, c.list)).toEqual(c);
        for (const other of lists.filter((l) => l !== c.list)) {
          expect(parsePageCursor(text, other)).toBeNull();
        }
      }),
    );
  });

  it('refuse anything else, never throwing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        const parsed = parsePageCursor(text, 'created');
        if (parsed) expect(encodePageCursor(parsed)).toBe(text);
      }),
    );
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const text of [
      '',
      '====',
      b64(['c', -1, 'a']),
      b64(['c', 0.5, 'a']),
      b64(['c', 2 ** 60, 'a']),
      b64(['c', 1, 'a/b']),
      b64(['c', 1, 'a', 2]),
      b64(['c', 1]),
      b64({ c: 1 }),
      `${b64(['c', 1, 'a'])}=`,
    ]) {
      expect(parsePageCursor(text, 'created'), text).toBeNull();
    }
  });

  it('an absent or empty parameter is the first page; a bad one is a 400', () => {
    expect(pageCursorParam(undefined, 'played')).toBeNull();
    expect(pageCursorParam('', 'played')).toBeNull();
    expect(() => pageCursorParam('nope', 'played')).toThrow(AppError);
    try {
      pageCursorParam('nope', 'played');
    } catch (error) {
      expect(error).toMatchObject({
        code: 'invalid-argument',
        message: 'That page link is no longer valid',
      });
    }
  });
});
