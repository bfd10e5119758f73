/**
 * `GET /api/games/:id/players?cursor=&limit=`: the owner's Recent players (issue 25), newest
 * first, paged (recent-players.ts). Owner only (403 for others, 404 for no such game), as the
 * owner's other reads; names as players showed them, no e-mails, no user ids.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { LIFECYCLE_MESSAGES } from '../../domain/lifecycle';
import { RECENT_PLAYERS_MAX_PAGE, RECENT_PLAYERS_PAGE_SIZE } from '../../domain/limits';
import { RECENT_PLAYERS_MESSAGES } from '../../domain/recent-players';
import { COMMUNITY_MESSAGES } from '../../domain/community';
import { requireUser, type AuthEnv } from '../auth/public';
import type { Db } from '../db/client';
import { MAX_CURSOR_LENGTH } from '../http/keyset-cursor';
import { validate } from '../http/validate';
import { keptState } from './lookup';
import { recentPlayersCursor, recentPlayersPage } from './recent-players';
import type { GameStates } from './state';

const PlayersParam = z.object({ id: z.string().trim().min(1, LIFECYCLE_MESSAGES.missingGameId) });
const { badLimit } = RECENT_PLAYERS_MESSAGES;
const PlayersQuery = z.object({
  cursor: z
    .string({ error: COMMUNITY_MESSAGES.badCursor })
    .max(MAX_CURSOR_LENGTH, COMMUNITY_MESSAGES.badCursor)
    .optional(),
  limit: z
    .string({ error: badLimit })
    .regex(/^\d{1,3}$/, badLimit)
    .transform(Number)
    .pipe(z.number().int().min(1, badLimit).max(RECENT_PLAYERS_MAX_PAGE, badLimit))
    .optional(),
});

export function recentPlayersRoutes(deps: { db: Db; states: GameStates }) {
  const { db, states } = deps;
  return new Hono<AuthEnv>().get(
    '/:id/players',
    requireUser({ guests: true, message: 'Not signed in' }),
    validate('param', PlayersParam),
    validate('query', PlayersQuery),
    async (c) => {
      const state = await keptState(states, c.req.valid('param').id);
      if (state.row.ownerId !== c.get('user').id) {
        throw new AppError('permission-denied', LIFECYCLE_MESSAGES.notOwner);
      }
      const query = c.req.valid('query');
      const page = await recentPlayersPage(db, {
        gameId: state.row.id,
        cursor: recentPlayersCursor(query.cursor),
        limit: query.limit ?? RECENT_PLAYERS_PAGE_SIZE,
      });
      c.header('cache-control', 'no-store');
      return c.json(page);
    },
  );
}
