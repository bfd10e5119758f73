import { describe, expect, it } from 'vitest';
import { allowedChannel, dailySubject, playsSubject, settingKindOf } from './notifications';

describe('notifications', () => {
  it('counts people in the digest subject', () => {
    expect(playsSubject(1, 'Best pasta shape')).toBe('1 person played Best pasta shape');
    expect(playsSubject(12, 'Best pasta shape')).toBe('12 people played Best pasta shape');
  });

  it("names one rank in a daily digest's subject, or counts the ranks", () => {
    expect(dailySubject([{ plays: 2, prompt: 'Trees' }])).toBe('2 people played Trees');
    expect(
      dailySubject([
        { plays: 2, prompt: 'Trees' },
        { plays: 1, prompt: 'Drinks' },
      ]),
    ).toBe('3 people played 2 of your ranks');
  });

  it('sends a daily digest as the plays setting says', () => {
    expect(settingKindOf('daily')).toBe('plays');
    expect(settingKindOf('closed')).toBe('closed');
  });

  it('lets guests choose push or off, never e-mail', () => {
    expect(allowedChannel('email', true)).toBe(false);
    expect(allowedChannel('push', true)).toBe(true);
    expect(allowedChannel('off', true)).toBe(true);
    expect(allowedChannel('email', false)).toBe(true);
  });
});
