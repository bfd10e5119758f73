// `npm start`: builds the web app and bundles the server when either is missing or older than
// its sources, then runs the server, which serves the built app and the API on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  buildPgliteTemplate,
  buildServer,
  newestMtime,
  pgliteTemplateStale,
  SERVER_BUNDLE,
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

// NODE_OPTIONS=--enable-source-maps maps stack traces to the sources (it costs start-up time).
const server = spawn(process.execPath, [SERVER_BUNDLE], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
