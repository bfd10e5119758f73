import { describe, expect, it } from 'vitest';
import { dismissToast, emptyToastQueue, enqueueToast, type ToastQueue } from './toast-queue';

function add(queue: ToastQueue<string>, key: string, priority: 1 | 2 | 3 = 1, payload = key) {
  return enqueueToast(queue, { key, priority, payload });
}

const keys = (list: { key: string }[]) => list.map((t) => t.key);

describe('toast queue', () => {
  it('shows at most `limit` toasts; the rest wait', () => {
    let queue = emptyToastQueue<string>(2);
    const shown: string[] = [];
    for (const key of ['a', 'b', 'c']) {
      const change = add(queue, key);
      queue = change.queue;
      shown.push(...keys(change.show));
    }
    expect(shown).toEqual(['a', 'b']);
    expect(keys(queue.visible)).toEqual(['a', 'b']);
    expect(keys(queue.waiting)).toEqual(['c']);
  });

  it('shows the most important waiting toast first when one leaves, then in order of arrival', () => {
    let queue = emptyToastQueue<string>(1);
    queue = add(queue, 'shown').queue;
    queue = add(queue, 'info-1').queue;
    queue = add(queue, 'error', 3).queue;
    queue = add(queue, 'info-2').queue;
    queue = add(queue, 'warning', 2).queue;
    const order: string[] = [];
    let current = 'shown';
    for (let i = 0; i < 4; i += 1) {
      const change = dismissToast(queue, current);
      queue = change.queue;
      expect(change.show).toHaveLength(1);
      current = change.show[0]!.key;
      order.push(current);
    }
    expect(order).toEqual(['error', 'warning', 'info-1', 'info-2']);
    expect(dismissToast(queue, current).queue.visible).toEqual([]);
  });

  it('merges a duplicate into the visible toast: one on screen, counted, newest content', () => {
    let queue = emptyToastQueue<string>(2);
    queue = add(queue, 'copied', 1, 'Link copied').queue;
    const change = add(queue, 'copied', 1, 'Link copied again');
    expect(change.show).toEqual([]);
    expect(change.update).toMatchObject({ key: 'copied', count: 2, payload: 'Link copied again' });
    expect(change.queue.visible).toHaveLength(1);
  });

  it('merges a duplicate into a waiting one, keeping its place and the higher priority', () => {
    let queue = emptyToastQueue<string>(1);
    queue = add(queue, 'a').queue;
    queue = add(queue, 'b').queue;
    queue = add(queue, 'c').queue;
    const change = add(queue, 'c', 3);
    expect(change.show).toEqual([]);
    expect(change.update).toBeNull();
    expect(change.queue.waiting.map((t) => [t.key, t.count, t.priority])).toEqual([
      ['b', 1, 1],
      ['c', 2, 3],
    ]);
    expect(keys(dismissToast(change.queue, 'a').show)).toEqual(['c']);
  });

  it('ignores the dismissal of a toast that is not on screen', () => {
    let queue = emptyToastQueue<string>(1);
    queue = add(queue, 'a').queue;
    queue = add(queue, 'b').queue;
    const change = dismissToast(queue, 'b');
    expect(change.queue).toBe(queue);
    expect(change.show).toEqual([]);
  });
});
