/**
 * Analytics events another feature records inside its own statement (decision 0037): analytics
 * alone writes `analytics_event`; a feature hands the rows and this fragment inserts them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { analyticsEvent } from '../db/schema/analytics';

/**
 * A data-modifying CTE body inserting `rows` (a select of id, name, props, user_id), to run in
 * the caller's statement (a level-up with the award that earned it: progression/ledger.ts).
 */
export function insertEventsSql(rows: SQL): SQL {
  return sql`insert into ${analyticsEvent} (id, name, props, user_id) ${rows}`;
}
