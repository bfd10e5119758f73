/** Pictures for integration tests (issue 26): small PNGs of one colour, uploaded as a client. */
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestClient } from '../support/client';

/** A small PNG of one colour (a CSS colour), made on the spot. */
async function png(
  background: string,
  size: { width: number; height: number } = { width: 24, height: 16 },
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await sharp({ create: { ...size, channels: 3, background } })
    .png()
    .toBuffer();
  return new Uint8Array(bytes);
}

/**
 * Uploads a PNG of that colour as `client`; its picture id. Pictures are stored by content, so
 * the same colour (and size) is the same picture, whoever uploads it.
 */
export async function uploadPicture(
  client: TestClient,
  background: string,
  size?: { width: number; height: number },
): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([await png(background, size)], { type: 'image/png' }), 'square.png');
  const answer = await client.request<{ image: { id: string } }>('POST', '/api/images', undefined, {
    form,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.image.id;
}
