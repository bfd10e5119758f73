import { describe, expect, it } from 'vitest';
import { allowedChannel, playsSubject } from './notifications';

describe('notifications', () => {
  it('counts people in the digest subject', () => {
    expect(playsSubject(1, 'Best pasta shape')).toBe('1 person played Best pasta shape');
    expect(playsSubject(12, 'Best pasta shape')).toBe('12 people played Best pasta shape');
  });

  it('lets guests choose push or off, never e-mail', () => {
    expect(allowedChannel('email', true)).toBe(false);
    expect(allowedChannel('push', true)).toBe(true);
    expect(allowedChannel('off', true)).toBe(true);
    expect(allowedChannel('email', false)).toBe(true);
  });
});
