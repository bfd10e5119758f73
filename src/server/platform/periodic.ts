/**
 * A background job run at start and then every `intervalMs` (never two runs at once), stopped
 * with the server: `stop()` waits for a run under way. A failed run is logged and the next one
 * goes ahead as planned.
 */
import type { Logger } from './log';

export type PeriodicJob = { stop(): Promise<void> };

export function startPeriodic(options: {
  name: string;
  intervalMs: number;
  log: Logger;
  run: () => Promise<void>;
}): PeriodicJob {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = options
      .run()
      .catch((error: unknown) => options.log.warn(`${options.name} failed`, error))
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
