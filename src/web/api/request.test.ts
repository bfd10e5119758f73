import { afterEach, describe, expect, it, vi } from 'vitest';
import { UNAVAILABLE_MESSAGE } from '../../domain/errors';
import { ApiError } from './errors';
import { INVALID_JSON_MESSAGE, MISSING_DATA_MESSAGE, request, TRY_TIMEOUT_MS } from './request';

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

/** A sender that never answers, and rejects with its signal's reason when aborted (like fetch). */
function hanging() {
  return vi.fn(
    (init: RequestInit) =>
      new Promise<never>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
      }),
  );
}

/** A real-looking answer with a raw text body. */
function raw(status: number, text: string) {
  return {
    ok: status < 400,
    status,
    statusText: '',
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(JSON.parse(text) as unknown),
  };
}

describe('request: timeouts and cancelling', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails a try after 70 s with deadline-exceeded, and retries it up to 5 tries', async () => {
    vi.useFakeTimers();
    expect(TRY_TIMEOUT_MS).toBe(70_000);
    const send = hanging();
    const result = request(send).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(69_999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    // The first try has timed out; the second starts after a backoff of at most 300 ms.
    await vi.advanceTimersByTimeAsync(300);
    expect(send).toHaveBeenCalledTimes(2);
    await vi.runAllTimersAsync();
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'deadline-exceeded' });
    expect(send).toHaveBeenCalledTimes(5);
    // Each try's signal was aborted when its 70 s ran out.
    for (const [init] of send.mock.calls) expect(init.signal?.aborted).toBe(true);
  });

  it('times out a sender that ignores its signal, and a body that never finishes', async () => {
    vi.useFakeTimers();
    const ignoring = vi.fn(() => new Promise<never>(() => undefined));
    const first = request(ignoring, { retry: false }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(70_000);
    expect(await first).toMatchObject({ code: 'deadline-exceeded' });
    const slowBody = vi.fn(() =>
      Promise.resolve({ ok: true, status: 200, json: () => new Promise<never>(() => undefined) }),
    );
    const second = request(slowBody, { retry: false }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(70_000);
    expect(await second).toMatchObject({ code: 'deadline-exceeded' });
  });

  it('stops retrying when the caller aborts, during a try or during a backoff wait', async () => {
    vi.useFakeTimers();
    const duringTry = new AbortController();
    const send = hanging();
    const first = request(send, { signal: duringTry.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    duringTry.abort();
    expect(await first).toMatchObject({ code: 'cancelled' });
    await vi.runAllTimersAsync();
    expect(send).toHaveBeenCalledTimes(1);

    const duringWait = new AbortController();
    const failing = vi.fn().mockResolvedValue(unavailable());
    const second = request(failing, { signal: duringWait.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(failing).toHaveBeenCalledTimes(1);
    duringWait.abort();
    expect(await second).toMatchObject({ code: 'cancelled' });
    await vi.runAllTimersAsync();
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('retries 429 and 504 answers without an error body, and gives up after 5 tries', async () => {
    vi.useFakeTimers();
    for (const status of [429, 504, 409]) {
      const send = vi.fn().mockResolvedValue(answer(status, null));
      const result = request(send).catch((error: unknown) => error);
      await vi.runAllTimersAsync();
      expect(await result).toMatchObject({ status });
      expect(send).toHaveBeenCalledTimes(5);
    }
  });
});

describe('request: status mapping (SPEC §8)', () => {
  it.each([
    [400, 'invalid-argument'],
    [401, 'unauthenticated'],
    [403, 'permission-denied'],
    [404, 'not-found'],
    [499, 'cancelled'],
    [500, 'internal'],
    [501, 'unimplemented'],
    [502, 'unknown'],
    [418, 'unknown'],
  ] as const)('an answer %i with no error body is %s, tried once', async (status, code) => {
    const send = vi.fn().mockResolvedValue(answer(status, null));
    await expect(request(send)).rejects.toMatchObject({ code, status });
    expect(send).toHaveBeenCalledTimes(1);
  });
});

describe('request: bodies it cannot use (SPEC §8 parse messages)', () => {
  it.each([
    ['not JSON', '<html>oops</html>'],
    ['an array', '[1,2]'],
    ['a string', '"ok"'],
    ['a number', '42'],
  ])('a 200 whose body is %s: "Response is not valid JSON object."', async (_, text) => {
    const send = vi.fn().mockResolvedValue(raw(200, text));
    await expect(request(send)).rejects.toMatchObject({ message: INVALID_JSON_MESSAGE });
    expect(INVALID_JSON_MESSAGE).toBe('Response is not valid JSON object.');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['empty', ''],
    ['null', 'null'],
  ])('a 200 whose body is %s: "Response is missing data field."', async (_, text) => {
    const send = vi.fn().mockResolvedValue(raw(200, text));
    await expect(request(send)).rejects.toMatchObject({ message: MISSING_DATA_MESSAGE });
    expect(MISSING_DATA_MESSAGE).toBe('Response is missing data field.');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('a sender without text(): a json() that throws, or null', async () => {
    const broken = vi.fn().mockResolvedValue({
      ok: true,
      status: 200,
      json: () => Promise.reject(new SyntaxError('Unexpected token')),
    });
    await expect(request(broken)).rejects.toMatchObject({ message: INVALID_JSON_MESSAGE });
    const empty = vi.fn().mockResolvedValue(answer(200, null));
    await expect(request(empty)).rejects.toMatchObject({ message: MISSING_DATA_MESSAGE });
  });

  it('a 200 with an object body is the answer', async () => {
    const send = vi.fn().mockResolvedValue(raw(200, '{"game":{"id":"g1"}}'));
    await expect(request(send)).resolves.toEqual({ game: { id: 'g1' } });
  });
});
