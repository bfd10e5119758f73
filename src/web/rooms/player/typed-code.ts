/**
 * A room code as a person types it on /join, read before anything is sent: the code, or what is
 * wrong with it in words they can act on. The server reads codes the same way (parseRoomCode:
 * no case, spaces or dashes); here the characters no code has are named as soon as they are typed.
 */
import { parseRoomCode, ROOM_CODE_ALPHABET } from '../../../domain/rooms';

export type TypedCode =
  | { kind: 'code'; code: string }
  | { kind: 'empty' }
  /** Characters no code has (0, O, 1, I, L, or anything else), each once, as typed (capitals). */
  | { kind: 'never'; chars: string[] }
  | { kind: 'length'; count: number };

/**
 * What a character no code has may have been read for: codes leave out 0/O and 1/I/L because
 * they look alike, so the letter beside them in look is the likely one.
 */
export const LOOK_ALIKES: Readonly<Record<string, string>> = {
  O: 'D',
  '0': 'D',
  I: 'J',
  '1': 'J',
  L: 'J',
};

/** Spaces and dashes dropped, capitals: what the field holds as far as the code goes. */
export function codeCharacters(typed: string): string {
  return typed.replace(/[\s-]+/g, '').toUpperCase();
}

export function readTypedCode(typed: string): TypedCode {
  const chars = codeCharacters(typed);
  if (chars === '') return { kind: 'empty' };
  const never = [...new Set([...chars].filter((char) => !ROOM_CODE_ALPHABET.includes(char)))];
  if (never.length > 0) return { kind: 'never', chars: never };
  const code = parseRoomCode(chars);
  if (code === null) return { kind: 'length', count: [...chars].length };
  return { kind: 'code', code };
}
