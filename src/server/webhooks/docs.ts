/**
 * The webhook routes in the API document (routes.ts: a game owner's webhooks and their
 * deliveries), with their response schemas. Cookie-only: a stolen API token must not be able to
 * send a game's every ranking to a new address. See api-docs/operation.ts.
 */
import { z } from 'zod';
import { WEBHOOK_EVENTS, type DeliveryView, type WebhookView } from '../../domain/webhooks';
import type { Operations } from '../api-docs/operation';
import { agree, type Same } from '../api-docs/schemas';
import type { addWebhook } from './store';

export const WebhookSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    createdAt: z.number(),
    consecutiveFailures: z
      .number()
      .meta({ description: 'Failed attempts in a row; 0 after a success or when turned on' }),
    disabledAt: z.number().nullable().meta({
      description:
        'When it was turned off (after too many failures in a row, or by its owner); null while on',
    }),
  })
  .meta({ id: 'Webhook' });

/** The answer to a webhook's creation: its signing secret, shown this once. */
export const CreatedWebhookSchema = z.object({ webhook: WebhookSchema, secret: z.string() });

export const DeliverySchema = z
  .object({
    id: z.string(),
    event: z.enum(WEBHOOK_EVENTS),
    status: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number(),
    lastStatusCode: z.number().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.number(),
    deliveredAt: z.number().nullable(),
    nextAttemptAt: z.number().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

agree<Same<z.infer<typeof WebhookSchema>, WebhookView>>(true);
agree<Same<z.infer<typeof CreatedWebhookSchema>, Awaited<ReturnType<typeof addWebhook>>>>(true);
agree<Same<z.infer<typeof DeliverySchema>, DeliveryView>>(true);

export const WEBHOOKS_OPERATIONS: Operations = {
  'GET /api/games/{id}/webhooks': {
    tag: 'Webhooks',
    summary: 'The game’s webhooks',
    access: 'owner',
    ok: { 200: z.object({ webhooks: z.array(WebhookSchema) }) },
    errors: [404],
  },
  'POST /api/games/{id}/webhooks': {
    tag: 'Webhooks',
    summary: 'Register a webhook (its signing secret is shown once)',
    description:
      'Needs a verified e-mail address and a session opened after it was verified (403 otherwise).',
    access: 'owner',
    ok: { 201: CreatedWebhookSchema },
    errors: [404, 409],
  },
  'DELETE /api/games/{id}/webhooks/{webhookId}': {
    tag: 'Webhooks',
    summary: 'Remove a webhook',
    access: 'owner',
    ok: { 200: z.object({ deleted: z.literal(true), id: z.string() }) },
    errors: [404],
  },
  'PATCH /api/games/{id}/webhooks/{webhookId}': {
    tag: 'Webhooks',
    summary: 'Turn a webhook on (its failure count back to 0) or off',
    description:
      'Body `{ enabled: boolean }`. A webhook is turned off by itself after too many failed attempts in a row (decision 0030); turning it on sets its failure count back to 0 and its kept deliveries go out again.',
    access: 'owner',
    ok: { 200: z.object({ webhook: WebhookSchema }) },
    errors: [404],
  },
  'GET /api/games/{id}/webhooks/{webhookId}/deliveries': {
    tag: 'Webhooks',
    summary: 'A webhook’s recent deliveries',
    access: 'owner',
    ok: { 200: z.object({ deliveries: z.array(DeliverySchema) }) },
    errors: [404],
  },
};
