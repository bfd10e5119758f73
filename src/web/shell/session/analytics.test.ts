import { describe, expect, it } from 'vitest';
import { sharedGameOf } from './analytics';

describe('sharedGameOf', () => {
  it('names the game a share link opened', () => {
    expect(sharedGameOf('https://crowned.example/g/abc123?fromShare=1')).toBe('abc123');
    expect(sharedGameOf('https://crowned.example/g/best%20pizza/play?x=1&fromShare=1')).toBe(
      'best pizza',
    );
  });

  it('is null for any other visit', () => {
    expect(sharedGameOf('https://crowned.example/g/abc123')).toBeNull();
    expect(sharedGameOf('https://crowned.example/g/abc123?fromShare=0')).toBeNull();
    expect(sharedGameOf('https://crowned.example/community?fromShare=1')).toBeNull();
    expect(sharedGameOf('not a url')).toBeNull();
  });
});
