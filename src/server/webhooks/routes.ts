/**
 * The owner's webhooks for a game: list, add (the secret is in this answer only), turn on or off
 * (one turned off after failing too often comes back with its count at 0), remove, and each
 * one's delivery log. Owner only: 404 for a missing game, 403 for someone else's.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { LIFECYCLE_MESSAGES } from '../../domain/lifecycle';
import { WEBHOOK_EVENTS, WEBHOOK_MESSAGES, MAX_WEBHOOK_URL_LENGTH } from '../../domain/webhooks';
import {
  assertProvenEmail,
  requireUser,
  WEBHOOK_PROOF_MESSAGES,
  type AuthEnv,
} from '../auth/public';
import type { Db } from '../db/client';
import { validate } from '../http/validate';
import type { WebhookEvents } from './enqueue';
import {
  addWebhook,
  listDeliveries,
  listWebhooks,
  removeWebhook,
  setWebhookEnabled,
} from './store';
import { checkWebhookUrl, type UrlPolicy } from './url-rules';

export type WebhookRoutesDeps = {
  db: Db;
  policy: UrlPolicy;
  /** This instance's memory of which games have webhooks (forgotten on a change here at once). */
  events?: WebhookEvents;
  /** Deliveries a log shows (WEBHOOK_LOG_SIZE). */
  logSize?: number;
};

const PatchBody = z.object({
  enabled: z.boolean({ error: WEBHOOK_MESSAGES.enabledRequired }),
});

const GameParam = z.object({
  id: z.string().trim().min(1, LIFECYCLE_MESSAGES.missingGameId).max(100),
});

const WebhookParam = GameParam.extend({
  webhookId: z
    .string()
    .trim()
    .min(1, WEBHOOK_MESSAGES.notFound)
    .max(100, WEBHOOK_MESSAGES.notFound),
});

const AddBody = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlRequired })
    .max(MAX_WEBHOOK_URL_LENGTH * 2, WEBHOOK_MESSAGES.urlTooLong),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventsInvalid }), {
      error: WEBHOOK_MESSAGES.eventsInvalid,
    })
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .max(WEBHOOK_EVENTS.length * 2, WEBHOOK_MESSAGES.eventsInvalid)
    .optional(),
});

const signedIn = requireUser({ guests: true, message: 'Not signed in' });

export function webhookRoutes(deps: WebhookRoutesDeps) {
  const { db } = deps;
  return new Hono<AuthEnv>()
    .get('/:id/webhooks', signedIn, validate('param', GameParam), async (c) => {
      const webhooks = await listWebhooks(db, {
        gameId: c.req.valid('param').id,
        userId: c.get('user').id,
      });
      return c.json({ webhooks });
    })
    .post(
      '/:id/webhooks',
      signedIn,
      validate('param', GameParam),
      validate('json', AddBody),
      async (c) => {
        const body = c.req.valid('json');
        // Only a proven inbox adds webhooks (decision 0029): guests and unverified accounts get 403.
        await assertProvenEmail(db, c.get('user'), WEBHOOK_PROOF_MESSAGES);
        const checked = checkWebhookUrl(body.url, deps.policy);
        if (!checked.ok) throw new AppError('invalid-argument', checked.message);
        const created = await addWebhook(db, {
          gameId: c.req.valid('param').id,
          userId: c.get('user').id,
          url: checked.url,
          events: body.events ?? [...WEBHOOK_EVENTS],
        });
        deps.events?.forget(c.req.valid('param').id);
        return c.json(created, 201);
      },
    )
    .delete('/:id/webhooks/:webhookId', signedIn, validate('param', WebhookParam), async (c) => {
      const { id, webhookId } = c.req.valid('param');
      await removeWebhook(db, { gameId: id, userId: c.get('user').id, webhookId });
      deps.events?.forget(id);
      return c.json({ deleted: true as const, id: webhookId });
    })
    .patch(
      '/:id/webhooks/:webhookId',
      signedIn,
      validate('param', WebhookParam),
      validate('json', PatchBody),
      async (c) => {
        const { id, webhookId } = c.req.valid('param');
        const updated = await setWebhookEnabled(
          db,
          { gameId: id, userId: c.get('user').id, webhookId },
          c.req.valid('json').enabled,
        );
        return c.json({ webhook: updated });
      },
    )
    .get(
      '/:id/webhooks/:webhookId/deliveries',
      signedIn,
      validate('param', WebhookParam),
      async (c) => {
        const { id, webhookId } = c.req.valid('param');
        const deliveries = await listDeliveries(
          db,
          { gameId: id, userId: c.get('user').id, webhookId },
          deps.logSize,
        );
        return c.json({ deliveries });
      },
    );
}
