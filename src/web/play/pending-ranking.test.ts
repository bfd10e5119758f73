import { describe, expect, it } from 'vitest';
import { memoryStore } from '../shell/session/storage';
import {
  clearPendingRanking,
  parsePendingRanking,
  pendingRankingKey,
  readPendingRanking,
  savePendingRanking,
} from './pending-ranking';

describe('pending ranking (kept while offline)', () => {
  it('is kept per game, read back, and cleared', () => {
    const store = memoryStore();
    savePendingRanking('g1', { ranking: ['a', 'b'], name: 'Ann' }, store);
    savePendingRanking('g2', { ranking: ['c'] }, store);
    expect(readPendingRanking('g1', store)).toEqual({ ranking: ['a', 'b'], name: 'Ann' });
    expect(readPendingRanking('g2', store)).toEqual({ ranking: ['c'] });
    expect(store.getItem(pendingRankingKey('g1'))).not.toBeNull();
    clearPendingRanking('g1', store);
    expect(readPendingRanking('g1', store)).toBeNull();
    expect(readPendingRanking('g2', store)).toEqual({ ranking: ['c'] });
  });

  it('keeps a tier list (issue 25) as one array per tier, empty tiers included', () => {
    const store = memoryStore();
    savePendingRanking('g3', { tiers: [['a'], [], ['b', 'c']], name: 'Bo' }, store);
    expect(readPendingRanking('g3', store)).toEqual({ tiers: [['a'], [], ['b', 'c']], name: 'Bo' });
  });

  it('reads anything unreadable as nothing kept', () => {
    for (const value of [
      null,
      'x',
      [],
      {},
      { ranking: [] },
      { ranking: [1] },
      { ranking: ['a'], name: 3 },
      { tiers: [] },
      { tiers: [[], []] },
      { tiers: [['a'], [2]] },
      { tiers: 'a' },
      { ranking: ['a'], tiers: [['a']] },
    ]) {
      expect(parsePendingRanking(value)).toBeNull();
    }
    const store = memoryStore();
    store.setItem(pendingRankingKey('g1'), '{not json');
    expect(readPendingRanking('g1', store)).toBeNull();
  });
});
