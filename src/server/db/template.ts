/**
 * A migrated PGlite template (a data directory dumped as a tar file, gzipped or not) restored
 * into a new data directory. On disk it is streamed: gunzip and tar a block at a time, each
 * file written as it arrives, so that neither the 40 MB tarball nor a copy of its files is ever
 * in memory (PGlite's own `loadDataDir` holds both, and the garbage outlives start-up:
 * decision 0076).
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';

const BLOCK = 512;
const GZIP_MAGIC = [0x1f, 0x8b];

export type TarEntry = { name: string; type: 'file' | 'dir'; size: number; mode: number };

/** Whether the first bytes of a file are gzip's. */
export function isGzip(head: Uint8Array): boolean {
  return head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1];
}

const text = (block: Uint8Array, from: number, length: number) => {
  const field = block.subarray(from, from + length);
  const end = field.indexOf(0);
  return Buffer.from(end === -1 ? field : field.subarray(0, end)).toString('utf8');
};
const octal = (block: Uint8Array, from: number, length: number) => {
  const digits = text(block, from, length).trim();
  return digits === '' ? 0 : parseInt(digits, 8);
};

/**
 * One 512-byte tar header: its entry (a relative path, never leaving the directory), or null
 * for an end-of-archive block (all zeros). Only what a PGlite dump holds is understood: regular
 * files and directories (ustar or old tar); anything else is an error, never a silent skip.
 */
export function parseTarHeader(block: Uint8Array): TarEntry | null {
  if (block.length !== BLOCK) throw new Error(`a tar header is ${BLOCK} bytes`);
  if (block.every((byte) => byte === 0)) return null;
  const prefix = text(block, 257, 6) === 'ustar' ? text(block, 345, 155) : '';
  const full = prefix ? `${prefix}/${text(block, 0, 100)}` : text(block, 0, 100);
  const parts = full.split('/').filter((part) => part !== '' && part !== '.');
  if (parts.some((part) => part === '..')) throw new Error(`tar entry outside its root: ${full}`);
  const flag = String.fromCharCode(block[156] ?? 0);
  const type = flag === '5' ? 'dir' : flag === '0' || flag === '\0' ? 'file' : undefined;
  if (!type) throw new Error(`tar entry ${full}: type '${flag}' is not a file or a directory`);
  return {
    name: parts.join('/'),
    type,
    size: type === 'file' ? octal(block, 124, 12) : 0,
    mode: octal(block, 100, 8) & 0o777,
  };
}

/**
 * Writes a tar stream's files under `root` as the bytes arrive (push chunks, then `end()`).
 * Synchronous writes: this runs once, at start-up, before the server serves anyone.
 */
export class TarWriter {
  private pending = Buffer.alloc(0);
  private file: { fd: number; left: number; padding: number } | undefined;
  private skip = 0;
  private ended = false;

  constructor(private readonly root: string) {
    mkdirSync(root, { recursive: true, mode: 0o700 });
  }

  push(chunk: Buffer): void {
    let data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    while (data.length > 0 && !this.ended) {
      if (this.file) {
        const part = data.subarray(0, Math.min(this.file.left, data.length));
        writeSync(this.file.fd, part);
        this.file.left -= part.length;
        data = data.subarray(part.length);
        if (this.file.left === 0) {
          closeSync(this.file.fd);
          this.skip = this.file.padding;
          this.file = undefined;
        }
      } else if (this.skip > 0) {
        const skipped = Math.min(this.skip, data.length);
        this.skip -= skipped;
        data = data.subarray(skipped);
      } else if (data.length < BLOCK) {
        this.pending = Buffer.from(data);
        return;
      } else {
        this.entry(parseTarHeader(data.subarray(0, BLOCK)));
        data = data.subarray(BLOCK);
      }
    }
  }

  /** Throws if the archive stopped inside a file. */
  end(): void {
    if (this.file) {
      closeSync(this.file.fd);
      throw new Error('the tar archive ends inside a file');
    }
  }

  private entry(entry: TarEntry | null): void {
    if (entry === null) {
      this.ended = true;
      return;
    }
    const target = path.join(this.root, entry.name);
    if (entry.type === 'dir') {
      mkdirSync(target, { recursive: true, mode: entry.mode || 0o700 });
      return;
    }
    mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    const fd = openSync(target, 'w', entry.mode || 0o600);
    if (entry.size === 0) {
      closeSync(fd);
      return;
    }
    this.file = { fd, left: entry.size, padding: (BLOCK - (entry.size % BLOCK)) % BLOCK };
  }
}

/**
 * Restores the template `file` into the directory `dir`, which must not exist yet: written
 * aside (`dir`.partial, left over from an interrupted start is removed first) and renamed, so a
 * start interrupted half-way leaves no half a database to resume from.
 */
export async function restoreTemplate(file: string, dir: string): Promise<void> {
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  const handle = await open(file);
  try {
    const head = new Uint8Array(2);
    await handle.read(head, 0, 2, 0);
    const writer = new TarWriter(partial);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        try {
          writer.push(chunk);
          done();
        } catch (error) {
          done(error as Error);
        }
      },
      final(done) {
        try {
          writer.end();
          done();
        } catch (error) {
          done(error as Error);
        }
      },
    });
    const input = handle.createReadStream({ start: 0, autoClose: false });
    await (isGzip(head)
      ? pipeline(input, createGunzip({ chunkSize: 1 << 18 }), sink)
      : pipeline(input, sink));
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await handle.close();
  }
  await rename(partial, dir);
}
