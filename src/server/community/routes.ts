/** HTTP adapter for the Community: publishing, lists, likes, the builder, reports, moderation. */
import { Hono } from 'hono';
import type { AuthEnv } from '../auth';
import type { Db } from '../db/client';
import type { EventHub } from '../realtime/hub';

export type CommunityDeps = { db: Db; hub: EventHub; heartbeatMs: number };

export function communityRoutes(deps: CommunityDeps) {
  void deps;
  return new Hono<AuthEnv>();
}
