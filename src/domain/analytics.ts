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
  // A duel game's answer (decision 0067): a duel player's final ballot changes with each one.
  'duel_answer',
  'level_up',
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

/** What a browser may report; the rest the server records itself when the action commits. */
export const CLIENT_EVENTS = ['session_start', 'share_open'] as const;
export type ClientEventName = (typeof CLIENT_EVENTS)[number];

/** Events in one batch (a page sends one or two). */
export const MAX_EVENTS_PER_BATCH = 10;
/** One event's JSON (name and props), in UTF-8 bytes. */
export const MAX_EVENT_BYTES = 2048;
/** Values in one event's props, counted at every depth (object fields and array items). */
export const MAX_PROPS_VALUES = 32;
/** How deep props may nest (`{ first_touch: { utm_source } }` is 2). */
export const MAX_PROPS_DEPTH = 4;
/** Characters in one text value of props (a referrer is clipped to 500 by the web). */
export const MAX_PROP_TEXT = 500;
/** Days of raw events kept before they are folded into daily counts (ANALYTICS_RETENTION_DAYS). */
export const DEFAULT_ANALYTICS_RETENTION_DAYS = 90;
/**
 * Events stored per minute for one visitor, and per minute and per hour for one client address
 * (several visitors behind one network). A refused batch counts too.
 */
export const ANALYTICS_LIMITS = {
  visitorPerMinute: 20,
  addressPerMinute: 120,
  addressPerHour: 1200,
} as const;
/**
 * The anonymous visitor id as the `crowned_anon_id` cookie holds it: an id the server drew and
 * its signature (`<22 letters and digits>.<22 base64url characters>`). Only the server issues
 * one; the web keeps a copy in local storage and writes the cookie back from it.
 */
export const VISITOR_TOKEN_PATTERN = /^([A-Za-z0-9]{22})\.([A-Za-z0-9_-]{22})$/;

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
  propsShape: `Event props may hold at most ${MAX_PROPS_VALUES} values, nested at most ${MAX_PROPS_DEPTH} deep`,
  propText: `Each text in event props must be at most ${MAX_PROP_TEXT} characters`,
} as const;

/**
 * Anything shaped like an address: a run without spaces, an @, and a host with a dot. Broad on
 * purpose (the local part may hold quotes, slashes or a whole URL's start): a false positive
 * costs part of one value, a miss stores someone's address.
 */
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/gu;
const EMAIL_TEST = new RegExp(EMAIL.source, 'u');

/** Rounds of decoding before a value that still changes is given up as unreadable. */
const MAX_DECODE_ROUNDS = 8;
/** The HTML entities that matter here (and `&amp;`, which can wrap the others). */
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  commat: '@',
  period: '.',
  nbsp: ' ',
};

const fromCodePoint = (code: number, original: string): string =>
  code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
    ? String.fromCodePoint(code)
    : original;

/** `%40`, `%E2%80%8B`: a run decoded as UTF-8, or byte by byte (ASCII only) when it is not. */
function decodePercentRun(run: string): string {
  try {
    return decodeURIComponent(run);
  } catch {
    return run.replace(/%([0-7][0-9A-Fa-f])/g, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  }
}

/**
 * One round of what a reader (a browser, a mail client, an admin pasting it) may decode: width
 * and compatibility forms (NFKC: `＠` is `@`, `．` is `.`), the ideographic full stops IDNA reads
 * as dots, percent-encoding, HTML character references and backslash escapes.
 */
function decodeOnce(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u3002\uff61]/g, '.')
    .replace(/(?:%[0-9A-Fa-f]{2})+/g, decodePercentRun)
    .replace(
      /&(?:#(\d{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z]{2,8}));?/g,
      (match, dec?: string, hex?: string, name?: string) => {
        if (dec !== undefined) return fromCodePoint(Number(dec), match);
        if (hex !== undefined) return fromCodePoint(parseInt(hex, 16), match);
        const named = NAMED_ENTITIES[name!.toLowerCase()];
        return named !== undefined && match.endsWith(';') ? named : match;
      },
    )
    .replace(
      /\\u\{([0-9A-Fa-f]{1,6})\}|\\u([0-9A-Fa-f]{4})|\\x([0-9A-Fa-f]{2})/g,
      (match, braced?: string, u?: string, x?: string) =>
        fromCodePoint(parseInt((braced ?? u ?? x)!, 16), match),
    )
    .replaceAll('\u0000', ''); // `%00` decodes to NUL, which no text column takes
}

/**
 * A value decoded until nothing changes (NFKC, percent-encoding, HTML references, escapes), or
 * null when it still changes after MAX_DECODE_ROUNDS: nested that deep, it is no real value.
 */
export function decodeForReading(text: string): string | null {
  let current = text;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    const next = decodeOnce(current);
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** Whether a text holds an address as sent or once decoded (or cannot be decoded). */
export function hasEmail(text: string): boolean {
  if (EMAIL_TEST.test(text)) return true;
  const decoded = decodeForReading(text);
  return decoded === null || EMAIL_TEST.test(decoded);
}

/**
 * A string with every e-mail-like part removed. A value that holds none, as sent or decoded, is
 * kept exactly; one that does is stored decoded (`ada%40example.com`, `ada＠example．com` and
 * `ada&#64;example.com` are all Ada's address), without the addresses, again until none is left
 * and decoding changes nothing more. A value that cannot be decoded to the end is dropped.
 */
export function stripEmailsFromText(value: string): string {
  if (!hasEmail(value)) return value;
  let text = value;
  for (let round = 0; round <= MAX_DECODE_ROUNDS; round++) {
    const decoded = decodeForReading(text);
    if (decoded === null) return '';
    text = decoded;
    while (EMAIL_TEST.test(text)) text = text.replace(EMAIL, '');
    if (decodeForReading(text) === text) return text;
  }
  return '';
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
      const copy = Object.fromEntries(Object.entries(current).filter(([name]) => !hasEmail(name)));
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

/**
 * How many values props hold (object fields and array items, at every depth), how deep they nest
 * (a flat object is 1) and the longest text among them, keys included. Iterative; call it on
 * props already bounded in size.
 */
export function propsShape(props: unknown): { values: number; depth: number; longestText: number } {
  let values = 0;
  let depth = 0;
  let longestText = 0;
  const stack: { value: unknown; depth: number }[] = [{ value: props, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth: level } = stack.pop()!;
    if (typeof value === 'string') {
      longestText = Math.max(longestText, value.length);
    } else if (value !== null && typeof value === 'object') {
      depth = Math.max(depth, level + 1);
      const entries = Array.isArray(value)
        ? value.map((item) => ['', item] as const)
        : Object.entries(value);
      for (const [key, item] of entries) {
        values += 1;
        longestText = Math.max(longestText, key.length);
        stack.push({ value: item, depth: level + 1 });
      }
    }
  }
  return { values, depth, longestText };
}

export type ClientEvent = { name: ClientEventName; props: Record<string, unknown> };

export type BatchCheck = { ok: true; events: ClientEvent[] } | { ok: false; message: string };

/**
 * A batch from the web: 1..10 events, each a known client event with object props of at most
 * 2 KB, 32 values, 4 levels and 500 characters a text.
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
    const shape = propsShape(props ?? {});
    if (shape.values > MAX_PROPS_VALUES || shape.depth > MAX_PROPS_DEPTH) {
      return { ok: false, message: ANALYTICS_MESSAGES.propsShape };
    }
    if (shape.longestText > MAX_PROP_TEXT) {
      return { ok: false, message: ANALYTICS_MESSAGES.propText };
    }
    checked.push({
      name: name as ClientEventName,
      props: (props ?? {}) as Record<string, unknown>,
    });
  }
  return { ok: true, events: checked };
}
