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

/** Whether a URL's host is this machine only (localhost, 127.0.0.0/8, ::1). */
function isLoopbackUrl(value) {
  try {
    const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
    return (
      host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host)
    );
  } catch {
    return false;
  }
}

// A public address without production mode is a server on the internet run as a development
// one (e.g. DEV_OUTBOX=1 would keep reset links there): say so before it starts.
const publicUrl = process.env.PUBLIC_URL?.trim();
if (publicUrl && !isLoopbackUrl(publicUrl) && process.env.NODE_ENV !== 'production') {
  console.warn(
    `Warning: PUBLIC_URL is ${publicUrl} but NODE_ENV is not production. For a server others ` +
      'reach, start it with NODE_ENV=production (it then requires AUTH_SECRET and refuses DEV_OUTBOX).',
  );
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
