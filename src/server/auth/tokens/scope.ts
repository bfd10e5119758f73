/**
 * What a personal API token may do (decision 0024): the user's own games and rankings. Anything
 * not on this list is refused with 403, so a route added later is closed to tokens until it is
 * added here on purpose. Token management, account and sign-in changes (/api/auth/*), the
 * handle, the admin claim and every admin or moderation route stay cookie-only.
 */
/** Requests per token and minute, shared by every instance (LIMIT_API_TOKEN_REQUESTS_PER_MINUTE). */
export const DEFAULT_TOKEN_REQUESTS_PER_MINUTE = 600;

const READS = new Set(['GET', 'HEAD']);

type Rule = { methods: 'any' | Set<string>; path: RegExp };

const RULES: readonly Rule[] = [
  // Create a game (POST /api/games).
  { methods: new Set(['POST']), path: /^\/api\/games\/?$/ },
  // One game: read, results, events, submit, edit items, close, archive, publish, delete,
  // export, remix (but see DENIED).
  { methods: 'any', path: /^\/api\/games\/[^/]+(?:\/[^/]+)*\/?$/ },
  // The profile and My Ranks.
  { methods: READS, path: /^\/api\/me\/?$/ },
  { methods: READS, path: /^\/api\/me\/(?:games|played|activity)\/?$/ },
];

/**
 * Refused even inside the families above: moving a guest's games into an account, and a game's
 * webhooks (a stolen token must not be able to send a game's every ranking to a new address).
 */
const DENIED: readonly RegExp[] = [
  /^\/api\/games\/claim\/?$/,
  /^\/api\/games\/[^/]+\/webhooks(?:\/|$)/,
];

export const OUT_OF_SCOPE_MESSAGE =
  'API tokens may only use your own games and rankings (/api/games, /api/me, /api/me/games, /api/me/played); sign in on the website for everything else';

export function tokenMayUse(method: string, path: string): boolean {
  if (DENIED.some((denied) => denied.test(path))) return false;
  return RULES.some(
    (rule) => (rule.methods === 'any' || rule.methods.has(method)) && rule.path.test(path),
  );
}
