import { messagesToJSON } from '@nanostores/i18n';
import { describe, expect, it } from 'vitest';
import { commonText } from './messages/common';
import * as shell from './messages/shell';

const catalogs = messagesToJSON(commonText, ...Object.values(shell));

/** Every message of a component, by its dotted key (plural forms included). */
function messages(tree: unknown, prefix = ''): [string, unknown][] {
  if (tree === null || typeof tree !== 'object') return [[prefix, tree]];
  return Object.entries(tree).flatMap(([key, value]) =>
    messages(value, prefix ? `${prefix}.${key}` : key),
  );
}

describe('the English catalogs', () => {
  it('hold a non-empty string for every message, with well-formed placeholders', () => {
    expect(Object.keys(catalogs).length).toBeGreaterThan(5);
    for (const [component, catalog] of Object.entries(catalogs)) {
      for (const [key, value] of messages(catalog)) {
        const where = `${component}:${key}`;
        expect(typeof value, where).toBe('string');
        expect((value as string).trim(), where).not.toBe('');
        // Every { has its } around a name: a typo would show braces to people.
        const text = (value as string).replace(/\{\w+\}/g, '');
        expect(text, where).not.toMatch(/[{}]/);
      }
    }
  });

  it('name each component once', () => {
    const names = [commonText, ...Object.values(shell)].map(
      (catalog) => (catalog as unknown as { component: string }).component,
    );
    expect(new Set(names).size).toBe(names.length);
  });

  it('are what the app says, with values and plurals filled in', () => {
    const header = shell.headerText.get();
    expect(header.level({ level: 3 })).toBe('Lv. 3');
    expect(header.crowns(1)).toBe(' crown');
    expect(header.crowns(5)).toBe(' crowns');
    expect(commonText.get().pageTitle({ title: 'Not found' })).toBe('Not found · Crowned');
  });
});
