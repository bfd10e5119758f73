/**
 * A small round-robin reverse proxy for tests that put several server instances behind one
 * address (test/integration/instances.test.ts), doing what a real one (nginx, Caddy, a cloud load
 * balancer) does for us:
 *
 * - each request goes to the next backend in turn, streamed both ways with nothing buffered, so
 *   event streams (SSE) flow frame by frame;
 * - it appends the peer address it saw to `X-Forwarded-For` (what nginx's
 *   `$proxy_add_x_forwarded_for` does) and sets `X-Forwarded-Proto` and `X-Forwarded-Host`,
 *   keeping `Host` as the client sent it;
 * - a backend that refuses the connection (stopped, restarting) is skipped: the request goes to
 *   the next one, as long as none of its body has been sent; otherwise, or when every backend
 *   refuses, the client gets 502.
 *
 * Backends can be listed, added and removed while it runs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobinProxy = {
  /** The proxy's own address, e.g. http://localhost:41234. */
  url: string;
  port: number;
  /** The backends in rotation, in order. */
  backends(): string[];
  add(backend: string): void;
  /** Takes a backend out of rotation; requests and streams under way on it go on. */
  remove(backend: string): void;
  /** Requests each backend was sent (tries that were refused included), by backend URL. */
  sent: Map<string, number>;
  close(): Promise<void>;
};

/** Per connection, not to pass on (RFC 9110 §7.6.1); Node writes its own framing. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function forwardable(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  return out;
}

/** Whether the request carries a body (Node's own rule: a length above 0, or chunked). */
function hasBody(req: http.IncomingMessage): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  return Number(req.headers['content-length'] ?? 0) > 0;
}

export async function startRoundRobinProxy(initial: string[] = []): Promise<RoundRobinProxy> {
  const backends = [...initial];
  const sent = new Map<string, number>();
  let next = 0;
  // No connection reuse: a connection refused tells at once that a backend is gone, and a
  // stopped backend's idle keep-alive sockets cannot swallow a request.
  const agent = new http.Agent({ keepAlive: false });

  const server = http.createServer((req, res) => {
    const peer = req.socket.remoteAddress ?? 'unknown';
    const headers = forwardable(req.headers);
    const prior = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = prior ? `${String(prior)}, ${peer}` : peer;
    headers['x-forwarded-proto'] = 'http';
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
    if (req.headers['transfer-encoding'] !== undefined) headers['transfer-encoding'] = 'chunked';
    const withBody = hasBody(req);
    let bodyStarted = false;

    const attempt = (tries: number): void => {
      if (backends.length === 0 || tries >= backends.length) {
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end('no backend answered');
        } else res.destroy();
        return;
      }
      const backend = backends[next++ % backends.length]!;
      sent.set(backend, (sent.get(backend) ?? 0) + 1);
      const target = new URL(backend);
      const upstream = http.request({
        agent,
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
      });
      let connected = false;
      upstream.once('socket', (socket) => {
        const start = () => {
          connected = true;
          if (!withBody) {
            upstream.end();
            return;
          }
          bodyStarted = true;
          req.pipe(upstream);
        };
        if (socket.connecting) socket.once('connect', start);
        else start();
      });
      upstream.once('error', () => {
        // Refused before anything was sent: another backend may answer.
        if (!connected && !bodyStarted && !res.headersSent) {
          attempt(tries + 1);
          return;
        }
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end('the backend failed');
        } else res.destroy();
      });
      upstream.once('response', (answer) => {
        const out = forwardable(answer.headers);
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
        // Event streams: the status and headers now, each frame as it comes (pipe never waits
        // for more than what one read gives).
        res.flushHeaders();
        answer.pipe(res);
        // The backend went away mid-answer (a stopped instance's stream): the client sees its
        // connection end, as behind a real proxy.
        answer.once('aborted', () => res.destroy());
        answer.once('error', () => res.destroy());
      });
      // The client left (a closed event stream): stop the backend's side too.
      res.once('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
    };
    attempt(0);
  });
  server.keepAliveTimeout = 5000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A burst of connections (a bench's thousands of phones) waits in the kernel, not reset.
    server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    port,
    backends: () => [...backends],
    add(backend) {
      if (!backends.includes(backend)) backends.push(backend);
    },
    remove(backend) {
      const index = backends.indexOf(backend);
      if (index >= 0) backends.splice(index, 1);
    },
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
