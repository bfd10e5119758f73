/** Rules for creating games and checking rankings: pure, shared by server and web. */
import { BALLOT_MESSAGES, type BallotSpec } from './ballot';
import { AppError } from './errors';
import {
  MAX_ITEMS,
  MAX_ITEM_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PROMPT_LENGTH,
  MIN_ITEMS,
} from './limits';
import type { ItemImage, ItemImageView } from './item-pictures';
import { cleanText, sameTextKey } from './text';

/** An item of a game; `image`: its picture, when it has one (decision 0050). */
export type Item = { id: string; label: string; image?: ItemImage };

/** An item as a game view shows it: its picture with the addresses of both sizes. */
export type ItemView = { id: string; label: string; image?: ItemImageView };

/**
 * An account's display name (sign-up, name change) is 1 to 50 characters; the name a player
 * shows with a submission stays at most MAX_NAME_LENGTH (40), an account name cut to it.
 */
export const MAX_ACCOUNT_NAME_LENGTH = 50;

export const MESSAGES = {
  promptRequired: 'Prompt required',
  promptTooLong: `Prompt must be at most ${MAX_PROMPT_LENGTH} characters`,
  tooFewItems: `Need a prompt and at least ${MIN_ITEMS} items`,
  tooManyItems: `At most ${MAX_ITEMS} items`,
  itemTooLong: `Each item must be at most ${MAX_ITEM_LENGTH} characters`,
  duplicateItems: 'Items must be unique',
  missingGameId: 'Missing game id',
  mustSignInToSubmit: 'Must be signed in to submit',
  mustSignInToCreate: 'Sign in to create a game',
  rankingIncomplete: BALLOT_MESSAGES.rankingIncomplete,
  rankingDuplicate: BALLOT_MESSAGES.rankingDuplicate,
  rankingUnknownItem: BALLOT_MESSAGES.rankingUnknownItem,
  nameTooLong: `Name must be at most ${MAX_NAME_LENGTH} characters`,
  nameRequired: 'Please enter a display name.',
  accountNameTooLong: `Name must be at most ${MAX_ACCOUNT_NAME_LENGTH} characters`,
  gameNotFound: 'Game not found',
  resultsHidden: 'Submit your ranking to see the results',
} as const;

/** Cleans every label (`cleanText`: trimmed, NFC, no invisible characters) and drops empty ones. */
export function cleanLabels(labels: readonly string[]): string[] {
  return labels.map(cleanText).filter((label) => label !== '');
}

/** Whether a draft may be created: what the create button checks before it is enabled. */
export function canCreate(prompt: string, labels: readonly string[]): boolean {
  return cleanText(prompt) !== '' && cleanLabels(labels).length >= MIN_ITEMS;
}

/**
 * Whether two labels are the same item to a reader: "Café" and "Cafe\u0301", "AB" and "A\u200bB",
 * "ｆｕｌｌ" and "full", "Pizza" and "PIZZA" (`sameTextKey`).
 */
export function hasDuplicateLabels(labels: readonly string[]): boolean {
  return new Set(labels.map(sameTextKey)).size !== labels.length;
}

/** Validates and normalises a new game's prompt and items, or throws `invalid-argument`. */
export function normalizeNewGame(input: { prompt: string; items: readonly string[] }): {
  prompt: string;
  labels: string[];
} {
  const prompt = cleanText(input.prompt);
  if (prompt === '') throw new AppError('invalid-argument', MESSAGES.promptRequired);
  if (prompt.length > MAX_PROMPT_LENGTH) {
    throw new AppError('invalid-argument', MESSAGES.promptTooLong);
  }
  const labels = cleanLabels(input.items);
  if (labels.length < MIN_ITEMS) throw new AppError('invalid-argument', MESSAGES.tooFewItems);
  if (labels.length > MAX_ITEMS) throw new AppError('invalid-argument', MESSAGES.tooManyItems);
  if (labels.some((label) => label.length > MAX_ITEM_LENGTH)) {
    throw new AppError('invalid-argument', MESSAGES.itemTooLong);
  }
  if (hasDuplicateLabels(labels)) throw new AppError('invalid-argument', MESSAGES.duplicateItems);
  return { prompt, labels };
}

/**
 * An account's display name (sign-up, name change): cleaned (`cleanText`), 1 to 50 characters,
 * or `invalid-argument` ('Please enter a display name.', 'Name must be at most 50 characters').
 */
export function normalizeAccountName(raw: string): string {
  const name = cleanText(raw);
  if (name === '') throw new AppError('invalid-argument', MESSAGES.nameRequired);
  if (name.length > MAX_ACCOUNT_NAME_LENGTH) {
    throw new AppError('invalid-argument', MESSAGES.accountNameTooLong);
  }
  return name;
}

/**
 * A name as copied from an account (which may predate the length rule, or come from Google):
 * cleaned and cut to `max` (50, a game's owner; 40, a player's), else 'Anonymous'.
 */
export function shownName(
  accountName: string | null | undefined,
  max: number = MAX_ACCOUNT_NAME_LENGTH,
): string {
  const name = cleanText(accountName ?? '');
  return cutToLength(name, max) || 'Anonymous';
}

/** At most `max` UTF-16 units, never splitting a surrogate pair. */
function cutToLength(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trim();
}

/** The player name shown with a submission: what they typed, else their account name. */
export function playerName(typed: string | undefined, accountName: string | null): string {
  const own = cleanText(typed ?? '');
  if (own.length > MAX_NAME_LENGTH) throw new AppError('invalid-argument', MESSAGES.nameTooLong);
  return own || shownName(accountName, MAX_NAME_LENGTH);
}

/** A readable URL slug from a prompt: lower case ASCII words joined by dashes. */
export function slugify(prompt: string): string {
  const slug = prompt
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/g, '');
  return slug === '' ? 'rank' : slug;
}

/**
 * What unlocks a game's results while they are locked: players still needed, and/or a time
 * (computed by lifecycle.ts `lockedUntil`).
 */
export type Unlock = { playersNeeded: number | null; deadlineAt: number | null };

/** A game as the API shows it to one viewer. Times are epoch milliseconds. */
export type GameView = {
  id: string;
  slug: string;
  prompt: string;
  title: string | null;
  emoji: string | null;
  category: string;
  items: ItemView[];
  /** What the game asks its players for (issue 25): a full ranking, a top N or tiers. */
  ballot: BallotSpec;
  ownerName: string;
  isOwner: boolean;
  sizeLimit: number | null;
  timeLimit: number | null;
  deadlineAt: number | null;
  closed: boolean;
  resultsLocked: boolean;
  /** While results are locked: players still needed and/or the deadline; otherwise null. */
  unlock: Unlock | null;
  isPublic: boolean;
  /** The community rank this game is published as (null while unpublished). */
  communityRankId: string | null;
  archived: boolean;
  /** The game this one was remixed from, if any (its id; it may since be deleted). */
  remixedFrom: string | null;
  createdAt: number;
};

export type SubmissionView = {
  /** The ranked items, best first (a tier ballot's: tier by tier). */
  ranking: string[];
  /** A tier ballot's tiers as saved (one list of item ids per tier, best tier first). */
  tiers?: string[][];
  name: string;
  partial: boolean;
  at: number;
  /**
   * On a game read (`mySubmission`): the player's final ranking misses items added since, so
   * they are asked to re-order (and must rank every current item to submit again).
   */
  needsReorder?: boolean;
};

/** Results unlock when the game closes; a game with neither rule shows them at once. */
export function resultsLocked(game: {
  sizeLimit: number | null;
  deadlineAt: number | null;
  closed: boolean;
}): boolean {
  const hasRule = game.sizeLimit !== null || game.deadlineAt !== null;
  return hasRule && !game.closed;
}

/**
 * The owner always sees results; a player once they submitted and the results are unlocked; and,
 * once the game is closed, anyone: no ranking can be made any more, so seeing the crowd's first
 * sways nobody (decision 0039: a late visitor's closed page leads to the results).
 */
export function canSeeResults(viewer: {
  isOwner: boolean;
  hasFinalSubmission: boolean;
  locked: boolean;
  closed: boolean;
}): boolean {
  if (viewer.isOwner) return true;
  return !viewer.locked && (viewer.hasFinalSubmission || viewer.closed);
}
