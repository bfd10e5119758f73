/**
 * The Community's pure rules: tags, the builder's input, emoji, and the keyset cursors of the
 * public lists (opaque base64url JSON, strictly checked so a forged one is a 400, never a 500).
 */
import { COMMUNITY_MESSAGES, MAX_TAG_LENGTH, MAX_TAGS, type CommunitySort } from './community';
import { AppError } from './errors';
import { cleanLabels, normalizeNewGame } from './game';
import { MIN_ITEMS } from './limits';
import { cleanText } from './text';

/**
 * "A rank is listed": published, its game not archived, not hidden by a moderator. Every public
 * list, a like and a report need it. Its SQL form is community's `listedSql` (server/community/
 * listed.ts); the two say the same.
 */
export function isListed(rank: { isPublic: boolean; archived: boolean; hidden: boolean }): boolean {
  return rank.isPublic && !rank.archived && !rank.hidden;
}

export const EMOJI_MESSAGE = 'Emoji must be a single emoji';

/**
 * One tag as stored and matched: cleaned (`cleanText`) and in NFKC (so "ｆｏｏｄ" is "food"), a
 * leading '#' dropped, inner spaces single, lower case.
 */
export function cleanTag(raw: string): string {
  return cleanText(raw)
    .normalize('NFKC')
    .replace(/^#+/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase('en-US');
}

/** A single tag (the list filter): 1-24 characters once cleaned, or `invalid-argument`. */
export function normalizeTag(raw: string): string {
  const tag = cleanTag(raw);
  if (tag.length < 1 || tag.length > MAX_TAG_LENGTH) {
    throw new AppError('invalid-argument', COMMUNITY_MESSAGES.badTag);
  }
  return tag;
}

/**
 * A rank's tags: each cleaned, empty ones dropped, duplicates dropped (first kept), each 1-24
 * characters and at most 5 of them; otherwise `invalid-argument` with the message that applies.
 */
export function normalizeTags(raw: readonly string[]): string[] {
  const tags: string[] = [];
  for (const entry of raw) {
    const tag = cleanTag(entry);
    if (tag === '') continue;
    if (tag.length > MAX_TAG_LENGTH) {
      throw new AppError('invalid-argument', COMMUNITY_MESSAGES.badTag);
    }
    if (!tags.includes(tag)) tags.push(tag);
  }
  if (tags.length > MAX_TAGS)
    throw new AppError('invalid-argument', COMMUNITY_MESSAGES.tooManyTags);
  return tags;
}

const EMOJI_CHARS = /^(?:\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f|\u20e3)+$/u;
const MAX_EMOJI_LENGTH = 32;

/** An optional emoji: empty means none; otherwise exactly one emoji (one grapheme). */
export function normalizeEmoji(raw: string | null | undefined): string | null {
  const emoji = cleanText(raw ?? '');
  if (emoji === '') return null;
  const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(emoji)];
  if (
    emoji.length > MAX_EMOJI_LENGTH ||
    graphemes.length !== 1 ||
    !EMOJI_CHARS.test(emoji) ||
    !/\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u.test(emoji)
  ) {
    throw new AppError('invalid-argument', EMOJI_MESSAGE);
  }
  return emoji;
}

/** Whether the builder's Create may be pressed: a title and at least 3 non-empty items. */
export function canBuild(title: string, labels: readonly string[]): boolean {
  return cleanText(title) !== '' && cleanLabels(labels).length >= MIN_ITEMS;
}

export type BuilderInput = {
  title: string;
  items: readonly string[];
  emoji?: string | null;
  tags?: readonly string[];
};

/**
 * The builder's input (`POST /api/community`): a title and at least 3 items ('Need a title and
 * at least 3 items'), then the create rules (lengths, at most 200 items, unique items), an
 * optional emoji and the tags.
 */
export function normalizeBuilder(input: BuilderInput): {
  title: string;
  labels: string[];
  emoji: string | null;
  tags: string[];
} {
  if (!canBuild(input.title, input.items)) {
    throw new AppError('invalid-argument', COMMUNITY_MESSAGES.needTitleAndItems);
  }
  const { prompt, labels } = normalizeNewGame({ prompt: input.title, items: input.items });
  return {
    title: prompt,
    labels,
    emoji: normalizeEmoji(input.emoji),
    tags: normalizeTags(input.tags ?? []),
  };
}

// ---------------------------------------------------------------------------------------------
// Keyset cursors

/**
 * Where the next page starts: the sort keys of the last rank shown. `createdUs` is the rank's
 * creation time in microseconds since the epoch (the database's own precision, so no rank is
 * skipped or repeated when several share a millisecond).
 */
export type CommunityCursor =
  | { sort: 'new'; createdUs: number; id: string }
  | { sort: 'popular'; plays: number; likes: number; createdUs: number; id: string }
  | { sort: 'search'; rank: number; createdUs: number; id: string };

/** The ordering a list request uses: relevance when it searches, else its tab. */
export type ListOrder = CommunitySort | 'search';

/** Cursors are short; anything longer is not ours. */
export const MAX_CURSOR_LENGTH = 200;
const MAX_INT4 = 2_147_483_647;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function encodeCursor(cursor: CommunityCursor): string {
  const keys =
    cursor.sort === 'new'
      ? ['n', cursor.createdUs, cursor.id]
      : cursor.sort === 'popular'
        ? ['p', cursor.plays, cursor.likes, cursor.createdUs, cursor.id]
        : ['s', cursor.rank, cursor.createdUs, cursor.id];
  return toBase64Url(JSON.stringify(keys));
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= MAX_INT4;
const isMicros = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isId = (value: unknown): value is string =>
  typeof value === 'string' && ID_PATTERN.test(value);
/** A full-text rank: a finite non-negative float (PostgreSQL's real). */
const isRank = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1e30;

/** The cursor in `raw`, or null when it is not one this server made (forged, truncated, other). */
export function parseCursor(raw: string): CommunityCursor | null {
  if (raw.length === 0 || raw.length > MAX_CURSOR_LENGTH) return null;
  const text = fromBase64Url(raw);
  if (text === null) return null;
  let keys: unknown;
  try {
    keys = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(keys)) return null;
  const [kind, ...rest] = keys as unknown[];
  if (kind === 'n' && rest.length === 2) {
    const [createdUs, id] = rest;
    if (isMicros(createdUs) && isId(id)) return { sort: 'new', createdUs, id };
  }
  if (kind === 'p' && rest.length === 4) {
    const [plays, likes, createdUs, id] = rest;
    if (isCount(plays) && isCount(likes) && isMicros(createdUs) && isId(id)) {
      return { sort: 'popular', plays, likes, createdUs, id };
    }
  }
  if (kind === 's' && rest.length === 3) {
    const [rank, createdUs, id] = rest;
    if (isRank(rank) && isMicros(createdUs) && isId(id)) {
      return { sort: 'search', rank, createdUs, id };
    }
  }
  return null;
}

/**
 * The cursor of a list request: absent is the first page; one that is not ours, or that belongs
 * to another ordering, is `invalid-argument` ('That page link is no longer valid').
 */
export function cursorFor(raw: string | undefined, order: ListOrder): CommunityCursor | null {
  if (raw === undefined || raw === '') return null;
  const cursor = parseCursor(raw);
  if (!cursor || cursor.sort !== order) {
    throw new AppError('invalid-argument', COMMUNITY_MESSAGES.badCursor);
  }
  return cursor;
}
