import { describe, expect, it } from 'vitest';
import { ROOM_CODE_ALPHABET } from '../../../domain/rooms';
import { LOOK_ALIKES, readTypedCode } from './typed-code';

describe('a typed room code', () => {
  it('is read without case, spaces or dashes, as the server reads it', () => {
    expect(readTypedCode('abc234')).toEqual({ kind: 'code', code: 'ABC234' });
    expect(readTypedCode(' ab-c 2-34 ')).toEqual({ kind: 'code', code: 'ABC234' });
  });

  it('names the characters no code has, each once, whatever its length', () => {
    expect(readTypedCode('o0o')).toEqual({ kind: 'never', chars: ['O', '0'] });
    expect(readTypedCode('ABC21L')).toEqual({ kind: 'never', chars: ['1', 'L'] });
    expect(readTypedCode('AB?')).toEqual({ kind: 'never', chars: ['?'] });
  });

  it('says how long it is when too short or too long, and when empty', () => {
    expect(readTypedCode('abc')).toEqual({ kind: 'length', count: 3 });
    expect(readTypedCode('ABCDEFG')).toEqual({ kind: 'length', count: 7 });
    expect(readTypedCode(' - ')).toEqual({ kind: 'empty' });
  });

  it('suggests look-alikes that codes do have', () => {
    for (const [left, like] of Object.entries(LOOK_ALIKES)) {
      expect(ROOM_CODE_ALPHABET.includes(left)).toBe(false);
      expect(ROOM_CODE_ALPHABET.includes(like)).toBe(true);
    }
  });
});
