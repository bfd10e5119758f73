/**
 * A fixed-window rate limit for our own endpoints, counted in the database (the `rate_limit`
 * table better-auth uses, under keys of our own) so that every instance shares the counts.
 */
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { AppError } from '../../domain/errors';
import type { Db } from '../db/client';
import { newId } from '../platform/ids';

/**
 * A refusal for a limit (429): an AppError that also says which limit, for the metrics
 * (`crowned_rate_limit_refusals_total{kind}`); the client sees the usual error body. `streams`:
 * an event stream refused for its address's limit (realtime/stream-limits.ts).
 */
export class LimitRefusal extends AppError {
  constructor(
    readonly kind: `rate:${string}` | `quota:${string}` | 'streams',
    message: string,
  ) {
    super('resource-exhausted', message);
  }
}

/**
 * One fixed-window limit, counting one request. `rule.key` starts with the rule's name
 * (`methods:<ip>`): the name is its refusals' kind. A refusal's answer carries Retry-After: the
 * seconds left in the window.
 */
export function consumeRateLimit(
  db: Db,
  c: Context,
  rule: { key: string; windowMs: number; max: number },
): Promise<void> {
  return consumeRateLimits(
    db,
    c,
    [{ ...rule, message: 'Too many requests. Please wait a minute and try again.' }],
    1,
  );
}

/**
 * Several fixed-window limits counted at once, each by `amount` (e.g. the events of one batch), in
 * one statement (one upsert per rule, as data-modifying CTEs). Throws a LimitRefusal for the first
 * rule over its max; with a context, the answer carries Retry-After (that window's end).
 */
export async function consumeRateLimits(
  db: Db,
  c: Context | null,
  rules: readonly { key: string; windowMs: number; max: number; message: string }[],
  amount: number,
): Promise<void> {
  if (rules.length === 0) return;
  const now = Date.now();
  const upserts = rules.map((rule, index) => {
    const expired = sql`rate_limit.last_request < ${now - rule.windowMs}::bigint`;
    return sql`${sql.raw(`r${index}`)} as (
      insert into rate_limit (id, key, count, last_request)
      values (${newId(16)}, ${`crowned:${rule.key}`}, ${amount}::int, ${now}::bigint)
      on conflict (key) do update set
        count = case when ${expired} then ${amount}::int else rate_limit.count + ${amount}::int end,
        last_request = case when ${expired} then ${now}::bigint else rate_limit.last_request end
      returning count, last_request)`;
  });
  const columns = rules.map(
    (_, index) =>
      sql`(select count from ${sql.raw(`r${index}`)}) as ${sql.raw(`c${index}`)}, (select last_request from ${sql.raw(`r${index}`)}) as ${sql.raw(`s${index}`)}`,
  );
  const result = await db.execute(
    sql`with ${sql.join(upserts, sql`, `)} select ${sql.join(columns, sql`, `)}`,
  );
  const row = (result as unknown as { rows: Record<string, number | string>[] }).rows[0] ?? {};
  for (const [index, rule] of rules.entries()) {
    if (Number(row[`c${index}`]) <= rule.max) continue;
    const waitMs = Number(row[`s${index}`]) + rule.windowMs - now;
    c?.header('Retry-After', String(Math.max(1, Math.ceil(waitMs / 1000))));
    throw new LimitRefusal(`rate:${rule.key.split(':')[0] ?? ''}`, rule.message);
  }
}

/**
 * A fixed-window limit counted in this instance's memory, for what protects the instance itself
 * (its main thread, its render pool) on a path so cheap that a database write per request would
 * cost more than the request: on PGlite that write runs on the main thread. Addresses kept at
 * most `maxKeys` (the oldest window goes first).
 */
export class LocalRateLimit {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly rule: { windowMs: number; max: number; maxKeys?: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for `key`: null when allowed, else the seconds until its window ends. */
  consume(key: string): number | null {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.rule.windowMs) {
      this.windows.delete(key);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
      if (this.windows.size > (this.rule.maxKeys ?? 100_000)) {
        this.windows.delete(this.windows.keys().next().value as string);
      }
    }
    window.count += 1;
    if (window.count <= this.rule.max) return null;
    return Math.max(1, Math.ceil((window.start + this.rule.windowMs - now) / 1000));
  }
}
