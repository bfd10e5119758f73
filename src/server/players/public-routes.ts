/** HTTP adapter for public player profiles: `GET /api/users/:handle`. */
import { Hono } from 'hono';
import type { AuthEnv } from '../auth';
import type { Db } from '../db/client';

export function publicProfileRoutes(deps: { db: Db }) {
  void deps;
  return new Hono<AuthEnv>();
}
