/**
 * `npm run bench` (methods): the four voting methods on BENCH_BALLOTS (100,000) ballots of
 * BENCH_ITEMS (50) items, with some consensus (a shared order, each ballot perturbed by random
 * swaps). Mean, Borda and Schulze read the incremental tally; instant runoff reads the ballots.
 * The baseline is `summarize` (what every results read already pays once per version), measured
 * in the same run. Prints median and worst milliseconds per computation and the memory the
 * ballots take; writes bench/results/methods-*.json. Nothing is asserted.
 *
 * Env: BENCH_BALLOTS (100000), BENCH_ITEMS (50), BENCH_REPEAT (7).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { groupsOfRanking } from '../src/domain/ballot';
import type { Item } from '../src/domain/game';
import { bordaOrder, irvOrder, meanOrder, schulzeOrder } from '../src/domain/methods';
import { emptyTally, replaceRankings, summarize, type Results } from '../src/domain/results';
import { random, time } from './lib/timing';

const BALLOTS = Number(process.env.BENCH_BALLOTS ?? 100_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 50);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 7);

function ballots(items: readonly Item[], count: number): string[][] {
  const next = random(42);
  const base = items.map((item) => item.id);
  return Array.from({ length: count }, () => {
    const ballot = base.slice();
    for (let swaps = Math.floor(next() * items.length); swaps > 0; swaps--) {
      const i = Math.floor(next() * items.length);
      const j = Math.min(items.length - 1, i + 1 + Math.floor(next() * 5));
      [ballot[i], ballot[j]] = [ballot[j] as string, ballot[i] as string];
    }
    return ballot;
  });
}

async function main(): Promise<void> {
  const items: Item[] = Array.from({ length: ITEMS }, (_, i) => ({
    id: `i${i}`,
    label: `Item ${i}`,
  }));
  const heapBefore = process.memoryUsage().heapUsed;
  const cast = ballots(items, BALLOTS);
  const ballotBytes = process.memoryUsage().heapUsed - heapBefore;
  const tally = replaceRankings(
    emptyTally(),
    cast.map((next) => ({ previous: null, next })),
  );
  let results: Results = summarize(tally, items);
  const mean = meanOrder(results).order;
  const groups = cast.map(groupsOfRanking);

  const rows = {
    'summarize (baseline)': time(REPEAT, () => (results = summarize(tally, items))),
    mean: time(REPEAT, () => meanOrder(results)),
    borda: time(REPEAT, () => bordaOrder(results)),
    schulze: time(REPEAT, () => schulzeOrder(results)),
    'instant runoff': time(REPEAT, () => irvOrder(groups, items, mean)),
  };
  const baseline = rows['summarize (baseline)'].medianMs || 1;
  const width = Math.max(...Object.keys(rows).map((name) => name.length));
  console.log(`\nVoting methods: ${BALLOTS} ballots × ${ITEMS} items, ${REPEAT} runs each`);
  console.log(
    `${''.padEnd(width)}  ${'median ms'.padStart(10)}  ${'worst ms'.padStart(9)}  × baseline`,
  );
  for (const [name, figures] of Object.entries(rows)) {
    console.log(
      `${name.padEnd(width)}  ${String(figures.medianMs).padStart(10)}  ${String(figures.worstMs).padStart(9)}  ${(figures.medianMs / baseline).toFixed(2)}`,
    );
  }
  console.log(`ballots in memory: ${(ballotBytes / 1024 / 1024).toFixed(1)} MB`);
  const winners = {
    mean: meanOrder(results).winner,
    borda: bordaOrder(results).winner,
    schulze: schulzeOrder(results).winner,
    irv: irvOrder(groups, items, mean).winner,
  };
  console.log(`winners: ${JSON.stringify(winners)}`);

  const dir = fileURLToPath(new URL('./results/', import.meta.url));
  await mkdir(dir, { recursive: true });
  const file = `${dir}methods-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  await writeFile(
    file,
    `${JSON.stringify({ ballots: BALLOTS, items: ITEMS, repeat: REPEAT, rows, ballotBytes, winners }, null, 2)}\n`,
  );
  console.log(`written to ${file}`);
}

await main();
