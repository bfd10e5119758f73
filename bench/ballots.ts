/**
 * `tsx bench/ballots.ts`: the tally-based reads of a BENCH_ITEMS (200) item top-N (10) game at
 * BENCH_BALLOTS (100,000) ballots: `summarize` (the derived head-to-head of ranked against
 * unranked items included), Borda and Schulze from its results, a batch of BATCH (100)
 * resubmissions on the tally, and the stored tally's JSON size. Ballots have some consensus (a
 * shared order, each ballot's top N drawn around it). Prints median and worst milliseconds;
 * nothing is asserted.
 *
 * Env: BENCH_BALLOTS (100000), BENCH_ITEMS (200), BENCH_TOP (10), BENCH_REPEAT (7).
 */
import { groupsOfRanking, type Groups } from '../src/domain/ballot';
import type { Item } from '../src/domain/game';
import { bordaOrder, irvOrder, meanOrder, schulzeOrder } from '../src/domain/methods';
import { replaceBallots, summarize, tallyOfBallots, type Results } from '../src/domain/results';
import { random, time } from './lib/timing';

const BALLOTS = Number(process.env.BENCH_BALLOTS ?? 100_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 200);
const TOP = Number(process.env.BENCH_TOP ?? 10);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 7);
const BATCH = 100;

/** Top-N ballots: N distinct items, each drawn near the front of the shared order. */
function ballots(items: readonly Item[], count: number, next: () => number): Groups[] {
  return Array.from({ length: count }, () => {
    const picked = new Set<string>();
    while (picked.size < Math.min(TOP, items.length)) {
      const i = Math.floor(items.length * next() ** 2);
      picked.add((items[i] as Item).id);
    }
    return groupsOfRanking([...picked]);
  });
}

const items: Item[] = Array.from({ length: ITEMS }, (_, i) => ({
  id: `i${i}`,
  label: `Item ${i}`,
}));
const next = random(42);
const cast = ballots(items, BALLOTS, next);
const tally = tallyOfBallots(cast);
const changes = ballots(items, BATCH, next).map((ballot, i) => ({
  previous: cast[i] as Groups,
  next: ballot,
}));
let results: Results = summarize(tally, items);
const mean = meanOrder(results).order;
const rows = {
  summarize: time(REPEAT, () => (results = summarize(tally, items))),
  borda: time(REPEAT, () => bordaOrder(results)),
  schulze: time(REPEAT, () => schulzeOrder(results)),
  'instant runoff (ballots)': time(REPEAT, () => irvOrder(cast, items, mean)),
  [`${BATCH} resubmissions`]: time(REPEAT, () => replaceBallots(tally, changes)),
  'tally JSON.stringify': time(REPEAT, () => JSON.stringify(tally)),
};
const width = Math.max(...Object.keys(rows).map((name) => name.length));
console.log(`\nTop ${TOP} of ${ITEMS} items, ${BALLOTS} ballots, ${REPEAT} runs each`);
console.log(`${''.padEnd(width)}  ${'median ms'.padStart(10)}  ${'worst ms'.padStart(9)}`);
for (const [name, figures] of Object.entries(rows)) {
  console.log(
    `${name.padEnd(width)}  ${String(figures.medianMs).padStart(10)}  ${String(figures.worstMs).padStart(9)}`,
  );
}
console.log(`tally JSON: ${(JSON.stringify(tally).length / 1024).toFixed(0)} KB`);
