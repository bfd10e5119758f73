/**
 * One Server-Sent Events stream over one hub topic: messages are handled in order, one at a time,
 * and a heartbeat comment goes out whenever the stream has been quiet for `heartbeatMs`.
 */
import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { EventHub, HubMessage } from './hub';

export type TopicStreamHandlers = {
  /**
   * Runs once the subscription is in place, so nothing published after it is missed; answering
   * 'end' ends the stream at once.
   */
  open(stream: SSEStreamingApi): Promise<void | 'end'>;
  /** Handles one message; answering 'end' ends the stream (e.g. its game was deleted). */
  message(stream: SSEStreamingApi, message: HubMessage): Promise<void | 'end'>;
};

export function streamTopic(
  c: Context,
  options: { hub: EventHub; topic: string; heartbeatMs: number },
  handlers: TopicStreamHandlers,
): Response {
  return streamSSE(c, async (stream) => {
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
    try {
      let ended = (await handlers.open(stream)) === 'end';
      while (!ended && !stream.aborted) {
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
        if (pending.length === 0 && !stream.aborted) await stream.write(': heartbeat\n\n');
      }
    } finally {
      unsubscribe();
    }
  });
}
