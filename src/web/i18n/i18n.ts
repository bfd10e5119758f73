/**
 * Internationalisation (issue 14; decision 0023): @nanostores/i18n. Every user-facing string is
 * defined in a message catalog (`i18n/messages/<feature>.ts`): one `i18n(name, {...})` block per
 * part of a screen, whose English is the base language, typed, so `t.title` is checked by tsc.
 * A component imports its catalog, so the words travel in that component's chunk. Another
 * language is flat JSON with the same names, loaded on demand by `get`.
 * Dates, numbers and relative times go through `Intl` (format.ts), never hand-written.
 */
import { createI18n } from '@nanostores/i18n';
import { useStore } from '@nanostores/react';
import { atom, type ReadableAtom } from 'nanostores';

/** Languages with a complete catalog. */
export const LANGUAGES = ['en'] as const;

/** The language the app speaks now (BCP 47), for the catalogs, `Intl` and `<html lang>`. */
export const locale = atom<string>('en');

export const i18n = createI18n(locale, {
  baseLocale: 'en',
  // Only English exists yet: nothing to download.
  get: () => Promise.resolve({}),
});

/** A catalog's messages in the current language, re-rendering when the language changes. */
export function useText<Messages>(catalog: ReadableAtom<Messages>): Messages {
  return useStore(catalog);
}
