/**
 * First-party analytics (SPEC §5, issue 12): which events exist, which the web may send, the
 * batch limits, and the one rule every stored value passes: no e-mail addresses.
 */

export const ANALYTICS_EVENTS = [
  'session_start',
  'game_create',
  'game_publish',
  'share_open',
  'ranking_submit',
  'level_up',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** What a browser may report; the rest the server records itself when the action commits. */
export const CLIENT_EVENTS = ['session_start', 'share_open'] as const;
export type ClientEventName = (typeof CLIENT_EVENTS)[number];

export const MAX_EVENTS_PER_BATCH = 50;
/** One event's JSON (name and props), in UTF-8 bytes. */
export const MAX_EVENT_BYTES = 2048;
/** Days of raw events kept before they are folded into daily counts (ANALYTICS_RETENTION_DAYS). */
export const DEFAULT_ANALYTICS_RETENTION_DAYS = 90;
/** The anonymous visitor id the web keeps (local storage and the `crowned_anon_id` cookie). */
export const ANON_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/** The steps of the admin funnel, in order. */
export const FUNNEL_STEPS = [
  'session_start',
  'game_create',
  'share_open',
  'ranking_submit',
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const ANALYTICS_MESSAGES = {
  batch: `Send 1 to ${MAX_EVENTS_PER_BATCH} events`,
  tooBig: `Each event must be at most ${MAX_EVENT_BYTES} bytes`,
  name: `Event name must be one of: ${CLIENT_EVENTS.join(', ')}`,
  props: 'Event props must be an object',
} as const;

/**
 * Anything shaped like an address: a run without spaces, an @, and a host with a dot. Broad on
 * purpose (the local part may hold quotes, slashes or a whole URL's start): a false positive
 * costs part of one value, a miss stores someone's address.
 */
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/gu;
const EMAIL_TEST = new RegExp(EMAIL.source, 'u');

/** A string with every e-mail-like part removed (again, until none is left). */
export function stripEmailsFromText(value: string): string {
  let text = value;
  while (EMAIL_TEST.test(text)) text = text.replace(EMAIL, '');
  return text;
}

/**
 * Every string in a JSON value (object values, array items, nested at any depth) with e-mail-like
 * parts removed; keys that look like addresses are dropped. Iterative, so no depth overflows.
 */
export function stripEmails<T>(value: T): T {
  const root: { value: unknown } = { value };
  const stack: { holder: Record<string, unknown> | unknown[]; key: string | number }[] = [
    { holder: root as unknown as Record<string, unknown>, key: 'value' },
  ];
  while (stack.length > 0) {
    const { holder, key } = stack.pop()!;
    const current = (holder as Record<string | number, unknown>)[key];
    if (typeof current === 'string') {
      (holder as Record<string | number, unknown>)[key] = stripEmailsFromText(current);
    } else if (Array.isArray(current)) {
      const copy = [...current];
      (holder as Record<string | number, unknown>)[key] = copy;
      copy.forEach((_, index) => stack.push({ holder: copy, key: index }));
    } else if (current !== null && typeof current === 'object') {
      // fromEntries defines own properties, so a key like __proto__ stays plain data.
      const copy = Object.fromEntries(
        Object.entries(current).filter(([name]) => !EMAIL_TEST.test(name)),
      );
      (holder as Record<string | number, unknown>)[key] = copy;
      for (const name of Object.keys(copy)) stack.push({ holder: copy, key: name });
    }
  }
  return root.value as T;
}

/** UTF-8 length of an event as it would be stored; Infinity when nested too deep to write. */
export function eventBytes(event: { name: string; props?: unknown }): number {
  try {
    const json = JSON.stringify({ name: event.name, props: event.props ?? {} });
    return new TextEncoder().encode(json).length;
  } catch {
    return Number.POSITIVE_INFINITY; // RangeError: deeper than the stack; far over the limit
  }
}

export type ClientEvent = { name: ClientEventName; props: Record<string, unknown> };

export type BatchCheck = { ok: true; events: ClientEvent[] } | { ok: false; message: string };

/**
 * A batch from the web: 1..50 events, each a known client event with object props, at most 2 KB
 * (which also bounds how deep its props can nest).
 */
export function checkClientBatch(body: unknown): BatchCheck {
  const events = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(events) || events.length === 0 || events.length > MAX_EVENTS_PER_BATCH) {
    return { ok: false, message: ANALYTICS_MESSAGES.batch };
  }
  const checked: ClientEvent[] = [];
  for (const event of events) {
    const { name, props } = (event ?? {}) as { name?: unknown; props?: unknown };
    if (typeof name !== 'string' || !(CLIENT_EVENTS as readonly string[]).includes(name)) {
      return { ok: false, message: ANALYTICS_MESSAGES.name };
    }
    if (
      props !== undefined &&
      (props === null || typeof props !== 'object' || Array.isArray(props))
    ) {
      return { ok: false, message: ANALYTICS_MESSAGES.props };
    }
    if (eventBytes({ name, props }) > MAX_EVENT_BYTES) {
      return { ok: false, message: ANALYTICS_MESSAGES.tooBig };
    }
    checked.push({
      name: name as ClientEventName,
      props: (props ?? {}) as Record<string, unknown>,
    });
  }
  return { ok: true, events: checked };
}
