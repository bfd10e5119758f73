/** Error codes shared by server and web, their HTTP statuses, and friendly messages. */

export const ERROR_STATUS = {
  'invalid-argument': 400,
  unauthenticated: 401,
  'permission-denied': 403,
  'not-found': 404,
  aborted: 409,
  'resource-exhausted': 429,
  cancelled: 499,
  internal: 500,
  unimplemented: 501,
  unavailable: 503,
  'deadline-exceeded': 504,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS | 'unknown';

/**
 * The message of an `unavailable` (503) answer: the database connection was lost or the server
 * is stopping. Safe requests are retried by the web client; the person sees this if that fails.
 */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again.';

/**
 * Optional facts an error carries beside its message, for the page to act on: what unlocks a
 * game's locked results, or that the game is closed.
 */
export type ErrorDetails = {
  unlock?: { playersNeeded: number | null; deadlineAt: number | null };
  closed?: boolean;
  /** A community rank a moderator removed (its page says so instead of "not found"). */
  removed?: boolean;
};

/**
 * `requestId`: the request's id (also its `X-Request-Id` header and in the server's log line), so a
 * person's report can be matched with what the server saw. Added by the server to every error body.
 */
export type ErrorBody = {
  error: { code: ErrorCode; message: string; requestId?: string } & ErrorDetails;
};

/**
 * An expected failure: routes turn it into `{ error: { code, message, ...details } }` with its
 * status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails | undefined;
  constructor(code: ErrorCode, message: string, details?: ErrorDetails) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}

export function statusForCode(code: ErrorCode): number {
  return code === 'unknown' ? 500 : ERROR_STATUS[code];
}

export function codeForStatus(status: number): ErrorCode {
  const match = (Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[]).find(
    (code) => ERROR_STATUS[code] === status,
  );
  return match ?? 'unknown';
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}

/** SPEC §8's codes with their own friendly message (the web words them from its catalog). */
export const FRIENDLY_CODES = [
  'auth/network-request-failed',
  'auth/popup-closed-by-user',
  'auth/wrong-password',
  'auth/user-not-found',
  'auth/email-already-in-use',
] as const;

export type FriendlyCode = (typeof FRIENDLY_CODES)[number];

/**
 * SPEC §8: what a person is told of an error of any shape, as data for the web to word: one of
 * the known codes, no error at all ('none', "Something went wrong."), an empty message ('empty',
 * "An error occurred."), or the error's own message with a trailing parenthetical removed.
 */
export type Friendly = { code: FriendlyCode | 'none' | 'empty' } | { message: string };

export function friendlyError(error: unknown): Friendly {
  if (error === null || error === undefined) return { code: 'none' };
  const code =
    typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';
  const known = FRIENDLY_CODES.find((friendly) => friendly === code);
  if (known) return { code: known };
  const raw =
    typeof error === 'string'
      ? error
      : typeof error === 'object' && 'message' in error
        ? String((error as { message: unknown }).message ?? '')
        : '';
  const message = raw.replace(/\s*\([^()]*\)\s*\.?\s*$/, '').trim();
  return message === '' ? { code: 'empty' } : { message };
}
