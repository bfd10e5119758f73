/**
 * Checks every better-auth request body before better-auth sees it (its `hooks.before`), with our
 * rules and messages (issue 11): text we cannot store (NUL, broken Unicode) is a 400, never a
 * 500; display names are cleaned and 1 to 40 characters; new passwords follow the password rule
 * (src/domain/passwords.ts) on sign-up, reset and change.
 */
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { AppError } from '../../domain/errors';
import { MESSAGES, normalizeAccountName } from '../../domain/game';
import { passwordProblem } from '../../domain/passwords';
import { PASSWORD_MESSAGES } from './password-messages';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../http/validate';
import { isCommonPassword } from './common-passwords';

/** The field holding a new password, per better-auth path. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/set-password': 'newPassword',
};

/** Paths where a display name is set: required on sign-up, optional on a profile update. */
const NAME_PATHS: Record<string, 'required' | 'optional'> = {
  '/sign-up/email': 'required',
  '/update-user': 'optional',
};

/** Codes the web client can tell apart; the message is what it shows. */
export const AUTH_INPUT_CODES = {
  unstorable: 'UNSTORABLE_TEXT',
  name: 'INVALID_NAME',
  password: 'WEAK_PASSWORD',
} as const;

function badRequest(code: string, message: string): APIError {
  return new APIError('BAD_REQUEST', { code, message });
}

/**
 * `hasUnstorableText` over a whole parsed body without recursion: a body nested 20,000 deep
 * (valid JSON) would otherwise overflow the stack, a 500.
 */
export function bodyHasUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (hasUnstorableText(next)) return true;
    } else if (Array.isArray(next)) {
      for (const entry of next) pending.push(entry);
    } else if (next && typeof next === 'object') {
      for (const [key, entry] of Object.entries(next)) pending.push(key, entry);
    }
  }
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The name as stored, or a 400 with the rule's message. */
function checkedName(raw: unknown): string {
  if (typeof raw !== 'string') throw badRequest(AUTH_INPUT_CODES.name, MESSAGES.nameRequired);
  try {
    return normalizeAccountName(raw);
  } catch (error) {
    if (error instanceof AppError) throw badRequest(AUTH_INPUT_CODES.name, error.message);
    throw error;
  }
}

export const authInputHook = createAuthMiddleware(async (ctx) => {
  if (bodyHasUnstorableText(ctx.body) || bodyHasUnstorableText(ctx.query)) {
    throw badRequest(AUTH_INPUT_CODES.unstorable, UNSTORABLE_TEXT_MESSAGE);
  }
  const body: unknown = ctx.body;
  if (!isRecord(body)) return;

  // In the order the forms show them: the name, then the password.
  const nameRule = NAME_PATHS[ctx.path];
  const name =
    nameRule === 'required' || (nameRule === 'optional' && body.name !== undefined)
      ? checkedName(body.name)
      : undefined;

  const passwordField = NEW_PASSWORD_FIELDS[ctx.path];
  const password = passwordField === undefined ? undefined : body[passwordField];
  if (typeof password === 'string') {
    const problem = passwordProblem(password, isCommonPassword);
    if (problem) throw badRequest(AUTH_INPUT_CODES.password, PASSWORD_MESSAGES[problem]);
  }

  if (name !== undefined && name !== body.name) return { context: { body: { ...body, name } } };
  return;
});
