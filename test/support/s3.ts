/**
 * A local S3-compatible server (s3rver) for the tests of the bucket store: real HTTP, real
 * signatures checked loosely, objects on disk in a temporary directory. One bucket, `pictures`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type LocalS3 = { env: Record<string, string>; directory: string; close(): Promise<void> };

export async function startLocalS3(): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'crowned-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'pictures', configs: [] }],
  });
  const { port } = await server.run();
  return {
    directory,
    env: {
      S3_URL: `http://127.0.0.1:${port}/pictures`,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
