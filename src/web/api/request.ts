/** One API call: a per-try timeout, error bodies turned into ApiError, retries for transient failures. */
import { errorFromResponse, toApiError } from './errors';
import { withRetry } from './retry';

const TRY_TIMEOUT_MS = 20_000;

type JsonResponse<T> = { ok: boolean; json(): Promise<T> };

function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  if (!signal) return timeout;
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([signal, timeout]);
  return signal;
}

export type RequestOptions = {
  signal?: AbortSignal;
  retry?: boolean;
  /** Lets the request finish after the page is gone (a save sent while the tab closes). */
  keepalive?: boolean;
};

/**
 * Sends a request through the typed client and returns its JSON body. `retry: false` for calls
 * that must not run twice (creating a game); everything idempotent retries with backoff.
 */
export async function request<T>(
  send: (init: RequestInit) => Promise<JsonResponse<T>>,
  options: RequestOptions = {},
): Promise<T> {
  const once = async () => {
    const response = await send({
      signal: withTimeout(options.signal, TRY_TIMEOUT_MS),
      ...(options.keepalive ? { keepalive: true } : {}),
    });
    if (!response.ok) throw await errorFromResponse(response as unknown as Response);
    return response.json();
  };
  if (options.retry === false) {
    try {
      return await once();
    } catch (error) {
      throw toApiError(error);
    }
  }
  return withRetry(once, { signal: options.signal });
}
