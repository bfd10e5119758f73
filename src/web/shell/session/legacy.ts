/**
 * Legacy detection (SPEC §2): a visit is "legacy" when the URL has legacy=1 or a `from`
 * parameter, when the referrer is this same host under /game/, /appboot/ or /r/, or when the
 * visit lands on a legacy entry path itself (/appboot/… and /game/…: the old app bounced from
 * there with a full page load, so its next page saw that referrer; our router redirects in place).
 * The game ids such a visit names are remembered, and claimed after the next sign-in of an
 * account (SPEC §7 "Claim legacy games": up to LEGACY_CLAIM_MAX ids).
 */
import { LEGACY_CLAIM_MAX } from '../../../domain/limits';
import { localStore, readJson, removeItem, storageKeys, writeJson } from './storage';
import type { KeyValueStore } from './storage';

/** What a game id or slug looks like: URL-safe, bounded. */
const GAME_ID = /^[A-Za-z0-9_-]{3,64}$/;
/** Paths that name a game: /game/{id}, /g/{id}/…, /appboot/g/{id}, /r/{id}. */
const ID_IN_PATH = /^\/(?:game|g|r|appboot\/g)\/([^/?#]+)/i;
const LEGACY_REFERRER_PATH = /^\/(?:game|appboot|r)\//i;
const LEGACY_ENTRY_PATH = /^\/(?:game|appboot)\//i;

export function gameIdFromPath(path: string): string | null {
  const match = ID_IN_PATH.exec(path);
  if (!match?.[1]) return null;
  let id: string;
  try {
    id = decodeURIComponent(match[1]);
  } catch {
    return null;
  }
  return GAME_ID.test(id) ? id : null;
}

function parse(href: string, base?: string): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

/** Whether this visit is a legacy one, and the candidate game ids it names (no duplicates). */
export function detectLegacy(href: string, referrer: string): { legacy: boolean; ids: string[] } {
  const url = parse(href);
  if (!url) return { legacy: false, ids: [] };
  const params = url.searchParams;
  const ref = referrer ? parse(referrer) : null;
  const sameHostReferrer = ref !== null && ref.host === url.host ? ref : null;
  const from = params.get('from');

  const legacy =
    params.get('legacy') === '1' ||
    from !== null ||
    (sameHostReferrer !== null && LEGACY_REFERRER_PATH.test(sameHostReferrer.pathname)) ||
    LEGACY_ENTRY_PATH.test(url.pathname);
  if (!legacy) return { legacy: false, ids: [] };

  const fromUrl = from !== null && from.startsWith('/') ? parse(from, url.origin) : null;
  const candidates = [
    gameIdFromPath(url.pathname),
    params.get('g'),
    params.get('gameId'),
    fromUrl ? gameIdFromPath(fromUrl.pathname) : null,
    sameHostReferrer ? gameIdFromPath(sameHostReferrer.pathname) : null,
  ];
  const ids = [
    ...new Set(candidates.filter((id): id is string => id !== null && GAME_ID.test(id))),
  ];
  return { legacy: true, ids };
}

/** The remembered candidate ids, most recent first (never more than LEGACY_CLAIM_MAX). */
export function pendingLegacyIds(storage: KeyValueStore | null = localStore()): string[] {
  const stored = readJson(storage, storageKeys.legacyGameIds);
  if (!Array.isArray(stored)) return [];
  return stored
    .filter((id): id is string => typeof id === 'string' && GAME_ID.test(id))
    .slice(0, LEGACY_CLAIM_MAX);
}

/** Adds ids in front of the remembered ones; the oldest drop off beyond LEGACY_CLAIM_MAX. */
export function rememberLegacyIds(
  ids: readonly string[],
  storage: KeyValueStore | null = localStore(),
): string[] {
  if (ids.length === 0) return pendingLegacyIds(storage);
  const merged = [...new Set([...ids, ...pendingLegacyIds(storage)])].slice(0, LEGACY_CLAIM_MAX);
  writeJson(storage, storageKeys.legacyGameIds, merged);
  return merged;
}

/** Forgets the given ids (those just sent to the claim), keeping any that arrived meanwhile. */
export function forgetLegacyIds(
  ids: readonly string[],
  storage: KeyValueStore | null = localStore(),
): void {
  const done = new Set(ids);
  const left = pendingLegacyIds(storage).filter((id) => !done.has(id));
  if (left.length === 0) removeItem(storage, storageKeys.legacyGameIds);
  else writeJson(storage, storageKeys.legacyGameIds, left);
}
