/**
 * At most so many open event streams per account and per client address, on this instance: a
 * new stream over either limit closes the oldest one first (a forgotten background tab, or a
 * script's pile of connections), which is told why and asked to wait long before reconnecting.
 * Counted in memory: each instance enforces its own limits (docs/decisions/0013-quotas.md).
 */
import type { Context } from 'hono';
import { STREAM_CLOSED_MESSAGE, STREAM_CLOSED_RETRY_MS } from '../../domain/limits';
import type { Viewer } from '../auth';

/** The last frame a stream closed for the limits sends: why, and a long reconnection delay. */
export const STREAM_CLOSED_FRAME =
  `: closed: too many open event streams; the oldest is closed first\n` +
  `retry: ${STREAM_CLOSED_RETRY_MS}\n` +
  `event: closed\n` +
  `data: ${JSON.stringify({ reason: 'too-many-streams', message: STREAM_CLOSED_MESSAGE })}\n\n`;

type Entry = { keys: string[]; evict: () => void };

export class StreamLimits {
  /** Open streams per key, oldest first (a Set keeps insertion order). */
  private readonly open = new Map<string, Set<Entry>>();

  constructor(
    private readonly options: {
      perAccount: number;
      perAddress: number;
      /** The request's client address (http/client-ip.ts, as the server's config says). */
      addressOf: (c: Context) => string | undefined;
      /** Told each time a stream is closed for the limits (the metrics count them). */
      onEvict?: () => void;
    },
  ) {}

  /**
   * Admits a stream for the request's account and address, first closing (`evict`) the oldest
   * streams that would leave either over its limit. Answers the release function (idempotent).
   */
  admit(c: Context, evict: () => void): () => void {
    const viewer = (c.get('viewer') as Viewer | null | undefined) ?? null;
    const address = this.options.addressOf(c);
    const limited: [string, number][] = [];
    if (viewer) limited.push([`account:${viewer.id}`, this.options.perAccount]);
    if (address) limited.push([`address:${address}`, this.options.perAddress]);
    return this.admitKeys(limited, evict);
  }

  /** admit() on explicit keys and limits. */
  admitKeys(limited: [key: string, max: number][], evict: () => void): () => void {
    for (const [key, max] of limited) {
      const set = this.open.get(key);
      while (set && set.size >= Math.max(1, max)) {
        const oldest = set.values().next().value as Entry;
        this.remove(oldest);
        this.options.onEvict?.();
        oldest.evict();
      }
    }
    const entry: Entry = { keys: limited.map(([key]) => key), evict };
    for (const key of entry.keys) {
      let set = this.open.get(key);
      if (!set) {
        set = new Set();
        this.open.set(key, set);
      }
      set.add(entry);
    }
    return () => this.remove(entry);
  }

  /** Open streams under one key (for tests and diagnostics). */
  count(key: string): number {
    return this.open.get(key)?.size ?? 0;
  }

  private remove(entry: Entry): void {
    for (const key of entry.keys) {
      const set = this.open.get(key);
      if (!set) continue;
      set.delete(entry);
      if (set.size === 0) this.open.delete(key);
    }
  }
}
