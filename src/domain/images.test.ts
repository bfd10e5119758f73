import { describe, expect, it } from 'vitest';
import { imagePaths, pixelsRefusal, sniffImageType, storageFullMessage } from './images';

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(
    values.flatMap((value) =>
      typeof value === 'number' ? [value] : Array.from(value, (c) => c.charCodeAt(0)),
    ),
  );

describe('sniffImageType', () => {
  it('knows the five formats by their first bytes', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImageType(bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffImageType(bytes('GIF89a'))).toBe('gif');
    expect(sniffImageType(bytes('GIF87a'))).toBe('gif');
    expect(sniffImageType(bytes('RIFF', 0, 0, 0, 0, 'WEBP'))).toBe('webp');
    expect(sniffImageType(bytes(0, 0, 0, 0x1c, 'ftypavif'))).toBe('avif');
    expect(sniffImageType(bytes(0, 0, 0, 0x1c, 'ftypavis'))).toBe('avif');
  });

  it('refuses SVG, HTML, HEIC, a RIFF that is not WebP, and nothing at all', () => {
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(sniffImageType(bytes('<?xml version="1.0"?><svg>'))).toBeNull();
    expect(sniffImageType(bytes('<html>'))).toBeNull();
    expect(sniffImageType(bytes(0, 0, 0, 0x18, 'ftypheic'))).toBeNull();
    expect(sniffImageType(bytes('RIFF', 0, 0, 0, 0, 'WAVE'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
  });
});

describe('limits and words', () => {
  it('refuses more than 40 megapixels, whatever the shape', () => {
    expect(pixelsRefusal(8000, 5000)).toBeNull();
    expect(pixelsRefusal(8000, 5001)).toBe('Pictures can be up to 40 megapixels');
    expect(pixelsRefusal(30_000, 30_000)).not.toBeNull();
  });

  it('says how much space an account has', () => {
    expect(storageFullMessage(500_000_000)).toMatch(/^Your pictures use 500 MB, all/);
    expect(storageFullMessage(1_500_000)).toMatch(/use 1\.5 MB/);
    expect(storageFullMessage(30_000)).toMatch(/use 0\.03 MB/);
  });

  it('addresses the two sizes by the picture id', () => {
    expect(imagePaths('ab')).toEqual({ url: '/img/ab.webp', thumbUrl: '/img/ab.thumb.webp' });
  });
});
