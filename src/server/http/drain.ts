/**
 * The HTTP side of a graceful drain (decision 0016): every request that reached this server gets
 * an answer, and no connection is reset under a request.
 *
 * - The listening socket closes first, after one turn of the event loop, so connections the kernel
 *   already completed are accepted (closing a listener resets the ones still queued in it).
 *   `http.Server#close()` would also destroy every idle connection at once, and "idle" includes a
 *   connection whose request bytes are in its buffer but not yet parsed: those were reset. The
 *   listener is closed with `net.Server#close()` instead.
 * - Connections stay open and are served: a request that arrives during the drain gets its answer.
 *   From the drain on, the last response known on a connection says `Connection: close`, and Node
 *   closes the connection once it is written. A response with pipelined requests behind it keeps the
 *   connection open for them, so they are answered too (the last of them closes it). A request that
 *   comes after a response that said `close` is not run: HTTP forbids it (RFC 9112 §9.6) and the
 *   client retries it.
 * - Idle connections (no request under way, none begun) close after `idleGraceMs`, which gives a
 *   request sent at the moment of the signal the time to arrive; from then on each connection closes
 *   as soon as it is idle. A request that arrived within the grace is read before the close, even
 *   when the process was too busy to read it until after the grace (`sweepSoon`).
 * - After `timeoutMs`, whatever is left is cut.
 */
import type { RequestListener, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

type Connection = {
  /** Responses not yet finished, in the order of their requests. */
  responses: ServerResponse[];
  /** A response on it said `Connection: close`: nothing after it may run. */
  closing: boolean;
  /**
   * Its last answer went out before its request was read to the end (a refused body, an
   * `Expect: 100-continue` whose body never came): Node does not count it idle, and the client
   * may keep it open, so the drain closes it once it has nothing under way.
   */
  answeredEarly: boolean;
};

const saysClose = (res: ServerResponse) => /\bclose\b/i.test(String(res.getHeader('connection')));

export class HttpDrain {
  private readonly connections = new Map<Socket, Connection>();
  private server: Server | undefined;
  private draining = false;
  private graceOver = false;
  private sweepPending = false;

  /** Requests under way (received, answer not finished). */
  get inFlight(): number {
    let count = 0;
    for (const connection of this.connections.values()) count += connection.responses.length;
    return count;
  }

  private connectionOf(socket: Socket): Connection {
    let connection = this.connections.get(socket);
    if (!connection) {
      connection = { responses: [], closing: false, answeredEarly: false };
      this.connections.set(socket, connection);
      socket.once('close', () => this.connections.delete(socket));
    }
    return connection;
  }

  /** The app's request listener, tracked (give it to the server). */
  wrap(listener: RequestListener): RequestListener {
    return (req, res) => {
      const connection = this.connectionOf(req.socket);
      if (connection.closing) return; // see the module comment: the client retries it
      connection.responses.push(res);
      connection.answeredEarly = false;
      const writeHead = res.writeHead;
      res.writeHead = ((...args: Parameters<typeof writeHead>) => {
        // Draining: the last response this connection has a request for closes it.
        if (this.draining && connection.responses.at(-1) === res) {
          res.setHeader('connection', 'close');
        }
        if (saysClose(res)) connection.closing = true;
        return writeHead.apply(res, args);
      }) as typeof writeHead;
      res.once('close', () => {
        const index = connection.responses.indexOf(res);
        if (index >= 0) connection.responses.splice(index, 1);
        if (!req.complete) connection.answeredEarly = true;
        if (this.graceOver) this.sweepSoon();
      });
      listener(req, res);
    };
  }

  /**
   * Closes every connection with nothing under way (after the grace), once the event loop has read
   * what its sockets hold. A timer fires before the loop polls its sockets: when the process was
   * busy past the grace (a long synchronous step, a starved machine), a request already in a
   * socket's buffer is not parsed yet, its connection looks idle, and closing it resets the request.
   * An immediate runs after the poll, so those requests are under way by then and kept.
   */
  private sweepSoon(): void {
    if (this.sweepPending) return;
    this.sweepPending = true;
    setImmediate(() => {
      this.sweepPending = false;
      this.sweep();
    });
  }

  private sweep(): void {
    this.server?.closeIdleConnections();
    for (const [socket, connection] of this.connections) {
      if (connection.answeredEarly && connection.responses.length === 0) socket.destroy();
    }
  }

  /** The server whose connections this drains (call before it listens). */
  attach(server: Server): void {
    this.server = server;
  }

  /**
   * Stops listening and lets connections finish (see the module comment). Resolves when every
   * connection is closed; `cut` counts the requests still under way after `timeoutMs`, whose
   * connections were then closed.
   */
  async drain(options: { timeoutMs: number; idleGraceMs: number }): Promise<{ cut: number }> {
    const server = this.server;
    if (!server) return { cut: 0 };
    this.draining = true;
    // Responses already under way whose headers are not out yet: the last on each connection will
    // say close when it is written (wrap's writeHead).
    await new Promise((resolve) => setImmediate(resolve));
    const closed = new Promise<void>((resolve) =>
      NetServer.prototype.close.call(server, () => resolve()),
    );
    const grace = setTimeout(() => {
      this.graceOver = true;
      this.sweepSoon();
    }, options.idleGraceMs);
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      closed.then(() => true),
      new Promise<false>(
        (resolve) => (timer = setTimeout(() => resolve(false), options.timeoutMs)),
      ),
    ]);
    clearTimeout(timer);
    clearTimeout(grace);
    if (finished) return { cut: 0 };
    const cut = this.inFlight;
    server.closeAllConnections();
    await closed;
    return { cut };
  }
}
