import { describe, expect, it } from 'vitest';
import { STREAM_CLOSED_FRAME, StreamLimits, type StreamLimit } from './stream-limits';

const limits = () => new StreamLimits({ perAccount: 2, perAddress: 3, addressOf: () => undefined });
const account = (id: string, max = 2): StreamLimit => ({
  key: `account:${id}`,
  max,
  whenFull: 'evict',
});
const address = (ip: string, max = 3): StreamLimit => ({
  key: `address:${ip}`,
  max,
  whenFull: 'refuse',
});

describe('stream limits', () => {
  it("closes the account's own oldest stream when a new one would go over its limit", () => {
    const l = limits();
    const closed: string[] = [];
    const open = (name: string, keys: StreamLimit[]) => l.admitKeys(keys, () => closed.push(name));
    open('a', [account('u')]);
    open('b', [account('u')]);
    expect(closed).toEqual([]);
    open('c', [account('u')]);
    expect(closed).toEqual(['a']);
    open('d', [account('u')]);
    expect(closed).toEqual(['a', 'b']);
    expect(l.count('account:u')).toBe(2);
  });

  it("refuses a new stream over its address's limit, and closes nobody's stream", () => {
    const l = limits();
    const closed: string[] = [];
    const open = (name: string, keys: StreamLimit[]) => l.admitKeys(keys, () => closed.push(name));
    expect(open('a', [account('u'), address('1')])).not.toBeNull();
    expect(open('b', [address('1')])).not.toBeNull();
    expect(open('c', [account('v'), address('1')])).not.toBeNull();
    // Full: a fourth from anyone at that address is turned away, the three stay open.
    expect(open('d', [address('1')])).toBeNull();
    expect(open('e', [account('w'), address('1')])).toBeNull();
    expect(closed).toEqual([]);
    expect(l.count('address:1')).toBe(3);
    expect(l.count('account:w')).toBe(0);
    // Another address is not affected.
    expect(open('f', [address('2')])).not.toBeNull();
  });

  it("admits a stream at a full address when its account's own eviction frees a slot there", () => {
    const l = limits();
    const closed: string[] = [];
    const open = (name: string, keys: StreamLimit[]) => l.admitKeys(keys, () => closed.push(name));
    open('a', [account('u'), address('1')]);
    open('b', [account('u'), address('1')]);
    open('c', [address('1')]);
    // u is at its limit (2) and the address too (3): u's oldest goes, u's new one comes in.
    expect(open('d', [account('u'), address('1')])).not.toBeNull();
    expect(closed).toEqual(['a']);
    expect(l.count('address:1')).toBe(3);
    // u's oldest elsewhere would not free a slot here: refused, and nothing closed.
    open('e', [account('v'), address('2')]);
    open('f', [account('v'), address('2')]);
    expect(open('g', [account('v'), address('1')])).toBeNull();
    expect(closed).toEqual(['a']);
    expect(l.count('account:v')).toBe(2);
  });

  it('frees a slot when a stream ends, and removes an evicted stream from all its keys', () => {
    const l = limits();
    const closed: string[] = [];
    const release = l.admitKeys([account('u'), address('1')], () => closed.push('a'))!;
    l.admitKeys([account('u')], () => closed.push('b'));
    release();
    release();
    l.admitKeys([account('u')], () => closed.push('c'));
    expect(closed).toEqual([]);
    expect(l.count('address:1')).toBe(0);
    // A full address frees its slot once a stream there ends.
    const first = l.admitKeys([address('1', 1)], () => closed.push('d'))!;
    expect(l.admitKeys([address('1', 1)], () => closed.push('e'))).toBeNull();
    first();
    expect(l.admitKeys([address('1', 1)], () => closed.push('f'))).not.toBeNull();
    // An account's eviction removes the stream from its address too.
    l.admitKeys([account('x', 1), address('9')], () => closed.push('g'));
    l.admitKeys([account('x', 1), address('8')], () => closed.push('h'));
    expect(closed).toEqual(['g']);
    expect(l.count('address:9')).toBe(0);
  });

  it('tells the closed stream why and asks it to come back within a minute', () => {
    const retry = Number(/\nretry: (\d+)\n/.exec(STREAM_CLOSED_FRAME)?.[1]);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(60_000);
    expect(STREAM_CLOSED_FRAME).toMatch(
      /^: closed: .*\nretry: \d+\nevent: closed\ndata: \{.*\}\n\n$/,
    );
    const data = JSON.parse(/data: (.*)/.exec(STREAM_CLOSED_FRAME)?.[1] ?? '') as unknown;
    expect(data).toMatchObject({ reason: 'too-many-streams' });
  });
});
