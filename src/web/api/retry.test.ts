import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRY_BASE_MS, RETRY_MAX_MS, RETRY_MAX_TRIES } from '../../domain/limits';
import { ApiError } from './errors';
import { backoffDelay, isRetryable, withRetry } from './retry';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('backoffDelay', () => {
  it('doubles from 200 ms up to 3 s, scaled by a jitter in [0.5, 1.5)', () => {
    for (let attempt = 1; attempt <= 8; attempt++) {
      const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (attempt - 1));
      expect(backoffDelay(attempt, () => 0)).toBe(Math.round(base * 0.5));
      expect(backoffDelay(attempt, () => 0.5)).toBe(base);
      expect(backoffDelay(attempt, () => 0.999999)).toBe(Math.round(base * 1.499999));
    }
    expect(backoffDelay(1, () => 0.5)).toBe(200);
    expect(backoffDelay(2, () => 0.5)).toBe(400);
    expect(backoffDelay(4, () => 0.5)).toBe(1600);
    expect(backoffDelay(5, () => 0.5)).toBe(3000);
    expect(backoffDelay(10, () => 0.999999)).toBeLessThanOrEqual(4500);
  });
});

describe('isRetryable', () => {
  it('is true for aborted, deadline-exceeded, unavailable, resource-exhausted and network failures', () => {
    for (const code of [
      'aborted',
      'deadline-exceeded',
      'unavailable',
      'resource-exhausted',
    ] as const) {
      expect(isRetryable(new ApiError(code, 'x'))).toBe(true);
    }
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
    for (const code of [
      'invalid-argument',
      'not-found',
      'internal',
      'cancelled',
      'unknown',
    ] as const) {
      expect(isRetryable(new ApiError(code, 'x'))).toBe(false);
    }
  });
});

describe('withRetry', () => {
  it('tries 5 times, waiting a backoff within bounds between tries, then throws the error', async () => {
    vi.useFakeTimers();
    const startedAt: number[] = [];
    const task = vi.fn(() => {
      startedAt.push(Date.now());
      return Promise.reject(new ApiError('unavailable', 'down'));
    });
    const result = withRetry(task).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'unavailable', message: 'down' });
    expect(task).toHaveBeenCalledTimes(RETRY_MAX_TRIES);
    expect(RETRY_MAX_TRIES).toBe(5);
    for (let i = 1; i < startedAt.length; i++) {
      const waited = startedAt[i]! - startedAt[i - 1]!;
      const base = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (i - 1));
      expect(waited).toBeGreaterThanOrEqual(Math.floor(base * 0.5));
      expect(waited).toBeLessThanOrEqual(Math.ceil(base * 1.5));
    }
  });

  it('uses the jitter it draws: with random() = 0 the waits are 100, 200, 400, 800 ms', async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const startedAt: number[] = [];
    const result = withRetry(() => {
      startedAt.push(Date.now());
      return Promise.reject(new ApiError('resource-exhausted', 'slow down'));
    }).catch((error: unknown) => error);
    await vi.runAllTimersAsync();
    await result;
    const waits = startedAt.slice(1).map((at, i) => at - startedAt[i]!);
    expect(waits).toEqual([100, 200, 400, 800]);
  });

  it('succeeds on a later try', async () => {
    vi.useFakeTimers();
    const task = vi
      .fn()
      .mockRejectedValueOnce(new ApiError('deadline-exceeded', 'slow'))
      .mockRejectedValueOnce(new ApiError('aborted', 'conflict'))
      .mockResolvedValueOnce('done');
    const result = withRetry(task);
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe('done');
    expect(task).toHaveBeenCalledTimes(3);
  });

  it('tries a non-retryable failure once', async () => {
    for (const code of ['invalid-argument', 'permission-denied', 'internal', 'unknown'] as const) {
      const task = vi.fn().mockRejectedValue(new ApiError(code, 'no'));
      await expect(withRetry(task)).rejects.toMatchObject({ code });
      expect(task).toHaveBeenCalledTimes(1);
    }
  });

  it('stops at once when the caller aborts during a backoff wait', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const task = vi.fn().mockRejectedValue(new ApiError('unavailable', 'down'));
    const result = withRetry(task, { signal: controller.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    expect(task).toHaveBeenCalledTimes(1);
    controller.abort();
    expect(await result).toMatchObject({ code: 'cancelled' });
    await vi.runAllTimersAsync();
    expect(task).toHaveBeenCalledTimes(1);
  });
});
