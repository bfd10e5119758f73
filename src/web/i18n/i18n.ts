/**
 * Internationalisation (issue 14): i18next with react-i18next. Every user-facing string lives in
 * a message catalog, one namespace per feature (`i18n/en/<namespace>.ts`), registered by its
 * feature's code when that code loads, so a page's strings travel in the page's own chunk.
 * English is complete and bundled; another language adds `i18n/<lng>/` and loads it on demand.
 * Dates, numbers and relative times go through `Intl` (format.ts), never hand-written.
 */
import { createInstance, type Resource } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import common from './en/common';
import shell from './en/shell';
import type { Namespace } from './namespaces';

/** Languages with a complete catalog. */
export const LANGUAGES = ['en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const i18n = createInstance();

void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  // The shell's own words come with the entry; a feature registers its catalog with its code.
  resources: { en: { common, shell } } satisfies Resource,
  // The catalogs are in the bundle: ready before the first render, nothing to wait for.
  initAsync: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

/**
 * Adds a namespace's English messages (called once by the catalog's own module; repeated calls,
 * e.g. from hot reload, replace them). Returns the catalog, so the module can export it.
 */
export function registerCatalog<T extends Record<string, unknown>>(
  namespace: Namespace,
  messages: T,
): T {
  i18n.addResourceBundle('en', namespace, messages, true, true);
  return messages;
}

/** The translate function for one namespace, re-rendering when the language changes. */
export function useText(namespace: Namespace) {
  return useTranslation(namespace, { i18n }).t;
}

/** The language the app speaks now (BCP 47), for `Intl` and `<html lang>`. */
export function currentLanguage(): string {
  return i18n.resolvedLanguage ?? 'en';
}
