/**
 * Analytics retention (issue 12): events older than ANALYTICS_RETENTION_DAYS are folded into
 * daily counts (`analytics_daily`: per UTC day and event, the total and one row per device,
 * locale, first- and last-touch source of session starts, at most MAX_DAILY_VALUES of each a day
 * and the rest as `(other)`) and deleted, in one transaction, so a crash in between neither loses
 * nor double-counts a day. Runs at start and every hour; several
 * instances may run it at once (the second finds nothing left to fold once the first commits).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Logger } from '../platform/log';
import { startPeriodic, type PeriodicJob } from '../platform/periodic';

const HOUR_MS = 60 * 60 * 1000;
/**
 * Distinct values kept per day, event and dimension (device, locale, first- and last-touch
 * source) by one fold; the rarer ones are counted together as `(other)`. The values come from
 * browsers: without this, made-up sources would add daily rows kept forever (issue 22).
 */
export const MAX_DAILY_VALUES = 50;
const OTHER = '(other)';

/** Folds and deletes events older than `retentionDays` before `now`; answers how many went. */
export async function foldOldEvents(
  db: Db,
  options: { retentionDays: number; now?: Date },
): Promise<number> {
  const cutoff = new Date(
    (options.now ?? new Date()).getTime() - options.retentionDays * 24 * HOUR_MS,
  );
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with gone as (
        delete from analytics_event where at < ${cutoff.toISOString()}::timestamptz
        returning name, props, (at at time zone 'utc')::date as day
      ),
      dims as (
        select day, name, '' as dimension from gone
        union all
        select day, name, 'device:' || (props ->> 'device') from gone
          where name = 'session_start' and coalesce(props ->> 'device', '') <> ''
        union all
        select day, name, 'locale:' || (props ->> 'locale') from gone
          where name = 'session_start' and coalesce(props ->> 'locale', '') <> ''
        union all
        select day, name, 'utm_source:' ||
            coalesce(nullif(props -> 'first_touch' ->> 'utm_source', ''), '(direct)')
          from gone where name = 'session_start'
        union all
        select day, name, 'last_utm_source:' ||
            coalesce(nullif(props -> 'last_touch' ->> 'utm_source', ''), '(direct)')
          from gone where name = 'session_start'
      ),
      counted as (
        select day, name, left(dimension, 200) as dimension, count(*)::int as n from dims
        group by day, name, left(dimension, 200)
      ),
      ranked as (
        select day, name, dimension, n, row_number() over (
          partition by day, name, split_part(dimension, ':', 1) order by n desc, dimension
        ) as place
        from counted
      ),
      kept as (
        select day, name, n,
          case when dimension = '' or place <= ${MAX_DAILY_VALUES}::int then dimension
            else split_part(dimension, ':', 1) || ${`:${OTHER}`}::text end as dimension
        from ranked
      ),
      folded as (
        insert into analytics_daily (day, name, dimension, count)
        select day, name, dimension, sum(n)::int from kept
        group by day, name, dimension
        on conflict (day, name, dimension)
          do update set count = analytics_daily.count + excluded.count
        returning 1
      )
      select (select count(*) from gone)::int as deleted, (select count(*) from folded)::int`);
    return (result as unknown as { rows: { deleted: number }[] }).rows[0]?.deleted ?? 0;
  });
}

/** Runs the fold now and then every hour, until stopped. */
export function startAnalyticsRetention(options: {
  db: Db;
  log: Logger;
  retentionDays: number;
  intervalMs?: number;
}): PeriodicJob {
  return startPeriodic({
    name: 'analytics retention',
    intervalMs: options.intervalMs ?? HOUR_MS,
    log: options.log,
    run: async () => {
      const deleted = await foldOldEvents(options.db, { retentionDays: options.retentionDays });
      if (deleted > 0) options.log.debug(`analytics: folded ${deleted} old event(s)`);
    },
  });
}
