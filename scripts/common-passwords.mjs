// Writes src/server/auth/account/common-passwords.txt: the 10,000 most common passwords, lower case,
// one a line, most common first. The server refuses them as new passwords (src/domain/passwords.ts).
//
// Source: the `passwords.json` ranked list of the npm package @zxcvbn-ts/language-common (MIT,
// copyright Dan Wheeler, Dropbox, Inc. and @zxcvbn-ts), itself drawn from leaked-password
// frequency lists. The package is fetched with `npm pack` into a temporary directory only while
// this runs: it is not a dependency of Crowned.
//
//   node scripts/common-passwords.mjs            # the pinned version below
//   node scripts/common-passwords.mjs 4.2.0      # another version of the package
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PACKAGE = '@zxcvbn-ts/language-common';
const VERSION = process.argv[2] ?? '4.1.3';
const COUNT = 10_000;

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'src/server/auth/account/common-passwords.txt');
const work = mkdtempSync(path.join(tmpdir(), 'common-passwords-'));
try {
  const tarball = execFileSync('npm', ['pack', `${PACKAGE}@${VERSION}`, '--silent'], {
    cwd: work,
    encoding: 'utf8',
  }).trim();
  execFileSync('tar', ['xzf', tarball, 'package/src/passwords.json'], { cwd: work });
  const ranked = JSON.parse(readFileSync(path.join(work, 'package/src/passwords.json'), 'utf8'));
  const seen = new Set();
  for (const entry of ranked) {
    const password = String(entry).toLowerCase();
    // One a line: a line break inside an entry would make two.
    if (password === '' || /[\r\n]/.test(password)) continue;
    seen.add(password);
    if (seen.size === COUNT) break;
  }
  writeFileSync(out, `${[...seen].join('\n')}\n`);
  console.log(`${seen.size} passwords from ${PACKAGE}@${VERSION} written to ${out}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
