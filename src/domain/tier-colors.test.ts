import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luminance, textOn } from './tier-colors';

describe('textOn', () => {
  it('puts dark text on light colours and light text on dark ones', () => {
    expect(textOn('#ffffff')).toBe('dark');
    expect(textOn('#ff7f7f')).toBe('dark');
    expect(textOn('#ffdf7f')).toBe('dark');
    expect(textOn('#000000')).toBe('light');
    expect(textOn('#1e3a8a')).toBe('light');
    expect(textOn('not a colour')).toBe('dark');
  });

  it('always picks text with a contrast ratio of at least 4.5 : 1', () => {
    const hex = fc
      .integer({ min: 0, max: 0xffffff })
      .map((n) => `#${n.toString(16).padStart(6, '0')}`);
    fc.assert(
      fc.property(hex, (color) => {
        const l = luminance(color) ?? 0;
        const ratio = textOn(color) === 'dark' ? (l + 0.05) / 0.05 : 1.05 / (l + 0.05);
        expect(ratio).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });
});
