/** Every URL of the web app, built in one place. Route patterns live here too. */

export const DEMO_GAME_ID = 'pizza-demo';

const enc = encodeURIComponent;

/** Router patterns (react-router syntax). */
export const routes = {
  home: '/',
  create: '/create',
  account: '/account',
  login: '/login',
  game: '/g/:idOrSlug',
  play: '/g/:idOrSlug/play',
  results: '/g/:idOrSlug/results',
} as const;

function withNext(path: string, next: string | undefined): string {
  return next ? `${path}?next=${enc(next)}` : path;
}

export const paths = {
  home: () => '/',
  create: () => '/create',
  account: (next?: string) => withNext('/account', next),
  login: (next?: string) => withNext('/login', next),
  game: (idOrSlug: string) => `/g/${enc(idOrSlug)}`,
  play: (idOrSlug: string) => `/g/${enc(idOrSlug)}/play`,
  results: (idOrSlug: string) => `/g/${enc(idOrSlug)}/results`,
  demo: () => paths.play(DEMO_GAME_ID),
};

/** The link people share for a game: absolute, on this origin. */
export function shareUrl(gameId: string): string {
  return `${window.location.origin}${paths.game(gameId)}`;
}

/**
 * Where to go after signing in: a same-origin path from `?next=`, never another site, and never
 * back to the login or account page itself (SPEC §2: such a target is replaced by /).
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return paths.home();
  }
  const pathname = next.split(/[?#]/)[0] ?? '';
  if (/^\/(login|account)(\/|$)/.test(pathname)) return paths.home();
  return next;
}
