/**
 * Light and dark mode (issue 14). The theme follows the system (`prefers-color-scheme`) unless
 * the visitor picked one, which is remembered in local storage. index.html's inline script
 * applies the stored choice before the first paint (no flash); this module keeps it applied
 * afterwards: on a new choice, on a system change, and on a choice made in another tab.
 * The resolved theme is `data-theme` on <html>; tokens.css has the palettes.
 */
import { useSyncExternalStore } from 'react';
import { localStore, readItem, removeItem, storageKeys, writeItem } from '../session/storage';
import type { KeyValueStore } from '../session/storage';

export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** The browser's UI colour per theme (matches the header); index.html's script uses the same. */
export const THEME_COLOR: Record<Theme, string> = { light: '#2a1b5e', dark: '#160d33' };

const DARK_QUERY = '(prefers-color-scheme: dark)';

export function parseChoice(value: string | null): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function readChoice(storage: KeyValueStore | null = localStore()): ThemeChoice {
  return parseChoice(readItem(storage, storageKeys.theme));
}

/** 'system' is remembered as no value, so a new system preference is followed at once. */
export function writeChoice(choice: ThemeChoice, storage: KeyValueStore | null = localStore()) {
  if (choice === 'system') removeItem(storage, storageKeys.theme);
  else writeItem(storage, storageKeys.theme, choice);
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  return choice === 'system' ? (systemDark ? 'dark' : 'light') : choice;
}

/** The header's cycling order: System → Light → Dark → System. */
export function nextChoice(choice: ThemeChoice): ThemeChoice {
  return THEME_CHOICES[(THEME_CHOICES.indexOf(choice) + 1) % THEME_CHOICES.length] ?? 'system';
}

/** The part of `document` the theme touches; tests pass a fake. */
type ThemeDocument = {
  documentElement: { dataset: Record<string, string | undefined> };
  querySelector(selector: string): { setAttribute(name: string, value: string): void } | null;
};

export function applyTheme(theme: Theme, doc: ThemeDocument = document): void {
  doc.documentElement.dataset.theme = theme;
  doc.querySelector('meta[name="color-scheme"]')?.setAttribute('content', theme);
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[theme]);
}

let query: MediaQueryList | null | undefined;

/** One list for the page, so the change listener added is the one removed. */
function systemQuery(): MediaQueryList | null {
  query ??=
    typeof window !== 'undefined' && typeof window.matchMedia === 'function'
      ? window.matchMedia(DARK_QUERY)
      : null;
  return query;
}

const listeners = new Set<() => void>();
let current: ThemeChoice | null = null;

function choice(): ThemeChoice {
  current ??= readChoice();
  return current;
}

function refresh(): void {
  applyTheme(resolveTheme(choice(), systemQuery()?.matches ?? false));
  for (const listener of listeners) listener();
}

/** Picks a theme: remembered, applied at once, and shown by every toggle. */
export function setThemeChoice(next: ThemeChoice): void {
  writeChoice(next);
  current = next;
  refresh();
}

function onStorage(event: StorageEvent): void {
  if (event.key !== storageKeys.theme && event.key !== null) return;
  current = parseChoice(event.newValue);
  refresh();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    systemQuery()?.addEventListener('change', refresh);
    window.addEventListener('storage', onStorage);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      systemQuery()?.removeEventListener('change', refresh);
      window.removeEventListener('storage', onStorage);
    }
  };
}

/** The current choice, kept applied (system changes followed live) while a component uses it. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, choice, () => 'system');
}
