/**
 * Writing analytics events (SPEC §5, §8). Every value passes the domain's e-mail stripper first;
 * no IP address or user agent is ever stored. Recording never fails the user's action: the
 * server's own events are queued and written after the action answered, many in one INSERT, and
 * a failed write is logged at debug and forgotten.
 */
import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { stripEmails, type AnalyticsEventName } from '../../domain/analytics';
import { lockAccountsPresent, type Viewer } from '../auth/public';
import { FOREIGN_KEY_VIOLATION, sqlStateOf, type Db } from '../db/client';
import { analyticsEvent } from '../db/schema/analytics';
import { newId } from '../platform/ids';
import type { Logger } from '../platform/log';
import type { VisitorIds } from './visitor';

export type AnalyticsEvent = {
  name: AnalyticsEventName;
  props?: Record<string, unknown>;
  userId?: string | null;
  anonId?: string | null;
};

type EventRow = {
  id: string;
  name: AnalyticsEventName;
  props: Record<string, unknown>;
  user_id: string | null;
  anon_id: string | null;
};

const rowOf = (event: AnalyticsEvent): EventRow => ({
  id: newId(16),
  name: event.name,
  props: stripEmails(event.props ?? {}),
  user_id: event.userId ?? null,
  anon_id: event.anonId ?? null,
});

/**
 * The rows in one statement with one parameter (a JSON array): a batch of 200 events costs the
 * server one string, not a thousand bound values (decision 0078).
 */
function insertRows(db: Pick<Db, 'execute'>, rows: readonly EventRow[]) {
  return db.execute(sql`
    insert into ${analyticsEvent} (id, name, props, user_id, anon_id)
    select id, name, props, user_id, anon_id from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(id text, name text, props jsonb, user_id text, anon_id text)`);
}

/**
 * Writes events now, in one statement; throws what the database throws. An account deleted while
 * its events waited would fail the whole batch (an event's account must exist when it is
 * written): then the events are written again with those accounts left out, as a deletion leaves
 * the events already written.
 */
export async function insertEvents(db: Db, events: readonly AnalyticsEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map(rowOf);
  try {
    await insertRows(db, rows);
  } catch (error) {
    if (sqlStateOf(error) !== FOREIGN_KEY_VIOLATION) throw error;
    const named = [...new Set(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])))];
    await db.transaction(async (tx) => {
      const present = await lockAccountsPresent(tx, named);
      await insertRows(
        tx,
        rows.map((row) =>
          row.user_id && !present.has(row.user_id) ? { ...row, user_id: null } : row,
        ),
      );
    });
  }
}

/** Events queued at most this long before they are written. */
const FLUSH_MS = 1000;
/** A queue this long is written at once. */
const FLUSH_AT = 200;
/** Beyond this many waiting (the database away for long), new events are dropped. */
const MAX_QUEUED = 10_000;

/** The server's own events, written in the background: `record` never throws and never waits. */
export class AnalyticsRecorder {
  private queue: AnalyticsEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    /** The browser's anonymous visitor id, verified (analytics/visitor.ts). */
    readonly visitors: VisitorIds,
  ) {}

  record(event: AnalyticsEvent): void {
    if (this.queue.length >= MAX_QUEUED) return;
    this.queue.push(event);
    if (this.queue.length >= FLUSH_AT) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS).unref();
  }

  /** An event by whoever made this request: their account and their browser's anonymous id. */
  recordFor(c: Context, name: AnalyticsEventName, props: Record<string, unknown> = {}): void {
    this.record({
      name,
      props,
      userId: (c.get('viewer') as Viewer | null)?.id ?? null,
      anonId: this.visitors.of(c),
    });
  }

  /** Writes what is queued; resolves when it is written (or given up). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const events = this.queue;
    this.queue = [];
    this.writing = this.writing.then(async () => {
      try {
        await insertEvents(this.db, events);
      } catch (error) {
        this.log.debug(`analytics: ${events.length} event(s) not recorded`, error);
      }
    });
    return this.writing;
  }
}
