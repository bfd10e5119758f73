/**
 * The app's router (decision 0078). Hono's RegExpRouter matches a path with one regular
 * expression, but refuses a literal segment beside a parameter (`POST /api/games/claim` beside
 * `POST /api/games/:id/duels`, `/api/community/reports` beside `/api/community/:rankId`), and
 * Hono's default then routes everything with its TrieRouter, several times slower per request.
 * This router gives RegExpRouter every route it takes and a TrieRouter the few it refuses, and
 * answers both routers' matches in the order the routes were added, as one router would.
 */
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { TrieRouter } from 'hono/router/trie-router';
import { UnsupportedPathError, type Params, type Result, type Router } from 'hono/router';

type Route<T> = { method: string; path: string; handler: T };

export class SplitRouter<T> implements Router<T> {
  name = 'SplitRouter';
  #routes: Route<T>[] | undefined = [];
  /** Each handler's place among the routes (Hono adds each route its own handler entry). */
  #order = new Map<T, number>();
  #fast!: RegExpRouter<T>;
  /** The routes RegExpRouter refuses; undefined when there are none. */
  #rest: TrieRouter<T> | undefined;

  add(method: string, path: string, handler: T): void {
    if (!this.#routes) throw new Error('Can not add a route since the matcher is already built.');
    this.#order.set(handler, this.#routes.length);
    this.#routes.push({ method, path, handler });
  }

  /** The routers, made at the first match (as Hono's own routers build their matchers then). */
  #build(routes: Route<T>[]): void {
    const refused = new Set<Route<T>>();
    for (let made = false; !made;) {
      // A refusal leaves a RegExpRouter half-made: it is made again without the refused route.
      const fast = new RegExpRouter<T>();
      made = routes.every((route) => {
        if (refused.has(route)) return true;
        try {
          fast.add(route.method, route.path, route.handler);
          return true;
        } catch (error) {
          if (!(error instanceof UnsupportedPathError)) throw error;
          refused.add(route);
          return false;
        }
      });
      this.#fast = fast;
    }
    if (refused.size === 0) return;
    const rest = new TrieRouter<T>();
    for (const route of routes)
      if (refused.has(route)) rest.add(route.method, route.path, route.handler);
    this.#rest = rest;
  }

  match(method: string, path: string): Result<T> {
    if (this.#routes) {
      this.#build(this.#routes);
      this.#routes = undefined;
    }
    const fast = this.#fast.match(method, path);
    const rest = this.#rest?.match(method, path)[0];
    if (!rest || rest.length === 0) return fast;
    // A refused route matched: one list in the routes' order, parameters by name (TrieRouter's form).
    const [entries, stash] = fast as [[T, Record<string, number | string>][], string[]?];
    const resolved = entries.map(([handler, map]): [T, Params] => {
      const params: Params = {};
      for (const key in map)
        params[key] = stash ? stash[map[key] as number]! : (map[key] as string);
      return [handler, params];
    });
    const order = (entry: [T, Params]) => this.#order.get(entry[0])!;
    return [[...resolved, ...(rest as [T, Params][])].sort((a, b) => order(a) - order(b))];
  }
}
