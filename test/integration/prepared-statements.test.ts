/**
 * Statements prepared once (db/prepared.ts, decision 0079): each run gets its own values, a
 * transaction's run is on the transaction's connection, and on PostgreSQL the pool keeps the
 * statement by name unless a direct URL says a transaction-mode pooler may sit in front.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { PreparedSql } from '../../src/server/db/prepared';
import { rows } from '../../src/server/db/rows';
import { createLogger } from '../../src/server/platform/log';
import {
  createPostgresDatabase,
  pgliteTemplate,
  testDatabases,
  type TestDatabase,
} from '../support/server';

const log = createLogger('error');

async function open(kind: TestDatabase, directUrl?: (url: string) => string) {
  if (kind === 'pglite') {
    const template = await pgliteTemplate();
    const database = await openDatabase({ kind, dataDir: 'memory', log, template });
    return { database, drop: async () => {} };
  }
  const created = await createPostgresDatabase();
  const database = await openDatabase({
    kind,
    url: created.url,
    log,
    poolSize: 1,
    directUrl: directUrl?.(created.url),
  });
  return { database, drop: created.drop };
}

/** The names of the prepared statements the (one) pooled connection keeps. */
async function namedOnConnection(database: Database): Promise<string[]> {
  const found = rows<{ name: string }>(
    await database.db.execute(sql`select name from pg_prepared_statements order by name`),
  );
  return found.map((row) => row.name);
}

describe.each(testDatabases)('prepared statements on %s', (kind) => {
  const opened: { database: Database; drop(): Promise<void> }[] = [];
  let shared: Promise<Database> | undefined;
  /** One database for the tests that need no setting of their own. */
  const database = () =>
    (shared ??= open(kind).then((each) => {
      opened.push(each);
      return each.database;
    }));
  afterAll(async () => {
    for (const each of opened) {
      await each.database.close();
      await each.drop();
    }
  });

  const sum = new PreparedSql(
    'test_prepared_sum',
    () =>
      sql`select ${sql.placeholder('a')}::int + ${sql.placeholder('b')}::int as total, ${sql.placeholder('label')}::text as label, ${sql.placeholder('a')}::int as a`,
  );

  it('runs with each call’s own values, a placeholder used twice getting the same value', async () => {
    const { db } = await database();
    expect(await sum.run(db, { a: 2, b: 3, label: 'first' })).toEqual([
      { total: 5, label: 'first', a: 2 },
    ]);
    expect(await sum.run(db, { a: 40, b: 2, label: 'second' })).toEqual([
      { total: 42, label: 'second', a: 40 },
    ]);
    await expect(sum.run(db, { a: 1, label: 'no b' })).rejects.toThrow(/b/);
  });

  it('runs in a transaction on the transaction’s own connection', async () => {
    const { db } = await database();
    const txid = new PreparedSql(
      'test_prepared_txid',
      () => sql`select txid_current()::text as id, ${sql.placeholder('n')}::int as n`,
    );
    await db.transaction(async (tx) => {
      const [outer] = rows<{ id: string }>(
        await tx.execute(sql`select txid_current()::text as id`),
      );
      expect(await txid.run(tx, { n: 7 })).toEqual([{ id: outer!.id, n: 7 }]);
    });
  });

  it.runIf(kind === 'postgres')(
    'is kept by name on a connection to PostgreSQL itself, and never named behind a direct URL',
    async () => {
      const direct = await open(kind);
      opened.push(direct);
      await sum.run(direct.database.db, { a: 1, b: 1, label: 'x' });
      await sum.run(direct.database.db, { a: 2, b: 2, label: 'y' });
      expect(await namedOnConnection(direct.database)).toEqual(['test_prepared_sum']);

      const pooled = await open(kind, (url) => url);
      opened.push(pooled);
      expect(await sum.run(pooled.database.db, { a: 1, b: 2, label: 'z' })).toEqual([
        { total: 3, label: 'z', a: 1 },
      ]);
      expect(await namedOnConnection(pooled.database)).toEqual([]);
    },
  );
});
