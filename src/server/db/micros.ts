/**
 * Timestamps as keyset cursors carry them: microseconds since the epoch, the database's own
 * precision, so rows sharing a millisecond are neither skipped nor repeated (http/keyset-cursor.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A timestamp column in microseconds since the epoch (exact), as text. */
export const micros = (column: SQL | AnyPgColumn) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** The exact timestamp of a cursor's microseconds. */
export const fromMicros = (us: number) =>
  sql`('epoch'::timestamptz + ${us}::bigint * interval '1 microsecond')`;
