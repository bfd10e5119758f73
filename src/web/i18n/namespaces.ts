/**
 * The message catalogs, by namespace: one per feature, plus `common` for words every screen uses.
 * Their types make `t` check its keys (i18next's CustomTypeOptions, below).
 */
import type common from './en/common';
import type shell from './en/shell';

export type Catalogs = {
  common: typeof common;
  shell: typeof shell;
};

export type Namespace = keyof Catalogs;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Catalogs;
  }
}
