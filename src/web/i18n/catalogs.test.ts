import { describe, expect, it } from 'vitest';
import common from './en/common';
import shell from './en/shell';
import { i18n } from './i18n';

const catalogs: Record<string, Record<string, unknown>> = { common, shell };

/** Every message of a catalog, by its dotted key. */
function messages(tree: Record<string, unknown>, prefix = ''): [string, unknown][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? messages(value as Record<string, unknown>, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

describe('the English catalogs', () => {
  it('hold a non-empty string for every message, with well-formed placeholders', () => {
    for (const [namespace, catalog] of Object.entries(catalogs)) {
      for (const [key, value] of messages(catalog)) {
        expect(typeof value, `${namespace}:${key}`).toBe('string');
        expect((value as string).trim(), `${namespace}:${key}`).not.toBe('');
        // Every {{ has its }} and names a value: a typo would show braces to people.
        const open = (value as string).split('{{').length;
        expect((value as string).split('}}').length, `${namespace}:${key}`).toBe(open);
        expect(value as string, `${namespace}:${key}`).not.toMatch(/\{\{\s*\}\}/);
      }
    }
  });

  it('give every plural both its one and other forms', () => {
    for (const [namespace, catalog] of Object.entries(catalogs)) {
      const keys = messages(catalog).map(([key]) => key);
      for (const key of keys.filter((k) => /_(one|other)$/.test(k))) {
        const stem = key.replace(/_(one|other)$/, '');
        expect(keys, `${namespace}:${stem}`).toContain(`${stem}_one`);
        expect(keys, `${namespace}:${stem}`).toContain(`${stem}_other`);
      }
    }
  });

  it('are what the app says, interpolated and pluralised', () => {
    expect(i18n.t('shell:header.level', { level: 3 })).toBe('Lv. 3');
    expect(i18n.t('shell:header.crowns', { count: 1 })).toBe(' crown');
    expect(i18n.t('shell:header.crowns', { count: 5 })).toBe(' crowns');
    expect(i18n.t('common:pageTitle', { title: 'Not found' })).toBe('Not found · Crowned');
  });
});
