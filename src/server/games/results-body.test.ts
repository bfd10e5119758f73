import { describe, expect, it } from 'vitest';
import { ballotAgreement } from '../../domain/agreement';
import { groupsOfRanking, type Groups } from '../../domain/ballot';
import { gameResults } from '../../domain/crowd-tiers';
import type { Item } from '../../domain/game';
import { headlineOrder } from '../../domain/methods-standings';
import { addRanking, emptyTally, type Results } from '../../domain/results';
import { standingsView, tallyWinners } from './methods-view';
import { crowdAgreement, meanResultsBody } from './results-body';

const items: Item[] = ['Crème brûlée 🍮', 'Δέλτα', 'Gamma', 'Delta'].map((label, i) => ({
  id: `i${i}`,
  label,
}));

function resultsOf(...rankings: string[][]): Results {
  const tally = rankings.reduce((t, r) => addRanking(t, r), emptyTally());
  return gameResults(tally, items, { kind: 'ranking' });
}

/** The body as JSON.stringify writes the whole object. */
function stringified(results: Results, myAgreement: number | null, imported: number) {
  return JSON.stringify({
    results: {
      ...results,
      method: 'mean',
      winners: tallyWinners(results),
      groups: standingsView(results, 'mean', null).groups,
      myAgreement,
      ...(imported > 0 ? { imported } : {}),
    },
  });
}

describe('meanResultsBody', () => {
  it('is byte for byte JSON.stringify of the whole body, for each agreement and import count', () => {
    const results = resultsOf(['i0', 'i1', 'i2', 'i3'], ['i3', 'i1', 'i0', 'i2']);
    for (const [agreement, imported] of [
      [null, 0],
      [100, 0],
      [(100 * 4) / 6, 3],
      [0, 0],
      [null, 12],
    ] as const) {
      // Built, then kept.
      for (let read = 0; read < 2; read++) {
        const body = meanResultsBody(results, agreement, imported);
        expect(body.toString('utf8')).toBe(stringified(results, agreement, imported));
      }
    }
  });

  it('stays right for every agreement past the bytes kept per results', () => {
    const results = resultsOf(['i0', 'i1', 'i2', 'i3'], ['i2', 'i1', 'i0', 'i3']);
    const size = meanResultsBody(results, null, 0).length;
    const agreements = Array.from({ length: Math.ceil((2 * 256 * 1024) / size) }, (_, i) => i / 7);
    for (let read = 0; read < 2; read++) {
      for (const agreement of agreements) {
        const body = meanResultsBody(results, agreement, 2);
        expect(body.toString('utf8')).toBe(stringified(results, agreement, 2));
      }
    }
  });

  it('follows the results it is given: another version is serialized again', () => {
    const before = resultsOf(['i0', 'i1', 'i2', 'i3']);
    const after = resultsOf(['i0', 'i1', 'i2', 'i3'], ['i3', 'i2', 'i1', 'i0']);
    expect(meanResultsBody(before, null, 0).toString()).toBe(stringified(before, null, 0));
    expect(meanResultsBody(after, null, 0).toString()).toBe(stringified(after, null, 0));
    expect(meanResultsBody(before, null, 0).toString()).not.toBe(
      meanResultsBody(after, null, 0).toString(),
    );
  });
});

describe('crowdAgreement', () => {
  const expected = (results: Results, mine: Groups) => {
    const crowd = headlineOrder(results);
    return ballotAgreement('ranking', mine, groupsOfRanking(crowd), crowd);
  };

  it('is the ballot’s agreement with these results’ crowd, per ballot and per results', () => {
    const first = resultsOf(['i0', 'i1', 'i2', 'i3']);
    const second = resultsOf(['i3', 'i2', 'i1', 'i0'], ['i3', 'i2', 'i0', 'i1']);
    const mine = groupsOfRanking(['i0', 'i1', 'i3', 'i2']);
    const other = groupsOfRanking(['i3', 'i2', 'i1', 'i0']);
    for (let round = 0; round < 2; round++) {
      expect(crowdAgreement(first, 'ranking', mine)).toBe(expected(first, mine));
      expect(crowdAgreement(first, 'ranking', other)).toBe(expected(first, other));
      expect(crowdAgreement(second, 'ranking', mine)).toBe(expected(second, mine));
    }
    expect(crowdAgreement(first, 'ranking', mine)).not.toBe(
      crowdAgreement(second, 'ranking', mine),
    );
    expect(crowdAgreement(first, 'ranking', mine)).not.toBe(
      crowdAgreement(first, 'ranking', other),
    );
  });
});
