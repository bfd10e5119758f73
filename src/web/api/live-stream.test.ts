import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  acquireLiveStream,
  endLiveStream,
  liveStatus,
  reconnectDelay,
  reconnectLiveStreams,
  STREAM_CLOSE_GRACE_MS,
  subscribeLiveStatus,
  type LiveStreamSpec,
} from './live-stream';

/** Just enough of EventSource: listeners, readyState, close; the test plays the server. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  answer() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  send(name: string, data: string) {
    this.dispatchEvent(new MessageEvent(name, { data }));
  }
  /** A dropped connection the browser reopens by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
  /** An error answer: the browser gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
}

const network = new EventTarget();
let keys = 0;
const releases: (() => void)[] = [];

function latest(): FakeEventSource {
  const source = FakeEventSource.opened.at(-1);
  if (!source) throw new Error('no stream opened');
  return source;
}

function acquire(spec: Partial<LiveStreamSpec> = {}) {
  const key = `test:${++keys}`;
  const release = acquireLiveStream(key, {
    url: `/api/test/${keys}/events`,
    events: {},
    ...spec,
  });
  releases.push(release);
  return { key, release };
}

beforeAll(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('window', network);
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
});
afterEach(() => {
  for (const release of releases.splice(0)) release();
  vi.runOnlyPendingTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('reconnectDelay', () => {
  it('waits 2 s at first (a refused stream is not hammered), then doubles up to a minute', () => {
    const middle = () => 0.5; // jitter factor 1
    expect(reconnectDelay(1, middle)).toBe(2000);
    expect(reconnectDelay(2, middle)).toBe(4000);
    expect(reconnectDelay(5, middle)).toBe(32_000);
    expect(reconnectDelay(6, middle)).toBe(60_000);
    expect(reconnectDelay(50, middle)).toBe(60_000);
    expect(reconnectDelay(1, () => 0)).toBe(1000);
    expect(reconnectDelay(10, () => 0.999)).toBeLessThan(90_000);
    // Without jitter, five reopens in the first two minutes, then one a minute.
    let spent = 0;
    let tries = 0;
    while ((spent += reconnectDelay(tries + 1, middle)) <= 120_000) tries += 1;
    expect(tries).toBe(5);
  });
});

describe('live streams', () => {
  it('is connecting, then live once it answers; events reach their handlers', () => {
    const seen: string[] = [];
    const { key } = acquire({ events: { snapshot: (data) => seen.push(data) } });
    expect(liveStatus(key)).toBe('connecting');
    latest().answer();
    expect(liveStatus(key)).toBe('live');
    latest().send('snapshot', '{"v":1}');
    expect(seen).toEqual(['{"v":1}']);
  });

  it('counts any named event as the stream being up, and skips one its handler cannot read', () => {
    const { key } = acquire({
      events: {
        snapshot: (data) => {
          JSON.parse(data);
        },
      },
    });
    expect(() => latest().send('snapshot', 'not json')).not.toThrow();
    expect(liveStatus(key)).toBe('live');
  });

  it('shares one connection per key, and closes it a grace period after the last one leaves', () => {
    const first = acquire();
    const second = acquireLiveStream(first.key, { url: '/other', events: {} });
    expect(FakeEventSource.opened).toHaveLength(1);
    const source = latest();
    first.release();
    second();
    vi.advanceTimersByTime(STREAM_CLOSE_GRACE_MS - 1);
    expect(source.readyState).not.toBe(FakeEventSource.CLOSED);
    // Back within the grace (play -> results): the same connection.
    const again = acquireLiveStream(first.key, { url: '/other', events: {} });
    vi.advanceTimersByTime(STREAM_CLOSE_GRACE_MS);
    expect(source.readyState).not.toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.opened).toHaveLength(1);
    again();
    vi.advanceTimersByTime(STREAM_CLOSE_GRACE_MS);
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('is offline while the browser reopens a dropped connection, and catches up once back', () => {
    const catchUp = vi.fn();
    const { key } = acquire({ catchUp });
    latest().answer();
    latest().drop();
    expect(liveStatus(key)).toBe('offline');
    expect(catchUp).not.toHaveBeenCalled();
    latest().answer();
    expect(liveStatus(key)).toBe('live');
    expect(catchUp).toHaveBeenCalledTimes(1);
  });

  it('stays connecting (not "Reconnecting…") when the very first connection drops', () => {
    const { key } = acquire();
    latest().drop();
    expect(liveStatus(key)).toBe('connecting');
  });

  it('reopens after the browser gives up, with backoff, and catches up on the reopened stream', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const catchUp = vi.fn();
    const { key } = acquire({ catchUp, events: { snapshot: () => undefined } });
    latest().answer();
    latest().refuse();
    expect(liveStatus(key)).toBe('offline');
    vi.advanceTimersByTime(1999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    // Refused again (a 429 looks like any error answer to EventSource): the wait doubles.
    latest().refuse();
    vi.advanceTimersByTime(3999);
    expect(FakeEventSource.opened).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(3);
    latest().answer();
    expect(liveStatus(key)).toBe('live');
    expect(catchUp).toHaveBeenCalledTimes(1);
    // Its first event: the count starts over.
    latest().send('snapshot', '{}');
    latest().refuse();
    vi.advanceTimersByTime(2000);
    expect(FakeEventSource.opened).toHaveLength(4);
  });

  it('does not reopen a stream nobody listens to any more', () => {
    const { release } = acquire();
    latest().refuse();
    release();
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('goes offline with the browser and reopens at once when it is back', () => {
    const catchUp = vi.fn();
    const { key } = acquire({ catchUp });
    const first = latest();
    first.answer();
    network.dispatchEvent(new Event('offline'));
    expect(liveStatus(key)).toBe('offline');
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    network.dispatchEvent(new Event('online'));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(liveStatus(key)).toBe('offline');
    latest().answer();
    expect(liveStatus(key)).toBe('live');
    expect(catchUp).toHaveBeenCalledTimes(1);
  });

  it('ends for good when told: closed, "ended", left alone by the network events', () => {
    const { key } = acquire({ events: { deleted: () => endLiveStream(key) } });
    latest().answer();
    latest().send('deleted', '');
    expect(liveStatus(key)).toBe('ended');
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
    network.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(120_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('tells status listeners about every change', () => {
    const { key } = acquire();
    const heard = vi.fn();
    const stop = subscribeLiveStatus(key, heard);
    latest().answer();
    latest().drop();
    stop();
    latest().answer();
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('reopens the matching streams in use (a sign-in or sign-out)', () => {
    const game = acquire();
    acquire();
    expect(FakeEventSource.opened).toHaveLength(2);
    const before = FakeEventSource.opened[0];
    reconnectLiveStreams((key) => key === game.key);
    expect(FakeEventSource.opened).toHaveLength(3);
    expect(before?.readyState).toBe(FakeEventSource.CLOSED);
    expect(latest().url).toBe(before?.url);
  });
});
