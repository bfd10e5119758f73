/**
 * Profile upkeep (SPEC §3, issue 3): an anonymous visitor id (local storage plus a 5-year
 * cookie; the server issues and signs it, issue 22), a first-touch record written once, a last-touch record for every visit that carries
 * utm parameters, and at each session start one POST /api/me/touch with those, the locale, the
 * time-zone offset and the device type. Visits are recorded when the app boots (before any
 * redirect drops the query); the POST goes out once per person per tab session.
 */
import { VISITOR_TOKEN_PATTERN } from '../../../domain/analytics';
import { ANON_ID_COOKIE_YEARS } from '../../../domain/limits';
import { postTouch, type DeviceType, type TouchBody, type TouchRecord } from '../../api/me';
import { localStore, readItem, readJson, sessionStore, storageKeys, writeItem } from './storage';
import type { KeyValueStore } from './storage';

export const ANON_ID_COOKIE = 'crowned_anon_id';
export const MOBILE_MAX_WIDTH = 767;
export const TABLET_MAX_WIDTH = 1023;
const MAX_FIELD_LENGTH = 200;
const MAX_REFERRER_LENGTH = 500;
const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/** mobile below 768 px (or a phone), tablet below 1024 px or a touch tablet, else desktop. */
export function deviceTypeFor(input: {
  width: number;
  userAgent: string;
  maxTouchPoints: number;
}): DeviceType {
  const ua = input.userAgent;
  const phone = /iPhone|iPod|Android.+Mobile|Windows Phone|Mobi/i.test(ua);
  const tablet =
    /iPad|Tablet|PlayBook|Silk|Kindle/i.test(ua) ||
    (/Android/i.test(ua) && !/Mobile/i.test(ua)) ||
    // iPadOS reports itself as a Mac; only the touch screen gives it away.
    (/Macintosh/i.test(ua) && input.maxTouchPoints > 1);
  if (input.width <= MOBILE_MAX_WIDTH || phone) return 'mobile';
  if (input.width <= TABLET_MAX_WIDTH || tablet) return 'tablet';
  return 'desktop';
}

function clip(value: string, max: number): string {
  return value.length > max ? value.slice(0, max) : value;
}

/** A referrer without its query and fragment (they may carry tokens), or undefined. */
export function cleanReferrer(referrer: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return clip(`${url.origin}${url.pathname}`, MAX_REFERRER_LENGTH);
  } catch {
    return undefined;
  }
}

/** This visit's touch record: the utm parameters and the referrer from another site. */
export function touchFor(href: string, referrer: string): TouchRecord {
  const record: TouchRecord = {};
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return record;
  }
  for (const key of UTM_KEYS) {
    const value = url.searchParams.get(key)?.trim();
    if (value) record[key] = clip(value, MAX_FIELD_LENGTH);
  }
  const ref = cleanReferrer(referrer);
  // Our own pages referring to each other say nothing about where the visitor came from.
  if (ref && new URL(ref).host !== url.host) record.initial_referrer = ref;
  return record;
}

export function hasUtm(record: TouchRecord): boolean {
  return UTM_KEYS.some((key) => record[key] !== undefined);
}

function isTouchRecord(value: unknown): value is TouchRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((v) => typeof v === 'string');
}

/** Stores the first-touch record once, and the last-touch record when this visit has utm. */
export function recordTouches(
  href: string,
  referrer: string,
  storage: KeyValueStore | null = localStore(),
): void {
  const touch = touchFor(href, referrer);
  if (readItem(storage, storageKeys.firstTouch) === null) {
    writeItem(storage, storageKeys.firstTouch, JSON.stringify(touch));
  }
  if (hasUtm(touch)) writeItem(storage, storageKeys.lastTouch, JSON.stringify(touch));
}

export function storedTouch(
  key: 'firstTouch' | 'lastTouch',
  storage: KeyValueStore | null = localStore(),
): TouchRecord | undefined {
  const value = readJson(storage, storageKeys[key]);
  return isTouchRecord(value) ? value : undefined;
}

export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function anonIdCookie(id: string, secure: boolean): string {
  const maxAge = ANON_ID_COOKIE_YEARS * 365 * 24 * 60 * 60;
  return `${ANON_ID_COOKIE}=${encodeURIComponent(id)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The anonymous visitor id, as the server issued and signed it (the answer to the first analytics
 * batch sets the cookie; the browser cannot make one up). The cookie's copy is the newest; local
 * storage keeps one to write the cookie back when cookies were cleared. Both copies are
 * (re)written, which also renews the cookie's 5 years. Null until the server has issued one.
 */
export function ensureAnonId(
  storage: KeyValueStore | null,
  cookies: { read(): string; write(cookie: string): void; secure: boolean },
): string | null {
  const fromCookie = readCookie(cookies.read(), ANON_ID_COOKIE);
  const stored = readItem(storage, storageKeys.anonId);
  const id =
    fromCookie && VISITOR_TOKEN_PATTERN.test(fromCookie)
      ? fromCookie
      : stored && VISITOR_TOKEN_PATTERN.test(stored)
        ? stored
        : null;
  if (id === null) return null;
  writeItem(storage, storageKeys.anonId, id);
  cookies.write(anonIdCookie(id, cookies.secure));
  return id;
}

function browserCookies() {
  return {
    read: () => {
      try {
        return document.cookie;
      } catch {
        return '';
      }
    },
    write: (cookie: string) => {
      try {
        document.cookie = cookie;
      } catch {
        // Cookies blocked: local storage still holds the id.
      }
    },
    secure: window.location.protocol === 'https:',
  };
}

/** At boot: the visitor id and the touch records of this visit (its URL and referrer). */
export function recordVisit(): void {
  ensureAnonId(localStore(), browserCookies());
  recordTouches(window.location.href, document.referrer);
}

/** The body of POST /api/me/touch, from this browser and what was stored. */
export function touchBody(): TouchBody {
  const storage = localStore();
  const body: TouchBody = {
    deviceType: deviceTypeFor({
      width: window.innerWidth,
      userAgent: navigator.userAgent,
      maxTouchPoints: navigator.maxTouchPoints ?? 0,
    }),
    // Minutes, as Date#getTimezoneOffset gives them: UTC minus local time (UTC+2 is -120).
    tzOffset: new Date().getTimezoneOffset(),
  };
  const locale = navigator.language;
  if (locale) body.locale = clip(locale, 35);
  const firstTouch = storedTouch('firstTouch', storage);
  if (firstTouch && Object.keys(firstTouch).length > 0) body.firstTouch = firstTouch;
  const lastTouch = storedTouch('lastTouch', storage);
  if (lastTouch) body.lastTouch = lastTouch;
  return body;
}

/** Whether this tab already reported a session start for this person; marks it when not. */
export function firstStartInTab(
  userId: string,
  storage: KeyValueStore | null = sessionStore(),
): boolean {
  const seen = readJson(storage, storageKeys.touchedUsers);
  const list = Array.isArray(seen) ? seen.filter((id) => typeof id === 'string') : [];
  if (list.includes(userId)) return false;
  writeItem(storage, storageKeys.touchedUsers, JSON.stringify([...list, userId].slice(-10)));
  return true;
}

/** POST /api/me/touch once per person per tab session (guests too). */
export function reportSessionStart(userId: string): void {
  if (!firstStartInTab(userId)) return;
  void postTouch(touchBody());
}
