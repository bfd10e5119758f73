/** Webhooks' public face: the only file of webhooks another feature may import. */
export type { WebhookEvents } from './enqueue';
export { removeUnprovenWebhooksOf } from './unproven';
/** The guarded POST (no redirects, timeouts, public addresses only): web push reuses it. */
export { send as guardedPost, type SendOutcome } from './worker';
export { isPublicAddress } from './address';
