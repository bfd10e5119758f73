/**
 * Local and session storage that never throws: private modes, full quotas and disabled storage
 * all read as "nothing stored" and ignore writes, so the app keeps working without them.
 * Every key the web app stores lives here (SPEC §3 "Local or session storage").
 */

/** The part of the Web Storage interface we use; tests pass a Map-backed fake. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const storageKeys = {
  /** Where to go after signing in (JSON {next, at}). */
  loginNext: 'crowned.loginNext',
  /** Set once the onboarding dialog was finished or skipped. */
  onboarded: 'crowned.onboarded',
  /** The anonymous visitor id, also kept in a cookie (ANON_ID_COOKIE). */
  anonId: 'crowned.anonId',
  /** utm_source, utm_medium, utm_campaign, initial_referrer of the first visit: written once. */
  firstTouch: 'crowned.firstTouch',
  /** The same fields for the latest visit that carried utm parameters. */
  lastTouch: 'crowned.lastTouch',
  /** Legacy candidate game ids, claimed after the next sign-in. */
  legacyGameIds: 'crowned.legacyGameIds',
  /** Session storage: set once this tab reported its analytics session_start. */
  analyticsSession: 'crowned.analyticsSession',
  /** Session storage: the users whose session start this tab already reported. */
  touchedUsers: 'crowned.touchedUsers',
  /** Session storage: the create screen's draft, and whether Create was pressed (JSON). */
  pendingStart: 'crowned.pendingStart',
  /** Session storage: games created in this tab, shown in My Ranks until its list has them. */
  pendingCreated: 'crowned.pendingCreated',
  /** Session storage: games played in this tab, shown in My Ranks until its list has them. */
  pendingPlayed: 'crowned.pendingPlayed',
  /** Local storage, one key per game (`crowned.pendingRanking.<gameId>`): a ranking submitted
   * offline, sent when the connection returns (JSON {ranking, name?}). */
  pendingRanking: 'crowned.pendingRanking',
  /** Local storage: games whose results reveal this browser already played (JSON id list). */
  revealed: 'crowned.revealed',
  /** Local storage: the colour theme chosen ('light' | 'dark'); absent follows the system.
   * index.html's inline script reads it too, before the first paint. */
  theme: 'crowned.theme',
  /** Local storage: 'closed' while the owner keeps the results page's tools folded. */
  ownerTools: 'crowned.ownerTools',
  /** Local storage: the signed-in account last seen (JSON {id, name, email, role}), shown while
   * offline so a reload without network does not look signed out (last-session.ts). */
  lastSession: 'crowned.lastSession',
} as const;

function store(kind: 'localStorage' | 'sessionStorage'): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    // Reading window.localStorage itself throws when storage is blocked.
    return null;
  }
}

export const localStore = (): KeyValueStore | null => store('localStorage');
export const sessionStore = (): KeyValueStore | null => store('sessionStorage');

export function readItem(storage: KeyValueStore | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(storage: KeyValueStore | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the app works on without it.
  }
}

export function removeItem(storage: KeyValueStore | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // As above.
  }
}

/** Parses a stored JSON value; anything unreadable counts as nothing stored. */
export function readJson(storage: KeyValueStore | null, key: string): unknown {
  const raw = readItem(storage, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function writeJson(storage: KeyValueStore | null, key: string, value: unknown): void {
  writeItem(storage, key, JSON.stringify(value));
}

/** A Map-backed store, for tests and for when no real storage exists. */
export function memoryStore(): KeyValueStore & { size(): number } {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
    size: () => map.size,
  };
}
