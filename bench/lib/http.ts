/**
 * A small HTTP client for the benchmark: real HTTP/1.1 over loopback with keep-alive connections.
 * `node:http` by default (it costs the shared event loop less than fetch, and the server runs in
 * this process); BENCH_CLIENT=fetch uses global fetch (undici) instead. Every request times out.
 */
import http from 'node:http';

export type HttpResponse = { status: number; body: string; setCookies: string[] };

export type RequestOptions = {
  headers?: Record<string, string>;
  /** Sent as JSON with Content-Type: application/json. */
  json?: unknown;
};

export type ClientKind = 'http' | 'fetch';

const REQUEST_TIMEOUT_MS = 30_000;

export class HttpClient {
  private readonly agent: http.Agent;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly kind: ClientKind,
    maxSockets: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  request(method: string, path: string, options: RequestOptions = {}): Promise<HttpResponse> {
    const body = options.json === undefined ? undefined : JSON.stringify(options.json);
    const headers: Record<string, string> = { ...options.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return this.kind === 'fetch'
      ? this.viaFetch(method, path, headers, body)
      : this.viaHttp(method, path, headers, body);
  }

  private viaHttp(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<HttpResponse> {
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: this.host, port: this.port, method, path, headers, agent: this.agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              setCookies: res.headers['set-cookie'] ?? [],
            }),
          );
        },
      );
      req.setTimeout(REQUEST_TIMEOUT_MS, () =>
        req.destroy(new Error(`${method} ${path} timed out after ${REQUEST_TIMEOUT_MS} ms`)),
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  private async viaFetch(
    method: string,
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
  ): Promise<HttpResponse> {
    const res = await fetch(`http://${this.host}:${this.port}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    return { status: res.status, body: await res.text(), setCookies: res.headers.getSetCookie() };
  }

  close(): void {
    this.agent.destroy();
  }
}

/** `name=value; name2=value2` from Set-Cookie headers, for a Cookie header. */
export function cookieHeader(setCookies: readonly string[]): string {
  return setCookies
    .map((line) => line.split(';')[0]?.trim() ?? '')
    .filter((pair) => pair !== '' && !/=$/.test(pair))
    .join('; ');
}

export type SseEvent = { event: string; id: string | undefined; data: string; at: number };

/**
 * One Server-Sent Events connection on its own socket. `onEvent` gets every event with the
 * performance.now() at which its last byte arrived; `close()` ends it.
 */
export class SseConnection {
  private readonly req: http.ClientRequest;
  private closed = false;
  /** Resolves once the server answered 200 and the stream is open. */
  readonly opened: Promise<void>;

  constructor(
    host: string,
    port: number,
    path: string,
    headers: Record<string, string>,
    onEvent: (event: SseEvent) => void,
    onError: (error: Error) => void,
  ) {
    let settle: { resolve(): void; reject(error: Error): void } | undefined;
    this.opened = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    let buffer = '';
    this.req = http.get(
      { host, port, path, headers: { ...headers, accept: 'text/event-stream' }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          settle?.reject(new Error(`GET ${path} answered ${res.statusCode}`));
          res.resume();
          return;
        }
        settle?.resolve();
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          const at = performance.now();
          buffer += chunk.replace(/\r\n?/g, '\n');
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = parseBlock(block, at);
            if (event) onEvent(event);
          }
        });
        res.on('error', (error) => {
          if (!this.closed) onError(error);
        });
        res.on('end', () => {
          if (!this.closed) onError(new Error(`event stream ${path} ended`));
        });
      },
    );
    this.req.on('error', (error) => {
      if (this.closed) return;
      settle?.reject(error);
      onError(error);
    });
  }

  close(): void {
    this.closed = true;
    this.req.destroy();
  }
}

function parseBlock(block: string, at: number): SseEvent | null {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0 && id === undefined) return null;
  return { event, id, data: data.join('\n'), at };
}
