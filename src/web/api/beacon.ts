/**
 * Fire-and-forget posts to the server that outlive the page: `navigator.sendBeacon` with a JSON
 * Blob, else a keepalive fetch. Never through `request` (no retries, no timeout, nothing thrown or
 * shown): analytics events and crash reports must never cost the person anything.
 */
export function beacon(endpoint: string, payload: unknown): void {
  const body = JSON.stringify(payload);
  try {
    // A JSON Blob: the server takes JSON bodies only (same origin, so no preflight).
    if (navigator.sendBeacon?.(endpoint, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Fall through to fetch.
  }
  fetch(endpoint, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
  }).catch(() => undefined);
}
