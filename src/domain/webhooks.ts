/**
 * Owner webhooks (issue 15): the events a game's owner may subscribe a URL to, what each one
 * carries, the limits, and when a failed delivery is tried again. Pure: the server signs, sends and
 * stores (src/server/webhooks/); the web app shows the same words and limits.
 */

export const WEBHOOK_EVENTS = ['submission', 'closed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Webhooks one game may have. */
export const MAX_WEBHOOKS_PER_GAME = 5;
/** Longest URL accepted. */
export const MAX_WEBHOOK_URL_LENGTH = 2000;
/** Finished deliveries kept per webhook (newest first); older ones are pruned. */
export const DELIVERY_LOG_SIZE = 100;
/**
 * Deliveries of any status kept per webhook: a receiver that falls further behind than this
 * loses the oldest events rather than the database growing without bound.
 */
export const DELIVERY_QUEUE_LIMIT = 1000;
/** A delivery attempt gives up waiting for the receiver after this long. */
export const DELIVERY_TIMEOUT_MS = 5000;

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * The waits before the 2nd, 3rd, … attempt: 10 s, 1 min, 5 min, 30 min, 2 h; after the last, the
 * delivery has failed (six attempts in all).
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [
  10_000, 60_000, 300_000, 1_800_000, 7_200_000,
];

/** The most a wait is moved either way, as a share of it, so many retries do not land at once. */
export const RETRY_JITTER = 0.1;

/**
 * The wait before the next attempt once `attempts` attempts failed, or null when that was the
 * last one. `random` (0 ≤ r < 1) spreads the wait by ±RETRY_JITTER.
 */
export function retryDelay(
  attempts: number,
  schedule: readonly number[] = DEFAULT_RETRY_SCHEDULE_MS,
  random: () => number = Math.random,
): number | null {
  if (attempts < 1 || attempts > schedule.length) return null;
  const base = schedule[attempts - 1]!;
  const spread = base * RETRY_JITTER * (random() * 2 - 1);
  return Math.max(0, Math.round(base + spread));
}

/** Attempts in all before a delivery is marked failed. */
export function maxAttempts(schedule: readonly number[] = DEFAULT_RETRY_SCHEDULE_MS): number {
  return schedule.length + 1;
}

/** What a `submission` event carries: what any watcher of the results could see, no ids. */
export type SubmissionEventData = {
  /** The name the player showed ('Anonymous' when none). */
  player: string;
  /** Their ranking, best first, as item labels. */
  ranking: string[];
  submittedAt: string;
};

/** What a `closed` event carries. */
export type ClosedEventData = {
  title: string;
  submissionCount: number;
  closedAt: string;
};

export type WebhookPayload =
  | {
      id: string;
      type: 'submission';
      gameId: string;
      createdAt: string;
      data: SubmissionEventData;
    }
  | { id: string; type: 'closed'; gameId: string; createdAt: string; data: ClosedEventData };

/** A webhook as its owner sees it in lists (the secret is shown once, on creation). */
export type WebhookView = {
  id: string;
  url: string;
  events: WebhookEvent[];
  createdAt: number;
};

/** One delivery in the log. */
export type DeliveryView = {
  id: string;
  event: WebhookEvent;
  status: DeliveryStatus;
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: number;
  deliveredAt: number | null;
  nextAttemptAt: number | null;
};

export const WEBHOOK_MESSAGES = {
  urlRequired: 'Webhook URL is required',
  urlInvalid: 'Webhook URL must be a valid URL',
  urlTooLong: `Webhook URL must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`,
  urlHttps: 'Webhook URL must use https',
  urlHttpsOrLocal: 'Webhook URL must use https; http is allowed for localhost only',
  urlCredentials: 'Webhook URL must not contain a user name or password',
  urlPrivate: 'Webhook URL must not point to a private or local address',
  eventsRequired: 'Choose at least one event: submission or closed',
  eventsInvalid: 'Events must be submission or closed',
  tooMany: `A game can have at most ${MAX_WEBHOOKS_PER_GAME} webhooks`,
  notFound: 'Webhook not found',
} as const;
