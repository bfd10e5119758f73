/**
 * Handles (SPEC §5): the rules. Pure; shared by server and web, which word a refusal each in
 * their own place (the API's English in src/server/players/handle-messages.ts, the web's in its
 * catalog).
 */
import { HANDLE_MAX_LENGTH, HANDLE_MIN_LENGTH } from './limits';

/** Why a handle is refused: none typed, not by the rules, or kept for the service itself. */
export type HandleProblem = 'required' | 'invalid' | 'reserved';

/** A letter first, then 2 to 19 letters, digits or underscores (ASCII). */
export const HANDLE_PATTERN = new RegExp(
  `^[A-Za-z][A-Za-z0-9_]{${HANDLE_MIN_LENGTH - 1},${HANDLE_MAX_LENGTH - 1}}$`,
);

export type HandleCheck =
  | { ok: true; handle: string; handleLower: string; skeleton: string }
  | { ok: false; problem: HandleProblem };

/**
 * Look-alike letters of the handle alphabet, after lower-casing (decision 0029), from Unicode's
 * confusables data (UTS #39, confusables.txt): its only mappings among ASCII letters and digits
 * are `0` -> `O`, `1` -> `l`, `I` -> `l` and `m` -> `rn`. Handles are compared case-insensitively,
 * so a capital I (read as l) and a small i are one letter here: `Bill`, `BiII`, `B1ll`, `BILL`
 * share one skeleton, and so do `PayPal` and `PaypaI`.
 */
const SKELETON_MAP: [RegExp, string][] = [
  [/0/g, 'o'],
  [/[1i]/g, 'l'],
  [/m/g, 'rn'],
];

/**
 * A handle's confusable skeleton: two handles with one skeleton look alike (or differ only in
 * case) and cannot both be held. `migrations/…_handle_skeleton.sql` computes the same in SQL.
 */
export function handleSkeleton(handle: string): string {
  return SKELETON_MAP.reduce((text, [from, to]) => text.replace(from, to), handle.toLowerCase());
}

/**
 * Names that would pass for the service or its staff: no handle, and no nickname in a live room
 * (rooms.ts), may be one. Compared by skeleton, so `Adm1n` is `admin`.
 */
export const STAFF_NAMES = [
  'admin',
  'administrator',
  'root',
  'system',
  'crowned',
  'crownedapp',
  'crowned_app',
  'crowned_team',
  'crowned_support',
  'crowned_official',
  'official',
  'support',
  'helpdesk',
  'staff',
  'moderator',
  'mod',
  'mods',
  'security',
  'abuse',
  'postmaster',
  'webmaster',
  'hostmaster',
  'noreply',
  'no_reply',
  'null',
  'undefined',
  'anonymous',
] as const;

/**
 * Handles nobody may claim: the staff names, and words that would read as an empty value or as a
 * page of the app. Compared by skeleton, so `Adm1n` is `admin`.
 */
export const RESERVED_HANDLES = [
  ...STAFF_NAMES,
  'help',
  'team',
  'info',
  'contact',
  'billing',
  'legal',
  'privacy',
  'terms',
  'api',
  'www',
  'mail',
  'nil',
  'none',
  'nobody',
  'guest',
  'everyone',
  'here',
  'me',
  'you',
  'account',
  'settings',
  'login',
  'logout',
  'signin',
  'signout',
  'signup',
  'register',
  'community',
  'create',
  'myranks',
  'builder',
  'player',
  'results',
  'rank',
  'about',
  'status',
  'owner',
  'verified',
] as const;

const RESERVED_SKELETONS = new Set(RESERVED_HANDLES.map(handleSkeleton));

/** Whether a handle (by its skeleton) is kept for the service. */
export function isReservedHandle(handle: string): boolean {
  return RESERVED_SKELETONS.has(handleSkeleton(handle));
}

/**
 * Checks a typed handle's form: surrounding spaces are ignored, the case is kept as typed, and
 * uniqueness is on the skeleton (the caller checks it against the others). Used to look a handle
 * up; `checkHandleClaim` is what a new handle must pass.
 */
export function checkHandle(typed: string): HandleCheck {
  const handle = typed.trim();
  if (handle === '') return { ok: false, problem: 'required' };
  if (!HANDLE_PATTERN.test(handle)) return { ok: false, problem: 'invalid' };
  return { ok: true, handle, handleLower: handle.toLowerCase(), skeleton: handleSkeleton(handle) };
}

/** `checkHandle`, and not a reserved handle: what claiming one needs. */
export function checkHandleClaim(typed: string): HandleCheck {
  const checked = checkHandle(typed);
  if (checked.ok && RESERVED_SKELETONS.has(checked.skeleton)) {
    return { ok: false, problem: 'reserved' };
  }
  return checked;
}
