/**
 * Retry with exponential backoff (SPEC §7 "Retry helper"): up to 5 tries, base 200 ms doubling up
 * to 3 s, each delay scaled by a random jitter in [0.5, 1.5). Only transient failures are retried:
 * aborted, deadline-exceeded, unavailable, resource-exhausted and network failures.
 */
import { RETRY_BASE_MS, RETRY_MAX_MS, RETRY_MAX_TRIES } from '../../domain/limits';
import { ApiError, toApiError } from './errors';
import { apiErrorsText } from '../i18n/messages/api';

const JITTER_MIN = 0.5;
const JITTER_MAX = 1.5;

const RETRYABLE = new Set(['aborted', 'deadline-exceeded', 'unavailable', 'resource-exhausted']);

export function isRetryable(error: unknown): boolean {
  const e = toApiError(error);
  return e.network || RETRYABLE.has(e.code);
}

/**
 * The wait before retry number `attempt` (1 = the wait after the first failed try): `baseMs`
 * doubling, at most `maxMs` before the jitter (live streams wait longer than calls: see
 * live-stream.ts).
 */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  maxMs: number = RETRY_MAX_MS,
  baseMs: number = RETRY_BASE_MS,
): number {
  const base = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
  return Math.round(base * (JITTER_MIN + (JITTER_MAX - JITTER_MIN) * random()));
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function cancelled(): ApiError {
  return new ApiError('cancelled', apiErrorsText.get().cancelled);
}

/** Runs `task` until it succeeds, fails for good, or the tries run out; throws an ApiError. */
export async function withRetry<T>(
  task: (attempt: number) => Promise<T>,
  options: { tries?: number; signal?: AbortSignal } = {},
): Promise<T> {
  const tries = Math.max(1, options.tries ?? RETRY_MAX_TRIES);
  for (let attempt = 1; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      const apiError: ApiError = toApiError(error);
      if (options.signal?.aborted) throw cancelled();
      if (attempt >= tries || !isRetryable(apiError)) throw apiError;
      // A caller's abort during the wait stops the retries at once.
      await sleep(backoffDelay(attempt), options.signal).catch(() => {
        throw cancelled();
      });
    }
  }
}
