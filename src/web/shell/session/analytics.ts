/**
 * What this visit reports (SPEC §5, issue 12): `session_start` once per tab session (first- and
 * last-touch records, device, locale, time-zone offset) and `share_open` when a visit arrives
 * through a share link (`?fromShare=1`). Sent by api/analytics.ts; nothing here ever throws or
 * shows anything.
 */
import { sendEvents, type WebEvent } from '../../api/analytics';
import { touchBody } from './profile-upkeep';
import { readItem, sessionStore, storageKeys, writeItem } from './storage';

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
