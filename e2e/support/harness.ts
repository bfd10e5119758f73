/**
 * End-to-end harness: the real server on a fresh database serving the built web app, and the
 * system Chromium driven by playwright-core. Without a browser the suite is skipped locally and
 * fails under CI=true.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import {
  chromium,
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  type Route,
} from 'playwright-core';
import { DEFAULT_WEB_ROOT } from '../../src/server/server';
import { startTestServer, type TestServer } from '../../test/support/server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/**
 * The built web app the specs serve: `dist/web`, or `E2E_WEB_ROOT`, a build made with
 * `vite build --outDir <dir>` so people working side by side need not share one build. Vite
 * resolves a relative --outDir from its root, src/web; so does this.
 */
export const WEB_ROOT = process.env.E2E_WEB_ROOT
  ? path.resolve(import.meta.dirname, '../../src/web', process.env.E2E_WEB_ROOT)
  : DEFAULT_WEB_ROOT;

/** Whether end-to-end tests can run here; under CI a missing browser is a failure, not a skip. */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI === 'true') {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install the Debian package chromium.`);
  }
  console.warn(`Skipping end-to-end tests: no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH).`);
  return false;
}

/**
 * `E2E_CPU_THROTTLE=N`: every page runs N times slower (Chromium's CPU throttling), as on a
 * starved machine, to find the tests that hold only on a fast one (a fixed wait, a frame in
 * motion). CI does not set it.
 */
const CPU_THROTTLE = Number(process.env.E2E_CPU_THROTTLE ?? 1);

function throttled(browser: Browser): Browser {
  if (!(CPU_THROTTLE > 1)) return browser;
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.on('page', (page) => {
      void context
        .newCDPSession(page)
        .then((cdp) => cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE }))
        .catch(() => {});
    });
    return context;
  };
  return browser;
}

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return throttled(browser);
}

export async function startAppServer(): Promise<TestServer> {
  if (!existsSync(path.join(WEB_ROOT, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (npm test does it first).');
  }
  return startTestServer('pglite', { webRoot: WEB_ROOT });
}

let nextIp = 1;
/** A client address of its own for each person, sent as the proxy's forwarding header. */
function clientAddress(): string {
  return `127.77.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;
}

/**
 * A browser context standing for one person: its own cookies, storage and client address.
 * `readsOutbox`: the person opens /dev/outbox in the page (see below); only then is the context's
 * traffic routed.
 */
export async function newPerson(
  browser: Browser,
  server: TestServer,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
  serviceWorkers: 'allow' | 'block' = 'block',
  readsOutbox = false,
): Promise<BrowserContext> {
  const ip = clientAddress();
  // The service worker is the PWA spec's subject; elsewhere it would only answer some page loads
  // from its cache, which no other spec means to test.
  const context = await browser.newContext({
    baseURL: server.url,
    viewport,
    extraHTTPHeaders: { 'x-forwarded-for': ip },
    serviceWorkers,
  });
  // The dev outbox refuses anything that came through a proxy: the page reads it as a browser on
  // this machine would, without the header standing for this person's address. Only for the
  // contexts that need it: a route makes Playwright pause every request of the context and turn
  // Chromium's HTTP cache off, which doubles the CPU of each page load (0.35 s to 0.75 s, and
  // Playwright's own share four times over).
  if (readsOutbox) await readOutboxDirectly(context);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  return context;
}

/**
 * The dev outbox read from `context` without the forwarding header (see `newPerson`); resolves
 * with a function that takes the route away again, so a context can pay for it only while it
 * needs it.
 */
export async function readOutboxDirectly(context: BrowserContext): Promise<() => Promise<void>> {
  const outbox = (url: URL) => url.pathname === '/api/dev/outbox';
  const direct = (route: Route) => {
    const headers = { ...route.request().headers() };
    delete headers['x-forwarded-for'];
    return route.continue({ headers });
  };
  await context.route(outbox, direct);
  return () => context.unroute(outbox, direct);
}

/**
 * A person who only calls the API (a guest's ballot, a join): Playwright's own HTTP client with a
 * client address of its own and its own cookies, no browser context. Dispose of it after.
 */
export async function newApiPerson(server: TestServer): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: server.url,
    extraHTTPHeaders: { 'x-forwarded-for': clientAddress() },
  });
}

/**
 * Another person in the same browser context, in place of the one before: their pages closed,
 * cookies and the site's storage (local, IndexedDB, caches, service workers) gone, a client
 * address of their own; the context's options and init scripts stay, and so does the HTTP cache
 * (the app's files load from it). A new context costs Chromium about 1.5 s of CPU, this a page.
 * Returns the person's first page, blank.
 */
export async function nextPerson(context: BrowserContext, server: TestServer): Promise<Page> {
  for (const open of context.pages()) await open.close();
  await context.clearCookies();
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress() });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin: server.url, storageTypes: 'all' });
  await cdp.detach();
  return page;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export type App = { server: TestServer; browser: Browser };

/**
 * The app server and a browser for one describe block: started before its tests, closed after.
 * `ready` receives them, e.g. `useAppInBrowser((app) => ({ server, browser } = app))`.
 */
export function useAppInBrowser(ready: (app: App) => void): void {
  let app: App | undefined;
  beforeAll(async () => {
    const [server, browser] = await Promise.allSettled([startAppServer(), launchBrowser()]);
    if (server.status === 'rejected' || browser.status === 'rejected') {
      if (server.status === 'fulfilled') await server.value.close();
      if (browser.status === 'fulfilled') await browser.value.close();
      throw server.status === 'rejected'
        ? server.reason
        : (browser as PromiseRejectedResult).reason;
    }
    app = { server: server.value, browser: browser.value };
    ready(app);
  });
  afterAll(async () => {
    await app?.browser.close();
    await app?.server.close();
  });
}
