/**
 * `npm run bench` (last part): a first visit to a shared game's play page on a phone. The built
 * web app (dist/web: run `npm run build` first; this builds nothing) served by the real server on
 * in-memory PGlite with the demo game seeded, opened in Chromium with a cold cache on a throttled
 * mobile profile: slow 4G (150 ms round trip, 1.6 Mbps down, 750 kbps up, through the DevTools
 * protocol), the CPU slowed 4x, a 375x812 touch screen.
 *
 *   LCP / FCP        largest and first contentful paint of /g/pizza-demo/play (PerformanceObserver)
 *   JS transferred   script bytes as sent (compressed, as the browser accepted), and decoded
 *   all transferred  every response of the visit, headers included (the encoded total)
 *   play route JS    gzip size of every script the visit loaded, against the 140 KB budget
 *   tap-to-place     once the page has settled, still throttled: a tap on the last item's name
 *                    (picked up) and a tap on the first (placed there), each timed from the tap
 *                    to the next frame (the click handler, React's render, the browser's layout)
 *   20 pictures      the same first visit to the play page of a game of 20 items with pictures
 *                    (issue 26: photo-like 1200x900 JPEGs uploaded through the API): its LCP
 *                    (the element says whether a picture was it) beside the text-only figure
 *
 * Env: BENCH_WEB_RUNS (5): visits, each in a fresh browser context (cold cache, no cookies).
 * Figures are printed and written to bench/results/, never asserted. Exit code: 1 when setup
 * failed or a visit did not show the play page.
 */
import { existsSync } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import sharp from 'sharp';
import { DEFAULT_WEB_ROOT } from '../src/server/server';
import { TestClient } from '../test/support/client';
import { startTestServer, type TestServer } from '../test/support/server';
import { formatTable, round, type Row } from './lib/stats';
import { log } from './lib/setup';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PLAY_PATH = '/g/pizza-demo/play';
/** Issues 10 and 29: the play route's JavaScript on a first visit, gzip. */
const BUDGET_BYTES = 140_000;
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1_000_000) / 8,
  uploadThroughput: (750 * 1_000) / 8,
};
const CPU_SLOWDOWN = 4;
/** Items of the picture game. */
const PICTURES = 20;
const VIEWPORT = { width: 375, height: 812 };

function runs(): number {
  const raw = process.env.BENCH_WEB_RUNS?.trim();
  if (!raw) return 5;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`BENCH_WEB_RUNS must be a positive integer, got "${raw}"`);
  }
  return value;
}

type Resource = {
  url: string;
  initiatorType: string;
  startTime: number;
  responseEnd: number;
  transferSize: number;
  encodedBodySize: number;
  decodedBodySize: number;
};

type Visit = {
  lcpMs: number;
  lcpElement: string;
  fcpMs: number | null;
  document: { transferSize: number; responseEnd: number; domContentLoaded: number };
  resources: Resource[];
  encodings: Record<string, string>;
  tapToPlace: TapToPlace;
};

type TapToPlace = { items: number; pickMs: number; placeMs: number };

/**
 * Tap-to-place on the settled play page: the last item picked up, then put down on the first
 * row's place; each tap timed from the click to the next frame (requestAnimationFrame, then a
 * task: the frame has been laid out and painted). Fails when the item did not move to the top.
 */
async function tapToPlace(page: Page): Promise<TapToPlace> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(async () => {
    const rowSelector = '[data-testid="rank-item"]';
    const pickSelector = `${rowSelector} [data-control="pick"]`;
    const before = Array.from(document.querySelectorAll(rowSelector), (row) =>
      row.getAttribute('data-item-id'),
    );
    let started = performance.now();
    Array.from(document.querySelectorAll<HTMLButtonElement>(pickSelector)).at(-1)!.click();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const pickMs = performance.now() - started;
    if (!document.querySelector('.rank-row--picked')) throw new Error('tap-to-place: no pick');
    started = performance.now();
    document.querySelector<HTMLButtonElement>(pickSelector)!.click();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const placeMs = performance.now() - started;
    if (document.querySelector(rowSelector)?.getAttribute('data-item-id') !== before.at(-1)) {
      throw new Error('tap-to-place: the last item did not move to the top');
    }
    return { items: before.length, pickMs, placeMs };
  });
}

/** Resolves once the page loaded nothing new for `quietMs` (its live stream never ends). */
async function settle(page: Page, quietMs = 1500): Promise<void> {
  let count = -1;
  let since = Date.now();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const now = await page.evaluate(() => performance.getEntriesByType('resource').length);
    if (now !== count) {
      count = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function visit(
  browser: Browser,
  server: TestServer,
  index: number,
  playPath = PLAY_PATH,
): Promise<Visit> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { 'x-forwarded-for': `198.18.1.${index + 1}` },
  });
  try {
    await context.addInitScript(() => {
      const w = window as unknown as { lcp?: { ms: number; element: string } };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element })[]) {
          const el = entry.element;
          const text = el?.textContent?.trim().slice(0, 40) ?? '';
          w.lcp = {
            ms: entry.startTime,
            element: el
              ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${text}"`
              : '?',
          };
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const encodings: Record<string, string> = {};
    cdp.on('Network.responseReceived', (event) => {
      const headers = event.response.headers as Record<string, string>;
      const encoding = Object.entries(headers).find(
        ([name]) => name.toLowerCase() === 'content-encoding',
      )?.[1];
      encodings[event.response.url] = encoding ?? 'identity';
    });

    await page.goto(`${server.url}${playPath}`, { waitUntil: 'load', timeout: 120_000 });
    // A CSS selector: a role query would run Playwright's accessibility engine in the page,
    // on the main thread being measured, every time it polls.
    await page.locator('h1.game-head__title').waitFor({ timeout: 120_000 });
    await settle(page);
    if (!(await page.getByRole('button', { name: 'Submit ranking' }).isVisible())) {
      throw new Error('the play page shows no Submit ranking button');
    }
    const figures = await page.evaluate(() => {
      const w = window as unknown as { lcp?: { ms: number; element: string } };
      const navigation = performance.getEntriesByType('navigation')[0] as
        PerformanceNavigationTiming | undefined;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        lcp: w.lcp ?? null,
        fcpMs: fcp ? fcp.startTime : null,
        document: {
          transferSize: navigation?.transferSize ?? 0,
          responseEnd: navigation?.responseEnd ?? 0,
          domContentLoaded: navigation?.domContentLoadedEventEnd ?? 0,
        },
        resources: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
          (entry) => ({
            url: entry.name,
            initiatorType: entry.initiatorType,
            startTime: entry.startTime,
            responseEnd: entry.responseEnd,
            transferSize: entry.transferSize,
            encodedBodySize: entry.encodedBodySize,
            decodedBodySize: entry.decodedBodySize,
          }),
        ),
      };
    });
    if (!figures.lcp) throw new Error('no largest-contentful-paint entry');
    const placed = await tapToPlace(page);
    return {
      lcpMs: figures.lcp.ms,
      lcpElement: figures.lcp.element,
      fcpMs: figures.fcpMs,
      document: figures.document,
      resources: figures.resources,
      encodings,
      tapToPlace: placed,
    };
  } finally {
    await context.close();
  }
}

/**
 * A photo-like JPEG: smooth colour with fine noise, which compresses like a photograph (a flat
 * colour would make the picture game look cheaper than it is).
 */
async function photo(index: number): Promise<Buffer> {
  const width = 1200;
  const height = 900;
  const raw = Buffer.alloc(width * height * 3);
  let seed = index * 7919 + 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const noise = (seed >> 16) % 24;
      const at = (y * width + x) * 3;
      raw[at] = (x * 200) / width + index * 11 + noise;
      raw[at + 1] = (y * 200) / height + noise;
      raw[at + 2] = ((x + y) * 120) / (width + height) + index * 5 + noise;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A game of PICTURES items, each with a picture uploaded by its owner; its play path. */
async function pictureGame(server: TestServer): Promise<string> {
  const owner = new TestClient(server.url);
  await owner.signUp({ name: 'Bench Photographer' });
  const items: { label: string; image: { id: string; alt: string } }[] = [];
  for (let i = 0; i < PICTURES; i++) {
    const form = new FormData();
    form.set(
      'file',
      new Blob([new Uint8Array(await photo(i))], { type: 'image/jpeg' }),
      `photo-${i + 1}.jpg`,
    );
    const uploaded = await owner.request<{ image: { id: string } }>(
      'POST',
      '/api/images',
      undefined,
      { form },
    );
    if (uploaded.status !== 201) throw new Error(`upload ${i + 1}: ${uploaded.status}`);
    items.push({
      label: `View ${i + 1}`,
      image: { id: uploaded.body.image.id, alt: `Landscape number ${i + 1}` },
    });
  }
  const created = await owner.request<{ game: { id: string } }>('POST', '/api/games', {
    prompt: 'Which view is the best?',
    items,
  });
  if (created.status !== 201) throw new Error(`create the picture game: ${created.status}`);
  return `/g/${created.body.game.id}/play`;
}

const isScript = (url: string) => /\/assets\/[^/?#]+\.js(?:$|[?#])/.test(url);

/** The gzip file the server sends for an asset (or the file itself, when too small to compress). */
async function gzipSize(url: string): Promise<number> {
  const file = path.join(DEFAULT_WEB_ROOT, new URL(url).pathname);
  const gz = await stat(`${file}.gz`).catch(() => undefined);
  return gz ? gz.size : (await stat(file)).size;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function main(): Promise<number> {
  if (!existsSync(path.join(DEFAULT_WEB_ROOT, 'index.html'))) {
    log('dist/web is missing: run `npm run build` first (this benchmark builds nothing).');
    return 1;
  }
  if (!existsSync(CHROMIUM)) {
    log(`no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`);
    return 1;
  }
  const count = runs();
  const startedAt = new Date();
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startTestServer('pglite', { webRoot: DEFAULT_WEB_ROOT });
    log(`server on ${server.url}`);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    const visits: Visit[] = [];
    for (let i = 0; i < count; i++) {
      log(
        `visit ${i + 1} of ${count}: ${PLAY_PATH}, slow 4G, CPU /${CPU_SLOWDOWN}, cold cache ...`,
      );
      visits.push(await visit(browser, server, i));
    }
    log(`a game of ${PICTURES} pictures ...`);
    const picturePath = await pictureGame(server);
    const pictureVisits: Visit[] = [];
    for (let i = 0; i < count; i++) {
      log(`visit ${i + 1} of ${count}: the ${PICTURES}-picture game, slow 4G, cold cache ...`);
      pictureVisits.push(await visit(browser, server, count + i, picturePath));
    }
    const pictureLcps = pictureVisits.map((v) => v.lcpMs);
    const imageBytes = pictureVisits[0]!.resources
      .filter((r) => new URL(r.url).pathname.startsWith('/img/'))
      .reduce((sum, r) => sum + r.transferSize, 0);

    // Bytes are the same on every visit: the first one's are reported.
    const first = visits[0]!;
    const scripts = first.resources.filter((r) => isScript(r.url));
    const jsTransferred = scripts.reduce((sum, r) => sum + r.encodedBodySize, 0);
    const jsDecoded = scripts.reduce((sum, r) => sum + r.decodedBodySize, 0);
    const jsEncodings = [...new Set(scripts.map((r) => first.encodings[r.url] ?? '?'))];
    const allTransferred =
      first.document.transferSize + first.resources.reduce((sum, r) => sum + r.transferSize, 0);
    const jsGzip = (await Promise.all(scripts.map((r) => gzipSize(r.url)))).reduce(
      (sum, size) => sum + size,
      0,
    );
    const lcps = visits.map((v) => v.lcpMs);
    const fcps = visits.flatMap((v) => (v.fcpMs === null ? [] : [v.fcpMs]));
    const picks = visits.map((v) => v.tapToPlace.pickMs);
    const places = visits.map((v) => v.tapToPlace.placeMs);
    const items = first.tapToPlace.items;

    const rows: Row[] = [
      {
        what: 'LCP, first visit to the play page',
        opsPerSecond: null,
        p50Ms: round(median(lcps), 0),
        note: `runs ${lcps.map((ms) => ms.toFixed(0)).join(', ')} ms; ${first.lcpElement}`,
      },
      {
        what: `LCP, first visit, a game of ${PICTURES} pictures`,
        opsPerSecond: null,
        p50Ms: round(median(pictureLcps), 0),
        note: `runs ${pictureLcps.map((ms) => ms.toFixed(0)).join(', ')} ms; ${pictureVisits[0]!.lcpElement}; pictures ${kB(imageBytes)}`,
      },
      {
        what: 'FCP, first visit to the play page',
        opsPerSecond: null,
        p50Ms: fcps.length ? round(median(fcps), 0) : null,
        note: `runs ${fcps.map((ms) => ms.toFixed(0)).join(', ')} ms`,
      },
      {
        what: `tap-to-place: pick up (${items} items)`,
        opsPerSecond: null,
        p50Ms: round(median(picks), 1),
        note: `runs ${picks.map((ms) => ms.toFixed(1)).join(', ')} ms, tap to next frame`,
      },
      {
        what: `tap-to-place: put down (${items} items)`,
        opsPerSecond: null,
        p50Ms: round(median(places), 1),
        note: `runs ${places.map((ms) => ms.toFixed(1)).join(', ')} ms, tap to next frame`,
      },
      {
        what: 'JS transferred, first visit',
        opsPerSecond: null,
        note: `${kB(jsTransferred)} (${jsEncodings.join(', ')}) in ${scripts.length} files, ${kB(jsDecoded)} decoded`,
      },
      {
        what: 'all transferred (encoded total), first visit',
        opsPerSecond: null,
        note: `${kB(allTransferred)} in ${first.resources.length + 1} responses, headers included`,
      },
      {
        what: 'play route JS, gzip',
        opsPerSecond: null,
        note: `${kB(jsGzip)} in ${scripts.length} files (budget ${kB(BUDGET_BYTES)} in 12)`,
      },
    ];
    const ratios: [string, string][] = [
      ['play route JS gzip / budget', `${((100 * jsGzip) / BUDGET_BYTES).toFixed(1)} %`],
      [
        `LCP, ${PICTURES} pictures / text only`,
        `${((100 * median(pictureLcps)) / median(lcps)).toFixed(1)} %`,
      ],
    ];
    const title =
      `Crowned web benchmark: ${PLAY_PATH}, first visit, cold cache, ${count} runs\n` +
      `Chromium, ${VIEWPORT.width}x${VIEWPORT.height} touch, slow 4G (${NETWORK.latency} ms RTT, ` +
      `1.6 Mbps down, 750 kbps up), CPU /${CPU_SLOWDOWN}; server on PGlite in memory; ` +
      `node ${process.version}, ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`;
    process.stdout.write(`\n${formatTable(title, rows, ratios)}\n\n`);

    const report = {
      benchmark: 'web',
      startedAt: startedAt.toISOString(),
      settings: {
        path: PLAY_PATH,
        runs: count,
        network: NETWORK,
        cpuSlowdown: CPU_SLOWDOWN,
        viewport: VIEWPORT,
        budgetBytes: BUDGET_BYTES,
      },
      environment: {
        node: process.version,
        chromium: browser.version(),
        cpus: os.cpus().length,
        loadavgAtEnd: os.loadavg(),
        platform: `${os.platform()} ${os.release()}`,
      },
      figures: {
        lcpMs: lcps,
        lcpElement: first.lcpElement,
        pictureGame: {
          items: PICTURES,
          lcpMs: pictureLcps,
          lcpElement: pictureVisits[0]!.lcpElement,
          pictureBytes: imageBytes,
        },
        fcpMs: fcps,
        tapToPlace: { items, pickMs: picks, placeMs: places },
        jsTransferredBytes: jsTransferred,
        jsDecodedBytes: jsDecoded,
        jsEncodings,
        jsFiles: scripts.length,
        allTransferredBytes: allTransferred,
        responses: first.resources.length + 1,
        playRouteJsGzipBytes: jsGzip,
      },
      scripts: scripts.map((r) => ({
        path: new URL(r.url).pathname,
        encodedBodySize: r.encodedBodySize,
        decodedBodySize: r.decodedBodySize,
      })),
      ratios: Object.fromEntries(ratios),
      /** Each visit's requests: when each started and ended (ms since navigation start). */
      visits: visits.map((v) => ({
        lcpMs: round(v.lcpMs, 0),
        fcpMs: v.fcpMs === null ? null : round(v.fcpMs, 0),
        domContentLoadedMs: round(v.document.domContentLoaded, 0),
        timeline: [
          {
            path: PLAY_PATH,
            startMs: 0,
            endMs: round(v.document.responseEnd, 0),
            transferSize: v.document.transferSize,
          },
          ...v.resources.map((r) => ({
            path: new URL(r.url).pathname,
            startMs: round(r.startTime, 0),
            endMs: round(r.responseEnd, 0),
            transferSize: r.transferSize,
          })),
        ],
      })),
    };
    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    await mkdir(dir, { recursive: true });
    const file = `${dir}web-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`;
    await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(`figures written to ${file}\n`);
    return 0;
  } finally {
    await browser?.close().catch((error: unknown) => log(`closing Chromium: ${String(error)}`));
    await server?.close().catch((error: unknown) => log(`closing the server: ${String(error)}`));
  }
}

main()
  .then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`[bench] ${(error as Error)?.stack ?? String(error)}\n`);
      process.exitCode = 1;
    },
  )
  .finally(() => {
    setTimeout(() => process.exit(), 2_000).unref();
  });
