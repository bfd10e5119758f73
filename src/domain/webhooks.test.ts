import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_SCHEDULE_MS,
  fitPayload,
  MAX_PAYLOAD_BYTES,
  maxAttempts,
  payloadBytes,
  RETRY_JITTER,
  retryDelay,
  type WebhookPayload,
} from './webhooks';

describe('webhook retry schedule', () => {
  it('waits 10 s, 1 min, 5 min, 30 min, 2 h, then gives up after six attempts', () => {
    const middle = () => 0.5; // no jitter
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelay(attempts, undefined, middle))).toEqual([
      10_000, 60_000, 300_000, 1_800_000, 7_200_000,
    ]);
    expect(retryDelay(6, undefined, middle)).toBeNull();
    expect(retryDelay(0, undefined, middle)).toBeNull();
    expect(maxAttempts()).toBe(6);
  });

  it('spreads each wait by at most the jitter either way', () => {
    for (const [attempts, base] of DEFAULT_RETRY_SCHEDULE_MS.entries()) {
      const low = retryDelay(attempts + 1, undefined, () => 0)!;
      const high = retryDelay(attempts + 1, undefined, () => 0.999999)!;
      expect(low).toBe(Math.round(base * (1 - RETRY_JITTER)));
      expect(high).toBeLessThanOrEqual(Math.round(base * (1 + RETRY_JITTER)));
      expect(high).toBeGreaterThan(base);
    }
  });

  it('follows an injected schedule (tests use tiny waits)', () => {
    const schedule = [5, 7];
    expect(retryDelay(1, schedule, () => 0.5)).toBe(5);
    expect(retryDelay(2, schedule, () => 0.5)).toBe(7);
    expect(retryDelay(3, schedule, () => 0.5)).toBeNull();
    expect(maxAttempts(schedule)).toBe(3);
  });
});

describe('webhook payload size', () => {
  const submission = (ranking: string[]): WebhookPayload => ({
    id: 'event-1',
    type: 'submission',
    gameId: 'g1',
    createdAt: '2026-01-01T00:00:00.000Z',
    data: {
      player: 'P'.repeat(40),
      ranking,
      itemCount: ranking.length,
      truncated: false,
      submittedAt: '2026-01-01T00:00:00.000Z',
      resultsUrl: `https://crowned.example/g/g1/results`,
    },
  });

  it('leaves a payload that fits as it is', () => {
    const payload = submission(['Alpha', 'Bravo', 'Charlie']);
    expect(fitPayload(payload)).toBe(payload);
  });

  it('keeps the longest top of a 200-item ranking that fits in 16 KB, with the link', () => {
    // The heaviest labels there are: 120 characters, each 4 bytes in UTF-8 (or escaped).
    for (const unit of ['😀', '€', 'é', '"', 'a']) {
      const ranking = Array.from({ length: 200 }, (_, i) => `${i}`.padEnd(120, unit));
      const fitted = fitPayload(submission(ranking));
      expect(payloadBytes(fitted), unit).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
      expect(Buffer.byteLength(JSON.stringify(fitted))).toBe(payloadBytes(fitted));
      if (fitted.type !== 'submission') throw new Error('type changed');
      expect(fitted.data.ranking).toEqual(ranking.slice(0, fitted.data.ranking.length));
      expect(fitted.data).toMatchObject({
        itemCount: 200,
        truncated: true,
        resultsUrl: 'https://crowned.example/g/g1/results',
      });
      // One more label would not have fit.
      const next = ranking[fitted.data.ranking.length]!;
      expect(payloadBytes(fitted) + Buffer.byteLength(JSON.stringify(next)) + 1).toBeGreaterThan(
        MAX_PAYLOAD_BYTES,
      );
    }
  });
  it("leaves a tier list's tiers out first, keeping the whole ranking when that is enough", () => {
    const ranking = Array.from({ length: 100 }, (_, i) => `${i}`.padEnd(80, 'a'));
    const payload = submission(ranking);
    if (payload.type !== 'submission') throw new Error('type changed');
    const tiered: WebhookPayload = {
      ...payload,
      data: { ...payload.data, tiers: [{ label: 'S', items: ranking }] },
    };
    expect(payloadBytes(payload)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(payloadBytes(tiered)).toBeGreaterThan(MAX_PAYLOAD_BYTES);
    const fitted = fitPayload(tiered);
    if (fitted.type !== 'submission') throw new Error('type changed');
    expect(fitted.data.tiers).toBeUndefined();
    expect(fitted.data.ranking).toEqual(ranking);
    expect(fitted.data.truncated).toBe(true);
  });
});
