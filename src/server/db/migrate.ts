/** Applies the committed migrations; on PostgreSQL under an advisory lock so instances can race. */
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PROJECT_ROOT } from '../platform/project-root';
import type { Database } from './client';

const migrationsFolder = path.join(PROJECT_ROOT, 'migrations');
const MIGRATION_LOCK = 7_201_905_117;

export async function runMigrations(database: Database): Promise<void> {
  const raw = database.raw;
  if (raw.kind === 'pglite') {
    await migratePglite(drizzlePglite(raw.client), { migrationsFolder });
    return;
  }
  // A session of its own (the advisory lock is held across statements): the direct URL.
  const client = new pg.Client({ connectionString: raw.directUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}
