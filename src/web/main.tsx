/** Entry point: what this visit says (touch records, legacy ids), query cache, router, styles. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { reportUncaughtErrors } from './api/client-errors';
import { AppRoutes, startRoute } from './router';
import { startBootTimer, startSessionCheck } from './shell/session/boot';
import { detectLegacy, rememberLegacyIds } from './shell/session/legacy';
import { reportVisit } from './shell/session/analytics';
import { recordVisit } from './shell/session/profile-upkeep';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/shell.css';

reportUncaughtErrors();

// Read before the router runs: redirects (/appboot, /rank?g=) drop the query and the path.
recordVisit();
reportVisit(window.location.href);
const legacy = detectLegacy(window.location.href, document.referrer);
if (legacy.legacy) rememberLegacyIds(legacy.ids);
startBootTimer();

const queryClient = new QueryClient({
  defaultOptions: {
    // Transient failures are retried with backoff inside each call (api/retry.ts).
    queries: { retry: false, staleTime: 10_000, refetchOnWindowFocus: true },
    // 'always': an action pressed offline runs at once and its page decides (keep it for later,
    // or say what failed); TanStack's default would pause it unseen ("Submitting…" forever).
    mutations: { retry: false, networkMode: 'always' },
  },
});

// The session, a game's data and its page's code are all requested now, side by side.
startSessionCheck();
const pageCode = startRoute(window.location.pathname, queryClient);

// The installable app's service worker (decision 0021), once the page has loaded: production
// builds only (it precaches the build's files). A new version takes over when it is installed.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {});
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>
);
// A page the server drew for the first paint (decision 0075) is replaced by the app's first
// render: that render waits for the page's code, so that it is the page, not a loading screen.
if (root.querySelector(':scope > [data-first-paint]')) {
  void pageCode.then(() => createRoot(root).render(app));
} else {
  createRoot(root).render(app);
}
