/**
 * The last known account (issue 24 item 10): a reload without network cannot ask the server who
 * is signed in, and must not show a signed-in person as signed out. The account last seen is kept
 * in local storage; offline, or when the session's read got no answer, it stands in (marked
 * offline: use-viewer.ts). The server's answer wins: no session there forgets it (a sign-out, an
 * expired session: session-effects.tsx).
 * It only changes what the page shows: every request still carries (or lacks) the real session.
 */
import {
  localStore,
  readJson,
  removeItem,
  storageKeys,
  writeJson,
  type KeyValueStore,
} from './storage';

export type RememberedAccount = { id: string; name: string; email: string; role: string };

function isAccount(value: unknown): value is RememberedAccount {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    v.id !== '' &&
    typeof v.name === 'string' &&
    typeof v.email === 'string' &&
    typeof v.role === 'string'
  );
}

export function readLastSession(
  storage: KeyValueStore | null = localStore(),
): RememberedAccount | null {
  const value = readJson(storage, storageKeys.lastSession);
  return isAccount(value) ? value : null;
}

let lastWritten: string | null = null;

/** Notes the account the server just answered with (written only when it changed). */
export function rememberSession(
  account: RememberedAccount,
  storage: KeyValueStore | null = localStore(),
): void {
  const json = JSON.stringify(account);
  if (json === lastWritten) return;
  lastWritten = json;
  writeJson(storage, storageKeys.lastSession, account);
}

export function forgetSession(storage: KeyValueStore | null = localStore()): void {
  lastWritten = null;
  removeItem(storage, storageKeys.lastSession);
}
