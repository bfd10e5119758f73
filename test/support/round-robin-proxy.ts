/**
 * A small round-robin reverse proxy for tests that put several server instances behind one
 * address (test/integration/instances.test.ts), doing what a real one (nginx, Caddy, a cloud load
 * balancer) does for us:
 *
 * - each request goes to the next backend in turn; answers are streamed with nothing buffered, so
 *   event streams (SSE) flow frame by frame (no Nagle delay on either side); a request's body
 *   (small: JSON, a picture) is read whole first, so the request can be sent again;
 * - connections to each backend are kept alive and reused (upstream keep-alive, as nginx's
 *   `keepalive` or any cloud balancer does): a connection per request made every request a TCP
 *   handshake and an accept in the backend, a cost a real deployment does not pay;
 * - it appends the peer address it saw to `X-Forwarded-For` (what nginx's
 *   `$proxy_add_x_forwarded_for` does) and sets `X-Forwarded-Proto` and `X-Forwarded-Host`,
 *   keeping `Host` as the client sent it;
 * - a backend that refuses the connection (stopped, restarting) is skipped: the request goes to
 *   the next one; a kept-alive connection the backend closed just as the request went out
 *   (nothing answered on it) is retried on a new connection to the same backend, once; when
 *   every backend refuses, or one fails after it began to answer, the client gets 502 (or, mid
 *   answer, its connection ends).
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

/** Idle connections kept per backend at most (more are closed as their answers end). */
const MAX_IDLE_PER_BACKEND = 256;

export async function startRoundRobinProxy(initial: string[] = []): Promise<RoundRobinProxy> {
  const backends = [...initial];
  const sent = new Map<string, number>();
  let next = 0;
  // Kept-alive connections per backend, the most recently used first (the others go idle and
  // are closed by the backend, server.ts: after 65 s). One the backend closes just as a request
  // goes out on it (or a stopped backend's) fails before any answer: the request is sent again
  // on a new connection (below).
  const agents = new Map<string, http.Agent>();
  const agentOf = (backend: string): http.Agent => {
    let agent = agents.get(backend);
    if (!agent) {
      agent = new http.Agent({
        keepAlive: true,
        maxFreeSockets: MAX_IDLE_PER_BACKEND,
        scheduling: 'lifo',
      });
      agents.set(backend, agent);
    }
    return agent;
  };
  const dropIdle = (backend: string) => {
    const agent = agents.get(backend);
    if (!agent) return;
    for (const sockets of Object.values(agent.freeSockets)) {
      for (const socket of sockets ?? []) socket.destroy();
    }
  };

  const server = http.createServer((req, res) => {
    const peer = req.socket.remoteAddress ?? 'unknown';
    const headers = forwardable(req.headers);
    const prior = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = prior ? `${String(prior)}, ${peer}` : peer;
    headers['x-forwarded-proto'] = 'http';
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
    const withBody = hasBody(req);
    let body: Buffer | undefined;

    /**
     * Sends the request to the next backend (or to `again`, on a new connection: a kept-alive
     * one failed before anything answered).
     */
    const attempt = (tries: number, again?: string): void => {
      if (again === undefined && (backends.length === 0 || tries >= backends.length)) {
        if (!res.headersSent) {
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end('no backend answered');
        } else res.destroy();
        return;
      }
      const backend = again ?? backends[next++ % backends.length]!;
      sent.set(backend, (sent.get(backend) ?? 0) + 1);
      const target = new URL(backend);
      const upstream = http.request({
        // A retry never takes another kept-alive connection: they may all be as stale.
        agent: again === undefined ? agentOf(backend) : false,
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
      });
      let connected = false;
      let answered = false;
      upstream.once('socket', (socket) => {
        // Event streams' frames go out as written, not held back for more (Nagle).
        socket.setNoDelay(true);
        if (socket.connecting) socket.once('connect', () => (connected = true));
        else connected = true;
      });
      upstream.once('error', () => {
        if (!answered && !res.headersSent) {
          // A kept-alive connection the backend had closed (or a stopped backend's): once more
          // on a new connection, which a stopped backend refuses.
          if (upstream.reusedSocket && again === undefined) {
            attempt(tries, backend);
            return;
          }
          // Refused before it opened: another backend may answer.
          if (!connected) {
            attempt(tries + 1);
            return;
          }
          res.writeHead(502, { 'content-type': 'text/plain' });
          res.end('the backend failed');
          return;
        }
        // Mid answer: the client's connection ends. An answer already written whole is the
        // client's (its connection may carry its next request by now): nothing to end.
        if (!res.writableFinished) res.destroy();
      });
      upstream.once('response', (answer) => {
        answered = true;
        const out = forwardable(answer.headers);
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, out);
        // Event streams: the status and headers now, each frame as it comes (pipe never waits
        // for more than what one read gives).
        res.flushHeaders();
        answer.pipe(res);
        // The backend went away mid-answer (a stopped instance's stream): the client sees its
        // connection end, as behind a real proxy.
        const end = () => {
          if (!res.writableFinished) res.destroy();
        };
        answer.once('aborted', end);
        answer.once('error', end);
      });
      // The client left (a closed event stream): stop the backend's side too (that connection
      // is closed, not kept).
      res.once('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      upstream.end(body);
    };

    if (!withBody) {
      // Nothing to read: sent at once (the request's end is read by Node meanwhile).
      req.resume();
      attempt(0);
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => {
      body = Buffer.concat(chunks);
      delete headers['transfer-encoding'];
      headers['content-length'] = String(body.length);
      attempt(0);
    });
    req.once('error', () => res.destroy());
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
      dropIdle(backend);
    },
    sent,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const agent of agents.values()) agent.destroy();
      }),
  };
}
