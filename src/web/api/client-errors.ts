/**
 * Crash reports to the server (`POST /api/client-errors`, decision 0034): a page that failed to
 * render, an uncaught error, an unhandled rejection. Sent as a beacon (beacon.ts), each distinct
 * failure once and at most MAX_PER_PAGE per page load, with the page's path only (a query may
 * hold a token). The server logs them at warn and limits them per address.
 */
import { beacon } from './beacon';

export type ClientErrorKind = 'crash' | 'error' | 'rejection';

const MAX_PER_PAGE = 5;
const sent = new Set<string>();

export function reportClientError(kind: ClientErrorKind, error: unknown): void {
  const message = (
    error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  ).slice(0, 500);
  const key = `${kind} ${message}`;
  if (sent.size >= MAX_PER_PAGE || sent.has(key)) return;
  sent.add(key);
  const stack = error instanceof Error ? error.stack?.slice(0, 4000) : undefined;
  beacon('/api/client-errors', {
    kind,
    message,
    path: window.location.pathname.slice(0, 300),
    ...(stack ? { stack } : {}),
  });
}

/** Reports what nothing else caught: uncaught errors and unhandled promise rejections. */
export function reportUncaughtErrors(): void {
  window.addEventListener('error', (event) =>
    reportClientError('error', event.error ?? event.message),
  );
  window.addEventListener('unhandledrejection', (event) =>
    reportClientError('rejection', event.reason),
  );
}
