/**
 * The login "next" target (SPEC §2): where a person goes after signing in. The auth gate sends
 * people to /login?next={path+query+hash} and also keeps the target in local storage (for flows
 * that lose the query: a provider redirect, a password reset e-mail); the login screen takes it
 * with `takeLoginNext`, which clears the stored copy. Only same-site paths are followed, and a
 * /login or /account target becomes / (there is nothing to sign in to after signing in), except
 * the admin claim's steps (/account/admin-claim, without a link's secret).
 */
import { paths } from '../../paths';
import { localStore, readJson, removeItem, storageKeys, writeJson } from './storage';
import type { KeyValueStore } from './storage';

export const LOGIN_NEXT_KEY = storageKeys.loginNext;
/** A stored target older than this is forgotten: it belongs to an abandoned sign-in. */
export const LOGIN_NEXT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

const HOME = '/';
/** Any ASCII control character or whitespace, or a backslash: browsers "fix" these into hosts. */
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u0020\u007f\\]/;
const BASE = 'https://crowned.invalid';

/**
 * A safe same-site target for `value`: a path (with query and hash) on this site, else '/'.
 * An absolute URL is accepted only on `origin` (this site's origin). Sign-in pages become '/'.
 */
export function sanitizeNext(value: string | null | undefined, origin?: string): string {
  if (typeof value !== 'string' || value === '') return HOME;
  let candidate = value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(candidate)) {
    // An absolute URL: only ever on our own origin.
    if (!origin) return HOME;
    let url: URL;
    try {
      url = new URL(candidate);
    } catch {
      return HOME;
    }
    if (url.origin !== origin) return HOME;
    candidate = `${url.pathname}${url.search}${url.hash}`;
  }
  if (!candidate.startsWith('/') || candidate.startsWith('//') || UNSAFE_CHARS.test(candidate)) {
    return HOME;
  }
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return HOME;
  }
  if (url.origin !== BASE) return HOME;
  // The admin claim's steps (issue 24 item 7) send people to sign in again and back: the one
  // page under /account that is not about signing in.
  const back = url.pathname === paths.accountAdminClaim() && url.hash === '';
  if (isSignInPath(url.pathname) && !back) return HOME;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login, /account and the pages under them (/login/gate, /account/reset). */
export function isSignInPath(pathname: string): boolean {
  return /^\/(?:login|account)(?:\/|$)/i.test(pathname);
}

type StoredNext = { next: string; at: number };

function isStoredNext(value: unknown): value is StoredNext {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as StoredNext).next === 'string' &&
    typeof (value as StoredNext).at === 'number'
  );
}

/** Keeps the target for after sign-in (the auth gate calls this before sending to /login). */
export function rememberLoginNext(
  next: string,
  storage: KeyValueStore | null = localStore(),
  now: number = Date.now(),
): void {
  writeJson(storage, LOGIN_NEXT_KEY, { next, at: now } satisfies StoredNext);
}

/** The stored target, if one is there and recent; does not clear it. */
export function peekLoginNext(
  storage: KeyValueStore | null = localStore(),
  now: number = Date.now(),
): string | null {
  const stored = readJson(storage, LOGIN_NEXT_KEY);
  if (!isStoredNext(stored)) return null;
  if (now - stored.at > LOGIN_NEXT_MAX_AGE_MS || stored.at - now > LOGIN_NEXT_MAX_AGE_MS) {
    return null;
  }
  return stored.next;
}

export function clearLoginNext(storage: KeyValueStore | null = localStore()): void {
  removeItem(storage, LOGIN_NEXT_KEY);
}

/**
 * Where to go now that sign-in succeeded: the `?next=` value when given, else the stored target,
 * else '/'; always sanitised, and the stored target is cleared.
 */
export function takeLoginNext(
  fromQuery: string | null,
  storage: KeyValueStore | null = localStore(),
  now: number = Date.now(),
): string {
  const stored = peekLoginNext(storage, now);
  clearLoginNext(storage);
  const origin = typeof window === 'undefined' ? undefined : window.location.origin;
  return sanitizeNext(fromQuery || stored, origin);
}

/** The current location as a next target: path + query + hash. */
export function currentTarget(location: { pathname: string; search: string; hash: string }) {
  return `${location.pathname}${location.search}${location.hash}`;
}
