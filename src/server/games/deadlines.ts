/**
 * The scheduled deadline check: every `intervalMs`, open games whose deadline has passed close,
 * and their watchers are told (LISTEN/NOTIFY), so results unlock live without anyone asking.
 * Reads and writes check the deadline too; this covers games nobody touches. Several instances
 * may run it at once: a game closes once, whoever gets its row lock first.
 */
import type { Db } from '../db/client';
import type { Logger } from '../platform/log';
import { startPeriodic, type PeriodicJob } from '../platform/periodic';
import { closeDueGames } from './closing';

export type DeadlineScheduler = PeriodicJob;

export function startDeadlineScheduler(options: {
  db: Db;
  log: Logger;
  intervalMs: number;
}): DeadlineScheduler {
  return startPeriodic({
    name: 'deadline check',
    intervalMs: options.intervalMs,
    log: options.log,
    run: async () => {
      const closed = await closeDueGames(options.db, { now: new Date() });
      if (closed.length > 0) options.log.debug(`deadline passed: closed ${closed.join(', ')}`);
    },
  });
}
