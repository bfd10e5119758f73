// `npm run dev`: the API server (restarting on change) and Vite (hot reload, proxying /api).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    // Without SMTP_URL, mail (reset and verification links) is kept at /dev/outbox on this
    // machine. Opt-in: `npm start` and production never keep it.
    env: { ...process.env, DEV_OUTBOX: process.env.DEV_OUTBOX ?? '1' },
  }),
  spawn('npx', ['vite'], { cwd: root, stdio: 'inherit' }),
];
console.log('Crowned dev: open http://localhost:5173 (the API runs on http://localhost:3000)');

let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
for (const child of children) child.on('exit', (code) => stop(code ?? 1));
