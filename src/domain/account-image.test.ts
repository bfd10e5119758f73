import { describe, expect, it } from 'vitest';
import { imageProblem, keptImage } from './account-image';
import { MAX_IMAGE_URL_BYTES } from './limits';

describe('imageProblem', () => {
  it('accepts https addresses up to 2 KB, and none', () => {
    expect(imageProblem(null)).toBeNull();
    expect(imageProblem('https://lh3.googleusercontent.com/a/abc=s96-c')).toBeNull();
    const base = 'https://example.com/';
    expect(imageProblem(base + 'a'.repeat(MAX_IMAGE_URL_BYTES - base.length))).toBeNull();
  });

  it('refuses other schemes, credentials and broken addresses', () => {
    for (const value of [
      'http://example.com/a.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      'ftp://example.com/a.png',
      '//example.com/a.png',
      '/avatar.png',
      'https://user:pass@example.com/a.png',
      'https://',
      '',
    ]) {
      expect(imageProblem(value), value).toBe('notHttps');
    }
  });

  it('refuses more than 2 KB, counted in UTF-8 bytes', () => {
    const base = 'https://example.com/';
    expect(imageProblem(base + 'a'.repeat(MAX_IMAGE_URL_BYTES - base.length + 1))).toBe('tooLong');
    // 'é' is two bytes: fewer characters than the limit, more bytes.
    expect(imageProblem(base + 'é'.repeat(MAX_IMAGE_URL_BYTES / 2))).toBe('tooLong');
    expect(imageProblem('data:image/png;base64,' + 'A'.repeat(200_000))).toBe('tooLong');
  });
});

describe('keptImage', () => {
  it('keeps acceptable pictures and drops the rest', () => {
    expect(keptImage('https://example.com/a.png')).toBe('https://example.com/a.png');
    expect(keptImage('http://example.com/a.png')).toBeNull();
    expect(keptImage(undefined)).toBeNull();
    expect(keptImage(null)).toBeNull();
  });
});
