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
/**
 * Finished deliveries kept per webhook (newest first); older ones are pruned
 * (`WEBHOOK_LOG_SIZE` changes it).
 */
export const DELIVERY_LOG_SIZE = 100;
/**
 * Deliveries of any status kept per webhook: a receiver that falls further behind than this
 * loses the oldest events rather than the database growing without bound
 * (`WEBHOOK_QUEUE_LIMIT` changes it).
 */
export const DELIVERY_QUEUE_LIMIT = 500;
/** A delivery attempt gives up when the connection is not made within this long. */
export const DELIVERY_CONNECT_TIMEOUT_MS = 5000;
/** A delivery attempt gives up waiting for the receiver's answer after this long in all. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/**
 * Deliveries of one owner's webhooks sent at once, across every instance: a receiver that hangs
 * holds at most this many sends, so other owners' deliveries go on (decision 0030).
 */
export const DEFAULT_IN_FLIGHT_PER_OWNER = 4;
/** Deliveries one instance sends at once. */
export const DEFAULT_WORKER_CONCURRENCY = 16;
/**
 * A webhook is turned off after this many failed attempts in a row (timeouts included), once
 * the first of them is at least DEFAULT_DISABLE_AFTER_MS old (a receiver restarting for a
 * minute during a burst is not turned off).
 */
export const DEFAULT_DISABLE_AFTER_FAILURES = 20;
export const DEFAULT_DISABLE_AFTER_MS = 3_600_000;
/**
 * A webhook gets at most one delivery per player per this long: a player's first ranking goes at
 * once; the next is due this long after the previous one was, and re-rankings meanwhile replace
 * it, so it carries their latest ranking.
 */
export const DEFAULT_COALESCE_MS = 3000;
/** The most a delivery's body may weigh (UTF-8 bytes); rankings are cut to fit. */
export const MAX_PAYLOAD_BYTES = 16 * 1024;

/** The delivery settings (config WEBHOOK_*); tests make them small. */
export type WebhookLimits = {
  connectTimeoutMs: number;
  timeoutMs: number;
  inFlightPerOwner: number;
  concurrency: number;
  disableAfterFailures: number;
  disableAfterMs: number;
  coalesceMs: number;
  logSize: number;
  queueLimit: number;
};

export const DEFAULT_WEBHOOK_LIMITS: WebhookLimits = {
  connectTimeoutMs: DELIVERY_CONNECT_TIMEOUT_MS,
  timeoutMs: DELIVERY_TIMEOUT_MS,
  inFlightPerOwner: DEFAULT_IN_FLIGHT_PER_OWNER,
  concurrency: DEFAULT_WORKER_CONCURRENCY,
  disableAfterFailures: DEFAULT_DISABLE_AFTER_FAILURES,
  disableAfterMs: DEFAULT_DISABLE_AFTER_MS,
  coalesceMs: DEFAULT_COALESCE_MS,
  logSize: DELIVERY_LOG_SIZE,
  queueLimit: DELIVERY_QUEUE_LIMIT,
};

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
  /**
   * Their ranking, best first, as item labels: all of it, or its top when the whole would pass
   * MAX_PAYLOAD_BYTES (`truncated`; the full results are at `resultsUrl`).
   */
  ranking: string[];
  /**
   * A tier list's tiers, best first, each with its items as labels (the ranking is these, tier by
   * tier); only for a game whose ballot is tiers. Left out when it would pass MAX_PAYLOAD_BYTES.
   */
  tiers?: { label: string; items: string[] }[];
  /** How many items the whole ranking has. */
  itemCount: number;
  /** Something was cut to fit MAX_PAYLOAD_BYTES: the tiers, and the ranking's tail if need be. */
  truncated: boolean;
  submittedAt: string;
  /** The game's results page. */
  resultsUrl?: string;
};

/** What a `closed` event carries. */
export type ClosedEventData = {
  title: string;
  submissionCount: number;
  closedAt: string;
  /** The game's results page. */
  resultsUrl?: string;
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
  /** Failed attempts in a row (0 after any success or when turned back on). */
  consecutiveFailures: number;
  /** When it was turned off (too many failures in a row, or by its owner); null while on. */
  disabledAt: number | null;
};

/** UTF-8 bytes of a string. */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair is one 4-byte character.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The body's weight as sent: UTF-8 bytes of its JSON. */
export function payloadBytes(payload: unknown): number {
  return utf8Bytes(JSON.stringify(payload));
}

/**
 * The payload as sent, at most `maxBytes` of JSON: a `submission` that would pass it loses its
 * tiers, then keeps the longest top of the ranking that fits (`truncated`, `itemCount` the whole
 * length);
 * the link to the full results is always kept. Other payloads are small by construction
 * (a title of at most 200 characters).
 */
export function fitPayload<P extends WebhookPayload>(
  payload: P,
  maxBytes: number = MAX_PAYLOAD_BYTES,
): P {
  if (payload.type !== 'submission' || payloadBytes(payload) <= maxBytes) return payload;
  const data = { ...payload.data, truncated: true };
  delete data.tiers;
  const untiered = { ...payload, data };
  if (payloadBytes(untiered) <= maxBytes) return untiered;
  const ranking = data.ranking;
  const empty = { ...untiered, data: { ...untiered.data, ranking: [] as string[] } };
  // Each label adds its JSON (quoted, escaped) and a comma.
  let room = maxBytes - payloadBytes(empty);
  let kept = 0;
  while (kept < ranking.length) {
    const cost = utf8Bytes(JSON.stringify(ranking[kept])) + (kept === 0 ? 0 : 1);
    if (cost > room) break;
    room -= cost;
    kept++;
  }
  return { ...empty, data: { ...empty.data, ranking: ranking.slice(0, kept) } };
}

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
  enabledRequired: 'Say whether the webhook is on: enabled true or false',
} as const;
