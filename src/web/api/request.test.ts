import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../../domain/errors';
import { request } from './request';

/** A fetch-like answer: status and JSON body. */
function answer(status: number, body: unknown) {
  return { ok: status < 400, status, statusText: '', json: () => Promise.resolve(body) };
}

const unavailable = () =>
  answer(503, { error: { code: 'unavailable', message: UNAVAILABLE_MESSAGE } });

describe('request: what is tried again', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function run<T>(promise: Promise<T>): Promise<T> {
    // Backoff waits are timers: let them all pass.
    await vi.runAllTimersAsync();
    return promise;
  }

  it('retries a 503 (a lost database connection, a server stopping) until it succeeds', async () => {
    vi.useFakeTimers();
    const send = vi
      .fn()
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(unavailable())
      .mockResolvedValueOnce(answer(200, { ok: true }));
    await expect(run(request(send))).resolves.toEqual({ ok: true });
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('retries when no answer arrives at all (network error)', async () => {
    vi.useFakeTimers();
    const send = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockResolvedValueOnce(answer(200, { ok: true }));
    await expect(run(request(send))).resolves.toEqual({ ok: true });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('gives up after a few tries with the friendly message', async () => {
    vi.useFakeTimers();
    const send = vi.fn().mockResolvedValue(unavailable());
    const result = request(send).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    expect(await result).toMatchObject({ code: 'unavailable', message: UNAVAILABLE_MESSAGE });
    expect(send.mock.calls.length).toBeGreaterThan(1);
    expect(send.mock.calls.length).toBeLessThanOrEqual(5);
  });

  it('does not retry a 500, nor a write marked not to be retried', async () => {
    const internal = vi
      .fn()
      .mockResolvedValue(answer(500, { error: { code: 'internal', message: 'x' } }));
    await expect(request(internal)).rejects.toMatchObject({ code: 'internal' });
    expect(internal).toHaveBeenCalledTimes(1);
    const create = vi.fn().mockResolvedValue(unavailable());
    await expect(request(create, { retry: false })).rejects.toMatchObject({
      code: 'unavailable',
    });
    expect(create).toHaveBeenCalledTimes(1);
  });
});
