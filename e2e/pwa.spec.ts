/**
 * The installable app (issue 14, decision 0021): the web manifest and its icons, the service
 * worker's files as the server sends them, and in Chromium: the worker registers and controls
 * the page, the app opens offline from its cache (a deep link never visited too), the API is
 * never cached and fails offline, pictures shown are kept for offline, and a server page asked
 * for offline gets the offline page.
 */
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { browserAvailable, startAppServer, useAppInBrowser } from './support/harness';
import { DESKTOP, MOBILE, newVisitor, registerByApi, viewportScreenshot } from './support/web';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk; throws when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG (signature)');
  if (bytes.toString('ascii', 12, 16) !== 'IHDR') throw new Error('not a PNG (no IHDR)');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

type ManifestIcon = { src: string; sizes: string; type: string; purpose?: string };
type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: ManifestIcon[];
};

describe('the web manifest and the service worker, over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAppServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('links the manifest from the page; it parses and its icons are PNGs of their sizes', async () => {
    const html = await (await fetch(`${server.url}/g/pizza-demo/results`)).text();
    const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
    expect(href, 'the page links its manifest').toBe('/manifest.webmanifest');

    const response = await fetch(`${server.url}${href}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const manifest = JSON.parse(await response.text()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Crowned',
      short_name: 'Crowned',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const wanted = [
      { sizes: '192x192', purpose: 'any' },
      { sizes: '512x512', purpose: 'any' },
      { sizes: '512x512', purpose: 'maskable' },
    ];
    for (const { sizes, purpose } of wanted) {
      expect(manifest.icons, `${sizes} ${purpose}`).toContainEqual(
        expect.objectContaining({ sizes, purpose, type: 'image/png' }),
      );
    }
    const appleHref = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
    expect(appleHref, 'the page links an Apple touch icon').toBeDefined();
    // The tab's icon is the app's crown as SVG, not an emoji (issue 24 item 15).
    const favicon = /<link rel="icon" href="([^"]+)" type="image\/svg\+xml"/.exec(html)?.[1];
    expect(favicon, 'the page links an SVG favicon').toBe('/favicon.svg');
    const svg = await fetch(new URL(favicon!, server.url));
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
    const icons = [
      ...manifest.icons.map((icon) => ({ src: icon.src, sizes: icon.sizes })),
      { src: appleHref!, sizes: '180x180' },
    ];
    for (const icon of icons) {
      const image = await fetch(new URL(icon.src, server.url));
      expect(image.status, icon.src).toBe(200);
      expect(image.headers.get('content-type'), icon.src).toBe('image/png');
      const { width, height } = pngSize(Buffer.from(await image.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
  });

  it('sends sw.js as a script to revalidate every time; a missing build file is a 404', async () => {
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('content-type')).toMatch(/javascript/);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const source = await sw.text();
    expect(source).toContain('index.html');
    expect(source, 'the API is never precached').not.toMatch(/url:"\/?api\//);

    // Never the app's page in place of a file: a browser would install it as a worker.
    for (const missing of ['/workbox-0000.js', '/assets/gone-0000.js', '/icons/gone.png']) {
      const response = await fetch(`${server.url}${missing}`);
      expect(response.status, missing).toBe(404);
      expect(response.headers.get('content-type') ?? '', missing).not.toMatch(/html/);
    }

    const page = await fetch(`${server.url}/`);
    const policy = page.headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/worker-src 'self'/);
    expect(policy).toMatch(/manifest-src 'self'/);
  });
});

/** Waits for the service worker to be active (its precache complete), returns its script URL. */
async function serviceWorkerReady(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
}

/** Every URL stored in Cache Storage, by cache. */
async function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      all[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return all;
  });
}

/** Whether a fetch from the page gets an answer (any status) or fails (no network). */
async function fetchFromPage(page: Page, url: string): Promise<string> {
  return page.evaluate(async (target) => {
    try {
      const response = await fetch(target, { headers: { accept: 'application/json' } });
      return `answered ${response.status}`;
    } catch {
      return 'failed';
    }
  }, url);
}

describe.runIf(browserAvailable())('the installable app in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  it('installs, controls the page, opens offline from its cache, and never caches the API', async () => {
    const { context, page } = await newVisitor(browser, server, {
      viewport: MOBILE,
      serviceWorkers: 'allow',
    });
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) cspErrors.push(message.text());
    });
    const apiResponses: { url: string; fromServiceWorker: boolean }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/')) {
        apiResponses.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() });
      }
    });

    await page.goto('/');
    await page.getByRole('link', { name: 'Crowned home' }).waitFor();
    expect(await serviceWorkerReady(page)).toBe(`${server.url}/sw.js`);
    await page.reload();
    await page.getByRole('link', { name: 'Crowned home' }).waitFor();
    expect(
      await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL),
      'the page is controlled by the service worker after a reload',
    ).toBe(`${server.url}/sw.js`);

    // Online, with the worker in control: a game (its data and live event stream) and the
    // session. None of it is stored: the API is the network's, always.
    await page.goto('/g/pizza-demo/play');
    await page.getByTestId('rank-list').waitFor();
    expect(await fetchFromPage(page, '/api/me')).toMatch(/^answered /);
    const cached = await cachedUrls(page);
    const everything = Object.values(cached).flat();
    expect(everything, 'the precached shell').toContain('/index.html');
    expect(everything.some((url) => url.startsWith('/assets/'))).toBe(true);
    expect(
      everything.filter((url) => /^\/(?:api|og|embed|dev|share)\//.test(url)),
      `cached: ${JSON.stringify(cached)}`,
    ).toEqual([]);
    expect(apiResponses.length).toBeGreaterThan(0);
    expect(apiResponses.filter((response) => response.fromServiceWorker)).toEqual([]);

    // Offline: the home page reloads from the cache.
    await context.setOffline(true);
    const home = await page.reload();
    expect(home?.fromServiceWorker(), 'the home page came from the service worker').toBe(true);
    await page.getByRole('link', { name: 'Crowned home' }).waitFor();
    expect(await page.title()).toMatch(/Crowned$/);
    await viewportScreenshot(page, 'pwa-offline-home-375');

    // A page never visited opens too: any app route is the cached shell.
    const deepLink = await page.goto('/g/pizza-demo/results');
    expect(deepLink?.fromServiceWorker()).toBe(true);
    await page.getByRole('link', { name: 'Crowned home' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/g/pizza-demo/results');

    // The API has nothing cached to give: offline, its requests fail.
    expect(await fetchFromPage(page, '/api/me')).toBe('failed');
    expect(await fetchFromPage(page, '/api/games/pizza-demo')).toBe('failed');

    await context.setOffline(false);
    expect(cspErrors).toEqual([]);
    await context.close();
  });

  it('keeps the pictures it has shown, for offline', async () => {
    const { context, page } = await newVisitor(browser, server, {
      viewport: MOBILE,
      serviceWorkers: 'allow',
    });
    await registerByApi(page, server, 'Snapper');
    const png = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#2e1b66' },
    })
      .png()
      .toBuffer();
    const uploaded = await page.request.post('/api/images', {
      multipart: { file: { name: 'square.png', mimeType: 'image/png', buffer: png } },
      headers: { origin: server.url },
    });
    expect(uploaded.status()).toBe(201);
    const { image } = (await uploaded.json()) as { image: { url: string; thumbUrl: string } };
    await page.goto('/');
    await serviceWorkerReady(page);
    await page.reload();
    await page.getByRole('link', { name: 'Crowned home' }).waitFor();
    expect(await fetchFromPage(page, image.url)).toBe('answered 200');
    await expect.poll(async () => (await cachedUrls(page)).pictures ?? []).toEqual([image.url]);

    await context.setOffline(true);
    expect(await fetchFromPage(page, image.url)).toBe('answered 200');
    // One never shown is not there.
    expect(await fetchFromPage(page, image.thumbUrl)).toBe('failed');
    await context.setOffline(false);
    await context.close();
  });

  it('shows the offline page for a server page asked for offline, until the network is back', async () => {
    const { context, page } = await newVisitor(browser, server, {
      viewport: MOBILE,
      serviceWorkers: 'allow',
    });
    // Every request through Playwright, as when each context had the dev outbox's route: without
    // it (and so with Chromium's HTTP cache on), the offline page, told it is online again, stays
    // (navigator.onLine true, no reload seen): its cause is not found yet (decision 0063).
    await context.route('**/*', (route) => route.continue());
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (/content security policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await page.goto('/');
    await serviceWorkerReady(page);
    await page.reload();
    await page.getByRole('link', { name: 'Crowned home' }).waitFor();

    // The share link is the server's redirect: offline, the worker answers with the offline page.
    await context.setOffline(true);
    await page.goto('/share/g/pizza-demo');
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    await page.getByText("Crowned will load when you're back.").waitFor();
    const retry = page.getByRole('button', { name: 'Retry' });
    expect(await retry.isVisible()).toBe(true);
    expect(
      await page.locator('img').evaluate((image: HTMLImageElement) => image.naturalWidth),
      'the icon, from the cache',
    ).toBe(192);
    await viewportScreenshot(page, 'pwa-offline-375');
    await page.setViewportSize(DESKTOP);
    await viewportScreenshot(page, 'pwa-offline-1280');

    // Retry reloads (offline still: the offline page again); back online, the page loads what
    // was asked for by itself.
    const reloaded = page.waitForEvent('load');
    await retry.click();
    await reloaded;
    await page.getByRole('heading', { name: "You're offline" }).waitFor();
    await context.setOffline(false);
    await page.waitForURL((url) => url.pathname === '/g/pizza-demo/play');
    await page.getByTestId('rank-list').waitFor();
    expect(cspErrors).toEqual([]);
    await context.close();
  });
});
