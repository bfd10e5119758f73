/**
 * `npm start` runs the bundled server (scripts/build-server.mjs): bundled, it still starts, signs
 * people up, takes a game, a ranking and a results read, and stops on SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, workerBundleOf } from '../../scripts/build-server.mjs';
import { PROJECT_ROOT } from '../../src/server/platform/project-root';
import { tag, TestClient } from '../support/client';
import { freePort } from '../support/server';
import { Harness, ids } from './harness';

describe('the bundled server', () => {
  const bundle = path.join(PROJECT_ROOT, `dist/server/test-${tag()}.mjs`);
  let child: ChildProcess | undefined;
  let url = '';
  const output: string[] = [];

  beforeAll(async () => {
    await buildServer(bundle);
    const port = await freePort();
    url = `http://localhost:${port}`;
    child = spawn(process.execPath, [bundle], {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: 'memory',
        LOG_LEVEL: 'error',
        DATABASE_URL: '',
        TRUSTED_PROXY_HEADER: 'x-forwarded-for',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ok = await fetch(`${url}/api/ready`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error(`the bundled server did not start:\n${output.join('')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 120_000);

  afterAll(async () => {
    child?.kill('SIGTERM');
    for (const file of [bundle, workerBundleOf(bundle)]) {
      await rm(file, { force: true });
      await rm(`${file}.map`, { force: true });
    }
  });

  it('serves the core loop and stops on SIGTERM', async () => {
    const h = new Harness();
    h.server = { url } as Harness['server'];
    const owner = new TestClient(url);
    await owner.signUp({ name: 'Bundled' });
    const game = await h.createGame(owner, ['One', 'Two', 'Three']);
    const player = new TestClient(url);
    await player.guest();
    expect((await h.submit(player, game.id, ids(game))).status).toBe(200);
    const results = await h.results(player, game.id);
    expect(results.status).toBe(200);
    expect(results.body.results.submissions).toBe(1);
    // The preview image is drawn by the bundled worker (a file of its own beside the bundle).
    const image = await fetch(`${url}/og/g/${game.id}.png`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await image.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child!.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
