/** Vite for the web app: sources in src/web, built into dist/web, /api proxied to the server. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { routes } from './src/web/paths.ts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));

const COMPRESSIBLE = /\.(?:js|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the build, at
 * the highest levels, once: the server sends them to browsers that accept them
 * (`serveStatic({ precompressed: true })`) without compressing anything per request.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'crowned-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const source = await readFile(file);
          if (source.length < 1024) return;
          const [brotli, gzipped] = await Promise.all([
            br(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gz(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
}

/**
 * The pages a visit often starts on, and the modules (under src/web) their route renders: the
 * ones React.lazy loads in router.tsx, whose LANDING_ROUTES also starts them before the first
 * render.
 */
const LANDING_ROUTES: { path: string; modules: string[] }[] = [
  { path: routes.home, modules: ['community/community-page.tsx'] },
  { path: routes.community, modules: ['community/community-page.tsx'] },
  { path: routes.game, modules: ['play/game-resolver.tsx', 'play/play-page.tsx'] },
  { path: routes.play, modules: ['play/play-page.tsx'] },
  { path: routes.results, modules: ['results-route.tsx'] },
  { path: routes.create, modules: ['create/create-page.tsx'] },
];

/** A router pattern ('/g/:idOrSlug/play') as a regular expression's source, as React Router matches. */
function patternSource(pattern: string): string {
  const segments = pattern
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return `^${segments.join('/')}/?$`;
}

/**
 * Runs in the page, inline in index.html, before the entry: preloads the chunks and CSS of the
 * route being opened (`table`: pattern source, indexes into `files`). Chunks at low priority:
 * the entry and its imports, needed first, keep the bandwidth; the route's code is needed only
 * once the entry has run and the session is known.
 */
function preloadRoute(files: string[], table: [string, number[]][]): void {
  const route = table.find(([source]) => new RegExp(source, 'i').test(location.pathname));
  for (const index of route?.[1] ?? []) {
    const link = document.createElement('link');
    const href = `/${files[index]}`;
    if (href.endsWith('.css')) {
      // Not low: a page the server drew (decision 0075) is first painted with it (index.html).
      link.rel = 'preload';
      link.as = 'style';
    } else {
      link.rel = 'modulepreload';
      link.fetchPriority = 'low';
    }
    // As Vite's own preloads are made, so that its loader finds and reuses them.
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

/**
 * Runs in the page, inline at the end of index.html's head: the route's stylesheets that
 * `preloadRoute` preloaded become stylesheets that hold the first paint (a page the server drew,
 * decision 0075, is painted with them).
 */
function applyRouteStyles(): void {
  for (const preload of document.querySelectorAll<HTMLLinkElement>(
    'link[rel="preload"][as="style"]',
  )) {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.href = preload.href;
    link.setAttribute('blocking', 'render');
    document.head.appendChild(link);
  }
}

/**
 * The entry preloads its own imports (Vite writes them into the HTML), but a lazy route's chunk
 * is only discovered once the entry has run and rendered the route. This writes a small inline
 * script into index.html that, before the entry runs, adds `<link rel="modulepreload">` for the
 * chunks (and a preload for the CSS) of the route being opened, from LANDING_ROUTES: they then
 * download while the entry downloads and runs.
 */
function routePreloads(): Plugin {
  return {
    name: 'crowned-route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const { bundle, chunk: entry } = ctx;
        if (!bundle || !entry) return html;
        const chunks = Object.values(bundle).filter(
          (output): output is Rolldown.OutputChunk => output.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: Rolldown.OutputChunk[]): Set<Rolldown.OutputChunk> => {
          const seen = new Set<Rolldown.OutputChunk>();
          const visit = (chunk: Rolldown.OutputChunk | undefined) => {
            if (!chunk || seen.has(chunk)) return;
            seen.add(chunk);
            for (const file of chunk.imports) visit(byFile.get(file));
          };
          start.forEach(visit);
          return seen;
        };
        const css = (of: Iterable<Rolldown.OutputChunk>) =>
          [...of].flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
        const loaded = closure([entry]);
        const loadedCss = new Set(css(loaded));
        const files: string[] = [];
        const index = (file: string) => {
          if (!files.includes(file)) files.push(file);
          return files.indexOf(file);
        };
        const table = LANDING_ROUTES.map(({ path: route, modules }) => {
          const starts = modules.map((module) => {
            const id = path.join(projectRoot, 'src/web', module);
            // By its modules: a group (firstVisitChunks) may hold a page with other modules.
            const found = chunks.find((chunk) => chunk.moduleIds.includes(id));
            if (!found) throw new Error(`routePreloads: no chunk for ${module} (route ${route})`);
            return found;
          });
          const needed = [...closure(starts)].filter((chunk) => !loaded.has(chunk));
          const wanted = [
            ...needed.map((chunk) => chunk.fileName),
            ...css(needed).filter((file) => !loadedCss.has(file)),
          ];
          return [patternSource(route), [...new Set(wanted)].map(index)] as [string, number[]];
        });
        const script = `(${preloadRoute.toString()})(${JSON.stringify(files)},${JSON.stringify(table)})`;
        // Above the stylesheets, right after the charset: a script waits for the stylesheets
        // above it, and this one starts the route's, which the first paint of a page the server
        // drew waits for (decision 0075), at once.
        const charset = /<meta charset="UTF-8" \/>/i;
        if (!charset.test(html)) throw new Error('routePreloads: no <meta charset> in index.html');
        // At the head's end, after the app's stylesheet (the cascade order Vite's loader gives
        // them) and before the body (only then can an element hold the first paint): the
        // route's preloaded stylesheets, applied; Vite's loader finds them and adds none.
        const apply = `(${applyRouteStyles.toString()})()`;
        return html
          .replace(charset, (meta) => `${meta}\n    <script>${script}</script>`)
          .replace(/<\/head>/i, () => `  <script>${apply}</script>\n  </head>`);
      },
    },
  };
}

/**
 * The chunks of a first visit (issue 29, decision 0069). Left alone, Rolldown splits the entry's
 * own static imports into a dozen chunks (every module a lazy page shares with it) and the play
 * page's into two dozen more, some of 200 bytes: 36 files for one page. Once the module graph is
 * known (buildEnd), this names two groups: `app`, everything the entry imports statically (every
 * page needs it), and `play-page`, what the play page adds to it (its static imports outside
 * `app`); any other page sharing a piece of the play page loads that chunk. Modules outside both
 * keep Rolldown's automatic chunks; lazy parts of the play page (dnd-kit, ballot kinds) stay lazy.
 */
const LUCIDE_INDEX = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const LUCIDE_ICON = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

function firstVisitChunks(): Plugin {
  const groupOf = new Map<string, string>();
  const playPage = path.join(projectRoot, 'src/web/play/play-page.tsx');
  return {
    name: 'crowned-first-visit-chunks',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  debugName: 'app',
                  name: (id: string) => (groupOf.get(id) === 'app' ? 'app' : null),
                  priority: 2,
                },
                {
                  debugName: 'play-page',
                  name: (id: string) => (groupOf.get(id) === 'play-page' ? 'play-page' : null),
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    }),
    buildEnd() {
      // lucide-react's index imports every icon: through it, a closure would hold every icon
      // any page uses. A module's icons are the names it imports from it (its re-exports tell
      // which file each name is).
      const barrel = [...this.getModuleIds()].find((id) => LUCIDE_INDEX.test(id));
      const iconFiles = new Map<string, string>();
      for (const [, names, file] of (barrel &&
        this.getModuleInfo(barrel)?.code?.matchAll(
          /export\s*\{([^}]*)\}\s*from\s*['"](\.\/icons\/[^'"]+)['"]/g,
        )) ??
        []) {
        for (const [, name] of names!.matchAll(/default as (\w+)/g)) {
          iconFiles.set(name!, path.join(path.dirname(barrel!), file!));
        }
      }
      const icons = (code: string | null | undefined) =>
        [...(code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g)].flatMap(
          ([, names]) =>
            names!.split(',').flatMap((part) => {
              const file = iconFiles.get(part.trim().split(/\s+as\s+/)[0]!);
              return file ? [file] : [];
            }),
        );
      const staticClosure = (starts: string[]) => {
        const seen = new Set<string>();
        const stack = [...starts];
        while (stack.length) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          const info = this.getModuleInfo(id);
          const imported = info?.importedIds ?? [];
          stack.push(...(id === barrel ? imported.filter((i) => !LUCIDE_ICON.test(i)) : imported));
          if (barrel && imported.includes(barrel)) stack.push(...icons(info?.code));
        }
        return seen;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const app = staticClosure(entries);
      if (!this.getModuleInfo(playPage)) throw new Error('firstVisitChunks: no play page module');
      const play = new Set([...staticClosure([playPage])].filter((id) => !app.has(id)));
      // The other pages (lazy chunks not loaded by the play page's own modules): what they
      // share with the play page goes with the entry, so that they do not load the play page.
      const others = [...this.getModuleIds()].flatMap((id) => {
        const info = this.getModuleInfo(id);
        if (!info || id === playPage || info.dynamicImporters.length === 0) return [];
        return info.dynamicImporters.every((by) => play.has(by)) ? [] : [id];
      });
      const elsewhere = staticClosure(others);
      groupOf.clear();
      for (const id of app) groupOf.set(id, 'app');
      for (const id of play) groupOf.set(id, elsewhere.has(id) ? 'app' : 'play-page');
    },
  };
}

/**
 * Navigations the service worker never answers with the app shell: the server's own pages and
 * files (the API, link-preview images, the embeddable card, the dev outbox, the share redirect)
 * and files at the root (sw.js itself, the manifest, icons, offline.html). Decision 0021.
 */
const SERVER_PATHS = [
  /^\/api\//,
  /^\/og\//,
  /^\/embed\//,
  /^\/dev\//,
  /^\/share\//,
  /^\/img\//,
  /^\/(?:assets|icons)\//,
  /^\/[^/?]+\.(?:js|webmanifest|json|png|ico|svg|html|txt|xml)(?:\?|$)/,
];

/** The service worker's push handlers (src/web/public/push-sw.js), with their content's hash. */
function pushWorkerUrl(): string {
  const source = readFileSync(path.join(projectRoot, 'src/web/public/push-sw.js'));
  return `/push-sw.js?v=${createHash('sha256').update(source).digest('hex').slice(0, 12)}`;
}

/**
 * The installable app (decision 0021): the web manifest, and a Workbox service worker
 * (generateSW) that precaches the app shell — index.html, every JS and CSS chunk, the offline
 * page, an icon — and answers navigations with the cached shell, so a return visit opens at
 * once and offline. At run time it caches only the pictures seen (`/img/`, whose addresses are
 * their content: never stale; a hidden one gets another address); API answers (user data, event
 * streams) and the server's pages always go to the network; a server page asked for offline gets
 * offline.html. src/web/main.tsx registers it (production builds only); a new version takes
 * over as soon as it is installed (skipWaiting, clientsClaim), so the next navigation is new.
 */
function installableApp(): Plugin[] {
  // iOS takes its home screen icon from the page, not from the manifest.
  const appleTouchIcon: Plugin = {
    name: 'crowned-apple-touch-icon',
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
        injectTo: 'head',
      },
    ],
  };
  const pwa = VitePWA({
    registerType: 'autoUpdate',
    // main.tsx registers /sw.js itself: workbox-window's register module would cost bytes.
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'Crowned',
      short_name: 'Crowned',
      description: 'Rank anything with friends.',
      lang: 'en',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // tokens.css: --royal-800 (the icons' purple) for the title bar, and --royal-950 behind
      // the splash, where the boot screen's gradient starts.
      theme_color: '#2e1b66',
      background_color: '#160d33',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/icon-maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    // The large icons are the browser's to fetch when it installs the app; the offline page
    // shows the small one.
    includeManifestIcons: false,
    includeAssets: ['icons/icon-192.png', 'apple-touch-icon.png'],
    workbox: {
      // The shell: not the .br/.gz copies, source maps or the large icons.
      globPatterns: ['**/*.{html,js,css,woff2}'],
      // One file: sw.js, served with Cache-Control: no-cache (src/server/app.ts).
      inlineWorkboxRuntime: true,
      // Web push (issue 30): its handlers, addressed by their content, so a change to them
      // changes sw.js and reaches installed apps like any new build.
      importScripts: [pushWorkerUrl()],
      sourcemap: false,
      // Hashed names need no revision.
      dontCacheBustURLsMatching: /^assets\//,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: SERVER_PATHS,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      // The server's pages, asked for offline: the offline page instead of the browser's error.
      // Navigations to the API (sign-in callbacks, mail links) are left to the browser.
      runtimeCaching: [
        // Items' pictures (issue 26): the last 300 seen, for 30 days.
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/img/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'pictures',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
          },
        },
        {
          urlPattern: ({ request, url }) =>
            request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: '/offline.html' } },
        },
      ],
    },
  });
  return [...pwa, appleTouchIcon];
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), firstVisitChunks(), routePreloads(), precompress(), installableApp()],
  build: {
    outDir: `${projectRoot}dist/web`,
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      // The share link's redirect (to /g/{id}?fromShare=1) is the server's, in dev too.
      '/share': 'http://localhost:3000',
      '/api': {
        target: 'http://localhost:3000',
        // Event streams stay open for hours: no proxy timeouts.
        timeout: 0,
        proxyTimeout: 0,
        // src/web/api/*.ts are served at /api/*.ts in dev: those are our modules, not the API.
        bypass: (req) =>
          /\.(?:tsx?|jsx?|css|map)$/.test(req.url?.split('?')[0] ?? '') ? req.url : undefined,
        configure(proxy) {
          proxy.on('proxyRes', (proxyRes) => {
            if (!String(proxyRes.headers['content-type'] ?? '').includes('text/event-stream'))
              return;
            // Pass Server-Sent Events through as they come: no buffering, no transforms.
            proxyRes.headers['cache-control'] = 'no-cache, no-transform';
            proxyRes.headers['x-accel-buffering'] = 'no';
          });
        },
      },
    },
  },
  preview: { port: 4173 },
});
