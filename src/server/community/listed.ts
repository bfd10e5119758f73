/**
 * "A rank is listed" in SQL, the one form every statement uses (the TypeScript form is
 * `isListed` in domain/community-rules.ts). The public lists' partial indexes
 * (db/schema/community.ts) carry the same predicate, so a list reads them.
 */
import { sql, type SQL } from 'drizzle-orm';

/** Whether the community_rank row `alias` (bare columns when omitted) is listed, in parentheses. */
export function listedSql(alias?: string): SQL {
  const column = (name: string) => sql.raw(alias === undefined ? name : `${alias}.${name}`);
  return sql`(${column('is_public')} and not ${column('archived')} and not ${column('hidden')})`;
}
