/**
 * In-process micro-benchmarks (bench/methods.ts, bench/ballots.ts): a seeded PRNG so every run
 * draws the same ballots, and the median and worst time of a computation repeated.
 */

/** A small seeded PRNG (mulberry32). */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `run` timed `repeat` times: the median and the worst, in ms (two decimals). */
export function time(repeat: number, run: () => unknown): { medianMs: number; worstMs: number } {
  const samples: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const start = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 100) / 100;
  return {
    medianMs: round(samples[Math.floor(samples.length / 2)] ?? 0),
    worstMs: round(samples.at(-1) ?? 0),
  };
}
