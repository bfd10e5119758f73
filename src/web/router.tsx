/**
 * Every route of SPEC §2 with its access rule (§6): the shell around every page, the auth gate
 * around the login-required ones, feature pages loaded on demand. A first visit starts its page's
 * code, and on a game's pages the game's data, at once (`startRoute`), not after the session.
 */
import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';
import { matchPath, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { bootData } from './api/boot-data';
import { fetchGame, gameKeys } from './api/games';
import { routes } from './paths';
import { AppShell } from './shell/frame/app-shell';
import { AppbootRedirect, GameQueryRedirect } from './shell/frame/game-redirects';
import { NotFoundPage } from './shell/frame/not-found';
import { RequireAccount } from './shell/frame/require-account';
import { RouteError, RouteErrorBoundary } from './shell/frame/route-error';

/**
 * React.lazy for a page that `startRoute` may load before the first render, and that loader.
 * Once loaded, the page renders at once: React.lazy given a promise suspends for a turn even when
 * it is settled, shows the loading fallback, and React then holds the page back up to 300 ms.
 */
function lazyPage<P extends object>(
  load: () => Promise<ComponentType<P>>,
): [ComponentType<P>, () => Promise<unknown>] {
  let loaded: { default: ComponentType<P> } | undefined;
  const start = () => load().then((page) => (loaded = { default: page }));
  const Page = lazy(() => {
    const ready = loaded;
    if (!ready) return start();
    // A thenable that calls back at once: React.lazy then renders without suspending.
    const settled = { then: (resolve: (value: typeof ready) => void) => resolve(ready) };
    return settled as unknown as Promise<typeof ready>;
  });
  return [Page, start];
}

const account = () => import('./account/routes');
const AccountPage = lazy(() => account().then((m) => ({ default: m.AccountPage })));
const LoginGatePage = lazy(() => account().then((m) => ({ default: m.LoginGatePage })));
const ResetPasswordPage = lazy(() => account().then((m) => ({ default: m.ResetPasswordPage })));
const DevOutboxPage = lazy(() => account().then((m) => ({ default: m.DevOutboxPage })));
const AdminClaimPage = lazy(() =>
  import('./account/admin-claim-page').then((m) => ({ default: m.AdminClaimPage })),
);
const [CreatePage, loadCreatePage] = lazyPage(() =>
  import('./create/create-page').then((m) => m.CreatePage),
);
const [CommunityPage, loadCommunityPage] = lazyPage(() =>
  import('./community/community-page').then((m) => m.CommunityPage),
);
const [PlayPage, loadPlayPage] = lazyPage(() => import('./play/play-page').then((m) => m.PlayPage));
const [GameResolver, loadGameResolver] = lazyPage(() =>
  import('./play/game-resolver').then((m) => m.GameResolver),
);
// The results page with the owner's panel (results-route.tsx: where the two features meet).
const [ResultsPage, loadResultsPage] = lazyPage(() =>
  import('./results-route').then((m) => m.ResultsRoute),
);
const CommunityRankPage = lazy(() =>
  import('./community/community-rank-page').then((m) => ({ default: m.CommunityRankPage })),
);
const BuilderPage = lazy(() =>
  import('./create/builder-page').then((m) => ({ default: m.BuilderPage })),
);
const MyRanksPage = lazy(() =>
  import('./myranks/my-ranks-page').then((m) => ({ default: m.MyRanksPage })),
);
const PlayerPage = lazy(() =>
  import('./player/player-page').then((m) => ({ default: m.PlayerPage })),
);
const PublicProfilePage = lazy(() =>
  import('./player/public-profile-page').then((m) => ({ default: m.PublicProfilePage })),
);
const rooms = () => import('./rooms/routes');
const PresenterPage = lazy(() => rooms().then((m) => ({ default: m.PresenterPage })));
const RemotePage = lazy(() => rooms().then((m) => ({ default: m.RemotePage })));
const JoinPage = lazy(() => rooms().then((m) => ({ default: m.JoinPage })));
const RoomPhonePage = lazy(() => rooms().then((m) => ({ default: m.RoomPhonePage })));
const AdminPage = lazy(() => import('./admin/admin-page').then((m) => ({ default: m.AdminPage })));

const ROUTES: RouteObject[] = [
  {
    // Page crashes show inside the shell, header included (its error boundary); a crash of the
    // shell itself shows the same card alone.
    element: <AppShell />,
    children: [
      // Public (SPEC §6: anonymous visitors may open community, game and account pages).
      { path: routes.home, element: <CommunityPage /> },
      { path: routes.community, element: <CommunityPage /> },
      { path: routes.communityCop, element: <CommunityPage variant="cop" /> },
      { path: routes.account, element: <AccountPage /> },
      { path: routes.accountReset, element: <ResetPasswordPage /> },
      { path: routes.accountAdminClaim, element: <AdminClaimPage /> },
      { path: routes.login, element: <AccountPage /> },
      { path: routes.loginGate, element: <LoginGatePage /> },
      { path: routes.devOutbox, element: <DevOutboxPage /> },
      { path: routes.appboot, element: <AppbootRedirect /> },
      { path: routes.game, element: <GameResolver /> },
      { path: routes.play, element: <PlayPage /> },
      { path: routes.results, element: <ResultsPage /> },
      { path: routes.publicProfile, element: <PublicProfilePage /> },
      // Live rooms (issue 27): joining is open to anyone (a guest session is made on joining).
      { path: routes.join, element: <JoinPage /> },
      { path: routes.joinCode, element: <RoomPhonePage /> },
      // A read-only preview for visitors too (decision 0041): the results as their rules allow.
      { path: routes.communityRank, element: <CommunityRankPage /> },
      // Login required: /create, /rank, /results, /builder, /myranks, /player, /admin (SPEC §2;
      // /r/{id} is public, decision 0041).
      // Anyone may compose on /create; pressing Create asks for an account (decision 0020).
      {
        path: routes.create,
        element: (
          <RequireAccount composeFirst>
            <CreatePage />
          </RequireAccount>
        ),
      },
      {
        element: (
          <RequireAccount>
            <Outlet />
          </RequireAccount>
        ),
        children: [
          { path: routes.rank, element: <GameQueryRedirect to="play" /> },
          { path: routes.resultsQuery, element: <GameQueryRedirect to="results" /> },
          { path: routes.builder, element: <BuilderPage /> },
          { path: routes.myRanks, element: <MyRanksPage /> },
          { path: routes.player, element: <PlayerPage /> },
          // The host's screens; the server answers someone else's actions 403.
          { path: routes.host, element: <PresenterPage /> },
          { path: routes.hostRemote, element: <RemotePage /> },
          { path: routes.admin, element: <AdminPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The app's routes (inside a BrowserRouter: main.tsx). */
export function AppRoutes() {
  const element = useRoutes(ROUTES);
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary
      resetKey={pathname}
      fallback={
        <div className="main">
          <RouteError />
        </div>
      }
    >
      {element}
    </RouteErrorBoundary>
  );
}

/**
 * The pages a visit often starts on (the same as vite.config.ts's LANDING_ROUTES, whose chunks
 * the HTML preloads), the code each needs first, and whether it shows a game.
 */
const LANDING_ROUTES: { path: string; load: () => Promise<unknown>; game?: true }[] = [
  { path: routes.home, load: loadCommunityPage },
  { path: routes.community, load: loadCommunityPage },
  // /g/{idOrSlug} sends new players to play.
  { path: routes.game, load: () => Promise.all([loadGameResolver(), loadPlayPage()]), game: true },
  { path: routes.play, load: loadPlayPage, game: true },
  { path: routes.results, load: loadResultsPage, game: true },
  { path: routes.create, load: loadCreatePage },
];

/**
 * Called once before the first render: on a landing page, loads its code while the session is
 * being resolved, so the page renders as soon as the session is known (the HTML has already
 * preloaded the code). On a game's pages (a shared link: /g/{idOrSlug}, its play and results
 * pages) it also requests the game, into the cache under the key `useGame` reads, unless the
 * server wrote it into the page (api/boot-data.ts). Resolves once the page's code is in (or failed).
 */
export function startRoute(pathname: string, queryClient: QueryClient): Promise<unknown> {
  for (const route of LANDING_ROUTES) {
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    const idOrSlug = match.params.idOrSlug;
    const written = bootData()?.game;
    if (route.game && idOrSlug !== undefined && written?.idOrSlug === idOrSlug) {
      queryClient.setQueryData(gameKeys.game(idOrSlug), written.read);
    } else if (route.game && idOrSlug !== undefined) {
      void queryClient.prefetchQuery({
        queryKey: gameKeys.game(idOrSlug),
        queryFn: ({ signal }) => fetchGame(idOrSlug, signal),
      });
    }
    // A failed load is the page's to report, when it is loaded again to render.
    return route.load().catch(() => undefined);
  }
  return Promise.resolve();
}
