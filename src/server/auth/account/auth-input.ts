/**
 * Checks every better-auth request body before better-auth sees it (its `hooks.before`), with our
 * rules and messages (issue 11, issue 22): text we cannot store (NUL, broken Unicode) is a 400,
 * never a 500; display names are cleaned and 1 to 40 characters; a profile picture is an https
 * address of at most 2 KB; new passwords follow the password rule (src/domain/passwords.ts) on
 * sign-up, reset, change and set, judged against the account's own e-mail and name.
 */
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { imageProblem } from '../../../domain/account-image';
import { AppError } from '../../../domain/errors';
import { MESSAGES, normalizeAccountName } from '../../../domain/game';
import { passwordProblem, type PasswordContext } from '../../../domain/passwords';
import { MAX_IMAGE_URL_BYTES } from '../../../domain/limits';
import { PASSWORD_MESSAGES } from './password-messages';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../http/validate';
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

/** Paths where a profile picture may be given. */
const IMAGE_PATHS = new Set(['/sign-up/email', '/update-user']);

/** Codes the web client can tell apart; the message is what it shows. */
export const AUTH_INPUT_CODES = {
  unstorable: 'UNSTORABLE_TEXT',
  name: 'INVALID_NAME',
  password: 'WEAK_PASSWORD',
  image: 'INVALID_IMAGE',
} as const;

export const IMAGE_MESSAGES = {
  notHttps: 'A profile picture must be an https:// address.',
  tooLong: `A profile picture's address must be at most ${MAX_IMAGE_URL_BYTES} bytes.`,
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

/** A 400 unless the body's image (when given) is none or an acceptable https address. */
function checkImage(raw: unknown): void {
  if (raw === undefined || raw === null) return;
  if (typeof raw !== 'string') throw badRequest(AUTH_INPUT_CODES.image, IMAGE_MESSAGES.notHttps);
  const problem = imageProblem(raw);
  if (problem) throw badRequest(AUTH_INPUT_CODES.image, IMAGE_MESSAGES[problem]);
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Whose password it is, so it is not their e-mail or name: the body's on sign-up, the reset
 * token's account on a reset, the session's account on a change. Empty when unknown (then
 * better-auth refuses the request anyway: no such token, no session).
 */
async function passwordContext(ctx: HookContext, body: Record<string, unknown>) {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  if (ctx.path === '/sign-up/email') return { email: text(body.email), name: text(body.name) };
  if (ctx.path === '/reset-password') {
    const query = ctx.query as Record<string, unknown> | undefined;
    const token = text(body.token) ?? text(query?.token);
    if (!token) return {};
    const found = await ctx.context.internalAdapter.findVerificationValue(
      `reset-password:${token}`,
    );
    const owner = found ? await ctx.context.internalAdapter.findUserById(found.value) : null;
    return owner ? { email: owner.email, name: owner.name } : {};
  }
  const session = await getSessionFromCtx(ctx);
  return session ? { email: session.user.email, name: session.user.name } : {};
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

  if (IMAGE_PATHS.has(ctx.path)) checkImage(body.image);

  const passwordField = NEW_PASSWORD_FIELDS[ctx.path];
  const password = passwordField === undefined ? undefined : body[passwordField];
  if (typeof password === 'string') {
    // The rule without the account first: a weak password is refused without a lookup.
    const plain = passwordProblem(password, isCommonPassword);
    if (plain) throw badRequest(AUTH_INPUT_CODES.password, PASSWORD_MESSAGES[plain]);
    const context: PasswordContext = await passwordContext(ctx, body);
    const personal = passwordProblem(password, isCommonPassword, context);
    if (personal) throw badRequest(AUTH_INPUT_CODES.password, PASSWORD_MESSAGES[personal]);
  }

  if (name !== undefined && name !== body.name) return { context: { body: { ...body, name } } };
  return;
});
