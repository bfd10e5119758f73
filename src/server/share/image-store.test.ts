import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ImageStore } from './image-store';

describe('the preview image store', () => {
  const made: string[] = [];
  afterAll(async () => {
    for (const dir of made) await rm(dir, { recursive: true, force: true });
  });

  it('keeps one image per game: the newest key, the older one removed', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'crowned-store-'));
    made.push(dataDir);
    const store = await ImageStore.open(dataDir);
    expect(await store.read('g1', 'k1')).toBeNull();
    await store.write('g1', 'k1', Buffer.from('one'));
    await store.write('g2', 'k1', Buffer.from('other game'));
    expect((await store.read('g1', 'k1'))?.toString()).toBe('one');
    await store.write('g1', 'k2', Buffer.from('two'));
    expect(await store.read('g1', 'k1')).toBeNull();
    expect((await store.read('g1', 'k2'))?.toString()).toBe('two');
    expect((await store.read('g2', 'k1'))?.toString()).toBe('other game');
    // A game id is never a path: it is hashed.
    await store.write('../../escape', 'k', Buffer.from('x'));
    const games = await readdir(path.join(dataDir, 'og-images'));
    expect(games).toHaveLength(3);
    for (const name of games) expect(name).toMatch(/^[0-9a-f]{32}$/);
    // Kept across a restart.
    await store.close();
    const reopened = await ImageStore.open(dataDir);
    expect((await reopened.read('g1', 'k2'))?.toString()).toBe('two');
    // A deleted game's image goes; the others stay.
    await reopened.remove('g1');
    expect(await reopened.read('g1', 'k2')).toBeNull();
    expect(await readdir(path.join(dataDir, 'og-images'))).toHaveLength(2);
    expect((await reopened.read('g2', 'k1'))?.toString()).toBe('other game');
  });

  it('with DATA_DIR=memory, uses a temporary directory removed on close', async () => {
    const store = await ImageStore.open('memory');
    await store.write('g1', 'k1', Buffer.from('one'));
    const dir = (store as unknown as { dir: string }).dir;
    expect(existsSync(dir)).toBe(true);
    expect(path.relative(tmpdir(), dir).startsWith('..')).toBe(false);
    await store.close();
    expect(existsSync(dir)).toBe(false);
  });
});
