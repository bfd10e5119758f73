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
import { and, eq, sql } from 'drizzle-orm';
import { maxAttempts, retryDelay } from '../../domain/webhooks';
import type { NotificationKind } from '../../domain/notifications';
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
import { settingsOf } from './data';
import type { GameFacts } from './facts';
import { mailOf, messageOf, pushOf } from './mails';
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

type Claimed = {
  id: string;
  recipient_id: string;
  kind: NotificationKind;
  game_id: string | null;
  payload: { plays?: number };
  attempts: number;
};

/** Why a notification was not sent, or how it was. */
type Outcome = 'email' | 'push' | 'off' | 'withdrawn' | 'quota' | 'no-address' | 'gone';

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
async function send(options: NotificationWorkerOptions, claimed: Claimed): Promise<Outcome> {
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
  if (!person || claimed.game_id === null) return 'gone';
  const channel = settingsOf(person.setting ?? undefined, person.guest)[claimed.kind];
  if (channel === 'off') return 'off';
  if (claimed.kind === 'unlocked') {
    const [asked] = await db
      .select({ one: sql`1` })
      .from(unlockRequest)
      .where(
        and(
          eq(unlockRequest.gameId, claimed.game_id),
          eq(unlockRequest.userId, claimed.recipient_id),
        ),
      );
    if (!asked) return 'withdrawn';
  }
  if (person.today >= options.perDay) return 'quota';
  const game = await options.facts.summary(
    claimed.game_id,
    claimed.kind === 'unlocked' ? claimed.recipient_id : null,
  );
  if (!game) return 'gone';
  const resultsUrl = `${options.publicUrl}/g/${encodeURIComponent(game.gameId)}/results`;
  const message = messageOf(claimed.kind, game, resultsUrl, claimed.payload.plays ?? 0);
  if (channel === 'email') {
    if (person.guest || !person.verified) return 'no-address';
    const token = unsubscribeToken(options.secret, claimed.recipient_id, claimed.kind);
    await options.mailer.send(
      mailOf(person.email, message, `${options.publicUrl}/unsubscribe/${token}`),
    );
    return 'email';
  }
  const targets = await db
    .select()
    .from(pushSubscription)
    .where(eq(pushSubscription.userId, claimed.recipient_id));
  if (targets.length === 0) return 'no-address';
  const push = pushOf(claimed.kind, game.gameId, message);
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
  return sent > 0 ? 'push' : 'no-address';
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
  result: { outcome: Outcome } | { error: string },
): Promise<void> {
  if ('outcome' in result) {
    const sent = result.outcome === 'email' || result.outcome === 'push';
    await options.db
      .update(notification)
      .set({
        ...(sent ? { sentAt: sql`now()` } : { gaveUpAt: sql`now()` }),
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
      let result: { outcome: Outcome } | { error: string };
      try {
        result = { outcome: await send(options, one) };
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
