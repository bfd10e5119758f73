/**
 * The README's configuration table lists every environment variable src/server/config.ts reads,
 * and nothing it does not (docs/deploy.md promises the table is complete). The names config.ts
 * reads are taken twice: from its source (the schema's keys and any `env.NAME`), and by running
 * loadConfig on an environment that records every name asked for, so a change in how config.ts
 * is written cannot make the source parse silently find nothing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/** Names config.ts's source reads: its schema's keys (`  NAME: z…`) and `env.NAME`/`env['NAME']`. */
function namesInSource(source: string): Set<string> {
  const names = new Set<string>();
  for (const match of source.matchAll(/^\s+([A-Z][A-Z0-9_]*)\s*:/gm)) names.add(match[1]!);
  for (const match of source.matchAll(
    /\benv(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g,
  )) {
    names.add((match[1] ?? match[2])!);
  }
  return names;
}

/** Names loadConfig asks its environment for, with nothing set. */
function namesReadAtRunTime(): Set<string> {
  const names = new Set<string>();
  const env = new Proxy({} as Record<string, string | undefined>, {
    get(target, key) {
      if (typeof key === 'string' && ENV_NAME.test(key)) names.add(key);
      return Reflect.get(target, key);
    },
  });
  loadConfig(env);
  return names;
}

/** The variables named in the first column of the table under README's "## Configuration". */
function namesInReadmeTable(readme: string): Set<string> {
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    const firstCell = /^\|([^|]*)\|/.exec(line)?.[1];
    if (!firstCell) continue;
    for (const match of firstCell.matchAll(/`([^`]+)`/g)) names.add(match[1]!);
  }
  return names;
}

const sorted = (names: Iterable<string>) => [...names].sort();

describe('the README lists every setting', () => {
  const inSource = namesInSource(read('src/server/config.ts'));
  const atRunTime = namesReadAtRunTime();
  const inReadme = namesInReadmeTable(read('README.md'));

  it('finds the settings config.ts reads, in its source and when it runs', () => {
    expect(atRunTime.size).toBeGreaterThan(30);
    expect(atRunTime.has('PORT')).toBe(true);
    expect(sorted(inSource)).toEqual(sorted(atRunTime));
  });

  it('has a row for every variable config.ts reads', () => {
    const readByConfig = new Set([...inSource, ...atRunTime]);
    const missing = sorted([...readByConfig].filter((name) => !inReadme.has(name)));
    expect(missing, 'add these to the table under "## Configuration" in README.md').toEqual([]);
  });

  it('has no row for a variable config.ts does not read', () => {
    const extra = sorted([...inReadme].filter((name) => !inSource.has(name)));
    expect(extra, 'config.ts does not read these README rows').toEqual([]);
  });
});
