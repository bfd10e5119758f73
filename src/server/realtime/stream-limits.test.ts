import { describe, expect, it } from 'vitest';
import { STREAM_CLOSED_FRAME, StreamLimits } from './stream-limits';

const limits = () => new StreamLimits({ perAccount: 2, perAddress: 3, addressOf: () => undefined });

describe('stream limits', () => {
  it('closes the oldest stream of a key when a new one would go over its limit', () => {
    const l = limits();
    const closed: string[] = [];
    const open = (name: string, keys: [string, number][]) =>
      l.admitKeys(keys, () => closed.push(name));
    open('a', [['account:u', 2]]);
    open('b', [['account:u', 2]]);
    expect(closed).toEqual([]);
    open('c', [['account:u', 2]]);
    expect(closed).toEqual(['a']);
    open('d', [['account:u', 2]]);
    expect(closed).toEqual(['a', 'b']);
    expect(l.count('account:u')).toBe(2);
  });

  it('frees a slot when a stream ends, and removes an evicted stream from all its keys', () => {
    const l = limits();
    const closed: string[] = [];
    const release = l.admitKeys(
      [
        ['account:u', 2],
        ['address:1', 3],
      ],
      () => closed.push('a'),
    );
    l.admitKeys([['account:u', 2]], () => closed.push('b'));
    release();
    release();
    l.admitKeys([['account:u', 2]], () => closed.push('c'));
    expect(closed).toEqual([]);
    expect(l.count('address:1')).toBe(0);
    l.admitKeys([['address:1', 1]], () => closed.push('d'));
    l.admitKeys(
      [
        ['account:v', 2],
        ['address:1', 1],
      ],
      () => closed.push('e'),
    );
    expect(closed).toEqual(['d']);
    expect(l.count('address:1')).toBe(1);
  });

  it('tells the closed stream why and asks for a long wait before reconnecting', () => {
    expect(STREAM_CLOSED_FRAME).toMatch(
      /^: closed: .*\nretry: 600000\nevent: closed\ndata: \{.*\}\n\n$/,
    );
    const data = JSON.parse(/data: (.*)/.exec(STREAM_CLOSED_FRAME)?.[1] ?? '') as unknown;
    expect(data).toMatchObject({ reason: 'too-many-streams' });
  });
});
