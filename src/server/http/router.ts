/**
 * The app's router (decision 0078). Hono's RegExpRouter matches a path with one regular
 * expression, but refuses a literal segment beside a parameter (`POST /api/games/claim` beside
 * `POST /api/games/:id/duels`, `/api/community/reports` beside `/api/community/:rankId`), and
 * Hono's default then routes everything with its TrieRouter, several times slower per request.
 * This router gives a RegExpRouter every route it takes and a second one (and so on) the few the
 * first refuses, and answers their matches in the order the routes were added, as one router
 * would. A route no RegExpRouter takes at all goes to a TrieRouter, the last layer.
 */
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { TrieRouter } from 'hono/router/trie-router';
import { UnsupportedPathError, type Params, type Result, type Router } from 'hono/router';

type Route<T> = { method: string; path: string; handler: T };

/** A RegExpRouter of as many of `routes` as it takes (in their order), and the ones it refused. */
function regExpLayer<T>(routes: Route<T>[]): { router: RegExpRouter<T>; refused: Route<T>[] } {
  const refused = new Set<Route<T>>();
  for (;;) {
    // A refusal leaves a RegExpRouter half-made: it is made again without the refused route.
    const router = new RegExpRouter<T>();
    const made = routes.every((route) => {
      if (refused.has(route)) return true;
      try {
        router.add(route.method, route.path, route.handler);
        return true;
      } catch (error) {
        if (!(error instanceof UnsupportedPathError)) throw error;
        refused.add(route);
        return false;
      }
    });
    if (made) return { router, refused: routes.filter((route) => refused.has(route)) };
  }
}

/** A match's handlers with their parameters by name, whichever form its router answered in. */
function byName<T>(result: Result<T>): [T, Params][] {
  const [entries, stash] = result as [[T, Record<string, number | string>][], string[]?];
  return entries.map(([handler, map]) => {
    const params: Params = {};
    for (const key in map) params[key] = stash ? stash[map[key] as number]! : (map[key] as string);
    return [handler, params];
  });
}

export class SplitRouter<T> implements Router<T> {
  name = 'SplitRouter';
  #routes: Route<T>[] | undefined = [];
  /** Each handler's place among the routes (Hono adds each route its own handler entry). */
  #order = new Map<T, number>();
  #layers: Router<T>[] = [];

  add(method: string, path: string, handler: T): void {
    if (!this.#routes) throw new Error('Can not add a route since the matcher is already built.');
    this.#order.set(handler, this.#routes.length);
    this.#routes.push({ method, path, handler });
  }

  /** The layers, made at the first match (as Hono's own routers build their matchers then). */
  #build(routes: Route<T>[]): void {
    let rest = routes;
    while (rest.length > 0) {
      const { router, refused } = regExpLayer(rest);
      if (refused.length === rest.length) break;
      this.#layers.push(router);
      rest = refused;
    }
    if (rest.length === 0) return;
    const trie = new TrieRouter<T>();
    for (const route of rest) trie.add(route.method, route.path, route.handler);
    this.#layers.push(trie);
  }

  match(method: string, path: string): Result<T> {
    if (this.#routes) {
      this.#build(this.#routes);
      this.#routes = undefined;
    }
    const layers = this.#layers;
    let found: Result<T> | undefined;
    let merged: [T, Params][] | undefined;
    for (let i = 0; i < layers.length; i++) {
      const result = layers[i]!.match(method, path);
      if (result[0].length === 0) continue;
      if (!found) found = result;
      else merged = [...(merged ?? byName(found)), ...byName(result)];
    }
    if (!merged) return found ?? [[], []];
    // Matched in more than one layer: one list in the routes' order, parameters by name.
    const order = (entry: [T, Params]) => this.#order.get(entry[0])!;
    return [merged.sort((a, b) => order(a) - order(b))];
  }
}
