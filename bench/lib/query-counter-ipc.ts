/**
 * Preloaded into a child server started from the sources (`node --import tsx --import this`):
 * answers the parent's questions about the statements counted by query-counter.ts over the IPC
 * channel, so a benchmark can print statements per request while the server has a process (and a
 * core) of its own. Bench-only instrumentation.
 */
import { queryCount, startTrace, stopTrace } from './query-counter';

export type CounterRequest = { type: 'count' } | { type: 'trace'; on: boolean };
export type CounterReply = { count: number } | { statements: string[] };

function answer(message: CounterRequest): CounterReply {
  if (message.type === 'count') return { count: queryCount() };
  if (message.on) {
    startTrace();
    return { statements: [] };
  }
  return { statements: stopTrace() };
}

if (process.send) {
  process.on('message', (message: CounterRequest) => process.send?.(answer(message)));
  // The channel must not keep the server alive once it has closed.
  process.channel?.unref();
}
