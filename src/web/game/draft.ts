/**
 * The create screen's draft (SPEC §3 "a pending-start draft", §4 Create flow): kept in session
 * storage as the person types, so a sign-in on the way loses nothing. `pressed` says Create was
 * pressed: such a draft is created as soon as an account is signed in on /create. What is read
 * back is checked field by field; anything unreadable counts as no draft (decision 0006). The
 * create screen keeps it; the sign-in screen reads it to say why it is showing.
 */
import { cleanLabels } from '../../domain/game';
import { IMAGE_ID, imagePaths } from '../../domain/images';
import {
  MAX_IMAGE_ALT_LENGTH,
  MAX_ITEM_LENGTH,
  MAX_ITEMS,
  MAX_PROMPT_LENGTH,
} from '../../domain/limits';
import { cleanText } from '../../domain/text';
import type { NewGame } from '../api/games';
import {
  readJson,
  removeItem,
  sessionStore,
  storageKeys,
  writeJson,
  type KeyValueStore,
} from '../shell/session/storage';
import {
  ballotOfInputs,
  DEFAULT_BALLOT_INPUTS,
  parseBallotInputs,
  type BallotInputs,
} from './ballot-inputs';
import { checkRuleInputs, hasRuleInputs, type RuleInputs } from './rule-inputs';

/** An uploaded picture on a draft's row (`alt` null: the row's label). */
export type DraftPicture = { id: string; thumbUrl: string; alt: string | null };

export type CreateDraft = {
  prompt: string;
  /** Every item row as typed, empty rows included. */
  items: string[];
  /** The rows' uploaded pictures, one entry per item (null: none); left out when none has one. */
  pictures?: (DraftPicture | null)[];
  rules: RuleInputs;
  publish: boolean;
  /** The Ballot choice as set (issue 25); none: the default, a full ranking. */
  ballot?: BallotInputs;
  pressed: boolean;
};

const DRAFT_KEY = storageKeys.pendingStart;
/** Longer than any value the two rule fields make. */
const MAX_RULE_INPUT_LENGTH = 40;

const isString = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;

/** A stored value as a draft, or null when any part of it is not what a draft holds. */
export function parseDraft(value: unknown): CreateDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const { prompt, items, rules, publish, pressed, ballot, pictures } = value as Record<
    string,
    unknown
  >;
  if (!isString(prompt, MAX_PROMPT_LENGTH)) return null;
  if (!Array.isArray(items) || items.length > MAX_ITEMS) return null;
  if (!items.every((item) => isString(item, MAX_ITEM_LENGTH))) return null;
  if (typeof rules !== 'object' || rules === null) return null;
  const { deadline, players } = rules as Record<string, unknown>;
  if (!isString(deadline, MAX_RULE_INPUT_LENGTH) || !isString(players, MAX_RULE_INPUT_LENGTH)) {
    return null;
  }
  if (typeof publish !== 'boolean' || typeof pressed !== 'boolean') return null;
  const ballotInputs = ballot === undefined ? undefined : parseBallotInputs(ballot);
  if (ballotInputs === null) return null;
  const kept = parsePictures(pictures, items.length);
  return {
    prompt,
    items: items as string[],
    ...(kept ? { pictures: kept } : {}),
    rules: { deadline, players },
    publish,
    ...(ballotInputs ? { ballot: ballotInputs } : {}),
    pressed,
  };
}

/** A draft's pictures, or null when there are none or they are not what a draft keeps. */
function parsePictures(value: unknown, count: number): (DraftPicture | null)[] | null {
  if (!Array.isArray(value) || value.length !== count) return null;
  const pictures = value.map((entry: unknown): DraftPicture | null | undefined => {
    if (entry === null) return null;
    if (typeof entry !== 'object') return undefined;
    const { id, thumbUrl, alt } = entry as Record<string, unknown>;
    if (typeof id !== 'string' || !IMAGE_ID.test(id) || thumbUrl !== imagePaths(id).thumbUrl) {
      return undefined;
    }
    if (alt !== null && !isString(alt, MAX_IMAGE_ALT_LENGTH)) return undefined;
    return { id, thumbUrl, alt };
  });
  return pictures.every((picture) => picture !== undefined) ? pictures : null;
}

/** Nothing typed, no rule, publish off: not worth keeping. */
export function isBlankDraft(draft: CreateDraft): boolean {
  return (
    draft.prompt.trim() === '' &&
    cleanLabels(draft.items).length === 0 &&
    !hasRuleInputs(draft.rules) &&
    !draft.publish &&
    (draft.ballot?.kind ?? 'ranking') === 'ranking'
  );
}

export function readDraft(storage: KeyValueStore | null = sessionStore()): CreateDraft | null {
  return parseDraft(readJson(storage, DRAFT_KEY));
}

/** Keeps the draft; a blank one clears what was kept. */
export function saveDraft(draft: CreateDraft, storage: KeyValueStore | null = sessionStore()) {
  if (isBlankDraft(draft)) removeItem(storage, DRAFT_KEY);
  else writeJson(storage, DRAFT_KEY, draft);
}

export function clearDraft(storage: KeyValueStore | null = sessionStore()): void {
  removeItem(storage, DRAFT_KEY);
}

/**
 * The game a draft asks for, as the server will take it: prompt and items cleaned (`cleanText`,
 * blank items dropped), and only the rules the server keeps (a deadline that has passed meanwhile
 * is dropped).
 */
export function newGameFromDraft(draft: CreateDraft, now: number): NewGame {
  const { rules } = checkRuleInputs(draft.rules, now);
  const items = draft.items.flatMap((typed, index) => {
    const label = cleanText(typed);
    if (label === '') return [];
    const picture = draft.pictures?.[index];
    return [
      picture ? { label, image: { id: picture.id, alt: cleanText(picture.alt ?? label) } } : label,
    ];
  });
  // A ballot the form would refuse is not sent (the page checks it before pressing Create).
  const { ballot } = ballotOfInputs(draft.ballot ?? DEFAULT_BALLOT_INPUTS, items.length);
  return {
    prompt: cleanText(draft.prompt),
    items,
    ...(ballot && ballot.kind !== 'ranking' ? { ballot } : {}),
    publish: draft.publish,
    sizeLimit: rules.sizeLimit,
    deadlineAt: rules.deadlineAt,
  };
}
