/** One API call: a per-try timeout, error bodies turned into ApiError, retries for transient failures. */
import { ApiError, errorFromResponse, toApiError } from './errors';
import { withRetry } from './retry';
import { apiErrorsText } from '../i18n/messages/api';

/** SPEC §7: a call's default timeout is 70 s; past it the try fails with `deadline-exceeded`. */
export const TRY_TIMEOUT_MS = 70_000;

/** SPEC §8's messages for a successful answer whose body the client cannot use (English). */
export const INVALID_JSON_MESSAGE = apiErrorsText.get().invalidJson;
export const MISSING_DATA_MESSAGE = apiErrorsText.get().missingData;

type JsonResponse<T> = {
  ok: boolean;
  status?: number;
  json(): Promise<T>;
  /** Real responses have it: lets an empty body be told apart from a body that is not JSON. */
  text?: () => Promise<string>;
};

export type RequestOptions = {
  signal?: AbortSignal;
  retry?: boolean;
  /** Lets the request finish after the page is gone (a save sent while the tab closes). */
  keepalive?: boolean;
  /** A shorter deadline per try than `TRY_TIMEOUT_MS`, for lookups a screen waits on. */
  timeoutMs?: number;
};

function timeoutError(): ApiError {
  return new ApiError('deadline-exceeded', apiErrorsText.get().timeout);
}

/**
 * Reads a successful answer's body. SPEC §8 comes from a client whose answers wrap the payload in
 * `{ data }`: "missing data field" when it is absent. Our API answers with the payload object
 * itself, so the payload is missing when the body is empty or `null`; a body that is not JSON, or
 * JSON that is not an object (an array, a string, a number), is "not valid JSON object".
 */
async function readBody<T>(response: JsonResponse<T>): Promise<T> {
  let body: unknown;
  if (typeof response.text === 'function') {
    const text = await response.text();
    if (text.trim() === '')
      throw new ApiError('internal', apiErrorsText.get().missingData, { status: response.status });
    try {
      body = JSON.parse(text);
    } catch {
      throw new ApiError('internal', apiErrorsText.get().invalidJson, { status: response.status });
    }
  } else {
    try {
      body = await response.json();
    } catch {
      throw new ApiError('internal', apiErrorsText.get().invalidJson, { status: response.status });
    }
  }
  if (body === null || body === undefined) {
    throw new ApiError('internal', apiErrorsText.get().missingData, { status: response.status });
  }
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError('internal', apiErrorsText.get().invalidJson, { status: response.status });
  }
  return body as T;
}

/**
 * One try with its own deadline: the send and the body read together must finish within
 * `TRY_TIMEOUT_MS` (or `timeoutMs`). The timer is a plain `setTimeout` (not `AbortSignal.timeout`) so tests can
 * drive it with fake timers; the try also stops when the caller's signal aborts, even if the
 * sender ignores its signal.
 */
async function tryOnce<T>(
  send: (init: RequestInit) => Promise<JsonResponse<T>>,
  options: RequestOptions,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onCallerAbort: (() => void) | undefined;
  const stopped = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = timeoutError();
      controller.abort(error);
      reject(error);
    }, options.timeoutMs ?? TRY_TIMEOUT_MS);
    const caller = options.signal;
    if (caller) {
      onCallerAbort = () => {
        controller.abort(caller.reason);
        reject(new ApiError('cancelled', apiErrorsText.get().cancelled));
      };
      if (caller.aborted) onCallerAbort();
      else caller.addEventListener('abort', onCallerAbort, { once: true });
    }
  });
  const attempt = (async () => {
    const response = await send({
      signal: controller.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
    if (!response.ok) throw await errorFromResponse(response as unknown as Response);
    return readBody(response);
  })();
  // Whichever loses the race must not surface as an unhandled rejection.
  attempt.catch(() => undefined);
  stopped.catch(() => undefined);
  try {
    return await Promise.race([attempt, stopped]);
  } finally {
    clearTimeout(timer);
    if (onCallerAbort) options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * Sends a request through the typed client and returns its JSON body. `retry: false` for calls
 * that must not run twice (creating a game); everything idempotent, and the submission PUT (it
 * overwrites the same row), retries transient failures with backoff (see retry.ts).
 */
export async function request<T>(
  send: (init: RequestInit) => Promise<JsonResponse<T>>,
  options: RequestOptions = {},
): Promise<T> {
  if (options.retry === false) {
    try {
      return await tryOnce(send, options);
    } catch (error) {
      throw toApiError(error);
    }
  }
  return withRetry(() => tryOnce(send, options), { signal: options.signal });
}
