/** The webhooks' live event (moved out of realtime/hub.ts): a game's webhooks were added or removed. */

/** Instances forget whether the game has any webhooks (webhooks/enqueue.ts). */
export type WebhooksEvent = { type: 'webhooks'; gameId: string };
