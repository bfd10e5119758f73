/**
 * The test suite's round-robin proxy (test/support/round-robin-proxy.ts) in a process of its own,
 * for benches whose streams would not fit in one process's open files beside their clients: a
 * stream through a proxy is two sockets there (the client's and the backend's), so 10,000 phones'
 * streams take 20,000 files, and `ulimit -n` is a per-process limit no unprivileged process can
 * raise. `startProxyProcess` spawns it (this file under tsx) over `backends` and resolves once it
 * listens; `sent()` asks it how many requests it sent each backend.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startRoundRobinProxy } from '../../test/support/round-robin-proxy';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SELF = fileURLToPath(import.meta.url);
const START_TIMEOUT_MS = 30_000;

type Ready = { type: 'ready'; port: number };
type Sent = { type: 'sent'; sent: Record<string, number> };

export type ProxyProcess = {
  pid: number;
  port: number;
  /** Requests sent to each backend so far (refused tries included), by backend URL. */
  sent(): Promise<Record<string, number>>;
  stop(): Promise<void>;
};

export async function startProxyProcess(backends: string[]): Promise<ProxyProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SELF, ...backends], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the proxy process did not listen within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the proxy process exited (${String(code)}) before it listened`));
    });
    child.once('message', (message: Ready) => {
      clearTimeout(timer);
      resolve(message.port);
    });
  });
  return {
    pid: child.pid ?? 0,
    port,
    sent: () => ask(child),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function ask(child: ChildProcess): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const onExit = () => reject(new Error('the proxy process exited'));
    child.once('exit', onExit);
    child.once('message', (reply: Sent) => {
      child.off('exit', onExit);
      resolve(reply.sent);
    });
    child.send({ type: 'sent' });
  });
}

/** In the child: the proxy over the backends given as arguments, until SIGTERM. */
async function runChild(backends: string[]): Promise<void> {
  const proxy = await startRoundRobinProxy(backends);
  process.on('message', () => {
    process.send?.({ type: 'sent', sent: Object.fromEntries(proxy.sent) } satisfies Sent);
  });
  process.once('SIGTERM', () => {
    void proxy.close().then(() => process.exit(0));
  });
  process.send?.({ type: 'ready', port: proxy.port } satisfies Ready);
}

if (process.argv[1] === SELF) {
  runChild(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(
      `proxy process: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
