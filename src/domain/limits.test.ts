import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUOTAS,
  DEFAULT_STREAMS_PER_ACCOUNT,
  DEFAULT_STREAMS_PER_ADDRESS,
  minutesToWait,
  QUOTA_WINDOW_MS,
  quotaMessage,
  quotaVerdict,
} from './limits';

describe('quotas', () => {
  it('has hourly defaults a person never meets and a script does', () => {
    expect(QUOTA_WINDOW_MS).toBe(3_600_000);
    expect(DEFAULT_QUOTAS).toEqual({
      create: 60,
      publish: 30,
      report: 30,
      edit: 600,
      rerank: 30,
      upload: 300,
      room: 20,
    });
    expect(DEFAULT_STREAMS_PER_ACCOUNT).toBe(20);
    expect(DEFAULT_STREAMS_PER_ADDRESS).toBeGreaterThanOrEqual(DEFAULT_STREAMS_PER_ACCOUNT);
  });

  it('says what was done and how long to wait, in whole minutes rounded up', () => {
    expect(quotaMessage('create', 60, 11 * 60_000 + 1)).toBe(
      'You have created 60 games in the last hour. Try again in 12 minutes.',
    );
    expect(quotaMessage('publish', 30, 60_000)).toBe(
      'You have published 30 games in the last hour. Try again in 1 minute.',
    );
    expect(quotaMessage('upload', 300, 60_000)).toBe(
      'You have uploaded 300 pictures in the last hour. Try again in 1 minute.',
    );
    expect(quotaMessage('room', 1, 60_000)).toBe(
      'You have started 1 room in the last hour. Try again in 1 minute.',
    );
    expect(quotaMessage('rerank', 30, 60_000)).toBe(
      'You have re-ranked this game 30 times in the last hour. Try again in 1 minute.',
    );
    expect(quotaMessage('report', 1, 5_000)).toBe(
      'You have reported 1 rank in the last hour. Try again in 1 minute.',
    );
    expect(quotaMessage('edit', 600, 59 * 60_000)).toBe(
      'You have edited items 600 times in the last hour. Try again in 59 minutes.',
    );
  });

  it('never asks to wait 0 minutes', () => {
    expect(minutesToWait(0)).toBe(1);
    expect(minutesToWait(-5)).toBe(1);
    expect(minutesToWait(60_001)).toBe(2);
  });

  it('allows up to max actions in a window, then says when the window ends', () => {
    const base = { max: 3, windowStartedAt: 1_000, windowMs: QUOTA_WINDOW_MS, now: 61_000 };
    expect(quotaVerdict({ ...base, count: 1 })).toEqual({ allowed: true });
    expect(quotaVerdict({ ...base, count: 3 })).toEqual({ allowed: true });
    expect(quotaVerdict({ ...base, count: 4 })).toEqual({
      allowed: false,
      retryAfterMs: QUOTA_WINDOW_MS - 60_000,
    });
    expect(quotaVerdict({ ...base, count: 9, now: 1_000 + QUOTA_WINDOW_MS + 1 })).toEqual({
      allowed: false,
      retryAfterMs: 0,
    });
  });
});
