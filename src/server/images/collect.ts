/**
 * Pictures nobody uses any more are deleted (issue 26): those no game's items name, once older
 * than a day (an upload waiting for the game it was chosen for to be created is not one). A
 * deleted game's pictures go this way, unless another game uses them too. Hidden pictures are kept:
 * the same bytes uploaded again must stay hidden (their id is their hash). The bytes go from the
 * bucket after the rows, so a row never names bytes that are gone; bytes left by a failure in
 * between are only storage.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import type { Logger } from '../platform/log';
import { startPeriodic, type PeriodicJob } from '../platform/periodic';
import type { BucketStore } from './bytes';

const HOUR_MS = 60 * 60 * 1000;
/** How long an unused picture is kept after its upload. */
export const UNUSED_GRACE_MS = 24 * HOUR_MS;
/** Pictures deleted at most per run (the next run takes the rest). */
const PER_RUN = 500;

/** Deletes unused pictures uploaded before `now - graceMs`; answers their ids. */
export async function collectUnusedImages(
  db: Db,
  options: { bucket?: BucketStore; now?: Date; graceMs?: number } = {},
): Promise<string[]> {
  const cutoff = new Date(
    (options.now ?? new Date()).getTime() - (options.graceMs ?? UNUSED_GRACE_MS),
  );
  const deleted = await db.execute(sql`
    with old as (
      select id from image where created_at < ${cutoff.toISOString()}::timestamptz and not hidden
    ),
    used as (
      select distinct e.item -> 'image' ->> 'id' as id
      from game g cross join lateral jsonb_array_elements(g.items) as e(item)
      where e.item -> 'image' ->> 'id' in (select id from old)
    ),
    unused as (
      select id from old except select id from used limit ${PER_RUN}
    )
    delete from image where id in (select id from unused) returning id`);
  const ids = rows<{ id: string }>(deleted).map((row) => row.id);
  if (options.bucket) for (const id of ids) await options.bucket.delete(id);
  return ids;
}

/** Collects unused pictures now and then every hour, until stopped. */
export function startImageCollector(options: {
  db: Db;
  log: Logger;
  bucket?: BucketStore;
  intervalMs?: number;
}): PeriodicJob {
  return startPeriodic({
    name: 'unused pictures',
    intervalMs: options.intervalMs ?? HOUR_MS,
    log: options.log,
    run: async () => {
      const ids = await collectUnusedImages(options.db, { bucket: options.bucket });
      if (ids.length > 0) options.log.debug(`images: deleted ${ids.length} unused picture(s)`);
    },
  });
}
