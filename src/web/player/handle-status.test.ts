import { describe, expect, it } from 'vitest';
const INVALID = 'Handle must be 3-20 chars, start with a letter, and use letters/numbers/_ only.';
import { availabilityText, handleStatus } from './handle-status';

const base = {
  typed: 'rosa',
  settled: 'rosa',
  current: null,
  saveError: null,
  checking: false,
  checkError: null,
  answer: undefined,
};

describe('handleStatus', () => {
  it('says nothing while typing, and SPEC §5 words once it pauses', () => {
    expect(handleStatus({ ...base, typed: 'ros' })).toBeNull();
    expect(handleStatus({ ...base, typed: '', settled: '' })).toEqual({
      tone: 'muted',
      text: 'Handle required',
    });
    expect(handleStatus({ ...base, typed: '9lives', settled: '9lives' })).toEqual({
      tone: 'error',
      text: INVALID,
    });
  });

  it("reports the server's answer about the handle typed", () => {
    expect(handleStatus({ ...base, checking: true })).toEqual({ tone: 'muted', text: 'Checking…' });
    expect(handleStatus({ ...base, answer: { available: true, message: null } })).toEqual({
      tone: 'ok',
      text: '@rosa is available',
    });
    expect(handleStatus({ ...base, answer: { available: false, message: 'taken' } })).toEqual({
      tone: 'error',
      text: '@rosa is taken',
    });
    expect(handleStatus({ ...base, checkError: 'Network problem' })?.text).toBe('Network problem');
  });

  it('knows the handle the player has, in any case', () => {
    expect(handleStatus({ ...base, current: 'rosa' })?.text).toBe('This is your handle.');
    expect(handleStatus({ ...base, typed: 'Rosa', settled: 'Rosa', current: 'rosa' })).toBeNull();
  });

  it("puts a failed save first, 'taken' said about the handle", () => {
    expect(handleStatus({ ...base, saveError: 'taken' })).toEqual({
      tone: 'error',
      text: '@rosa is taken',
    });
    expect(handleStatus({ ...base, saveError: INVALID })?.text).toBe(INVALID);
  });
});

describe('availabilityText', () => {
  it('falls back to a plain sentence without a message', () => {
    expect(availabilityText('x_y', null, false)).toBe('@x_y is not available');
  });
});
