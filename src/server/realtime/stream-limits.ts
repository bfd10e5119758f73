/**
 * At most so many open event streams per account and per client address, on this instance. A new
 * stream over its account's limit closes that account's own oldest stream (a forgotten background
 * tab), which is told why and asked to wait a minute before reconnecting. A new stream over its
 * address's limit is refused with 429 and Retry-After: an address is shared (a NAT, a classroom),
 * so closing its oldest stream would let anyone there close everyone else's.
 * Counted in memory: each instance enforces its own limits (docs/decisions/0013-quotas.md, 0032).
 */
import type { Context } from 'hono';
import {
  STREAM_CLOSED_MESSAGE,
  STREAM_CLOSED_RETRY_MS,
  STREAM_REFUSED_MESSAGE,
  STREAM_REFUSED_RETRY_SECONDS,
} from '../../domain/limits';
import { LimitRefusal } from '../http/rate-limit';

/** The last frame a stream closed for its account's limit sends: why, and when to come back. */
export const STREAM_CLOSED_FRAME =
  `: closed: too many open event streams for this account; its oldest is closed first\n` +
  `retry: ${STREAM_CLOSED_RETRY_MS}\n` +
  `event: closed\n` +
  `data: ${JSON.stringify({ reason: 'too-many-streams', message: STREAM_CLOSED_MESSAGE })}\n\n`;

type Entry = { keys: string[]; evict: () => void };

/**
 * One limit on a new stream: at most `max` open under `key`; when full, `evict` closes the key's
 * oldest streams to make room (an account's own), `refuse` turns the new one away (an address).
 */
export type StreamLimit = { key: string; max: number; whenFull: 'evict' | 'refuse' };

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
   * Admits a stream for the request's account and address, first closing (`evict`) the
   * account's oldest streams over its limit. Over the address's limit it throws a 429 refusal
   * (Retry-After set on `c`) and closes nothing. Answers the release function (idempotent).
   */
  admit(c: Context, evict: () => void): () => void {
    // The signed-in account, if any (auth's session middleware sets it; only its id counts here).
    const viewer = (c.get('viewer') as { id: string } | null | undefined) ?? null;
    const address = this.options.addressOf(c);
    const limits: StreamLimit[] = [];
    if (viewer) {
      limits.push({ key: `account:${viewer.id}`, max: this.options.perAccount, whenFull: 'evict' });
    }
    if (address) {
      limits.push({ key: `address:${address}`, max: this.options.perAddress, whenFull: 'refuse' });
    }
    const release = this.admitKeys(limits, evict);
    if (release) return release;
    c.header('Retry-After', String(STREAM_REFUSED_RETRY_SECONDS));
    throw new LimitRefusal('streams', STREAM_REFUSED_MESSAGE);
  }

  /**
   * admit() on explicit limits: null when a `refuse` limit stays full after the evictions the
   * `evict` limits would make (then nothing is closed).
   */
  admitKeys(limits: StreamLimit[], evict: () => void): (() => void) | null {
    const evicted = new Set<Entry>();
    for (const { key, max, whenFull } of limits) {
      if (whenFull !== 'evict') continue;
      const set = this.open.get(key);
      if (!set) continue;
      let over = set.size - Math.max(1, max) + 1;
      for (const entry of set) {
        if (over <= 0) break;
        if (!evicted.has(entry)) evicted.add(entry);
        over -= 1;
      }
    }
    for (const { key, max, whenFull } of limits) {
      if (whenFull !== 'refuse') continue;
      const set = this.open.get(key);
      if (!set) continue;
      let left = set.size;
      for (const entry of evicted) if (set.has(entry)) left -= 1;
      if (left >= Math.max(1, max)) return null;
    }
    for (const oldest of evicted) {
      this.remove(oldest);
      this.options.onEvict?.();
      oldest.evict();
    }
    const entry: Entry = { keys: limits.map(({ key }) => key), evict };
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
