// Bundles the server (src/server/main.ts with the packages it uses) into one ES module,
// dist/server/main.mjs, so `npm start` runs plain JavaScript: no TypeScript loader, and one file
// to load instead of hundreds (start-up time was mostly module loading: about 1 s instead of 3 to
// 6). PGlite stays in node_modules (it loads its WebAssembly from beside itself), and pg's
// optional native binding is left out. Exported for scripts/start.mjs; run by `npm run build`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(root, 'dist/server/main.mjs');
/** A migrated PGlite data directory: a new embedded database starts from it (src/server/server.ts). */
export const PGLITE_TEMPLATE = path.join(root, 'dist/server/pglite-template.tar.gz');

/** The newest modification time of a file or of anything in a directory. */
export function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))),
  );
}

/** True when the bundle is missing or older than the server's sources or the lockfile. */
export function serverBundleStale(outfile = SERVER_BUNDLE) {
  if (!existsSync(outfile) || !existsSync(workerBundleOf(outfile))) return true;
  const sources = ['src/server', 'src/domain', 'package-lock.json'].map((entry) =>
    path.join(root, entry),
  );
  return Math.max(...sources.map(newestMtime)) > statSync(outfile).mtimeMs;
}

/**
 * The preview-image worker's bundle, beside the server's (`main.mjs` → `main.og-worker.mjs`):
 * src/server/share/render-pool.ts starts it as a worker thread (its name is compiled in).
 */
export function workerBundleOf(outfile) {
  return outfile.replace(/\.mjs$/, '') + '.og-worker.mjs';
}

export async function buildServer(outfile = SERVER_BUNDLE) {
  const workerOutfile = workerBundleOf(outfile);
  await Promise.all([
    bundle(path.join(root, 'src/server/main.ts'), outfile, {
      __CROWNED_OG_WORKER__: JSON.stringify(`./${path.basename(workerOutfile)}`),
    }),
    bundle(path.join(root, 'src/server/share/og-worker.ts'), workerOutfile, {}),
  ]);
}

async function bundle(entry, outfile, define) {
  await build({
    entryPoints: [entry],
    outfile,
    define,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // resvg and sharp load native binaries from beside themselves; satori its WebAssembly layout
    // engine.
    external: ['@electric-sql/pglite', 'pg-native', '@resvg/resvg-js', 'satori', 'sharp'],
    // Some bundled packages are CommonJS and call require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: true,
    logLevel: 'error',
  });
}

/** True when the template is missing or older than the migrations. */
export function pgliteTemplateStale() {
  if (!existsSync(PGLITE_TEMPLATE)) return true;
  return newestMtime(path.join(root, 'migrations')) > statSync(PGLITE_TEMPLATE).mtimeMs;
}

/**
 * Creates an empty PGlite cluster once, here, and applies the migrations: a new data directory
 * then starts from a copy (unpacked on disk a block at a time, src/server/db/template.ts) in
 * a second or two and about 300 MB instead of about 10 s and 850 MB (creating a cluster in
 * WebAssembly is what is slow). An older template is still right: the server applies the
 * migrations it lacks.
 */
export async function buildPgliteTemplate() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await PGlite.create();
  try {
    await migrate(drizzle(client), { migrationsFolder: path.join(root, 'migrations') });
    const dump = await client.dumpDataDir('gzip');
    await mkdir(path.dirname(PGLITE_TEMPLATE), { recursive: true });
    const partial = `${PGLITE_TEMPLATE}.partial`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, PGLITE_TEMPLATE);
  } finally {
    await client.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
  await buildPgliteTemplate();
}
