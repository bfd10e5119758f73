/**
 * A creator's digest of plays, queued inside the first plays' own statement (games'
 * `playsCountedSql` hook, wired by the composition root): the first play of a game by someone
 * else starts a digest due `batchMs` later (and at least an hour, or a day with the daily digest,
 * after the game's last one was sent); further plays fold into it until a worker claims it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { DAILY_DIGEST_GAP_MS, DIGEST_GAP_MS } from '../../domain/limits';
import { notification, notificationSetting } from '../db/schema/notifications';
import { games } from '../games/public';

/**
 * CTEs to follow `counted` (id: the game, added: its new plays) in the first plays' statement,
 * whose `new_play` CTE returns each new player's user_id.
 */
export function playsDigestSql(counted: SQL, batchMs: number): SQL {
  return sql`,
          digest as (
            insert into ${notification} as n (id, recipient_id, kind, game_id, payload, due_at)
            select gen_random_uuid()::text, ${games.ownerId}, 'plays', ${games.id},
              jsonb_build_object('plays', p.n),
              greatest(
                now() + make_interval(secs => ${batchMs / 1000}::float8),
                -- The game's last digest: sent, or being sent (claimed, not yet marked).
                coalesce((select max(coalesce(x.sent_at, now())) from ${notification} x
                  where x.recipient_id = ${games.ownerId} and x.kind = 'plays'
                    and x.game_id = ${games.id}
                    and (x.sent_at is not null or (x.attempts > 0 and x.gave_up_at is null))),
                  '-infinity'::timestamptz)
                + make_interval(secs => case when coalesce(s.daily_digest, false)
                    then ${DAILY_DIGEST_GAP_MS / 1000}::float8 else ${DIGEST_GAP_MS / 1000}::float8 end))
            from ${counted}
            join ${games} on ${games.id} = ${counted}.id
            cross join lateral (
              select count(*)::int as n from new_play
              where new_play.user_id is distinct from ${games.ownerId}) p
            left join ${notificationSetting} s on s.user_id = ${games.ownerId}
            where ${games.ownerId} is not null and p.n > 0 and coalesce(s.plays, '') <> 'off'
            on conflict (recipient_id, game_id)
              where kind = 'plays' and sent_at is null and gave_up_at is null and attempts = 0
            do update set payload = jsonb_build_object('plays',
              coalesce((n.payload ->> 'plays')::int, 0) + (excluded.payload ->> 'plays')::int)
            returning 1
          )`;
}
