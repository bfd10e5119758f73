/**
 * A creator's digest of plays, queued after a batch of first plays has committed (games'
 * `afterFirstPlays` hook, wired by the composition root), never inside the submission's own
 * statements. The first play of a game by someone other than its creator queues a digest due
 * `batchMs` later (and no earlier than `spacingMs` after the game's last digest went out), or,
 * for a creator who chose the daily digest, one for all their ranks due `dailyMs` later (so at
 * most one a day); until a worker claims it, later plays need nothing: the digest counts
 * the game's players when it is sent (worker.ts), so this instance remembers that the game's
 * digest is pending and sends no statement for it until it is due. On every instance the same:
 * a unique index keeps one unclaimed digest per creator and game, and the count at sending (the
 * game's players then, less those the last digest sent counted) tells each play once.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import { notification, notificationSetting } from '../db/schema/notifications';
import type { GameRow } from '../games/public';
import type { Logger } from '../platform/log';

/** Games remembered at most (the oldest go first; forgetting one costs one statement). */
const REMEMBERED = 10_000;

export type PlaysDigestOptions = {
  db: Db;
  log: Logger;
  /** How long a digest collects plays after the first one (NOTIFY_BATCH_MS). */
  batchMs: number;
  /** At least this long between two digests of one game (NOTIFY_SPACING_MS, an hour). */
  spacingMs: number;
  /** A daily digest goes this long after the first play it tells of (NOTIFY_DAILY_MS, a day). */
  dailyMs: number;
};

export class PlaysDigests {
  /** Per game: until when (this instance's clock, ms) its digest is known to be pending. */
  private readonly pending = new Map<string, number>();

  constructor(private readonly options: PlaysDigestOptions) {}

  /** Queues the creator's digest for `players`' first plays of `game` unless one is pending. */
  async afterFirstPlays(plays: { game: GameRow; players: readonly string[] }): Promise<void> {
    const { game, players } = plays;
    const ownerId = game.ownerId;
    // The creator's own play is no news to them.
    if (ownerId === null || players.every((userId) => userId === ownerId)) return;
    const known = this.pending.get(game.id);
    if (known !== undefined) {
      if (Date.now() < known) return;
      this.pending.delete(game.id);
    }
    try {
      const startedAt = Date.now();
      const pendingMs = await this.queue(game.id, ownerId);
      // Measured against the statement's own clock and counted from before it was sent, so the
      // digest is claimed (and counts the players) only after this instance stops skipping.
      if (pendingMs !== null && pendingMs > 0) this.remember(game.id, startedAt + pendingMs);
    } catch (error) {
      // The next batch of first plays queues it (the digest counts every play it missed).
      this.options.log.warn(`notifications: could not queue the digest of ${game.id}`, error);
    }
  }

  /**
   * One statement: the digest queued (or the one pending found); ms until it is due, or null.
   * A creator who chose the daily digest gets one for all their ranks (`daily`, no game), due
   * `dailyMs` after the first play it tells of; otherwise one per game.
   */
  private async queue(gameId: string, ownerId: string): Promise<number | null> {
    const { batchMs, spacingMs, dailyMs } = this.options;
    const unclaimed = sql`n.sent_at is null and n.gave_up_at is null and n.attempts = 0`;
    const [row] = rows<{ pending_ms: number | null }>(
      await this.options.db.execute(sql`
        with chosen as (
          select coalesce((select s.daily_digest from ${notificationSetting} s
            where s.user_id = ${ownerId}), false) as daily
        ),
        per_game as (
          insert into ${notification} (id, recipient_id, kind, game_id, payload, due_at)
          select gen_random_uuid()::text, ${ownerId}, 'plays', ${gameId}, '{}'::jsonb,
            greatest(
              now() + make_interval(secs => ${batchMs / 1000}::float8),
              -- The game's last digest: sent, given up, or being sent (claimed, not yet marked).
              coalesce((select max(coalesce(x.sent_at, x.gave_up_at, now())) from ${notification} x
                where x.recipient_id = ${ownerId} and x.kind = 'plays' and x.game_id = ${gameId}
                  and x.attempts > 0), '-infinity'::timestamptz)
              + make_interval(secs => ${spacingMs / 1000}::float8))
          from chosen where not chosen.daily
          on conflict (recipient_id, game_id)
            where kind = 'plays' and sent_at is null and gave_up_at is null and attempts = 0
          do nothing
          returning due_at
        ),
        per_day as (
          insert into ${notification} (id, recipient_id, kind, game_id, payload, due_at)
          select gen_random_uuid()::text, ${ownerId}, 'daily', null, '{}'::jsonb,
            now() + make_interval(secs => ${dailyMs / 1000}::float8)
          from chosen where chosen.daily
          on conflict (recipient_id)
            where kind = 'daily' and sent_at is null and gave_up_at is null and attempts = 0
          do nothing
          returning due_at
        )
        select extract(epoch from coalesce(
            (select due_at from per_game),
            (select due_at from per_day),
            -- Already pending (the statement's snapshot: before these inserts).
            (select n.due_at from ${notification} n, chosen
              where not chosen.daily and n.recipient_id = ${ownerId} and n.kind = 'plays'
                and n.game_id = ${gameId} and ${unclaimed}),
            (select n.due_at from ${notification} n, chosen
              where chosen.daily and n.recipient_id = ${ownerId} and n.kind = 'daily'
                and ${unclaimed})
          ) - now()) * 1000 as pending_ms`),
    );
    return row?.pending_ms === null || row?.pending_ms === undefined
      ? null
      : Number(row.pending_ms);
  }

  private remember(gameId: string, until: number): void {
    if (this.pending.size >= REMEMBERED) {
      const now = Date.now();
      for (const [id, at] of this.pending) if (at <= now) this.pending.delete(id);
      const oldest = this.pending.keys().next();
      if (this.pending.size >= REMEMBERED && !oldest.done) this.pending.delete(oldest.value);
    }
    this.pending.set(gameId, until);
  }
}
