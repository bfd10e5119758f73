/**
 * Where a picture's bytes live: in the database beside its row (the default: works on PGlite and
 * PostgreSQL and is backed up with everything else), or in an S3-compatible bucket when S3_URL is
 * set. Keys are content addresses, so writing one again writes the same bytes.
 */
import type * as S3Sdk from '@aws-sdk/client-s3';

export type ImageSize = 'view' | 'thumb';

/** A bucket's bytes; null from `get` when the bucket has no such object. */
export type BucketStore = {
  put(id: string, size: ImageSize, bytes: Uint8Array): Promise<void>;
  get(id: string, size: ImageSize): Promise<Uint8Array<ArrayBuffer> | null>;
  delete(id: string): Promise<void>;
};

export type S3Settings = {
  /** The bucket's address, path style: `https://s3.example.com/my-bucket`. */
  url: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const keyOf = (id: string, size: ImageSize) =>
  size === 'view' ? `img/${id}.webp` : `img/${id}.thumb.webp`;

/** The S3-compatible bucket at `settings.url` (the SDK is loaded with the first use). */
export function s3Store(settings: S3Settings): BucketStore {
  const address = new URL(settings.url);
  const bucket = decodeURIComponent(address.pathname.replace(/^\/+|\/+$/g, ''));
  let client: Promise<{ s3: S3Sdk.S3Client; sdk: typeof S3Sdk }> | undefined;
  const connect = () =>
    (client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        endpoint: address.origin,
        region: settings.region,
        forcePathStyle: true,
        credentials: {
          accessKeyId: settings.accessKeyId,
          secretAccessKey: settings.secretAccessKey,
        },
      }),
    })));
  return {
    async put(id, size, bytes) {
      const { s3, sdk } = await connect();
      await s3.send(
        new sdk.PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(id, size),
          Body: bytes,
          ContentType: 'image/webp',
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(id, size) {
      const { s3, sdk } = await connect();
      try {
        const object = await s3.send(
          new sdk.GetObjectCommand({ Bucket: bucket, Key: keyOf(id, size) }),
        );
        if (!object.Body) return null;
        return new Uint8Array(await object.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        throw error;
      }
    },
    async delete(id) {
      const { s3, sdk } = await connect();
      await s3.send(
        new sdk.DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: [{ Key: keyOf(id, 'view') }, { Key: keyOf(id, 'thumb') }] },
        }),
      );
    },
  };
}
