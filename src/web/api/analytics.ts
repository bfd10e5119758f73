/**
 * First-party analytics events to the server (SPEC §5, issue 12). Sent with `navigator.sendBeacon`
 * (it outlives the page and never holds it up), else a keepalive fetch: fire and forget, never
 * through `request` (no retries, no timeout, nothing thrown or shown). The server keys events by
 * the anonymous id cookie and strips e-mail addresses. What is reported is shell/session/analytics.ts's.
 */

export type WebEvent =
  | { name: 'session_start'; props: Record<string, unknown> }
  | { name: 'share_open'; props: { game_id: string } };

const ENDPOINT = '/api/analytics';

export function sendEvents(events: WebEvent[]): void {
  if (events.length === 0) return;
  const body = JSON.stringify({ events });
  try {
    // A JSON Blob: the server takes JSON bodies only (same origin, so no preflight).
    if (navigator.sendBeacon?.(ENDPOINT, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // Fall through to fetch.
  }
  fetch(ENDPOINT, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
  }).catch(() => undefined);
}
