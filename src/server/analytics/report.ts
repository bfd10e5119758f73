/**
 * The admin's analytics (GET /api/admin/analytics): the funnel (session start → create → share
 * opened → first ranking), first- and last-touch sources, devices and locales over the last
 * `days`, counted in visitors (the browser's anonymous id, else the account). One statement.
 * Days already folded into `analytics_daily` (older than the retention window) add their counts,
 * which are events rather than distinct visitors: the best that is left of them.
 */
import { sql } from 'drizzle-orm';
import { FUNNEL_STEPS } from '../../domain/analytics';
import type { AdminAnalytics } from '../../domain/admin';
import type { Db } from '../db/client';

/** Rows per list (sources, devices, locales). */
const TOP = 10;

type Row = { kind: 'funnel' | 'first' | 'last' | 'device' | 'locale'; key: string; n: number };

export async function readAnalytics(db: Db, days: number): Promise<AdminAnalytics> {
  const result = await db.execute(sql`
    with w as (
      select name, props, coalesce(anon_id, user_id, id) as visitor
      from analytics_event
      where at >= now() - make_interval(days => ${days}::int)
    ),
    s as (select * from w where name = 'session_start'),
    d as (
      select name, dimension, sum(count)::int as n from analytics_daily
      where day > (now() at time zone 'utc')::date - ${days}::int
      group by name, dimension
    )
    select 'funnel' as kind, name as key, count(distinct visitor)::int as n from w group by name
    union all
    select 'first', coalesce(nullif(props -> 'first_touch' ->> 'utm_source', ''), '(direct)'),
      count(distinct visitor)::int from s group by 2
    union all
    select 'last', coalesce(nullif(props -> 'last_touch' ->> 'utm_source', ''), '(direct)'),
      count(distinct visitor)::int from s group by 2
    union all
    select 'device', coalesce(nullif(props ->> 'device', ''), 'unknown'),
      count(distinct visitor)::int from s group by 2
    union all
    select 'locale', coalesce(nullif(props ->> 'locale', ''), 'unknown'),
      count(distinct visitor)::int from s group by 2
    union all
    select case split_part(dimension, ':', 1)
        when '' then 'funnel' when 'utm_source' then 'first' when 'last_utm_source' then 'last'
        when 'device' then 'device' when 'locale' then 'locale' end,
      case when dimension = '' then name else substr(dimension, strpos(dimension, ':') + 1) end,
      n
    from d where dimension = '' or name = 'session_start'`);
  const totals = new Map<string, Map<string, number>>();
  for (const row of (result as unknown as { rows: Row[] }).rows) {
    if (!row.kind) continue;
    const kind = totals.get(row.kind) ?? new Map<string, number>();
    kind.set(row.key, (kind.get(row.key) ?? 0) + row.n);
    totals.set(row.kind, kind);
  }
  const top = (kind: Row['kind']) =>
    [...(totals.get(kind) ?? new Map<string, number>())]
      .map(([key, visitors]) => ({ key, visitors }))
      .sort((a, b) => b.visitors - a.visitors || a.key.localeCompare(b.key))
      .slice(0, TOP);
  const funnel = totals.get('funnel');
  return {
    days,
    funnel: FUNNEL_STEPS.map((step) => ({ step, visitors: funnel?.get(step) ?? 0 })),
    firstTouch: top('first').map(({ key, visitors }) => ({ source: key, visitors })),
    lastTouch: top('last').map(({ key, visitors }) => ({ source: key, visitors })),
    devices: top('device').map(({ key, visitors }) => ({ device: key, visitors })),
    locales: top('locale').map(({ key, visitors }) => ({ locale: key, visitors })),
  };
}
