/**
 * Every route of SPEC §2 with its access rule (§6): the shell around every page, the auth gate
 * around the login-required ones, feature pages loaded on demand.
 */
import { lazy } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { routes } from './paths';
import { AppShell } from './shell/app-shell';
import { AppbootRedirect, GameQueryRedirect } from './shell/game-redirects';
import { NotFoundPage } from './shell/not-found';
import { RequireAccount } from './shell/require-account';
import { RouteError, RouteErrorBoundary } from './shell/route-error';

const account = () => import('./account/routes');
const AccountPage = lazy(() => account().then((m) => ({ default: m.AccountPage })));
const LoginGatePage = lazy(() => account().then((m) => ({ default: m.LoginGatePage })));
const ResetPasswordPage = lazy(() => account().then((m) => ({ default: m.ResetPasswordPage })));
const DevOutboxPage = lazy(() => account().then((m) => ({ default: m.DevOutboxPage })));
const CreatePage = lazy(() =>
  import('./create/create-page').then((m) => ({ default: m.CreatePage })),
);
const CommunityPage = lazy(() =>
  import('./community/community-page').then((m) => ({ default: m.CommunityPage })),
);
const PlayPage = lazy(() => import('./play/play-page').then((m) => ({ default: m.PlayPage })));
const GameResolver = lazy(() =>
  import('./play/game-resolver').then((m) => ({ default: m.GameResolver })),
);
const ResultsPage = lazy(() =>
  import('./results/results-page').then((m) => ({ default: m.ResultsPage })),
);
const CommunityRankPage = lazy(() =>
  import('./community/community-rank-page').then((m) => ({ default: m.CommunityRankPage })),
);
const BuilderPage = lazy(() =>
  import('./builder/builder-page').then((m) => ({ default: m.BuilderPage })),
);
const MyRanksPage = lazy(() =>
  import('./myranks/my-ranks-page').then((m) => ({ default: m.MyRanksPage })),
);
const PlayerPage = lazy(() =>
  import('./player/player-page').then((m) => ({ default: m.PlayerPage })),
);
const PublicProfilePage = lazy(() =>
  import('./profile/public-profile-page').then((m) => ({ default: m.PublicProfilePage })),
);
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
      { path: routes.login, element: <AccountPage /> },
      { path: routes.loginGate, element: <LoginGatePage /> },
      { path: routes.devOutbox, element: <DevOutboxPage /> },
      { path: routes.appboot, element: <AppbootRedirect /> },
      { path: routes.game, element: <GameResolver /> },
      { path: routes.play, element: <PlayPage /> },
      { path: routes.results, element: <ResultsPage /> },
      { path: routes.publicProfile, element: <PublicProfilePage /> },
      // Login required: /create, /rank, /results, /r/{id}, /builder, /myranks, /player, /admin.
      // A guest may compose on /create and signs in on pressing Create (decision 0006).
      {
        path: routes.create,
        element: (
          <RequireAccount admitGuests>
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
          { path: routes.communityRank, element: <CommunityRankPage /> },
          { path: routes.builder, element: <BuilderPage /> },
          { path: routes.myRanks, element: <MyRanksPage /> },
          { path: routes.player, element: <PlayerPage /> },
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
