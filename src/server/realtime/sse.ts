/**
 * One Server-Sent Events stream over one hub topic: messages are handled in order, one at a time,
 * and a heartbeat comment goes out whenever the stream has been quiet for `heartbeatMs`. On Node
 * the frames go straight to the socket's response (thousands of streams may watch one game, and a
 * Web Streams pipe per stream cost several promise hops per event each); elsewhere (a request
 * made in-process with `app.request`) through Hono's streaming helper. On shutdown, `endStreams`
 * ends every stream of a server with a `retry:` hint, so browsers reconnect (to another instance,
 * or this one restarted) instead of holding the process open.
 */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { EventHub, HubEvent, HubMessage, Topic } from './hub';
import { STREAM_CLOSED_FRAME, type StreamLimits } from './stream-limits';
import { requestIdOf } from '../http/request-id';

/** What a stream's handlers write to. */
export type SseStream = {
  readonly aborted: boolean;
  /** Raw bytes or text, e.g. a pre-encoded frame shared by many streams. */
  write(chunk: string | Uint8Array): Promise<unknown>;
  writeSSE(message: { event?: string; data: string; id?: string }): Promise<void>;
  onAbort(listener: () => void): void;
};

export type TopicStreamHandlers<E extends HubEvent> = {
  /**
   * Runs once the subscription is in place, so nothing published after it is missed; answering
   * 'end' ends the stream at once.
   */
  open(stream: SseStream): Promise<void | 'end'>;
  /** Handles one message; answering 'end' ends the stream (e.g. its game was deleted). */
  message(stream: SseStream, message: HubMessage<E>): Promise<void | 'end'>;
};

/** One `event:`/`data:`/`id:` frame; a multi-line payload becomes one `data:` line per line. */
export function sseFrame(message: { event?: string; data: string; id?: string }): string {
  const data = message.data
    .split(/\r\n|\r|\n/)
    .map((line) => `data: ${line}`)
    .join('\n');
  const event = message.event ? `event: ${message.event}\n` : '';
  const id = message.id !== undefined ? `\nid: ${message.id}` : '';
  return `${event}${data}${id}\n\n`;
}

/** An SSE stream written straight to Node's response, waiting for the socket when it is full. */
class NodeSseStream implements SseStream {
  aborted = false;
  private readonly listeners: (() => void)[] = [];

  constructor(private readonly res: ServerResponse) {
    res.once('close', () => {
      this.aborted = true;
      for (const listener of this.listeners) listener();
    });
  }

  async write(chunk: string | Uint8Array): Promise<void> {
    if (this.aborted) return;
    if (!this.res.write(chunk)) {
      await Promise.race([once(this.res, 'drain'), once(this.res, 'close')]);
    }
  }

  writeSSE(message: { event?: string; data: string; id?: string }): Promise<void> {
    return this.write(sseFrame(message));
  }

  onAbort(listener: () => void): void {
    this.listeners.push(listener);
  }
}

type StreamOptions<E extends HubEvent> = {
  hub: EventHub;
  topic: Topic<E>;
  heartbeatMs: number;
  /**
   * Per account and address limits (stream-limits.ts): over the account's, its oldest stream is
   * closed; over the address's, this one is refused with 429 before anything is written.
   */
  limits?: StreamLimits | undefined;
};

/** A server's open streams (one hub per server), so a shutdown can end them all. */
type OpenStreams = {
  /** Set by `endStreams`: streams opening from now on end at once with the hint. */
  draining: boolean;
  retryMs: number;
  /** Asks each running stream to stop. */
  stops: Set<() => void>;
  running: Set<Promise<void>>;
};

const openStreamsByHub = new WeakMap<EventHub, OpenStreams>();

function openStreams(hub: EventHub): OpenStreams {
  let open = openStreamsByHub.get(hub);
  if (!open) {
    open = { draining: false, retryMs: 1000, stops: new Set(), running: new Set() };
    openStreamsByHub.set(hub, open);
  }
  return open;
}

/**
 * Ends every event stream over `hub` (a server shutting down): each finishes the message it is
 * handling, is sent `retry: <retryMs>` (the browser's EventSource reconnects after that long) and
 * closes; a stream opened from now on gets the hint and closes at once. Resolves once all have
 * ended (a stream whose client stopped reading may keep it waiting: callers bound the wait).
 */
export async function endStreams(hub: EventHub, options: { retryMs: number }): Promise<void> {
  const open = openStreams(hub);
  open.draining = true;
  open.retryMs = options.retryMs;
  for (const stop of open.stops) stop();
  await Promise.all(open.running);
}

/** Open streams over `hub` (for tests and logs). */
export function openStreamCount(hub: EventHub): number {
  return openStreams(hub).running.size;
}

export function streamTopic<E extends HubEvent>(
  c: Context,
  options: StreamOptions<E>,
  handlers: TopicStreamHandlers<E>,
): Response {
  const open = openStreams(options.hub);
  const control: Control = { stopping: open.draining, evicted: false, wake: undefined };
  // Over the account's limit, its oldest stream is closed (once its handlers are done with their
  // message); over the address's, this throws a 429 refusal, answered by the error handler.
  const release = options.limits?.admit(c, () => {
    control.evicted = true;
    control.wake?.();
  });
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  const requestId = requestIdOf(c);
  if (!outgoing) {
    return streamSSE(c, (stream) => serve(stream, options, handlers, control, release));
  }
  outgoing.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    // Written here, before the request's middleware sees an answer (observability/request-log.ts).
    ...(requestId ? { 'x-request-id': requestId } : {}),
  });
  outgoing.flushHeaders();
  const stream = new NodeSseStream(outgoing);
  void serve(stream, options, handlers, control, () => {
    release?.();
    outgoing.end();
  });
  return RESPONSE_ALREADY_SENT;
}

/**
 * What a running stream is told from outside: stop (the server shuts down), or closed for the
 * limits; `wake` makes an idle stream notice at once.
 */
type Control = { stopping: boolean; evicted: boolean; wake: (() => void) | undefined };

/**
 * Runs one stream, registered with its server's open streams, and ends it with the frame its
 * reason asks for; `end` then releases its slot and closes the response.
 */
async function serve<E extends HubEvent>(
  stream: SseStream,
  options: StreamOptions<E>,
  handlers: TopicStreamHandlers<E>,
  control: Control,
  end?: () => void,
): Promise<void> {
  const open = openStreams(options.hub);
  const stop = () => {
    control.stopping = true;
    control.wake?.();
  };
  open.stops.add(stop);
  const done = (async () => {
    let ended = false;
    try {
      ended = await run(stream, options, handlers, control);
    } catch {
      // A failed read or write ends this stream; the browser reconnects.
    }
    try {
      if (stream.aborted || ended) return;
      if (control.evicted) await stream.write(STREAM_CLOSED_FRAME);
      else if (control.stopping) await stream.write(`retry: ${open.retryMs}\n\n`);
    } catch {
      // The client is gone already.
    }
  })().finally(() => {
    open.stops.delete(stop);
    open.running.delete(done);
    end?.();
  });
  open.running.add(done);
  return done;
}

/** Runs a stream until it ends by itself (true: e.g. its game was deleted) or is told to stop. */
async function run<E extends HubEvent>(
  stream: SseStream,
  options: StreamOptions<E>,
  handlers: TopicStreamHandlers<E>,
  control: Control,
): Promise<boolean> {
  const done = () => control.stopping || control.evicted;
  const pending: HubMessage<E>[] = [];
  const unsubscribe = options.hub.subscribe(options.topic, (message) => {
    pending.push(message);
    control.wake?.();
  });
  stream.onAbort(() => {
    unsubscribe();
    control.wake?.();
  });
  try {
    if (done()) return false;
    let ended = (await handlers.open(stream)) === 'end';
    while (!ended && !stream.aborted && !done()) {
      const message = pending.shift();
      if (message) {
        ended = (await handlers.message(stream, message)) === 'end';
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.heartbeatMs);
        control.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      control.wake = undefined;
      if (pending.length === 0 && !stream.aborted && !done()) {
        await stream.write(': heartbeat\n\n');
      }
    }
    return ended;
  } finally {
    unsubscribe();
  }
}
