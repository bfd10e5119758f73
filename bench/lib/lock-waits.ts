/**
 * How many of the bench database's backends wait on a heavyweight lock while a phase runs
 * (pg_stat_activity's wait_event_type `Lock`: `transactionid` for a row another transaction
 * holds, e.g. a room's or a game's; `object` for the notification queue, which every commit that
 * sent a NOTIFY takes in turn), sampled every `everyMs` on a connection of its own: the mean and
 * the highest count, and the mean of those waiting by wait event, beside the mean of active ones.
 */
import pg from 'pg';
import { sleep } from './setup';

export type LockWaits = {
  samples: number;
  meanActive: number;
  meanWaiting: number;
  maxWaiting: number;
  /** Mean backends waiting per wait event, the largest first. */
  byEvent: [string, number][];
};

export async function sampleLockWaits(
  databaseUrl: string,
  everyMs = 50,
): Promise<() => Promise<LockWaits>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let stopped = false;
  let samples = 0;
  let active = 0;
  let waiting = 0;
  let maxWaiting = 0;
  const byEvent = new Map<string, number>();
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{
        state: string | null;
        type: string | null;
        event: string | null;
      }>(
        `select state, wait_event_type as type, wait_event as event from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid()
           and backend_type = 'client backend'`,
      );
      samples += 1;
      let waitingNow = 0;
      for (const row of rows) {
        if (row.state !== 'active') continue;
        active += 1;
        if (row.type !== 'Lock') continue;
        waitingNow += 1;
        const event = row.event ?? '?';
        byEvent.set(event, (byEvent.get(event) ?? 0) + 1);
      }
      waiting += waitingNow;
      maxWaiting = Math.max(maxWaiting, waitingNow);
      await sleep(everyMs);
    }
  })();
  return async () => {
    stopped = true;
    await loop.catch(() => undefined);
    await client.end().catch(() => undefined);
    const mean = (total: number) => (samples === 0 ? 0 : total / samples);
    return {
      samples,
      meanActive: mean(active),
      meanWaiting: mean(waiting),
      maxWaiting,
      byEvent: [...byEvent]
        .map(([event, total]): [string, number] => [event, mean(total)])
        .sort((a, b) => b[1] - a[1]),
    };
  };
}

/** "0.42 of 1.90 active (max 3; transactionid 0.30, object 0.12)". */
export function lockWaitsText(waits: LockWaits): string {
  const events = waits.byEvent.map(([event, mean]) => `${event} ${mean.toFixed(2)}`).join(', ');
  return (
    `${waits.meanWaiting.toFixed(2)} of ${waits.meanActive.toFixed(2)} active ` +
    `(max ${waits.maxWaiting}${events ? `; ${events}` : ''}; ${waits.samples} samples)`
  );
}
