/**
 * Pictures (issue 26): `POST /api/images` takes JPEG, PNG, WebP, AVIF and GIF up to 10 MB and 40
 * megapixels, stores them upright as WebP in two sizes with every metadata block gone, and serves
 * them for good under their content's hash. Anything else is refused with a message and nothing
 * is stored.
 */
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/domain/errors';
import { IMAGE_MESSAGES, type ImageUsage } from '../../src/domain/images';
import { MAX_IMAGE_BYTES } from '../../src/domain/limits';
import { game } from '../../src/server/db/schema/games';
import { image, imageUpload } from '../../src/server/db/schema/images';
import { collectUnusedImages, s3Store } from '../../src/server/images/public';
import type { TestClient } from '../support/client';
import { startLocalS3, type LocalS3 } from '../support/s3';
import { testDatabases } from '../support/server';
import { useServer } from './harness';

type Uploaded = {
  image: { id: string; width: number; height: number; url: string; thumbUrl: string };
};

function form(bytes: Uint8Array<ArrayBuffer>, name = 'picture.jpg', type = 'image/jpeg'): FormData {
  const data = new FormData();
  data.set('file', new Blob([bytes], { type }), name);
  return data;
}

function upload(client: TestClient, bytes: Uint8Array<ArrayBuffer>, name?: string, type?: string) {
  return client.request<Uploaded & ErrorBody>('POST', '/api/images', undefined, {
    form: form(bytes, name, type),
  });
}

/** A picture with a GPS position, a copyright note and a camera model in its EXIF. */
async function photoWithGps(width = 1200, height = 900, background = '#c0392b') {
  return new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background } })
      .withExif({
        IFD0: { Copyright: 'Secret Photographer', Model: 'Camera X' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E' },
      })
      .jpeg()
      .toBuffer(),
  );
}

/** Noise compresses badly: a picture whose WebP takes tens of kilobytes. */
async function noisyPng(size = 900) {
  const raw = new Uint8Array(size * size * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return new Uint8Array(
    await sharp(raw, { raw: { width: size, height: size, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid PNG a few kilobytes long that declares a 30,000 × 30,000 canvas (900 megapixels, about
 * 2.7 GB decoded): its rows are zeros, deflated.
 */
function decompressionBomb(): Uint8Array<ArrayBuffer> {
  const side = 30_000;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = deflateSync(Buffer.alloc((side + 1) * 200), { level: 9 });
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', rows),
      chunk('IEND', new Uint8Array()),
    ]),
  );
}

const STORES = ['database', 's3'] as const;
const CASES = testDatabases.flatMap((kind) => STORES.map((store) => ({ kind, store })));

describe.each(CASES)('pictures ($kind, bytes in the $store)', ({ kind, store }) => {
  let s3: LocalS3 | undefined;
  beforeAll(async () => {
    if (store === 's3') s3 = await startLocalS3();
  });
  afterAll(async () => {
    await s3?.close();
  });
  const h = useServer(kind, {
    env: () => ({ LIMIT_UPLOADS_PER_HOUR: '6', LIMIT_IMAGE_STORAGE_MB: '0.03', ...s3?.env }),
  });

  /** Where the bytes of a picture are: the row's columns, or the bucket's objects. */
  async function storedWhere(id: string) {
    const [row] = await h.server.database.db
      .select({ view: image.view, thumb: image.thumb })
      .from(image)
      .where(eq(image.id, id));
    const objects = s3
      ? await readdir(path.join(s3.directory, 'pictures', 'img')).catch(() => [])
      : [];
    return {
      inRow: row?.view != null && row.thumb != null,
      inBucket: objects.filter((name) => name.startsWith(id)).length > 0,
    };
  }

  it('stores a photo upright, as WebP in two sizes, with its GPS position and every other metadata block gone', async () => {
    const owner = await h.user('Pia');
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif?.length ?? 0).toBeGreaterThan(50);
    const uploaded = await upload(owner, photo);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const { id, width, height, url, thumbUrl } = uploaded.body.image;
    expect({ width, height }).toEqual({ width: 800, height: 600 });
    expect(url).toBe(`/img/${id}.webp`);
    expect(thumbUrl).toBe(`/img/${id}.thumb.webp`);

    const served = await fetch(new URL(url, h.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(id);
    const stored = await sharp(bytes).metadata();
    expect(stored.format).toBe('webp');
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.iptc).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    for (const text of ['Secret Photographer', 'Camera X', 'GPS']) {
      expect(bytes.includes(Buffer.from(text))).toBe(false);
    }

    expect(await storedWhere(id)).toEqual({
      inRow: store === 'database',
      inBucket: store === 's3',
    });

    const thumb = await fetch(new URL(thumbUrl, h.url));
    const small = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect({ width: small.width, height: small.height }).toEqual({ width: 160, height: 120 });

    // The address is the content: a second look is answered from the browser's cache.
    const again = await fetch(new URL(url, h.url), {
      headers: { 'if-none-match': served.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('turns a picture upright by its EXIF orientation, then forgets the tag', async () => {
    const owner = await h.user('Oren');
    // Stored 300 × 100, tagged "rotate 90° clockwise to view" (orientation 6).
    const sideways = new Uint8Array(
      await sharp({ create: { width: 300, height: 100, channels: 3, background: '#2980b9' } })
        .withMetadata({ orientation: 6 })
        .jpeg()
        .toBuffer(),
    );
    const uploaded = await upload(owner, sideways);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.image).toMatchObject({ width: 100, height: 300 });
    const served = await fetch(new URL(uploaded.body.image.url, h.url));
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.orientation).toBeUndefined();
  });

  it('takes PNG, WebP, AVIF and the first frame of a GIF; the same picture twice is one picture', async () => {
    const owner = await h.user('Gia');
    const base = sharp({ create: { width: 40, height: 30, channels: 4, background: '#16a085' } });
    for (const [format, bytes] of [
      ['png', await base.clone().png().toBuffer()],
      ['webp', await base.clone().webp().toBuffer()],
      ['avif', await base.clone().avif().toBuffer()],
      ['gif', await base.clone().gif().toBuffer()],
    ] as const) {
      const uploaded = await upload(owner, new Uint8Array(bytes), `a.${format}`, `image/${format}`);
      expect(uploaded.status, `${format}: ${JSON.stringify(uploaded.body)}`).toBe(201);
      // Never enlarged.
      expect(uploaded.body.image).toMatchObject({ width: 40, height: 30 });
    }
    const png = new Uint8Array(await base.clone().png().toBuffer());
    const first = await upload(owner, png);
    const second = await upload(owner, png);
    expect(second.body.image.id).toBe(first.body.image.id);
    const rows = await h.server.database.db
      .select()
      .from(imageUpload)
      .where(eq(imageUpload.imageId, first.body.image.id));
    expect(rows).toHaveLength(1);
  });

  it('refuses a file over 10 MB with 413, whether its size is declared or found in the form', async () => {
    const owner = await h.user('Max');
    const oneTooMany = new Uint8Array(MAX_IMAGE_BYTES + 1);
    oneTooMany.set([0xff, 0xd8, 0xff]);
    const refused = await upload(owner, oneTooMany);
    expect(refused.status).toBe(413);
    expect(refused.body.error.message).toBe(IMAGE_MESSAGES.tooLarge);

    const far = new Uint8Array(MAX_IMAGE_BYTES * 2);
    far.set([0xff, 0xd8, 0xff]);
    const farRefused = await upload(owner, far);
    expect(farRefused.status).toBe(413);
    expect(farRefused.body.error.message).toBe(IMAGE_MESSAGES.tooLarge);
  });

  it('refuses a 30,000 × 30,000 PNG from its header, without decoding it', async () => {
    const owner = await h.user('Bo');
    const bomb = decompressionBomb();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    global.gc?.();
    const before = process.memoryUsage().rss;
    const refused = await upload(owner, bomb, 'bomb.png', 'image/png');
    const grown = process.memoryUsage().rss - before;
    expect(refused.status).toBe(413);
    expect(refused.body.error.message).toBe(IMAGE_MESSAGES.tooManyPixels);
    // Decoded, it would take 900 MB (one byte a pixel); the server (in this process) read its
    // header alone.
    expect(grown).toBeLessThan(150 * 1024 * 1024);
  });

  it('refuses an SVG (with a script), HTML named .png and a broken JPEG, storing nothing', async () => {
    const owner = await h.user('Sal');
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
    );
    const asSvg = await upload(owner, svg, 'x.svg', 'image/svg+xml');
    expect(asSvg.status).toBe(415);
    expect(asSvg.body.error.message).toBe(IMAGE_MESSAGES.wrongType);
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const asPng = await upload(owner, html, 'x.png', 'image/png');
    expect(asPng.status).toBe(415);
    const broken = new Uint8Array(4096).fill(7);
    broken.set([0xff, 0xd8, 0xff, 0xe0]);
    const asJpeg = await upload(owner, broken);
    expect(asJpeg.status).toBe(400);
    expect(asJpeg.body.error.message).toBe(IMAGE_MESSAGES.unreadable);
    const me = await h.me(owner);
    const kept = await h.server.database.db
      .select()
      .from(imageUpload)
      .where(eq(imageUpload.userId, me.id));
    expect(kept).toEqual([]);
  });

  it('asks for a file, a signed-in account and our own origin', async () => {
    const owner = await h.user('Fay');
    const none = await owner.request<ErrorBody>('POST', '/api/images', undefined, {
      form: new FormData(),
    });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe(IMAGE_MESSAGES.noFile);
    const json = await owner.request<ErrorBody>('POST', '/api/images', { file: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.error.message).toBe(IMAGE_MESSAGES.noFile);

    const guest = await h.guest();
    const photo = await photoWithGps(200, 100);
    expect((await upload(guest, photo)).status).toBe(401);
    expect((await upload(h.anonymous(), photo)).status).toBe(401);

    // Another site's form posting with the visitor's cookie: refused by its origin.
    const forged = await owner.request<ErrorBody>('POST', '/api/images', undefined, {
      form: form(photo),
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(await fetch(new URL('/img/not-a-hash.webp', h.url)).then((r) => r.status)).toBe(404);
    expect(await fetch(new URL(`/img/${'0'.repeat(64)}.webp`, h.url)).then((r) => r.status)).toBe(
      404,
    );
  });

  it('holds each account to its uploads an hour and its storage', async () => {
    const busy = await h.user('Uma');
    const colours = ['#111111', '#222222', '#333333', '#444444', '#555555', '#666666', '#777777'];
    const statuses: number[] = [];
    for (const colour of colours) {
      statuses.push((await upload(busy, await photoWithGps(64, 64, colour))).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
    const usage = await busy.request<{ usage: ImageUsage }>('GET', '/api/images/usage');
    expect(usage.status).toBe(200);
    const me = await h.me(busy);
    const rows = await h.server.database.db
      .select({ size: image.size })
      .from(imageUpload)
      .innerJoin(image, eq(image.id, imageUpload.imageId))
      .where(eq(imageUpload.userId, me.id));
    expect(usage.body.usage).toEqual({
      bytes: rows.reduce((sum, row) => sum + row.size, 0),
      maxBytes: 30_000,
      uploadsThisHour: 6,
      maxUploadsPerHour: 6,
    });
    expect(usage.body.usage.bytes).toBeGreaterThan(0);

    // 0.03 MB of storage: a picture of noise does not fit; nothing of it is kept.
    const full = await h.user('Ned');
    const refused = await upload(full, await noisyPng());
    expect(refused.status, JSON.stringify(refused.body)).toBe(429);
    expect(refused.body.error.message).toMatch(/^Your pictures use 0\.03 MB, all of your space\./);
    const count = await h.server.database.db.select({ id: image.id }).from(image);
    expect(count.length).toBeGreaterThan(0);
    const fullMe = await h.me(full);
    expect(
      await h.server.database.db
        .select()
        .from(imageUpload)
        .where(eq(imageUpload.userId, fullMe.id)),
    ).toEqual([]);
    const fresh = await full.request<{ usage: ImageUsage }>('GET', '/api/images/usage');
    expect(fresh.body.usage).toMatchObject({ bytes: 0, uploadsThisHour: 1 });
    const guest = await h.guest();
    expect((await guest.request('GET', '/api/images/usage')).status).toBe(401);
  });

  it('deletes pictures nobody uses a day after their upload; keeps those a game names and hidden ones', async () => {
    const db = h.server.database.db;
    const owner = await h.user('Gil');
    const ids: string[] = [];
    for (const background of ['#102030', '#203040', '#304050']) {
      const square = await sharp({ create: { width: 40, height: 40, channels: 3, background } })
        .png()
        .toBuffer();
      const uploaded = await upload(owner, new Uint8Array(square), 'square.png', 'image/png');
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
      ids.push(uploaded.body.image.id);
    }
    const [used, unused, hidden] = ids as [string, string, string];
    const created = await h.createGame(owner, ['Ant', 'Bee', 'Cat']);
    // An item names a picture, as games keep them.
    await db
      .update(game)
      .set({
        items: created.items.map((item, i) =>
          i === 0 ? { ...item, image: { id: used, alt: 'An ant' } } : item,
        ),
      })
      .where(eq(game.id, created.id));
    await db.update(image).set({ hidden: true }).where(eq(image.id, hidden));
    const bucket = s3
      ? s3Store({
          url: s3.env.S3_URL!,
          region: 'us-east-1',
          accessKeyId: s3.env.S3_ACCESS_KEY_ID!,
          secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY!,
        })
      : undefined;
    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);

    // Within a day of its upload nothing goes (its game may not be created yet).
    expect(await collectUnusedImages(db, { bucket })).toEqual([]);
    const collected = await collectUnusedImages(db, { bucket, now: tomorrow });
    expect(collected.filter((id) => ids.includes(id))).toEqual([unused]);
    expect((await fetch(new URL(`/img/${unused}.webp`, h.url))).status).toBe(404);
    expect(await storedWhere(unused)).toEqual({ inRow: false, inBucket: false });
    expect((await fetch(new URL(`/img/${used}.webp`, h.url))).status).toBe(200);
    expect(
      (await owner.request<{ usage: ImageUsage }>('GET', '/api/images/usage')).body.usage.bytes,
    ).toBeGreaterThan(0);

    // Once its game is deleted, nothing names the picture any more.
    expect((await owner.request('DELETE', `/api/games/${created.id}`)).status).toBe(200);
    const later = await collectUnusedImages(db, { bucket, now: tomorrow });
    expect(later.filter((id) => ids.includes(id))).toEqual([used]);
    expect((await fetch(new URL(`/img/${used}.thumb.webp`, h.url))).status).toBe(404);
    const left = await db.select({ id: image.id }).from(image).where(eq(image.id, hidden));
    expect(left).toEqual([{ id: hidden }]);
  });
});
