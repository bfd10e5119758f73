/**
 * `POST /api/games/:id/remix`: a new game owned by the caller with the same prompt and items (new
 * item ids, their pictures kept; no rules, no results), credited "remixed from" the original.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { MESSAGES, shownName } from '../../domain/game';
import { normalizeRules } from '../../domain/lifecycle';
import type { AnalyticsRecorder } from '../analytics/public';
import { requireUser, type AuthEnv } from '../auth/public';
import type { Db } from '../db/client';
import type { QuotaGuard } from '../http/quota';
import { validate } from '../http/validate';
import { toGameView } from './data';
import { gameRowOr404 } from './lookup';
import { createGame } from './mutations';

const RemixParam = z.object({ id: z.string().trim().min(1, MESSAGES.missingGameId) });

export function remixRoutes(deps: { db: Db; quota?: QuotaGuard; analytics: AnalyticsRecorder }) {
  const { db } = deps;
  return new Hono<AuthEnv>().post(
    '/:id/remix',
    requireUser({ guests: false, message: MESSAGES.mustSignInToCreate }),
    validate('param', RemixParam),
    async (c) => {
      const viewer = c.get('user');
      const { id } = c.req.valid('param');
      const original = await gameRowOr404(db, id);
      // The quota is counted in the creation's transaction, after the original is locked: a
      // remix of a game deleted meanwhile is a 404 that consumes nothing (decision 0033).
      const { quota } = deps;
      const row = await createGame(db, {
        ownerId: viewer.id,
        ownerName: shownName(viewer.name),
        prompt: original.prompt,
        // Pictures come along: they are the original's, already shown to everyone who plays it.
        items: original.items.map(({ label, image }) => (image ? { label, image } : { label })),
        ballot: original.ballot,
        rules: normalizeRules({}, Date.now()),
        publishRequested: false,
        remixedFrom: original.id,
        ...(quota ? { before: (tx) => quota.consume(c, viewer.id, 'create', tx) } : {}),
      });
      deps.analytics.recordFor(c, 'game_create', {
        game_id: row.id,
        category: row.category,
        items: row.items.length,
        remix: true,
      });
      return c.json({ game: toGameView(row, viewer.id, 0) }, 201);
    },
  );
}
