import { TrieRouter } from 'hono/router/trie-router';
import type { Result } from 'hono/router';
import { describe, expect, it } from 'vitest';
import { SplitRouter } from './router';

/** A match as [handler, params by name] pairs, whichever form the router answered in. */
function resolved<T>(result: Result<T>): [T, Record<string, string>][] {
  const [entries, stash] = result as [[T, Record<string, string | number>][], string[]?];
  return entries.map(([handler, map]) => [
    handler,
    Object.fromEntries(
      Object.entries(map).map(([key, at]) => [key, stash ? stash[at as number]! : String(at)]),
    ),
  ]);
}

const ROUTES: [string, string][] = [
  ['ALL', '*'],
  ['ALL', '/api/*'],
  ['GET', '/api/community'],
  ['GET', '/api/community/reports'],
  ['GET', '/api/community/:rankId'],
  ['GET', '/api/community/:rankId/events'],
  ['POST', '/api/games/:id/duels'],
  ['POST', '/api/games/claim'],
  ['GET', '/api/games/:id/:file{export\\.(?:csv|json)}'],
  ['GET', '/api/games/:id/results'],
  ['PUT', '/api/games/:id/submission'],
  // A pattern with capture groups, which no RegExpRouter takes: the TrieRouter layer's.
  ['GET', '/api/games/:id/pick/:which{(a)|(b)}'],
  ['ALL', '/api/*'],
];

function routers() {
  const split = new SplitRouter<number>();
  const trie = new TrieRouter<number>();
  for (const [index, [method, path]] of ROUTES.entries()) {
    split.add(method, path, index);
    trie.add(method, path, index);
  }
  return { split, trie };
}

describe('SplitRouter', () => {
  it('matches as TrieRouter does: every handler in the routes’ order, with its parameters', () => {
    const { split, trie } = routers();
    const requests: [string, string][] = [
      ['GET', '/api/community/reports'],
      ['GET', '/api/community/r1'],
      ['GET', '/api/community/r1/events'],
      ['GET', '/api/community'],
      ['POST', '/api/games/claim'],
      ['POST', '/api/games/g1/duels'],
      ['GET', '/api/games/g1/export.csv'],
      ['GET', '/api/games/g1/export.xml'],
      ['GET', '/api/games/g1/results'],
      ['PUT', '/api/games/g1/submission'],
      ['DELETE', '/api/games/g1/submission'],
      ['GET', '/api/games/g1/pick/b'],
      ['GET', '/api/games/g1/pick/c'],
      ['GET', '/elsewhere'],
    ];
    for (const [method, path] of requests) {
      expect(resolved(split.match(method, path)), `${method} ${path}`).toEqual(
        resolved(trie.match(method, path)),
      );
    }
    expect(resolved(split.match('GET', '/api/community/reports'))).toEqual([
      [0, {}],
      [1, {}],
      [3, {}],
      [4, { rankId: 'reports' }],
      [12, {}],
    ]);
    expect(resolved(split.match('GET', '/api/games/g1/export.json'))).toEqual([
      [0, {}],
      [1, {}],
      [8, { id: 'g1', file: 'export.json' }],
      [12, {}],
    ]);
    expect(resolved(split.match('GET', '/api/games/g1/pick/a'))).toEqual([
      [0, {}],
      [1, {}],
      [11, { id: 'g1', which: 'a' }],
      [12, {}],
    ]);
  });

  it('refuses routes once it has matched, as Hono’s routers do', () => {
    const { split } = routers();
    split.match('GET', '/');
    expect(() => split.add('GET', '/late', 99)).toThrow(/already built/);
  });
});
