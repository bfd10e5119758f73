/**
 * Old rooms are deleted (decision 0054): a room closed by its host ROOM_RETENTION_MS ago, or
 * expired that long ago (quiet for ROOM_EXPIRY_MS, then ROOM_RETENTION_MS more), goes with its
 * players (their rows cascade), which also frees its code. By then no page can show it but as
 * "no room has this code", and each round's results stay on its game's own page. One statement
 * a sweep, at most ROOM_PURGE_BATCH rooms (the oldest first), at start and every ten minutes;
 * several instances may sweep at once (a room is deleted once).
 */
import { sql } from 'drizzle-orm';
import { ROOM_EXPIRY_MS, ROOM_PURGE_BATCH, ROOM_RETENTION_MS } from '../../domain/limits';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import { room } from '../db/schema/rooms';
import type { Logger } from '../platform/log';
import { startPeriodic, type PeriodicJob } from '../platform/periodic';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

/** Deletes up to `limit` old rooms with their players; answers how many rooms went. */
export async function purgeOldRooms(
  db: Db,
  options: { now?: number; limit?: number } = {},
): Promise<number> {
  const now = options.now ?? Date.now();
  // A closed room's last activity is its closing; an open one expired ROOM_EXPIRY_MS after it.
  const closedBefore = now - ROOM_RETENTION_MS;
  const expiredBefore = closedBefore - ROOM_EXPIRY_MS;
  const [gone] = rows<{ rooms: number }>(
    await db.execute(sql`
      with old as (
        select id from ${room}
        where last_activity_at < ${at(closedBefore)}
          and (phase = 'closed' or last_activity_at < ${at(expiredBefore)})
        order by last_activity_at
        limit ${options.limit ?? ROOM_PURGE_BATCH}
      ),
      deleted as (delete from ${room} where id in (select id from old) returning 1)
      select count(*)::int as rooms from deleted
    `),
  );
  return gone?.rooms ?? 0;
}

/** Sweeps now and then every ten minutes, until stopped. */
export function startRoomPurge(options: { db: Db; log: Logger; intervalMs?: number }): PeriodicJob {
  return startPeriodic({
    name: 'room purge',
    intervalMs: options.intervalMs ?? SWEEP_INTERVAL_MS,
    log: options.log,
    run: async () => {
      const deleted = await purgeOldRooms(options.db);
      if (deleted > 0) options.log.debug(`rooms: deleted ${deleted} old room(s)`);
    },
  });
}
