// The builds `npm start` needs, run in a process of their own (scripts/start.mjs): the web app
// when it is missing or older than its sources, the server bundle likewise, and the embedded
// database's template. Vite, esbuild's service and PGlite's build-time cluster leave with this
// process instead of staying beside the server.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  buildPgliteTemplate,
  buildServer,
  newestMtime,
  pgliteTemplateStale,
  serverBundleStale,
} from './build-server.mjs';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');

const sources = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json']
  .map((entry) => path.join(root, entry))
  .filter((entry) => existsSync(entry));
const stale =
  !existsSync(builtIndex) || Math.max(...sources.map(newestMtime)) > statSync(builtIndex).mtimeMs;
if (stale) {
  console.log('Building the web app…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (serverBundleStale()) await buildServer();
if (!process.env.DATABASE_URL && pgliteTemplateStale()) {
  console.log('Preparing the embedded database…');
  await buildPgliteTemplate();
}
