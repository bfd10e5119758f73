/**
 * The scheduled deadline check: every `intervalMs`, open games whose deadline has passed close,
 * and their watchers are told (LISTEN/NOTIFY), so results unlock live without anyone asking.
 * Reads and writes check the deadline too; this covers games nobody touches. Several instances
 * may run it at once: a game closes once, whoever gets its row lock first.
 */
import type { Db } from '../db/client';
import type { Logger } from '../log';
import { closeDueGames } from './mutations';

export type DeadlineScheduler = { stop(): Promise<void> };

export function startDeadlineScheduler(options: {
  db: Db;
  log: Logger;
  intervalMs: number;
}): DeadlineScheduler {
  let running: Promise<void> | undefined;
  const tick = () => {
    // A slow run is not overlapped by the next one.
    if (running) return;
    running = closeDueGames(options.db, { now: new Date() })
      .then((closed) => {
        if (closed.length > 0) options.log.debug(`deadline passed: closed ${closed.join(', ')}`);
      })
      .catch((error: unknown) => options.log.warn('deadline check failed', error))
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
