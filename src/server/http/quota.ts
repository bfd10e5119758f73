/**
 * Per-account quotas (creates, publishes, reports, item edits per hour): counted in the database's
 * `rate_limit` table beside consumeRateLimit's counters, one atomic upsert per check, so every
 * instance on one database shares the counts. Over the quota: 429 with a message that says what
 * was done and how long to wait, and a Retry-After header.
 */
import type { Context } from 'hono';
import { sql } from 'drizzle-orm';
import {
  QUOTA_WINDOW_MS,
  quotaMessage,
  quotaVerdict,
  type QuotaAction,
  type Quotas,
} from '../../domain/limits';
import type { Db, Tx } from '../db/client';
import { rateLimit } from '../db/schema/auth';
import { newId } from '../platform/ids';
import { LimitRefusal } from './rate-limit';

export class QuotaGuard {
  constructor(
    private readonly db: Db,
    readonly quotas: Quotas,
    private readonly windowMs = QUOTA_WINDOW_MS,
  ) {}

  /**
   * Counts one `action` by `userId` and throws 429 when it is over the hourly quota. With a
   * context, the answer also carries Retry-After (seconds). With `tx`, the count is part of that
   * transaction: rolled back with it when the action does not happen.
   */
  async consume(c: Context | null, userId: string, action: QuotaAction, tx?: Tx): Promise<void> {
    const now = Date.now();
    const expired = sql`${rateLimit.lastRequest} < ${now - this.windowMs}`;
    // The window starts with the first action after the last window expired: last_request is
    // that start (consumeRateLimit keeps it the same way).
    const [row] = await (tx ?? this.db)
      .insert(rateLimit)
      .values({
        id: newId(16),
        key: `crowned:quota:${action}:${userId}`,
        count: 1,
        lastRequest: now,
      })
      .onConflictDoUpdate({
        target: rateLimit.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
          lastRequest: sql`case when ${expired} then ${now} else ${rateLimit.lastRequest} end`,
        },
      })
      .returning({ count: rateLimit.count, windowStartedAt: rateLimit.lastRequest });
    if (!row) return;
    const max = this.quotas[action];
    const verdict = quotaVerdict({ ...row, max, windowMs: this.windowMs, now });
    if (verdict.allowed) return;
    c?.header('Retry-After', String(Math.max(1, Math.ceil(verdict.retryAfterMs / 1000))));
    throw new LimitRefusal(`quota:${action}`, quotaMessage(action, max, verdict.retryAfterMs));
  }

  /** How many `action`s `userId` took in their current window, without counting one. */
  async used(userId: string, action: QuotaAction): Promise<number> {
    const [row] = await this.db
      .select({ count: rateLimit.count, windowStartedAt: rateLimit.lastRequest })
      .from(rateLimit)
      .where(sql`${rateLimit.key} = ${`crowned:quota:${action}:${userId}`}`);
    if (!row || row.windowStartedAt < Date.now() - this.windowMs) return 0;
    return row.count;
  }
}
