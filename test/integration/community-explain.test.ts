/**
 * The public lists answer from their indexes: with 10,000 public ranks (made inside a transaction
 * that is rolled back), EXPLAIN of the very statements the server runs shows an index scan of
 * community_rank_new_idx / community_rank_popular_idx in list order, stopped by the LIMIT, with
 * no sort of the table, for the first page and for a page after a cursor. Set EXPLAIN_PRINT=1 to
 * print the plans (docs/decisions/0008-community-lists.md shows them).
 */
import { sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CommunityCursor } from '../../src/domain/community-rules';
import type { Db } from '../../src/server/db/client';
import { listRanks, type ListParams } from '../../src/server/community/data';
import { testDatabases } from '../support/server';
import { useServer } from './harness';

const RANKS = 10_000;

class Rollback extends Error {}

/** The statement `listRanks` would run for these parameters, without running it. */
async function listStatement(params: ListParams): Promise<SQL> {
  let captured: SQL | undefined;
  const recorder = {
    execute: async (query: SQL) => {
      captured = query;
      return { rows: [] };
    },
  } as unknown as Db;
  await listRanks(recorder, params);
  if (!captured) throw new Error('no statement');
  return captured;
}

const base: ListParams = {
  order: 'new',
  q: null,
  tag: null,
  creator: null,
  cursor: null,
  limit: 50,
  viewerId: 'some-viewer',
  adminView: false,
  includeHidden: false,
};

describe.concurrent.each(testDatabases)('community list plans on %s', (kind) => {
  const h = useServer(kind);

  it('New and Popular pages are index scans in list order, first page and after a cursor', async () => {
    const db = h.server.database.db;
    const created = Date.parse('2026-01-01T00:00:00Z') * 1000;
    const cases: { name: string; params: ListParams; index: string }[] = [
      { name: 'new, first page', params: base, index: 'community_rank_new_idx' },
      {
        name: 'new, after a cursor',
        params: {
          ...base,
          cursor: { sort: 'new', createdUs: created, id: 'r5000' } satisfies CommunityCursor,
        },
        index: 'community_rank_new_idx',
      },
      {
        name: 'popular, first page',
        params: { ...base, order: 'popular' },
        index: 'community_rank_popular_idx',
      },
      {
        name: 'popular, after a cursor',
        params: {
          ...base,
          order: 'popular',
          cursor: { sort: 'popular', plays: 50, likes: 3, createdUs: created, id: 'r5000' },
        },
        index: 'community_rank_popular_idx',
      },
    ];
    const plans: Record<string, string> = {};
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`
          insert into community_rank (id, title, items, creator_name, tags, plays, likes,
                                      is_public, archived, hidden, created_at)
          select 'r' || i, 'Rank number ' || i, '["one","two","three"]'::jsonb, 'Bench',
                 '["bench"]'::jsonb, (i * 7919) % 100, (i * 104729) % 10,
                 i % 20 <> 0, i % 50 = 1, i % 97 = 0,
                 timestamptz '2026-01-01' + (i % 5000) * interval '1 minute'
          from generate_series(1, ${RANKS}) as i`);
        await tx.execute(sql`analyze community_rank`);
        for (const test of cases) {
          const result = await tx.execute(
            sql`explain (costs off) ${await listStatement(test.params)}`,
          );
          const lines = (result as unknown as { rows: { 'QUERY PLAN': string }[] }).rows.map(
            (row) => row['QUERY PLAN'],
          );
          plans[test.name] = lines.join('\n');
        }
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });

    for (const test of cases) {
      const plan = plans[test.name] ?? '';
      if (process.env.EXPLAIN_PRINT === '1') console.log(`-- ${kind}: ${test.name}\n${plan}\n`);
      // The page is read from the index in list order and stopped by the LIMIT: the table is
      // never scanned nor sorted (only the page's rows are, once joined).
      expect(plan, test.name).toMatch(
        new RegExp(`Limit\\n\\s+->  Index Scan using ${test.index} on community_rank r`),
      );
      expect(plan, test.name).not.toMatch(
        /Seq Scan on community_rank|Bitmap Heap Scan on community_rank/,
      );
      if (test.params.cursor) expect(plan, test.name).toMatch(/Index Cond: \(ROW\(/);
    }
  });
});
