/**
 * Drawn preview images, kept on disk: `<DATA_DIR>/og-images/<game>/<key>.png`, one file per game
 * (the card's current key; older ones are removed when a new one is written; all of it when the
 * game is deleted, heard from any instance). With
 * `DATA_DIR=memory` they go to a temporary directory removed when the server stops.
 *
 * On disk rather than in the database: an image is ~200 KB, and PGlite (the embedded database)
 * runs on the server's main thread, where writing one took 200–450 ms and reading one tens of
 * milliseconds under load, the very stall the render pool removes. Files are read and written by
 * libuv's threads. Each instance keeps its own (several instances each draw a card once).
 * Decision 0019, "Rendering".
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export class ImageStore {
  private constructor(
    private readonly dir: string,
    private readonly temporary: boolean,
  ) {}

  static async open(dataDir: string): Promise<ImageStore> {
    if (dataDir === 'memory') {
      return new ImageStore(await mkdtemp(path.join(tmpdir(), 'crowned-og-')), true);
    }
    const dir = path.resolve(dataDir, 'og-images');
    await mkdir(dir, { recursive: true });
    return new ImageStore(dir, false);
  }

  /** A game's folder: its id hashed (ids are short and URL-safe, but a path is no place to trust). */
  private gameDir(gameId: string): string {
    return path.join(this.dir, createHash('sha256').update(gameId).digest('hex').slice(0, 32));
  }

  /** The stored image of this game under this key, or null. */
  async read(gameId: string, key: string): Promise<Buffer | null> {
    try {
      return await readFile(path.join(this.gameDir(gameId), `${key}.png`));
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Keeps `png` as the game's image under `key` (whole or not at all), dropping older ones. */
  async write(gameId: string, key: string, png: Buffer): Promise<void> {
    const dir = this.gameDir(gameId);
    await mkdir(dir, { recursive: true });
    const name = `${key}.png`;
    const partial = path.join(dir, `${name}.${randomBytes(6).toString('hex')}.partial`);
    await writeFile(partial, png);
    await rename(partial, path.join(dir, name));
    for (const other of await readdir(dir)) {
      if (other !== name && !other.endsWith('.partial')) {
        await unlink(path.join(dir, other)).catch(() => undefined);
      }
    }
  }

  /** Forgets a game's image (the game was deleted). */
  async remove(gameId: string): Promise<void> {
    await rm(this.gameDir(gameId), { recursive: true, force: true });
  }

  /** Removes the temporary directory (DATA_DIR=memory); a real one stays. */
  async close(): Promise<void> {
    if (this.temporary) await rm(this.dir, { recursive: true, force: true });
  }
}
