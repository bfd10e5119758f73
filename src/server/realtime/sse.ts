/**
 * One Server-Sent Events stream over one hub topic: messages are handled in order, one at a time,
 * and a heartbeat comment goes out whenever the stream has been quiet for `heartbeatMs`. On Node
 * the frames go straight to the socket's response (thousands of streams may watch one game, and a
 * Web Streams pipe per stream cost several promise hops per event each); elsewhere (a request
 * made in-process with `app.request`) through Hono's streaming helper.
 */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { EventHub, HubMessage } from './hub';
import { STREAM_CLOSED_FRAME, type StreamLimits } from './stream-limits';

/** What a stream's handlers write to. */
export type SseStream = {
  readonly aborted: boolean;
  /** Raw bytes or text, e.g. a pre-encoded frame shared by many streams. */
  write(chunk: string | Uint8Array): Promise<unknown>;
  writeSSE(message: { event?: string; data: string; id?: string }): Promise<void>;
  onAbort(listener: () => void): void;
};

export type TopicStreamHandlers = {
  /**
   * Runs once the subscription is in place, so nothing published after it is missed; answering
   * 'end' ends the stream at once.
   */
  open(stream: SseStream): Promise<void | 'end'>;
  /** Handles one message; answering 'end' ends the stream (e.g. its game was deleted). */
  message(stream: SseStream, message: HubMessage): Promise<void | 'end'>;
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

type StreamOptions = {
  hub: EventHub;
  topic: string;
  heartbeatMs: number;
  /** Per account and address limits: over them, the oldest stream is closed (stream-limits.ts). */
  limits?: StreamLimits | undefined;
};

/** Ends a stream closed for the limits, once its handlers are done with their current message. */
type Eviction = { evicted: boolean; wake?: () => void };

export function streamTopic(
  c: Context,
  options: StreamOptions,
  handlers: TopicStreamHandlers,
): Response {
  const eviction: Eviction = { evicted: false };
  const release = options.limits?.admit(c, () => {
    eviction.evicted = true;
    eviction.wake?.();
  });
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (!outgoing) {
    return streamSSE(c, (stream) => run(stream, options, handlers, eviction).finally(release));
  }
  outgoing.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  outgoing.flushHeaders();
  const stream = new NodeSseStream(outgoing);
  void run(stream, options, handlers, eviction)
    .catch(() => undefined)
    .finally(() => {
      release?.();
      outgoing.end();
    });
  return RESPONSE_ALREADY_SENT;
}

async function run(
  stream: SseStream,
  options: StreamOptions,
  handlers: TopicStreamHandlers,
  eviction: Eviction,
): Promise<void> {
  const pending: HubMessage[] = [];
  let wake: (() => void) | undefined;
  const unsubscribe = options.hub.subscribe(options.topic, (message) => {
    pending.push(message);
    wake?.();
  });
  stream.onAbort(() => {
    unsubscribe();
    wake?.();
  });
  eviction.wake = () => wake?.();
  try {
    let ended = (await handlers.open(stream)) === 'end';
    while (!ended && !stream.aborted && !eviction.evicted) {
      const message = pending.shift();
      if (message) {
        ended = (await handlers.message(stream, message)) === 'end';
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.heartbeatMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
      if (pending.length === 0 && !stream.aborted && !eviction.evicted) {
        await stream.write(': heartbeat\n\n');
      }
    }
    if (eviction.evicted && !ended) await stream.write(STREAM_CLOSED_FRAME);
  } finally {
    unsubscribe();
  }
}
