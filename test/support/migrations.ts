/**
 * A database migrated only part of the way (migration tests): the committed migrations applied in
 * journal order up to a tag, rows written as that schema had them, then the rest applied.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createPostgresDatabase, type TestDatabase } from './server';

const MIGRATIONS = fileURLToPath(new URL('../../migrations', import.meta.url));

/** The migrations' tags, in the order the migrator applies them. */
function tags(): string[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta/_journal.json'), 'utf8'));
  return (journal.entries as { tag: string }[]).map((entry) => entry.tag);
}

/** The tag of the migration whose name ends with `suffix` (`_player_tables`), whatever its number. */
export function migrationTag(suffix: string): string {
  const found = tags().find((tag) => tag.endsWith(suffix));
  if (!found) throw new Error(`no migration ending in ${suffix}`);
  return found;
}

function statements(tag: string): string[] {
  return readFileSync(path.join(MIGRATIONS, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement !== '');
}

export type PartlyMigrated = {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Applies the migrations after the last one applied, up to `tag` (included; default all). */
  migrateTo(tag?: string): Promise<void>;
  close(): Promise<void>;
};

/** A new, empty database of `kind` with the migrations up to `tag` (excluded) applied. */
export async function databaseBefore(kind: TestDatabase, tag: string): Promise<PartlyMigrated> {
  let query: PartlyMigrated['query'];
  let close: () => Promise<void>;
  if (kind === 'pglite') {
    const client = new PGlite();
    query = async (text, params) => (await client.query(text, params)).rows as never;
    close = () => client.close();
  } else {
    const database = await createPostgresDatabase();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    query = async (text, params) => (await client.query(text, params)).rows;
    close = async () => {
      await client.end();
      await database.drop();
    };
  }
  const all = tags();
  let next = 0;
  const migrateTo = async (last?: string) => {
    const end = last === undefined ? all.length : all.indexOf(last) + 1;
    for (; next < end; next++) {
      for (const statement of statements(all[next]!)) await query(statement);
    }
  };
  const before = all.indexOf(tag);
  if (before < 0) throw new Error(`no migration ${tag}`);
  if (before > 0) await migrateTo(all[before - 1]);
  return { query, migrateTo, close };
}
