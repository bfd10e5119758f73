import { describe, expect, it } from 'vitest';
import { memoryStore, storageKeys } from '../session/storage';
import {
  applyTheme,
  nextChoice,
  parseChoice,
  readChoice,
  resolveTheme,
  THEME_COLOR,
  writeChoice,
} from './theme';

describe('theme choice', () => {
  it('reads light and dark, and anything else as following the system', () => {
    expect(parseChoice('light')).toBe('light');
    expect(parseChoice('dark')).toBe('dark');
    expect(parseChoice(null)).toBe('system');
    expect(parseChoice('system')).toBe('system');
    expect(parseChoice('purple')).toBe('system');
  });

  it('is remembered; following the system is remembered as nothing stored', () => {
    const store = memoryStore();
    expect(readChoice(store)).toBe('system');
    writeChoice('dark', store);
    expect(store.getItem(storageKeys.theme)).toBe('dark');
    expect(readChoice(store)).toBe('dark');
    writeChoice('light', store);
    expect(readChoice(store)).toBe('light');
    writeChoice('system', store);
    expect(store.getItem(storageKeys.theme)).toBeNull();
    expect(store.size()).toBe(0);
    expect(readChoice(store)).toBe('system');
  });

  it('keeps working without storage', () => {
    expect(readChoice(null)).toBe('system');
    expect(() => writeChoice('dark', null)).not.toThrow();
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readChoice(broken)).toBe('system');
    expect(() => writeChoice('light', broken)).not.toThrow();
  });

  it('resolves the system choice from the preference, and a picked one as picked', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('cycles System → Light → Dark → System', () => {
    expect(nextChoice('system')).toBe('light');
    expect(nextChoice('light')).toBe('dark');
    expect(nextChoice('dark')).toBe('system');
  });
});

describe('applyTheme', () => {
  it('sets data-theme, the color-scheme and the theme-color', () => {
    const metas: Record<string, Record<string, string>> = {
      'meta[name="color-scheme"]': {},
      'meta[name="theme-color"]': {},
    };
    const doc = {
      documentElement: { dataset: {} as Record<string, string | undefined> },
      querySelector: (selector: string) => {
        const attributes = metas[selector];
        return attributes
          ? { setAttribute: (name: string, value: string) => void (attributes[name] = value) }
          : null;
      },
    };
    applyTheme('dark', doc);
    expect(doc.documentElement.dataset.theme).toBe('dark');
    expect(metas['meta[name="color-scheme"]']?.content).toBe('dark');
    expect(metas['meta[name="theme-color"]']?.content).toBe(THEME_COLOR.dark);
    applyTheme('light', doc);
    expect(doc.documentElement.dataset.theme).toBe('light');
    expect(metas['meta[name="theme-color"]']?.content).toBe(THEME_COLOR.light);
  });

  it('uses the colours index.html sets before the first paint', async () => {
    const { readFile } = await import('node:fs/promises');
    const html = await readFile(new URL('../../index.html', import.meta.url), 'utf8');
    expect(html).toContain(`'${storageKeys.theme}'`);
    expect(html).toContain(`'${THEME_COLOR.dark}'`);
    expect(html).toContain(`'${THEME_COLOR.light}'`);
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLOR.light}" />`);
  });
});
