/**
 * A tiny real-HTTP test client: global fetch, a cookie jar, one client IP per simulated person
 * (sent in `x-forwarded-for`, which the test server trusts), auth helpers and an SSE reader.
 */
import { randomBytes } from 'node:crypto';
import { isErrorBody } from '../../src/domain/errors';

export type ApiResponse<T = unknown> = { status: number; body: T; headers: Headers };

export type RequestOptions = {
  /** Sent as the body verbatim (Content-Type application/json unless `headers` say otherwise). */
  raw?: string;
  /** Sent as multipart/form-data (a file upload); fetch writes its Content-Type. */
  form?: FormData;
  headers?: Record<string, string>;
  /** 'manual' to see a redirect instead of following it. */
  redirect?: RequestRedirect;
};

export type SseMessage =
  | { kind: 'event'; event: string; id: string | undefined; data: string }
  | { kind: 'comment'; text: string };

/** A random private IPv4 address, so every client gets its own rate-limit bucket. */
export function randomIp(): string {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `10.${a}.${b}.${Math.max(1, c)}`;
}

/** A short random tag for unique prompts, e-mails and names. */
export function tag(): string {
  return randomBytes(4).toString('hex');
}

export class TestClient {
  constructor(
    readonly baseUrl: string,
    readonly ip = randomIp(),
    private readonly jar = new Map<string, string>(),
  ) {}

  /** The same person (cookies and IP) talking to another server instance. */
  at(baseUrl: string): TestClient {
    return new TestClient(baseUrl, this.ip, this.jar);
  }

  /** The same cookies copied, at `baseUrl`: what the browser still held before a sign-out. */
  copyAt(baseUrl: string): TestClient {
    return new TestClient(baseUrl, this.ip, new Map(this.jar));
  }

  get hasSession(): boolean {
    return this.jar.size > 0;
  }

  /** The headers every request carries: the client's IP, its cookies and (for writes) its origin. */
  private baseHeaders(method: string, path: string): Record<string, string> {
    // The dev outbox refuses anything that came through a proxy: it is read as a developer on
    // this machine would, without the header that stands for the client's address.
    const headers: Record<string, string> = path.startsWith('/api/dev/outbox')
      ? {}
      : { 'x-forwarded-for': this.ip };
    if (this.jar.size > 0) {
      headers.cookie = [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (!['GET', 'HEAD', 'OPTIONS'].includes(method)) headers.origin = this.baseUrl;
    return headers;
  }

  private storeCookies(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', val = ''] = attribute.split('=').map((part) => part.trim());
        return (
          (key.toLowerCase() === 'max-age' && Number(val) <= 0) ||
          (key.toLowerCase() === 'expires' && Date.parse(val) <= Date.now())
        );
      });
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  /** Sets a cookie as the browser's own script would (e.g. the anonymous id). */
  setCookie(name: string, value: string): void {
    this.jar.set(name, value);
  }

  /** A cookie's value as the jar holds it (what the browser would send). */
  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...this.baseHeaders(method, path) };
    let payload: string | FormData | undefined;
    if (options.form !== undefined) payload = options.form;
    else if (options.raw !== undefined) payload = options.raw;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (typeof payload === 'string') headers['content-type'] = 'application/json';
    Object.assign(headers, options.headers);
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: payload,
      redirect: options.redirect ?? 'follow',
    });
    this.storeCookies(response.headers);
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text !== '') {
      parsed = JSON.parse(text);
    }
    return {
      status: response.status,
      body: withoutRequestId(parsed, response),
      headers: response.headers,
    };
  }

  /**
   * GETs `url` and follows redirects one hop at a time, keeping the cookies each hop sets (fetch
   * would drop them). Stops at the first answer that is not a redirect, or at a Location that
   * `stopAt` accepts (e.g. a web page the API-only test server does not serve).
   */
  async follow(
    url: string,
    options: { stopAt?: (location: URL) => boolean; maxHops?: number } = {},
  ): Promise<{ response: ApiResponse; locations: URL[] }> {
    const locations: URL[] = [];
    let current = new URL(url, this.baseUrl);
    for (let hop = 0; hop <= (options.maxHops ?? 10); hop++) {
      const response = await this.request('GET', current.toString(), undefined, {
        redirect: 'manual',
      });
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        return { response, locations };
      }
      current = new URL(location, current);
      locations.push(current);
      if (options.stopAt?.(current)) return { response, locations };
    }
    throw new Error(`more than ${options.maxHops ?? 10} redirects from ${url}`);
  }

  async signUp(input: { name: string; email?: string; password?: string }): Promise<ApiResponse> {
    const email =
      input.email ?? `${input.name.toLowerCase().replace(/[^a-z0-9]+/g, '')}-${tag()}@example.test`;
    const response = await this.request('POST', '/api/auth/sign-up/email', {
      name: input.name,
      email,
      password: input.password ?? 'correct horse battery',
    });
    if (response.status !== 200) {
      throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
    }
    return response;
  }

  async signIn(input: { email: string; password: string }): Promise<ApiResponse> {
    return this.request('POST', '/api/auth/sign-in/email', input);
  }

  async guest(): Promise<ApiResponse> {
    const response = await this.request('POST', '/api/auth/sign-in/anonymous', {});
    if (response.status !== 200) {
      throw new Error(`guest sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
    }
    return response;
  }

  /** Opens an event stream (GET `path`) with this client's cookies. */
  async events(path: string, options: { lastEventId?: string | number } = {}): Promise<SseStream> {
    const controller = new AbortController();
    const headers: Record<string, string> = {
      ...this.baseHeaders('GET', path),
      accept: 'text/event-stream',
    };
    if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
    const response = await fetch(new URL(path, this.baseUrl), {
      headers,
      signal: controller.signal,
    });
    return new SseStream(response, controller);
  }
}

/** Reads a `text/event-stream` response message by message (events and comments). */
export class SseStream {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private readonly queue: SseMessage[] = [];
  private reading: Promise<boolean> | undefined;

  constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    this.reader = response.body?.getReader();
  }

  get status(): number {
    return this.response.status;
  }

  /** The next message, or an error after `timeoutMs`. */
  async next(timeoutMs = 5000): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = this.queue.shift();
      if (message) return message;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no SSE message within ${timeoutMs} ms`);
      // One read in flight at a time; a timed-out read stays pending for the next call.
      this.reading ??= this.readChunk().finally(() => (this.reading = undefined));
      let timer: NodeJS.Timeout | undefined;
      const more = await Promise.race([
        this.reading,
        new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), left))),
      ]);
      clearTimeout(timer);
      if (more === false && this.queue.length === 0) throw new Error('SSE stream ended');
    }
  }

  /** Skips comments (heartbeats) and returns the next event. */
  async nextEvent(timeoutMs = 5000): Promise<Extract<SseMessage, { kind: 'event' }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = await this.next(Math.max(1, deadline - Date.now()));
      if (message.kind === 'event') return message;
    }
  }

  /** Collects every message that arrives within `ms`. */
  async collect(ms: number): Promise<SseMessage[]> {
    const messages: SseMessage[] = [];
    const deadline = Date.now() + ms;
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return messages;
      try {
        messages.push(await this.next(left));
      } catch (error) {
        if (String(error).includes('within')) return messages;
        throw error;
      }
    }
  }

  close(): void {
    this.controller.abort();
  }

  private async readChunk(): Promise<boolean> {
    if (!this.reader) return false;
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await this.reader.read();
    } catch {
      return false;
    }
    if (chunk.done) return false;
    this.buffer += this.decoder.decode(chunk.value, { stream: true }).replace(/\r\n?/g, '\n');
    for (let end = this.buffer.indexOf('\n\n'); end >= 0; end = this.buffer.indexOf('\n\n')) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      this.parseBlock(block);
    }
    return true;
  }

  private parseBlock(block: string): void {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    let hasField = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        this.queue.push({ kind: 'comment', text: line.slice(1).trim() });
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      hasField = true;
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (hasField && data.length > 0)
      this.queue.push({ kind: 'event', event, id, data: data.join('\n') });
  }
}

/**
 * Every error body carries the request's id, the same as its X-Request-Id header (the server's
 * observability/request-log.ts): checked here for every answer of the suite, then taken out, so
 * tests compare bodies as they were meant (test/integration/observability.test.ts reads it).
 */
function withoutRequestId<T>(body: unknown, response: Response): T {
  if (!isErrorBody(body)) return body as T;
  const { requestId, ...error } = body.error;
  const header = response.headers.get('x-request-id');
  if (requestId === undefined || requestId !== header) {
    throw new Error(
      `error body's requestId ${String(requestId)} is not the X-Request-Id header ${String(header)}: ${JSON.stringify(body)}`,
    );
  }
  return { ...body, error } as T;
}
