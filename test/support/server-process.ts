/**
 * The real server as a child process (a bundle scripts/build-server.mjs made, as `npm start` runs
 * it), for tests of what only a process shows: signals, restarts, dropped connections.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { PROJECT_ROOT } from '../../src/server/platform/project-root';

export type ServerProcess = {
  process: ChildProcess;
  port: number;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines it wrote (stdout and stderr), for failure messages. */
  output(): string;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `bundle` on `port` in test mode behind a trusted proxy header (a fresh AUTH_SECRET
 * unless `env` gives one; `env` goes on top); resolves once /api/ready answers 200, or rejects
 * with its output when it exits or is not ready within 90 s.
 */
export async function startServerProcess(
  bundle: string,
  port: number,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, [bundle], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      TRUSTED_PROXY_HEADER: 'x-forwarded-for',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-6000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ok = await fetch(`${url}/api/ready`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start:\n${tail}`);
    }
    await sleep(50);
  }
  return { process: child, port, url, exited, output: () => tail };
}
