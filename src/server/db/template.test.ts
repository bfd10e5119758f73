import { describe, expect, it } from 'vitest';
import { isGzip, parseTarHeader } from './template';

/** A 512-byte tar header with the given fields (ustar unless `magic` is empty). */
function header(fields: { name: string; type: string; size?: number; prefix?: string }) {
  const block = new Uint8Array(512);
  const put = (at: number, value: string) => block.set(new TextEncoder().encode(value), at);
  put(0, fields.name);
  put(100, '0000600\0');
  put(124, `${(fields.size ?? 0).toString(8).padStart(11, '0')}\0`);
  put(156, fields.type);
  put(257, 'ustar\0');
  if (fields.prefix) put(345, fields.prefix);
  return block;
}

describe('parseTarHeader', () => {
  it('reads a file, a directory, a ustar prefix; a zero block ends the archive', () => {
    expect(parseTarHeader(header({ name: '/base/5/1255', type: '0', size: 835_584 }))).toEqual({
      name: 'base/5/1255',
      type: 'file',
      size: 835_584,
      mode: 0o600,
    });
    expect(parseTarHeader(header({ name: '/pg_wal', type: '5', size: 0 }))?.type).toBe('dir');
    expect(parseTarHeader(header({ name: '1255', type: '0', prefix: 'base/5' }))?.name).toBe(
      'base/5/1255',
    );
    expect(parseTarHeader(new Uint8Array(512))).toBeNull();
  });

  it('refuses a path out of its root and any kind but files and directories', () => {
    expect(() => parseTarHeader(header({ name: '../etc/passwd', type: '0' }))).toThrow(/outside/);
    expect(() => parseTarHeader(header({ name: 'base/../../x', type: '0' }))).toThrow(/outside/);
    expect(() => parseTarHeader(header({ name: 'link', type: '2' }))).toThrow(/type '2'/);
    expect(() => parseTarHeader(new Uint8Array(100))).toThrow(/512 bytes/);
  });
});

describe('isGzip', () => {
  it('knows gzip by its first two bytes', () => {
    expect(isGzip(new Uint8Array([0x1f, 0x8b, 8]))).toBe(true);
    expect(isGzip(new TextEncoder().encode('/pg_wal'))).toBe(false);
  });
});
