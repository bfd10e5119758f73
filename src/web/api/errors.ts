/** Errors from the API and the network, and the message a person sees for each (SPEC §8). */
import { codeForStatus, isErrorBody, type ErrorCode, type ErrorDetails } from '../../domain/errors';
import { apiErrorsText } from '../i18n/messages/api';
import { friendlyMessage } from './friendly';

const NETWORK_CODE = 'auth/network-request-failed';

/** A failed request: the server's `{error:{code,message}}`, a timeout, or a network failure. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** True when the request never got an answer (offline, DNS, connection reset). */
  readonly network: boolean;
  /** What the server said beside the message: what unlocks locked results, or that a game closed. */
  readonly details: ErrorDetails;

  constructor(
    code: ErrorCode,
    message: string,
    options: { status?: number; network?: boolean; details?: ErrorDetails } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = options.status ?? 0;
    this.network = options.network ?? false;
    this.details = options.details ?? {};
  }
}

/** Reads an error response into an ApiError, whatever its body turns out to be. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) {
    const { code, message, unlock, closed, removed } = body.error;
    return new ApiError(code, message, {
      status: response.status,
      details: {
        ...(unlock ? { unlock } : {}),
        ...(closed === true ? { closed } : {}),
        ...(removed === true ? { removed } : {}),
      },
    });
  }
  const code = codeForStatus(response.status);
  const t = apiErrorsText.get();
  const message =
    response.status === 429
      ? t.tooManyRequests
      : response.status >= 500
        ? t.serverTrouble
        : response.statusText || friendlyMessage(null);
  return new ApiError(code, message, { status: response.status });
}

/** Turns anything thrown while calling the API into an ApiError. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return new ApiError('deadline-exceeded', apiErrorsText.get().timeout);
  }
  if (error instanceof DOMException && error.name === 'AbortError') {
    return new ApiError('cancelled', apiErrorsText.get().cancelled);
  }
  if (error instanceof TypeError) {
    // fetch rejects with a TypeError when no response arrives at all.
    return new ApiError('unavailable', friendlyMessage({ code: NETWORK_CODE }), { network: true });
  }
  return new ApiError('unknown', error instanceof Error ? error.message : String(error ?? ''));
}

/** The message to show for any error: API bodies, network failures, anything else. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.network) return friendlyMessage({ code: NETWORK_CODE });
    return friendlyMessage({ message: error.message });
  }
  if (isErrorBody(error)) return friendlyMessage(error.error);
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) {
    return friendlyMessage({ code: NETWORK_CODE });
  }
  return friendlyMessage(error);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'not-found';
}

export function isPermissionDenied(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'permission-denied';
}

/** A submission refused because the game closed meanwhile. */
export function isClosedError(error: unknown): boolean {
  return error instanceof ApiError && error.details.closed === true;
}
