/**
 * The common-password list (common-passwords.txt beside this file, made by
 * scripts/common-passwords.mjs): read once, on the first password checked, into a Set.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { commonPasswordKey } from '../../../domain/passwords';
import { PROJECT_ROOT } from '../../platform/project-root';

/** From the project root, so the bundled server (dist/server) finds it too. */
export const COMMON_PASSWORDS_FILE = path.join(
  PROJECT_ROOT,
  'src/server/auth/account/common-passwords.txt',
);

let list: Set<string> | null = null;

function load(): Set<string> {
  const lines = readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n');
  return new Set(lines.map(commonPasswordKey).filter((line) => line !== ''));
}

/** Whether `key` (a password's `commonPasswordKey`) is one of the common passwords. */
export function isCommonPassword(key: string): boolean {
  list ??= load();
  return list.has(key);
}
