/** Latency recording, a bounded closed-loop load runner and the printed table. */

export type Figures = {
  ops: number;
  seconds: number;
  opsPerSecond: number;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  errors: number;
  /** Up to a few distinct error messages with their counts. */
  errorSamples: { message: string; count: number }[];
};

/** A recorder's raw latencies and errors (what crosses a process boundary). */
export type Samples = {
  latencies: number[];
  errors: number;
  errorSamples: { message: string; count: number }[];
};

export class Recorder {
  private latencies: number[] = [];
  private errorCount = 0;
  private readonly samples = new Map<string, number>();

  ok(ms: number): void {
    this.latencies.push(ms);
  }

  error(error: unknown): void {
    this.errorCount += 1;
    const message = error instanceof Error ? error.message : String(error);
    if (this.samples.has(message) || this.samples.size < 5) {
      this.samples.set(message, (this.samples.get(message) ?? 0) + 1);
    }
  }

  get errors(): number {
    return this.errorCount;
  }

  /** What was recorded, to send to another process (bench workers) and absorb there. */
  toSamples(): Samples {
    return {
      latencies: this.latencies,
      errors: this.errorCount,
      errorSamples: [...this.samples].map(([message, count]) => ({ message, count })),
    };
  }

  /** Adds another recorder's samples (a worker's) to this one's. */
  absorb(samples: Samples): void {
    for (const latency of samples.latencies) this.latencies.push(latency);
    this.errorCount += samples.errors;
    for (const { message, count } of samples.errorSamples) {
      if (this.samples.has(message) || this.samples.size < 5) {
        this.samples.set(message, (this.samples.get(message) ?? 0) + count);
      }
    }
  }

  figures(seconds: number): Figures {
    const sorted = Float64Array.from(this.latencies).sort();
    const pick = (p: number): number | null => {
      if (sorted.length === 0) return null;
      const index = Math.min(
        sorted.length - 1,
        Math.max(0, Math.ceil((p / 100) * sorted.length) - 1),
      );
      return round(sorted[index] ?? 0, 2);
    };
    return {
      ops: sorted.length,
      seconds: round(seconds, 3),
      opsPerSecond: seconds > 0 ? round(sorted.length / seconds, 1) : 0,
      p50Ms: pick(50),
      p95Ms: pick(95),
      p99Ms: pick(99),
      maxMs: pick(100),
      errors: this.errorCount,
      errorSamples: [...this.samples].map(([message, count]) => ({ message, count })),
    };
  }
}

export function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Stops every loop early (Ctrl-C) without skipping the cleanup. */
export const stopSignal = { stopped: false };

/**
 * `concurrency` workers each run `op` back to back until `seconds` have passed (a closed loop:
 * at most `concurrency` requests in flight). Requests in flight at the deadline finish and count;
 * the rate divides by the time until the last one finished. A failing op counts as an error.
 */
export async function closedLoop(
  concurrency: number,
  seconds: number,
  op: (worker: number, iteration: number) => Promise<void>,
): Promise<Figures> {
  const recorder = new Recorder();
  const start = performance.now();
  const deadline = start + seconds * 1000;
  const maxErrors = 10_000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let iteration = 0; ; iteration++) {
        if (stopSignal.stopped || performance.now() >= deadline || recorder.errors >= maxErrors)
          return;
        const began = performance.now();
        try {
          await op(worker, iteration);
          recorder.ok(performance.now() - began);
        } catch (error) {
          recorder.error(error);
        }
      }
    }),
  );
  return recorder.figures((performance.now() - start) / 1000);
}

/** An open loop's figures: latency from each arrival's scheduled time, and from its sending. */
export type OpenLoopFigures = { fromArrival: Figures; fromSent: Figures; lateStarts: number };

/**
 * `count` arrivals spread evenly over `seconds` (an open loop: arrivals do not wait for answers,
 * as people tapping "join" do not), at most `inFlight` at a time; an arrival that finds them all
 * busy waits its turn, and that wait counts in its latency from arrival (no coordinated
 * omission). `lateStarts`: arrivals sent more than 100 ms after their time (the client or the
 * in-flight bound fell behind). A failing op counts as an error in both figures.
 */
export async function openLoop(
  count: number,
  seconds: number,
  inFlight: number,
  op: (index: number) => Promise<void>,
): Promise<OpenLoopFigures> {
  const start = performance.now();
  const share = await openLoopShare(
    Array.from({ length: count }, (_, index) => index),
    { count, seconds, start },
    inFlight,
    op,
  );
  const elapsed = (performance.now() - start) / 1000;
  return {
    fromArrival: share.fromArrival.figures(elapsed),
    fromSent: share.fromSent.figures(elapsed),
    lateStarts: share.lateStarts,
  };
}

/**
 * A share of an open loop's arrivals (the `indices` of `count` spread over `seconds` from
 * `start`, a performance.now() time): what one of several client processes runs, each with its
 * own share, their recorders merged by the parent (Recorder.toSamples and absorb).
 */
export async function openLoopShare(
  indices: readonly number[],
  schedule: { count: number; seconds: number; start: number },
  inFlight: number,
  op: (index: number) => Promise<void>,
): Promise<{ fromArrival: Recorder; fromSent: Recorder; lateStarts: number }> {
  const fromArrival = new Recorder();
  const fromSent = new Recorder();
  const { count, seconds, start } = schedule;
  const gapMs = count > 0 ? (seconds * 1000) / count : 0;
  let busy = 0;
  let lateStarts = 0;
  let freed: (() => void) | undefined;
  const running = new Set<Promise<void>>();
  for (const index of indices) {
    if (stopSignal.stopped) break;
    const due = start + index * gapMs;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    while (busy >= inFlight) await new Promise<void>((resolve) => (freed = resolve));
    const sent = performance.now();
    if (sent - due > 100) lateStarts += 1;
    busy += 1;
    const run = op(index).then(
      () => {
        const now = performance.now();
        fromArrival.ok(now - due);
        fromSent.ok(now - sent);
      },
      (error: unknown) => {
        fromArrival.error(error);
        fromSent.error(error);
      },
    );
    const tracked = run.finally(() => {
      busy -= 1;
      running.delete(tracked);
      freed?.();
      freed = undefined;
    });
    running.add(tracked);
  }
  await Promise.all(running);
  return { fromArrival, fromSent, lateStarts };
}

/** Runs `fn` over `items` with at most `limit` at a time; the first failure rejects. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index] as T, index);
      }
    }),
  );
  return results;
}

export type Row = {
  what: string;
  opsPerSecond: number | null;
  p50Ms?: number | null;
  p95Ms?: number | null;
  p99Ms?: number | null;
  errors?: number | null;
  note?: string;
};

export function formatTable(
  title: string,
  rows: readonly Row[],
  ratios: readonly [string, string][],
): string {
  const width = Math.max(
    36,
    ...rows.map((row) => row.what.length),
    ...ratios.map(([what]) => what.length),
  );
  const num = (value: number | null | undefined, digits: number, pad: number) =>
    (value === null || value === undefined ? '-' : value.toFixed(digits)).padStart(pad);
  const lines = [
    title,
    `${'what'.padEnd(width)}  ${'ops/s'.padStart(9)}  ${'p50 ms'.padStart(8)}  ${'p95 ms'.padStart(8)}  ${'p99 ms'.padStart(8)}  ${'errors'.padStart(6)}  note`,
  ];
  for (const row of rows) {
    lines.push(
      `${row.what.padEnd(width)}  ${num(row.opsPerSecond, 1, 9)}  ${num(row.p50Ms, 1, 8)}  ${num(row.p95Ms, 1, 8)}  ${num(row.p99Ms, 1, 8)}  ${num(row.errors, 0, 6)}  ${row.note ?? ''}`.trimEnd(),
    );
  }
  for (const [what, value] of ratios) lines.push(`${what.padEnd(width)}  ${value.padStart(9)}`);
  return lines.join('\n');
}
