/**
 * One winner for a duel game (issue 28, decision 0066): Bradley–Terry strength is its headline
 * method, so the crown, the default order, every method's winners and the share card agree.
 */
import { describe, expect, it } from 'vitest';
import { publicCard } from './card';
import { gameResults } from './crowd-tiers';
import { addDuelAnswers, type DuelAnswer } from './duels';
import type { Item } from './game';
import { METHODS } from './methods';
import {
  headlineMethod,
  headlineOrder,
  methodsOf,
  methodStandings,
  tallyWinners,
} from './methods-standings';
import { addRanking, emptyTally } from './results';

const COFFEE: Item[] = [
  { id: 'lat', label: 'Latte' },
  { id: 'cor', label: 'Cortado' },
  { id: 'moc', label: 'Mocha' },
];

const times = (n: number, answer: DuelAnswer) => Array.from({ length: n }, () => answer);

/**
 * The page of issue 28: the implied orders put Latte first on average (three players met it
 * first), while the answers themselves say Cortado beats everything.
 */
function coffee() {
  const tally = [
    ['lat', 'cor', 'moc'],
    ['lat', 'cor', 'moc'],
    ['lat', 'moc', 'cor'],
  ].reduce(addRanking, emptyTally());
  tally.duels = addDuelAnswers(undefined, [
    ...times(6, { a: 'cor', b: 'lat', winner: 'cor' }),
    ...times(6, { a: 'cor', b: 'moc', winner: 'cor' }),
    ...times(3, { a: 'lat', b: 'moc', winner: 'lat' }),
  ]);
  return { tally, results: gameResults(tally, COFFEE, { kind: 'duel' }) };
}

describe('the headline method', () => {
  it('is strength for a duel game, offered first beside the four', () => {
    const { results } = coffee();
    expect(headlineMethod(results)).toBe('strength');
    expect(methodsOf(results)).toEqual(['strength', ...METHODS]);
  });

  it('crowns the first of the Bradley–Terry order, not the average position’s', () => {
    const { results } = coffee();
    const strength = methodStandings(results, 'strength');
    expect(strength?.rows.map((row) => row.item.id)).toEqual(headlineOrder(results));
    expect(strength?.winners).toEqual(['cor']);
    expect(strength?.rows[0]?.evidence).toMatchObject({ method: 'strength', wins: 12, duels: 12 });
    // The other methods keep their own verdicts, named beside it.
    expect(methodStandings(results, 'mean')?.winners).toEqual(['lat']);
    expect(tallyWinners(results)).toMatchObject({ strength: 'cor', mean: 'lat' });
  });

  it('shares the crown between items at exactly equal strength, as the rows mark it', () => {
    // One player's few answers can leave two items level: each beat Mocha twice and met nothing
    // else (the e2e in CI met it). The crown is shared, not given to the first of the two.
    const tally = addRanking(emptyTally(), ['lat', 'cor', 'moc']);
    tally.duels = addDuelAnswers(undefined, [
      ...times(2, { a: 'lat', b: 'moc', winner: 'lat' }),
      ...times(2, { a: 'cor', b: 'moc', winner: 'cor' }),
    ]);
    const results = gameResults(tally, COFFEE, { kind: 'duel' });
    const strength = methodStandings(results, 'strength');
    expect(strength?.winners).toEqual(['lat', 'cor']);
    expect(strength?.rows.map((row) => [row.place, row.tied])).toEqual([
      [1, true],
      [1, true],
      [3, false],
    ]);
  });

  it('is what a share card shows unless asked', () => {
    const { results } = coffee();
    const game = { id: 'g', prompt: 'Coffee', items: COFFEE, closed: false, locked: false };
    const card = publicCard({ ...game, ballot: { kind: 'duel' } }, results);
    expect(card.method).toBe('strength');
    expect(card.leaders?.[0]).toMatchObject({ label: 'Cortado', place: 1 });
  });

  it('is the average position for every other game, which has no strength', () => {
    const { tally } = coffee();
    const results = gameResults({ ...tally, duels: undefined }, COFFEE, { kind: 'ranking' });
    expect(headlineMethod(results)).toBe('mean');
    expect(methodsOf(results)).toEqual([...METHODS]);
    expect(headlineOrder(results)[0]).toBe('lat');
    expect(methodStandings(results, 'strength')).toBeNull();
    expect(tallyWinners(results)).not.toHaveProperty('strength');
  });

  it('names nobody before anyone played', () => {
    const results = gameResults(emptyTally(), COFFEE, { kind: 'duel' });
    expect(methodStandings(results, 'strength')?.winners).toEqual([]);
    expect(tallyWinners(results).strength).toBeNull();
  });
});
