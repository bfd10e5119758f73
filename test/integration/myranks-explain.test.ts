/**
 * My Ranks' lists answer from their keyset indexes: with 10,000 games of one owner and 10,000
 * played games of one player (made inside a transaction that is rolled back), EXPLAIN of the very
 * statements the server runs shows an index scan of game_owner_created_idx /
 * played_game_user_last_idx in list order, stopped by the LIMIT, never a sort or a scan of the
 * table, for the first page and after a cursor; recent activity reads xp_award_user_at_idx the same
 * way. EXPLAIN_PRINT=1 prints the plans.
 */
import { sql, type SQLWrapper } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityQuery, myGamesQuery, playedGamesQuery } from '../../src/server/players/data';
import type { PageCursor } from '../../src/server/players/page-cursor';
import { testDatabases } from '../support/server';
import { useServer } from './harness';

const ROWS = 10_000;

class Rollback extends Error {}

describe.concurrent.each(testDatabases)('my ranks plans on %s', (kind) => {
  const h = useServer(kind);

  it('created and played pages are index scans in list order, first page and after a cursor', async () => {
    const db = h.server.database.db;
    const middleUs = Date.parse('2026-01-04T11:00:00Z') * 1000;
    const cursorOf = (list: PageCursor['list']): PageCursor => ({
      list,
      atUs: middleUs,
      id: 'g5000',
    });
    const cases: { name: string; query: SQLWrapper; index: string; cursor: boolean }[] = [
      {
        name: 'created, first page',
        query: myGamesQuery(db, { userId: 'explain-owner', archived: false, cursor: null }),
        index: 'game_owner_created_idx on game',
        cursor: false,
      },
      {
        name: 'created, after a cursor',
        query: myGamesQuery(db, {
          userId: 'explain-owner',
          archived: false,
          cursor: cursorOf('created'),
        }),
        index: 'game_owner_created_idx on game',
        cursor: true,
      },
      {
        name: 'archived, after a cursor',
        query: myGamesQuery(db, {
          userId: 'explain-owner',
          archived: true,
          cursor: cursorOf('archived'),
        }),
        index: 'game_owner_created_idx on game',
        cursor: true,
      },
      {
        name: 'played, first page',
        query: playedGamesQuery(db, { userId: 'explain-player', cursor: null }),
        index: 'played_game_user_last_idx on played_game',
        cursor: false,
      },
      {
        name: 'played, after a cursor',
        query: playedGamesQuery(db, { userId: 'explain-player', cursor: cursorOf('played') }),
        index: 'played_game_user_last_idx on played_game',
        cursor: true,
      },
      {
        name: 'recent activity',
        query: activityQuery(db, 'explain-player'),
        index: 'xp_award_user_at_idx on xp_award',
        cursor: false,
      },
    ];
    const plans: Record<string, string> = {};
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`
          insert into "user" (id, name, email) values
            ('explain-owner', 'Owner', 'explain-owner@example.test'),
            ('explain-player', 'Player', 'explain-player@example.test'),
            ('explain-other', 'Other', 'explain-other@example.test')`);
        // The owner's games, a minute apart, every 10th archived; other owners' games beside them.
        await tx.execute(sql`
          insert into game (id, slug, owner_id, prompt, items, archived, created_at)
          select 'g' || i, 'g' || i, case when i % 2 = 0 then 'explain-owner' else 'explain-other' end,
                 'Game ' || i, '[{"id":"a","label":"A"}]'::jsonb, i % 10 = 0,
                 timestamptz '2026-01-01' + i * interval '1 minute'
          from generate_series(1, ${ROWS * 2}) as i`);
        await tx.execute(sql`
          insert into game_tally (game_id, tally, submissions)
          select 'g' || i, '{}'::jsonb, i % 7 from generate_series(1, ${ROWS * 2}) as i`);
        await tx.execute(sql`
          insert into played_game (user_id, game_id, last_played_at, status)
          select 'explain-player', 'g' || i, timestamptz '2026-01-01' + i * interval '1 minute',
                 case when i % 3 = 0 then 'completed' else 'started' end
          from generate_series(1, ${ROWS}) as i`);
        // 10,000 awards of the player; only the last ones' ties are sorted.
        await tx.execute(sql`
          insert into xp_award (id, user_id, reason, ref, amount, at)
          select 'x' || i, 'explain-player', 'play', 'g' || i, 10,
                 timestamptz '2026-01-01' + i * interval '1 minute'
          from generate_series(1, ${ROWS}) as i`);
        await tx.execute(sql`analyze xp_award`);
        await tx.execute(sql`analyze game`);
        await tx.execute(sql`analyze game_tally`);
        await tx.execute(sql`analyze played_game`);
        for (const test of cases) {
          const result = await tx.execute(sql`explain (costs off) ${test.query}`);
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
      expect(plan, test.name).toMatch(/^Limit\n/);
      expect(plan, test.name).toContain(`Index Scan using ${test.index}`);
      // Recent activity breaks ties of one time within the index order: an incremental sort of
      // the few rows read, never a sort of all the player's awards.
      expect(plan, test.name).not.toMatch(/(?:^|->\s+)Sort$/m);
      expect(plan, test.name).not.toMatch(
        /Seq Scan on (game|played_game|xp_award)\b|Bitmap Heap Scan/,
      );
      if (test.cursor) expect(plan, test.name).toMatch(/Index Cond: .*ROW\(/);
    }
  });
});
