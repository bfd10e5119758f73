/**
 * The notification worker, on every instance (the claim-with-lease pattern of webhooks, decision
 * 0025): each run claims due notifications with FOR UPDATE SKIP LOCKED, counts the attempt and
 * leases them in the same statement, so no two instances send one; then, for each, decides at
 * send time (settings may have changed since it was queued): the person's channel for its kind
 * (off: dropped), an unlock request still standing (withdrawn, e.g. the player saw the results:
 * dropped), the daily cap, a verified address for e-mail, a subscription for push. A failure is
 * tried again after the retry schedule's wait and given up after the last try; a notification
 * whose instance died mid-send goes again when its lease ends. Stops with the server.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { maxAttempts, retryDelay } from '../../domain/webhooks';
import { settingKindOf, type OutboxKind } from '../../domain/notifications';
import { accounts, type Mailer } from '../auth/public';
import type { Db } from '../db/client';
import { rows } from '../db/rows';
import {
  notification,
  notificationSetting,
  pushSubscription,
  unlockRequest,
} from '../db/schema/notifications';
import type { Logger } from '../platform/log';
import { startPeriodic, type PeriodicJob } from '../platform/periodic';
import { playersOtherThanSql } from '../players/public';
import { settingsOf } from './data';
import type { GameFacts } from './facts';
import { games } from '../games/public';
import { dailyMessageOf, mailOf, messageOf, pushOf, type DailyEntry, type Message } from './mails';
import type { PushSender } from './push';
import { unsubscribeToken } from './unsubscribe-token';

/** A claimed notification is not due again for this long (well over a send's time). */
const LEASE_MS = 60_000;
/** Claimed at most per statement. */
const CLAIM_SIZE = 20;
const MAX_ERROR_LENGTH = 200;

export type NotificationWorkerOptions = {
  db: Db;
  log: Logger;
  mailer: Mailer;
  push: PushSender;
  facts: GameFacts;
  /** Links in mails point here. */
  publicUrl: string;
  /** Signs unsubscribe links. */
  secret: string;
  /** How often due notifications are looked for. */
  intervalMs: number;
  /** Waits before each retry. */
  schedule: readonly number[];
  /** Notifications one person gets per day at most. */
  perDay: number;
};

/**
 * A digest's payload once sent: the plays it told of and the game's players it counted; a daily
 * digest's, the same for each game it told of.
 */
type DigestPayload = {
  plays?: number;
  players?: number;
  games?: Record<string, { plays: number; players: number }>;
};

type Claimed = {
  id: string;
  recipient_id: string;
  kind: OutboxKind;
  game_id: string | null;
  payload: DigestPayload;
  attempts: number;
};

/**
 * Why a notification was not sent, or how it was ('empty': a digest found no play it had not
 * told of, e.g. its players' accounts were deleted).
 */
type Outcome = 'email' | 'push' | 'off' | 'withdrawn' | 'quota' | 'no-address' | 'gone' | 'empty';

/** How a claimed notification ended, and what a digest counted (kept in its payload). */
type Sent = { outcome: Outcome; payload?: DigestPayload };

/** Games a daily digest lists at most (the rest wait for the next day's). */
const DAILY_GAMES = 50;

/**
 * The players of `gameId` its creator was last told of: the count of the last digest sent that
 * told of the game (its own, or a daily digest listing it), other than `claimedId`; 0: none.
 */
function toldSql(gameId: SQL, recipientId: string, claimedId: string): SQL {
  return sql`coalesce((select coalesce((x.payload ->> 'players')::int,
      (x.payload -> 'games' -> (${gameId})::text ->> 'players')::int)
    from ${notification} x
    where x.recipient_id = ${recipientId} and x.sent_at is not null and x.id <> ${claimedId}
      and ((x.kind = 'plays' and x.game_id = ${gameId})
        or (x.kind = 'daily' and x.payload -> 'games' -> (${gameId})::text is not null))
    order by x.sent_at desc limit 1), 0)`;
}

/**
 * A digest's plays, counted when it is sent: the game's players other than its creator now, less
 * those the creator was last told of. Each play is told once: a play that commits after this
 * count is in the next digest's.
 */
async function digestPlays(
  db: Db,
  claimed: Claimed,
  gameId: string,
): Promise<{ plays: number; players: number }> {
  const [counted] = rows<{ players: number; told: number }>(
    await db.execute(sql`
      select ${playersOtherThanSql(sql`${gameId}`, sql`${claimed.recipient_id}`)} as players,
        ${toldSql(sql`${gameId}`, claimed.recipient_id, claimed.id)} as told`),
  );
  const players = counted?.players ?? 0;
  return { players, plays: Math.max(0, players - (counted?.told ?? 0)) };
}

/** A daily digest's games: each of the creator's games with plays not told of yet, most first. */
async function dailyPlays(
  db: Db,
  claimed: Claimed,
): Promise<{ gameId: string; plays: number; players: number }[]> {
  const found = rows<{ game_id: string; players: number; told: number }>(
    await db.execute(sql`
      select c.game_id, c.players, c.told from (
        select ${games.id} as game_id,
          ${playersOtherThanSql(sql`${games.id}`, sql`${claimed.recipient_id}`)} as players,
          ${toldSql(sql`${games.id}`, claimed.recipient_id, claimed.id)} as told
        from ${games} where ${games.ownerId} = ${claimed.recipient_id}
      ) c
      where c.players > c.told
      order by c.players - c.told desc, c.game_id
      limit ${DAILY_GAMES}`),
  );
  return found.map((row) => ({
    gameId: row.game_id,
    players: Number(row.players),
    plays: Number(row.players) - Number(row.told),
  }));
}

async function claim(db: Db, limit: number): Promise<Claimed[]> {
  return rows<Claimed>(
    await db.execute(sql`
      with picked as (
        select id from ${notification}
        where sent_at is null and gave_up_at is null and due_at <= now()
        order by due_at, id
        limit ${limit}
        for update skip locked
      )
      update ${notification} n
      set attempts = n.attempts + 1,
          due_at = now() + make_interval(secs => ${LEASE_MS / 1000}),
          leased_until = now() + make_interval(secs => ${LEASE_MS / 1000})
      from picked where n.id = picked.id
      returning n.id, n.recipient_id, n.kind, n.game_id, n.payload, n.attempts`),
  );
}

/** Sends one claimed notification (or decides not to); throws when it should be tried again. */
async function send(options: NotificationWorkerOptions, claimed: Claimed): Promise<Sent> {
  const { db } = options;
  const [person] = await db
    .select({
      email: accounts.email,
      verified: accounts.emailVerified,
      guest: accounts.isAnonymous,
      setting: notificationSetting,
      today: sql<number>`(select count(*)::int from ${notification} x
        where x.recipient_id = ${accounts.id} and x.sent_at > now() - interval '1 day')`,
    })
    .from(accounts)
    .leftJoin(notificationSetting, eq(notificationSetting.userId, accounts.id))
    .where(eq(accounts.id, claimed.recipient_id));
  if (!person) return { outcome: 'gone' };
  const kind = claimed.kind;
  const settingKind = settingKindOf(kind);
  const channel = settingsOf(person.setting ?? undefined, person.guest)[settingKind];
  if (channel === 'off') return { outcome: 'off' };
  if (kind === 'unlocked' && claimed.game_id !== null) {
    const [asked] = await db
      .select({ one: sql`1` })
      .from(unlockRequest)
      .where(
        and(
          eq(unlockRequest.gameId, claimed.game_id),
          eq(unlockRequest.userId, claimed.recipient_id),
        ),
      );
    if (!asked) return { outcome: 'withdrawn' };
  }
  if (person.today >= options.perDay) return { outcome: 'quota' };

  let message: Message;
  let tag: string;
  let payload: DigestPayload | undefined;
  if (kind === 'daily') {
    const told: DailyEntry[] = [];
    const counts: Record<string, { plays: number; players: number }> = {};
    for (const counted of await dailyPlays(db, claimed)) {
      const game = await options.facts.summary(counted.gameId, null);
      if (!game) continue;
      told.push({ game, plays: counted.plays, url: resultsUrlOf(options, game.gameId) });
      counts[game.gameId] = { plays: counted.plays, players: counted.players };
    }
    if (told.length === 0) return { outcome: 'empty' };
    message = dailyMessageOf(told, `${options.publicUrl}/myranks`);
    tag = 'plays:daily';
    payload = { plays: told.reduce((sum, entry) => sum + entry.plays, 0), games: counts };
  } else {
    if (claimed.game_id === null) return { outcome: 'gone' };
    const digest = kind === 'plays' ? await digestPlays(db, claimed, claimed.game_id) : undefined;
    if (digest && digest.plays === 0) return { outcome: 'empty' };
    const game = await options.facts.summary(
      claimed.game_id,
      kind === 'unlocked' ? claimed.recipient_id : null,
    );
    if (!game) return { outcome: 'gone' };
    message = messageOf(kind, game, resultsUrlOf(options, game.gameId), digest?.plays ?? 0);
    tag = `${kind}:${game.gameId}`;
    payload = digest;
  }

  if (channel === 'email') {
    if (person.guest || !person.verified) return { outcome: 'no-address' };
    const token = unsubscribeToken(options.secret, claimed.recipient_id, settingKind);
    await options.mailer.send(
      mailOf(person.email, message, `${options.publicUrl}/unsubscribe/${token}`),
    );
    return { outcome: 'email', payload };
  }
  const targets = await db
    .select()
    .from(pushSubscription)
    .where(eq(pushSubscription.userId, claimed.recipient_id));
  if (targets.length === 0) return { outcome: 'no-address' };
  const push = pushOf(message, tag);
  let sent = 0;
  for (const target of targets) {
    const outcome = await options.push.send(target, push);
    if (outcome === 'sent') sent++;
    // The browser dropped it: so do we.
    if (outcome === 'gone')
      await db.delete(pushSubscription).where(eq(pushSubscription.id, target.id));
  }
  if (sent === 0 && targets.length > 0 && (await stillSubscribed(db, claimed.recipient_id))) {
    throw new Error('no push service accepted the message');
  }
  return sent > 0 ? { outcome: 'push', payload } : { outcome: 'no-address' };
}

/** A game's results page, on PUBLIC_URL (never the address a request came by). */
function resultsUrlOf(options: NotificationWorkerOptions, gameId: string): string {
  return `${options.publicUrl}/g/${encodeURIComponent(gameId)}/results`;
}

async function stillSubscribed(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(pushSubscription)
    .where(eq(pushSubscription.userId, userId))
    .limit(1);
  return row !== undefined;
}

async function record(
  options: NotificationWorkerOptions,
  claimed: Claimed,
  result: Sent | { error: string },
): Promise<void> {
  if ('outcome' in result) {
    const sent = result.outcome === 'email' || result.outcome === 'push';
    await options.db
      .update(notification)
      .set({
        ...(sent ? { sentAt: sql`now()` } : { gaveUpAt: sql`now()` }),
        ...(result.payload ? { payload: result.payload } : {}),
        outcome: result.outcome,
        leasedUntil: null,
        lastError: null,
      })
      .where(eq(notification.id, claimed.id));
    return;
  }
  const error = result.error.slice(0, MAX_ERROR_LENGTH);
  const wait =
    claimed.attempts < maxAttempts(options.schedule)
      ? retryDelay(claimed.attempts, options.schedule)
      : null;
  await options.db
    .update(notification)
    .set(
      wait === null
        ? { gaveUpAt: sql`now()`, outcome: 'failed', leasedUntil: null, lastError: error }
        : {
            dueAt: sql`now() + make_interval(secs => ${wait / 1000})`,
            leasedUntil: null,
            lastError: error,
          },
    )
    .where(eq(notification.id, claimed.id));
  if (wait === null) {
    options.log.warn(`notifications: gave up on ${claimed.id} after ${claimed.attempts} tries`);
  }
}

/** Claims and sends until nothing is due (or `stopping`); resolves with how many it handled. */
export async function runNotifications(
  options: NotificationWorkerOptions,
  stopping: () => boolean = () => false,
): Promise<number> {
  let handled = 0;
  while (!stopping()) {
    const claimed = await claim(options.db, CLAIM_SIZE);
    for (const one of claimed) {
      let result: Sent | { error: string };
      try {
        result = await send(options, one);
      } catch (error) {
        result = { error: error instanceof Error ? error.message : String(error) };
      }
      await record(options, one, result).catch((error: unknown) =>
        options.log.warn(`notifications: could not record ${one.id}`, error),
      );
      handled++;
    }
    if (claimed.length < CLAIM_SIZE) break;
  }
  return handled;
}

export function startNotificationWorker(options: NotificationWorkerOptions): PeriodicJob {
  let stopping = false;
  const job = startPeriodic({
    name: 'notifications',
    intervalMs: options.intervalMs,
    log: options.log,
    run: async () => {
      await runNotifications(options, () => stopping);
    },
  });
  return {
    async stop() {
      stopping = true;
      await job.stop();
    },
  };
}
