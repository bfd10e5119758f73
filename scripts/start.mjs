// `npm start`: builds what is missing or stale in a child process (scripts/prepare-start.mjs),
// then runs the server, which serves the built app and the API on one port, in this process.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
// The bundle scripts/build-server.mjs writes (SERVER_BUNDLE there); not imported from it, so
// that esbuild is never loaded into the process that goes on to serve.
const serverBundle = path.join(root, 'dist/server/main.mjs');

const prepared = spawnSync(process.execPath, [path.join(root, 'scripts/prepare-start.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
if (prepared.status !== 0) process.exit(prepared.status ?? 1);

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

// The server runs in this process: one process is what `npm start` leaves running (it handles
// SIGINT and SIGTERM itself). NODE_OPTIONS=--enable-source-maps maps stack traces to the sources.
await import(pathToFileURL(serverBundle).href);
