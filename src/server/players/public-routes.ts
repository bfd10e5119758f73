/** HTTP adapter for public player profiles: `GET /api/users/:handle`. Never the e-mail. */
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { checkHandle } from '../../domain/handle';
import type { AuthEnv } from '../auth/public';
import type { Db } from '../db/client';
import { validate } from '../http/validate';
import { readPublicProfile } from './data';

export const PLAYER_NOT_FOUND = 'Player not found';

// Any text: a handle the rules refuse is simply not found.
const HandleParam = z.object({ handle: z.string() });

export function publicProfileRoutes(deps: { db: Db }) {
  const { db } = deps;
  return new Hono<AuthEnv>().get('/:handle', validate('param', HandleParam), async (c) => {
    const checked = checkHandle(c.req.valid('param').handle);
    // No player can hold a handle the rules refuse: not found, without a query.
    const profile = checked.ok ? await readPublicProfile(db, checked.handleLower) : null;
    if (!profile) throw new AppError('not-found', PLAYER_NOT_FOUND);
    return c.json({ profile });
  });
}
