/** Routes: the shell around every page; feature pages load on demand. */
import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { AppShell } from './shell/app-shell';
import { NotFoundPage } from './shell/not-found';
import { RequireAccount } from './shell/require-account';
import { RouteError } from './shell/route-error';
import { HomePage } from './home/home-page';
import { routes } from './paths';

const AccountPage = lazy(() =>
  import('./account/account-page').then((m) => ({ default: m.AccountPage })),
);
const CreatePage = lazy(() =>
  import('./create/create-page').then((m) => ({ default: m.CreatePage })),
);
const PlayPage = lazy(() => import('./play/play-page').then((m) => ({ default: m.PlayPage })));
const GameResolver = lazy(() =>
  import('./play/game-resolver').then((m) => ({ default: m.GameResolver })),
);
const ResultsPage = lazy(() =>
  import('./results/results-page').then((m) => ({ default: m.ResultsPage })),
);

export const router = createBrowserRouter([
  {
    element: <AppShell />,
    errorElement: (
      <div className="main">
        <RouteError />
      </div>
    ),
    children: [
      {
        // Page crashes show inside the shell, header included.
        errorElement: <RouteError />,
        children: [
          { path: routes.home, element: <HomePage /> },
          { path: routes.account, element: <AccountPage /> },
          { path: routes.login, element: <AccountPage /> },
          {
            path: routes.create,
            element: (
              <RequireAccount>
                <CreatePage />
              </RequireAccount>
            ),
          },
          { path: routes.game, element: <GameResolver /> },
          { path: routes.play, element: <PlayPage /> },
          { path: routes.results, element: <ResultsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
