/**
 * A new PGlite data directory starts from the migrated template, unpacked on disk a block at a
 * time (src/server/db/template.ts, decision 0076): the server seeds the demo game there, and a
 * restart on the same directory resumes with what was written.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { DEMO_GAME } from '../../src/server/db/seed';
import { restoreTemplate } from '../../src/server/db/template';
import { createLogger } from '../../src/server/platform/log';
import { TestClient } from '../support/client';
import { pgliteTemplate, startTestServer } from '../support/server';

let scratch = '';
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'crowned-data-dir-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('a server on a new PGlite data directory', () => {
  it('starts from the template, seeds the demo game, and keeps a ranking across a restart', async () => {
    const dataDir = path.join(scratch, 'server');
    const start = () => startTestServer('pglite', { env: { DATA_DIR: dataDir } });
    const ranking = DEMO_GAME.items.map((item) => item.id).reverse();

    let server = await start();
    const player = new TestClient(server.url);
    try {
      expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
      expect(existsSync(path.join(dataDir, 'pglite.partial'))).toBe(false);
      await player.guest();
      const demo = await player.request<{ game: { items: { id: string }[] } }>(
        'GET',
        `/api/games/${DEMO_GAME.id}`,
      );
      expect(demo.status).toBe(200);
      expect(demo.body.game.items.map((item) => item.id)).toEqual(
        DEMO_GAME.items.map((item) => item.id),
      );
      const put = await player.request('PUT', `/api/games/${DEMO_GAME.id}/submission`, {
        ranking,
      });
      expect(put.status).toBe(200);
    } finally {
      await server.close();
    }

    server = await start();
    try {
      // The same guest (their cookies) at the restarted server.
      const demo = await player
        .at(server.url)
        .request<{ mySubmission: { ranking: string[] } | null }>(
          'GET',
          `/api/games/${DEMO_GAME.id}`,
        );
      expect(demo.status).toBe(200);
      expect(demo.body.mySubmission?.ranking).toEqual(ranking);
    } finally {
      await server.close();
    }
  });
});

describe('restoreTemplate', () => {
  it('unpacks a gzipped template into a database PGlite resumes, migrated', async () => {
    const gzipped = path.join(scratch, 'template.tar.gz');
    await writeFile(gzipped, gzipSync(await readFile(await pgliteTemplate())));
    const dataDir = path.join(scratch, 'gzipped');
    await mkdir(dataDir);
    await restoreTemplate(gzipped, path.join(dataDir, 'pglite'));
    const database = await openDatabase({ kind: 'pglite', dataDir, log: createLogger('error') });
    try {
      if (database.raw.kind !== 'pglite') throw new Error('expected PGlite');
      const { rows } = await database.raw.client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
      );
      expect(rows[0]?.n).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });

  it('replaces what an interrupted restore left aside, and refuses a file that is no tar', async () => {
    const dir = path.join(scratch, 'interrupted', 'pglite');
    await mkdir(`${dir}.partial/base`, { recursive: true });
    await writeFile(`${dir}.partial/base/stale`, 'left over');
    await restoreTemplate(await pgliteTemplate(), dir);
    expect(existsSync(path.join(dir, 'base', 'stale'))).toBe(false);
    expect(existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${dir}.partial`)).toBe(false);

    const notTar = path.join(scratch, 'not-a-tar');
    await writeFile(notTar, Buffer.alloc(1024, 'x'));
    const target = path.join(scratch, 'refused', 'pglite');
    await expect(restoreTemplate(notTar, target)).rejects.toThrow(/tar entry/);
    expect(existsSync(target)).toBe(false);
    expect(existsSync(`${target}.partial`)).toBe(false);
  });
});
