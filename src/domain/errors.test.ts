import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { codeForStatus, FRIENDLY_CODES, friendlyError, isErrorBody, statusForCode } from './errors';

describe('friendly errors (SPEC §8)', () => {
  it('know the auth codes SPEC §8 words', () => {
    for (const code of FRIENDLY_CODES) expect(friendlyError({ code })).toEqual({ code });
    expect(friendlyError({ code: 'auth/quota-exceeded', message: 'Quota' })).toEqual({
      message: 'Quota',
    });
  });

  it('keep the message without its trailing parenthetical, and say when there is none', () => {
    expect(friendlyError(new Error('Quota exceeded (auth/quota-exceeded).'))).toEqual({
      message: 'Quota exceeded',
    });
    expect(friendlyError({ message: 'Plain message' })).toEqual({ message: 'Plain message' });
    expect(friendlyError('A string')).toEqual({ message: 'A string' });
    expect(friendlyError(null)).toEqual({ code: 'none' });
    expect(friendlyError(undefined)).toEqual({ code: 'none' });
    expect(friendlyError(new Error(''))).toEqual({ code: 'empty' });
    expect(friendlyError(new Error(' (only this)'))).toEqual({ code: 'empty' });
  });

  it('give a code or a non-empty message for anything', () => {
    fc.assert(
      fc.property(fc.anything(), (error) => {
        const friendly = friendlyError(error);
        if ('message' in friendly) {
          expect(friendly.message.trim()).toBe(friendly.message);
          expect(friendly.message).not.toBe('');
        } else {
          expect([...FRIENDLY_CODES, 'none', 'empty']).toContain(friendly.code);
        }
      }),
    );
  });
});

describe('status mapping', () => {
  it('follows the table both ways', () => {
    expect(statusForCode('invalid-argument')).toBe(400);
    expect(statusForCode('resource-exhausted')).toBe(429);
    expect(statusForCode('unknown')).toBe(500);
    expect(codeForStatus(404)).toBe('not-found');
    expect(codeForStatus(418)).toBe('unknown');
  });
  it('recognises error bodies', () => {
    expect(isErrorBody({ error: { code: 'not-found', message: 'x' } })).toBe(true);
    expect(isErrorBody({ error: 'x' })).toBe(false);
    expect(isErrorBody(null)).toBe(false);
  });
});
