// Bundles the server (src/server/main.ts with the packages it uses) into one ES module,
// dist/server/main.mjs, so `npm start` runs plain JavaScript: no TypeScript loader, and one file
// to load instead of hundreds (start-up time was mostly module loading: about 1 s instead of 3 to
// 6). PGlite stays in node_modules (it loads its WebAssembly from beside itself), and pg's
// optional native binding is left out. Exported for scripts/start.mjs; run by `npm run build`.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const SERVER_BUNDLE = path.join(root, 'dist/server/main.mjs');

function newestMtime(entry) {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))),
  );
}

/** True when the bundle is missing or older than the server's sources or the lockfile. */
export function serverBundleStale(outfile = SERVER_BUNDLE) {
  if (!existsSync(outfile)) return true;
  const sources = ['src/server', 'src/domain', 'package-lock.json'].map((entry) =>
    path.join(root, entry),
  );
  return Math.max(...sources.map(newestMtime)) > statSync(outfile).mtimeMs;
}

export async function buildServer(outfile = SERVER_BUNDLE) {
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['@electric-sql/pglite', 'pg-native'],
    // Some bundled packages are CommonJS and call require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: true,
    logLevel: 'error',
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
