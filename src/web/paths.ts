/** Every URL of the web app, built in one place. Route patterns live here too. */

export const DEMO_GAME_ID = 'pizza-demo';

const enc = encodeURIComponent;

/** Router patterns (react-router syntax): every route of SPEC §2. */
export const routes = {
  home: '/',
  community: '/community',
  communityCop: '/community-cop',
  create: '/create',
  /** /rank?g={gameId}: that game's play route, else My Ranks. */
  rank: '/rank',
  /** /results?g={gameId}: that game's results, else My Ranks. */
  resultsQuery: '/results',
  communityRank: '/r/:id',
  builder: '/builder',
  myRanks: '/myranks',
  player: '/player',
  admin: '/admin/*',
  account: '/account',
  accountReset: '/account/reset',
  accountAdminClaim: '/account/admin-claim',
  login: '/login',
  loginGate: '/login/gate',
  devOutbox: '/dev/outbox',
  appboot: '/appboot/g/:gameId',
  game: '/g/:idOrSlug',
  play: '/g/:idOrSlug/play',
  results: '/g/:idOrSlug/results',
  /** A player's public profile (beyond the spec): public. */
  publicProfile: '/u/:handle',
  /** Live rooms (issue 27): the presenter screen and the host's remote (the host only). */
  host: '/host/:code',
  hostRemote: '/host/:code/remote',
  /** Live rooms: type a room's code, or join by its link (public: a guest session is made). */
  join: '/join',
  joinCode: '/j/:code',
} as const;

function withNext(path: string, next: string | undefined): string {
  return next ? `${path}?next=${enc(next)}` : path;
}

export const paths = {
  home: () => '/',
  community: () => '/community',
  create: () => '/create',
  myRanks: () => '/myranks',
  player: () => '/player',
  builder: () => '/builder',
  admin: () => '/admin',
  communityRank: (id: string) => `/r/${enc(id)}`,
  account: (next?: string) => withNext('/account', next),
  login: (next?: string) => withNext('/login', next),
  loginGate: (next?: string) => withNext('/login/gate', next),
  accountReset: () => '/account/reset',
  accountAdminClaim: () => '/account/admin-claim',
  devOutbox: () => '/dev/outbox',
  game: (idOrSlug: string) => `/g/${enc(idOrSlug)}`,
  play: (idOrSlug: string) => `/g/${enc(idOrSlug)}/play`,
  results: (idOrSlug: string) => `/g/${enc(idOrSlug)}/results`,
  demo: () => paths.play(DEMO_GAME_ID),
  publicProfile: (handle: string) => `/u/${enc(handle)}`,
  host: (code: string) => `/host/${enc(code)}`,
  hostRemote: (code: string) => `/host/${enc(code)}/remote`,
  join: () => '/join',
  /** The link a room's players open (and the presenter shows): the code in capitals. */
  joinCode: (code: string) => `/j/${enc(code.toUpperCase())}`,
  /** The owner's download of a game's results, ballots or a duel game's answers (0067). */
  exportFile: (gameId: string, what: 'results' | 'ballots' | 'answers', format: 'csv' | 'json') =>
    `/api/games/${enc(gameId)}/export.${format}?what=${what}`,
};

/**
 * Paths where the bottom navigation is not shown (SPEC §2 Shell); a live room's host screens
 * (a projector, the host's remote) have their own controls where it would sit.
 */
export function hidesBottomNav(pathname: string): boolean {
  return /^\/(?:admin|login|host)(?:\/|$)/i.test(pathname);
}

/** Paths where, on narrow screens, the bottom navigation hides on downward scroll. */
export function hidesNavOnScroll(pathname: string): boolean {
  return /^\/(?:community|myranks)?\/?$/i.test(pathname);
}

/**
 * The link people share for a game: absolute, on this origin. The server sends it on to the
 * game's page with `?fromShare=1` (SPEC §2), which is how a visit through a share is counted.
 */
export function shareUrl(gameId: string): string {
  return `${window.location.origin}/share${paths.game(gameId)}`;
}

/** The game's live card for an iframe on another site, served by the server (share/embed.ts). */
export function embedUrl(gameId: string): string {
  return `${window.location.origin}/embed${paths.game(gameId)}`;
}
