/**
 * The games' routes, mounted at /api/games: the writes (write-routes.ts) and the reads with the
 * live stream (read-routes.ts), sharing the per-instance game state.
 */
import { Hono } from 'hono';
import type { AuthEnv } from '../auth/public';
import { gameReadRoutes, type GameReadDeps } from './read-routes';
import { gameWriteRoutes, type GameWriteDeps } from './write-routes';

export type GamesDeps = GameReadDeps & GameWriteDeps;

export function gamesRoutes(deps: GamesDeps) {
  return new Hono<AuthEnv>().route('/', gameWriteRoutes(deps)).route('/', gameReadRoutes(deps));
}
