/**
 * HTTP adapter for duel games (issue 28, decision 0060): the player's next pair, and their
 * answer (which answers with the pair after it). Parse, authorize, call; the rules are
 * games/duels.ts's and domain/duels.ts's.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { DUEL_MESSAGES } from '../../domain/duels';
import { AppError } from '../../domain/errors';
import { MESSAGES, playerName } from '../../domain/game';
import type { AnalyticsRecorder } from '../analytics/public';
import { requireUser, type AuthEnv } from '../auth/public';
import { validate } from '../http/validate';
import type { WebhookEvents } from '../webhooks/public';
import type { Duels } from './duels';
import type { SubmissionGate } from './hooks';
import { gameIdOr404 } from './lookup';
import type { GameStates } from './state';

export type DuelRouteDeps = {
  states: GameStates;
  duels: Duels;
  webhooks?: WebhookEvents | undefined;
  submissionGate?: SubmissionGate | undefined;
  /** The server's analytics events (a `duel_answer` per answer, as `ranking_submit`). */
  analytics?: AnalyticsRecorder | undefined;
};

const GameParam = z.object({
  id: z.string().trim().min(1, MESSAGES.missingGameId),
});

const ItemId = z
  .string({ error: DUEL_MESSAGES.unknownItem })
  .max(64, DUEL_MESSAGES.unknownItem)
  .min(1, DUEL_MESSAGES.unknownItem);

const AnswerBody = z.object({
  a: ItemId,
  b: ItemId,
  winner: z.union([z.string().max(64, DUEL_MESSAGES.badWinner), z.null()], {
    error: DUEL_MESSAGES.badWinner,
  }),
});

const player = requireUser({ guests: true, message: MESSAGES.mustSignInToSubmit });

export function duelRoutes(deps: DuelRouteDeps) {
  const { states, duels } = deps;
  return new Hono<AuthEnv>()
    .get('/:id/duel', player, validate('param', GameParam), async (c) => {
      const gameId = await gameIdOr404(states, c.req.valid('param').id);
      return c.json(await duels.next(gameId, c.get('user').id));
    })
    .post(
      '/:id/duels',
      player,
      validate('param', GameParam),
      validate('json', AnswerBody),
      async (c) => {
        const viewer = c.get('user');
        const gameId = await gameIdOr404(states, c.req.valid('param').id);
        const gate = deps.submissionGate?.({ gameId, userId: viewer.id }) ?? null;
        const refused = gate === null || typeof gate === 'string' ? gate : await gate;
        if (refused !== null) throw new AppError('aborted', refused);
        const { a, b, winner } = c.req.valid('json');
        const { result, ...answered } = await duels.answer({
          gameId,
          userId: viewer.id,
          name: playerName(undefined, viewer.isAnonymous ? null : viewer.name),
          a,
          b,
          winner,
        });
        // Queued and written in the background, many per statement (analytics/record.ts).
        deps.analytics?.recordFor(c, 'duel_answer', { game_id: gameId });
        // Only games with webhooks pay for this (one statement); it never fails the request.
        await deps.webhooks?.submitted(
          gameId,
          async () => (await states.get(gameId))?.row ?? null,
          [
            {
              userId: viewer.id,
              name: result.submission.name,
              ranking: result.submission.ranking,
              groups: result.submission.groups,
              at: result.submission.at.getTime(),
            },
          ],
        );
        return c.json(answered);
      },
    );
}
