/** Webhooks' public face: the only file of webhooks another feature may import. */
export type { WebhookEvents } from './enqueue';
export { removeUnprovenWebhooksOf } from './unproven';
