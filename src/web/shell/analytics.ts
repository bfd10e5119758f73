/**
 * First-party analytics from the browser (SPEC §5, issue 12): `session_start` once per tab
 * session (first- and last-touch records, device, locale, time-zone offset) and `share_open` when
 * a visit arrives through a share link (`?fromShare=1`). Sent with `navigator.sendBeacon` (it
 * outlives the page and never holds it up), else a keepalive fetch; nothing here ever throws or
 * shows anything. The server keys events by the anonymous id cookie and strips e-mail addresses.
 */
import { touchBody } from './profile-upkeep';
import { readItem, sessionStore, storageKeys, writeItem } from './storage';

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

/** The game a share link opened, when this URL came through one (/g/{id}?fromShare=1). */
export function sharedGameOf(href: string): string | null {
  try {
    const url = new URL(href);
    if (url.searchParams.get('fromShare') !== '1') return null;
    const match = /^\/g\/([^/]+)/.exec(url.pathname);
    return match?.[1] ? decodeURIComponent(match[1]) : null;
  } catch {
    return null;
  }
}

/** This tab's session_start, once per tab session. */
function sessionStart(): WebEvent | null {
  const tab = sessionStore();
  if (readItem(tab, storageKeys.analyticsSession) !== null) return null;
  writeItem(tab, storageKeys.analyticsSession, '1');
  const touch = touchBody();
  return {
    name: 'session_start',
    props: {
      first_touch: touch.firstTouch ?? {},
      last_touch: touch.lastTouch ?? {},
      device: touch.deviceType,
      locale: touch.locale,
      tz_offset: touch.tzOffset,
    },
  };
}

/** At boot, after the visit's touch records are stored: what this visit reports. */
export function reportVisit(href: string): void {
  try {
    const events: WebEvent[] = [];
    const start = sessionStart();
    if (start) events.push(start);
    const shared = sharedGameOf(href);
    if (shared) events.push({ name: 'share_open', props: { game_id: shared } });
    sendEvents(events);
  } catch {
    // Analytics never gets in the way.
  }
}
