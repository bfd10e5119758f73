/**
 * How the built web app is delivered: its assets are sent precompressed (brotli or gzip, as the
 * browser accepts), byte for byte the same once decompressed, and cached for good (their names
 * carry their hash). No browser needed: plain HTTP against the real server.
 */
import { readFile } from 'node:fs/promises';
import { get, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_WEB_ROOT } from '../src/server/server';
import type { TestServer } from '../test/support/server';
import { startAppServer } from './support/harness';

describe('web app delivery', () => {
  let server: TestServer;
  let entry: string;

  beforeAll(async () => {
    server = await startAppServer();
    const html = await (await fetch(`${server.url}/`)).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html);
    expect(script, 'the page loads its entry script').not.toBeNull();
    entry = script![1]!;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The raw bytes as sent (fetch would decompress them). */
  const fetchAsset = (encoding: string) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) => {
        get(`${server.url}${entry}`, { headers: { 'accept-encoding': encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
          response.on('error', reject);
        }).on('error', reject);
      },
    );

  it('sends the entry script brotli-compressed, gzip-compressed, or plain, as accepted', async () => {
    const plain = await readFile(path.join(DEFAULT_WEB_ROOT, entry));

    const br = await fetchAsset('gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.body.length).toBeLessThan(plain.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);

    const gz = await fetchAsset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.length).toBeLessThan(plain.length / 2);
    expect(gunzipSync(gz.body).equals(plain)).toBe(true);

    const identity = await fetchAsset('identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.equals(plain)).toBe(true);
  });
});
