/**
 * The app's router (http/router.ts, decision 0078) matches every route of the app exactly as
 * Hono's TrieRouter, which routed it before: for a path made from each route's pattern, and for
 * each method, the same handlers in the same order with the same parameters. Routing does not
 * depend on the database: PGlite alone.
 */
import type { Result } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { SplitRouter } from '../../src/server/http/router';
import { useServer } from './harness';

/** A match as [route index, params by name] pairs, whichever form the router answered in. */
function resolved(result: Result<number>): [number, Record<string, string>][] {
  const [entries, stash] = result as [[number, Record<string, string | number>][], string[]?];
  return entries.map(([handler, map]) => [
    handler,
    Object.fromEntries(
      Object.entries(map).map(([key, at]) => [key, stash ? stash[at as number]! : String(at)]),
    ),
  ]);
}

/** Values tried for a parameter with its own pattern (`:file{export\.(?:csv|json)}`). */
const SAMPLES = ['export.csv', 'export.json', 'card.png', 'p1'];

/** A path the pattern matches: each parameter a value, a wildcard two segments. */
function pathOf(pattern: string): string {
  return pattern
    .replace(/:(\w+)\{([^}]+)\}/g, (_, _name: string, regexp: string) => {
      const sample = SAMPLES.find((value) => new RegExp(`^(?:${regexp})$`).test(value));
      if (!sample) throw new Error(`no sample for ${pattern}`);
      return sample;
    })
    .replace(/:(\w+)/g, (_, name: string) => `${name}-1`)
    .replace(/\*$/, 'any/thing');
}

describe('routing', () => {
  const h = useServer('pglite');

  it('matches every route of the app as TrieRouter did', () => {
    const { routes } = h.server;
    expect(routes.length).toBeGreaterThan(100);
    const split = new SplitRouter<number>();
    const trie = new TrieRouter<number>();
    for (const [index, { method, path }] of routes.entries()) {
      split.add(method, path, index);
      trie.add(method, path, index);
    }
    const paths = new Set(routes.map((route) => pathOf(route.path)));
    for (const extra of ['/', '/api', '/api/', '/api/nothing/here', '/api/games/g1/export.xml'])
      paths.add(extra);
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
    let matched = 0;
    for (const path of paths) {
      for (const method of methods) {
        const expected = resolved(trie.match(method, path));
        expect(resolved(split.match(method, path)), `${method} ${path}`).toEqual(expected);
        matched += expected.length;
      }
    }
    expect(matched).toBeGreaterThan(paths.size);
  });
});
