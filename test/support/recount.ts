/**
 * The results invariant, for any test: every game's kept tally (`game_tally.tally` and its
 * `submissions` column) equals a recount of that game's final submission rows, folded with the
 * domain's own `addRanking` from `emptyTally()`. Partial (saved-progress) rankings do not count.
 *
 *   await expectTalliesMatchRecount(h.server.database.db);   // a test server's database
 *   await expectTalliesMatchRecount(postgresUrl);             // any PostgreSQL database by URL
 *
 * Never open a PGlite data directory a running server holds: stop that server first.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { expect } from 'vitest';
import { addRanking, emptyTally, type Tally } from '../../src/domain/results';
import type { Db } from '../../src/server/db/client';
import { gameTally, submission } from '../../src/server/db/schema/games';

export type RecountOptions = {
  /** Only these games (default: every game with a tally row). */
  gameIds?: readonly string[];
};

/** What was checked: how many games and how many final submissions they hold in all. */
export type RecountSummary = { games: number; submissions: number };

/** A tally counted afresh from final rankings (item ids, best first). */
export function recountTally(rankings: readonly (readonly string[])[]): Tally {
  return rankings.reduce<Tally>((tally, ranking) => addRanking(tally, ranking), emptyTally());
}

/**
 * Fails the test (with the first game that differs) unless every game's tally and count equal a
 * recount of its final submissions. `target` is a Drizzle database (`server.database.db`) or a
 * PostgreSQL connection URL.
 */
export async function expectTalliesMatchRecount(
  target: Db | string,
  options: RecountOptions = {},
): Promise<RecountSummary> {
  if (typeof target !== 'string') return check(target, options);
  const pool = new pg.Pool({ connectionString: target, max: 2 });
  try {
    return await check(drizzle(pool) as unknown as Db, options);
  } finally {
    await pool.end();
  }
}

async function check(db: Db, options: RecountOptions): Promise<RecountSummary> {
  const only = options.gameIds;
  if (only && only.length === 0) return { games: 0, submissions: 0 };
  const [tallies, rows] = await Promise.all([
    db
      .select({ gameId: gameTally.gameId, tally: gameTally.tally, count: gameTally.submissions })
      .from(gameTally)
      .where(only ? inArray(gameTally.gameId, [...only]) : undefined),
    db
      .select({
        gameId: submission.gameId,
        ranking: submission.ranking,
        partial: submission.partial,
      })
      .from(submission)
      .where(only ? inArray(submission.gameId, [...only]) : undefined),
  ]);
  const finals = new Map<string, string[][]>();
  for (const row of rows) {
    if (row.partial) continue;
    const list = finals.get(row.gameId) ?? [];
    list.push(row.ranking);
    finals.set(row.gameId, list);
  }
  if (only) {
    const found = new Set(tallies.map((row) => row.gameId));
    expect(
      only.filter((id) => !found.has(id)),
      'games without a tally row',
    ).toEqual([]);
  }
  let submissions = 0;
  for (const row of tallies) {
    const rankings = finals.get(row.gameId) ?? [];
    finals.delete(row.gameId);
    const recounted = recountTally(rankings);
    submissions += rankings.length;
    expect(row.tally, `game ${row.gameId}: tally vs a recount of its submissions`).toEqual(
      recounted,
    );
    expect(row.count, `game ${row.gameId}: game_tally.submissions`).toBe(rankings.length);
  }
  expect([...finals.keys()], 'games with final submissions but no tally row').toEqual([]);
  return { games: tallies.length, submissions };
}
