/**
 * Live rooms (issue 27): the rules, pure. A host runs a room over some of their games, one game
 * a round; players join with a 6-character code and a nickname; each round ends at its deadline
 * (server time), and its reveal gives each player points for agreeing with the crowd ("you vs
 * the crowd", domain/agreement.ts). Where the state lives and how it moves: decision 0053.
 */
import { ballotAgreement } from './agreement';
import { groupsOfRanking, type BallotKind } from './ballot';
import { STAFF_NAMES } from './handle';
import {
  MAX_ROOM_NAME_LENGTH,
  MAX_ROOM_ROUNDS,
  MAX_ROUND_SECONDS,
  MIN_ROUND_SECONDS,
  ROOM_CODE_LENGTH,
  ROOM_EXPIRY_MS,
  ROUND_GRACE_MS,
  ROUND_MAX_POINTS,
} from './limits';
import type { WeakOrder } from './results';
import { cleanText, sameTextKey } from './text';

// ---------------------------------------------------------------------------------------------
// Codes

/**
 * What a code is made of: capital letters and digits without the ones read alike on a projector
 * or typed alike on a phone (0 and O, 1, I and L). 31 characters, so 6 make about 887 million
 * codes.
 */
export const ROOM_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** The largest byte value below a whole number of alphabets: beyond it a byte is skipped. */
const UNBIASED_LIMIT = 256 - (256 % ROOM_CODE_ALPHABET.length);

/**
 * A code from random bytes (the server passes crypto's), each byte read modulo the alphabet and
 * bytes that would favour its first letters skipped; null when the bytes ran out first (ask for
 * more: 12 bytes fail about once in ten million).
 */
export function roomCodeFrom(bytes: Uint8Array): string | null {
  let code = '';
  for (const byte of bytes) {
    if (byte >= UNBIASED_LIMIT) continue;
    code += ROOM_CODE_ALPHABET[byte % ROOM_CODE_ALPHABET.length];
    if (code.length === ROOM_CODE_LENGTH) return code;
  }
  return null;
}

/**
 * A typed code as stored (capitals), or null when it cannot be one: case does not matter, and
 * spaces and dashes people put in to read it ("abc-234") are ignored. Characters left out of the
 * alphabet (0, O, 1, I, L) never match a code.
 */
export function parseRoomCode(typed: string): string | null {
  const code = typed.replace(/[\s-]+/g, '').toUpperCase();
  if (code.length !== ROOM_CODE_LENGTH) return null;
  for (const char of code) if (!ROOM_CODE_ALPHABET.includes(char)) return null;
  return code;
}

// ---------------------------------------------------------------------------------------------
// Settings

export const ROOM_MESSAGES = {
  noGames: 'Choose at least one game for the room',
  tooManyGames: `A room plays at most ${MAX_ROOM_ROUNDS} games`,
  repeatedGame: 'Each game can be played in one round only',
  duelGame: 'A duel game cannot be a round of a live room: choose a game that asks for a ranking',
  roundSeconds: `Round time must be a whole number of seconds from ${MIN_ROUND_SECONDS} to ${MAX_ROUND_SECONDS}`,
  notFound: 'No room has this code',
  notHost: 'Only the host can do this',
  closed: 'This room has closed',
  notOpen: 'This room is not open yet: wait for the host to open the lobby',
  full: (max: number) => `This room is full (${max.toLocaleString('en-US')} players)`,
  nameRequired: 'Choose a nickname',
  nameTooLong: `Nicknames are at most ${MAX_ROOM_NAME_LENGTH} characters`,
  nameNotAllowed: 'Choose another nickname',
  nameTaken: 'Someone in this room already has this nickname: choose another',
  roundNotStarted: 'This round has not started yet: wait for the host to start it',
  roundClosed: 'This round has closed: the host will reveal the results',
} as const;

/** A room's rounds, checked: 1 to MAX_ROOM_ROUNDS games, none twice. */
export function checkRoomGames(
  gameIds: readonly string[],
): { ok: true } | { ok: false; message: string } {
  if (gameIds.length === 0) return { ok: false, message: ROOM_MESSAGES.noGames };
  if (gameIds.length > MAX_ROOM_ROUNDS) return { ok: false, message: ROOM_MESSAGES.tooManyGames };
  if (new Set(gameIds).size !== gameIds.length) {
    return { ok: false, message: ROOM_MESSAGES.repeatedGame };
  }
  return { ok: true };
}

export function isRoundSeconds(value: number): boolean {
  return Number.isInteger(value) && value >= MIN_ROUND_SECONDS && value <= MAX_ROUND_SECONDS;
}

// ---------------------------------------------------------------------------------------------
// Nicknames

/**
 * Words no nickname may hold (as a word of it, or as the whole name once spaces and punctuation
 * are gone): a short list of English insults, beside the names kept for the service itself
 * (domain/handle.ts STAFF_NAMES: "admin", "crowned", "moderator"...), which a nickname on a
 * shared screen must not pass for either. Matched on whole words so that "Scunthorpe" stays fine.
 */
export const BLOCKED_NAME_WORDS = [
  'fuck',
  'fucker',
  'fucking',
  'shit',
  'cunt',
  'bitch',
  'bastard',
  'asshole',
  'arsehole',
  'dick',
  'cock',
  'pussy',
  'whore',
  'slut',
  'fag',
  'faggot',
  'nigger',
  'nigga',
  'retard',
  'nazi',
  'hitler',
  'rape',
  'rapist',
] as const;

const BLOCKED = new Set<string>(BLOCKED_NAME_WORDS);
/** Names that would pass for the service or its staff (handle.ts), without their underscores. */
const RESERVED = new Set<string>(STAFF_NAMES.map((name) => name.replace(/_/g, '')));

/** Letters and digits of a name's key, read as words; leetspeak digits read as the letters. */
function nameWords(key: string): { words: string[]; joined: string } {
  const plain = key
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/0/g, 'o')
    .replace(/1/g, 'i')
    .replace(/3/g, 'e')
    .replace(/4/g, 'a')
    .replace(/5/g, 's')
    .replace(/\$/g, 's')
    .replace(/@/g, 'a');
  const words = plain.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
  return { words, joined: words.join('') };
}

export type RoomName = { name: string; key: string };

/**
 * A typed nickname as the room keeps it: cleaned as all people's text is (domain/text.ts), inner
 * runs of spaces made one, 1 to MAX_ROOM_NAME_LENGTH characters, no blocked word, not a name of
 * the service. `key` is what uniqueness in the room compares (sameTextKey: case and look-alikes
 * do not make another name).
 */
export function checkRoomName(
  typed: string,
): { ok: true; value: RoomName } | { ok: false; message: string } {
  const name = cleanText(typed).replace(/\s+/gu, ' ');
  if (name === '') return { ok: false, message: ROOM_MESSAGES.nameRequired };
  if ([...name].length > MAX_ROOM_NAME_LENGTH) {
    return { ok: false, message: ROOM_MESSAGES.nameTooLong };
  }
  const key = sameTextKey(name);
  const { words, joined } = nameWords(key);
  if (words.some((word) => BLOCKED.has(word)) || BLOCKED.has(joined) || RESERVED.has(joined)) {
    return { ok: false, message: ROOM_MESSAGES.nameNotAllowed };
  }
  return { ok: true, value: { name, key } };
}

// ---------------------------------------------------------------------------------------------
// Phases

/**
 * Where a room is. `created`: made, not yet open to players; `lobby`: players join; `round`: a
 * round is being played, until its deadline; `ended`: the round's deadline passed (by the clock
 * or the host ending it early), waiting for the reveal; `reveal`: the round's points are counted
 * and shown; `closed`: over (the host closed it, or nothing happened for ROOM_EXPIRY_MS).
 * `ended` is never stored: it is a stored `round` read after its deadline.
 */
export const ROOM_PHASES = ['created', 'lobby', 'round', 'ended', 'reveal', 'closed'] as const;
export type RoomPhase = (typeof ROOM_PHASES)[number];
export type StoredPhase = Exclude<RoomPhase, 'ended'>;

export const ROOM_ACTIONS = ['open', 'start', 'end-round', 'reveal', 'next', 'close'] as const;
export type RoomAction = (typeof ROOM_ACTIONS)[number];

/** A room as its rules read it: times in milliseconds. */
export type RoomClock = {
  phase: StoredPhase;
  round: number;
  roundCount: number;
  deadline: number | null;
  lastActivityAt: number;
};

/** Whether nothing happened in the room for ROOM_EXPIRY_MS: it is closed, whatever it stored. */
export function isExpired(room: Pick<RoomClock, 'lastActivityAt'>, now: number): boolean {
  return now >= room.lastActivityAt + ROOM_EXPIRY_MS;
}

/** The phase people are shown at `now` (see ROOM_PHASES). */
export function shownPhase(room: RoomClock, now: number): RoomPhase {
  if (room.phase === 'closed' || isExpired(room, now)) return 'closed';
  if (room.phase === 'round' && room.deadline !== null && now >= room.deadline) return 'ended';
  return room.phase;
}

/** Whether players may join a room in this phase (late comers join between and during rounds). */
export function joinRefusal(phase: RoomPhase): string | null {
  if (phase === 'closed') return ROOM_MESSAGES.closed;
  if (phase === 'created') return ROOM_MESSAGES.notOpen;
  return null;
}

/** What the host may do in each phase (`next` only while a round is left). */
export function allowedActions(room: RoomClock, now: number): RoomAction[] {
  switch (shownPhase(room, now)) {
    case 'created':
      return ['open', 'close'];
    case 'lobby':
      return ['start', 'close'];
    case 'round':
      return ['end-round', 'close'];
    case 'ended':
      return ['reveal', 'close'];
    case 'reveal':
      return room.round < room.roundCount ? ['next', 'close'] : ['close'];
    case 'closed':
      return [];
  }
}

const ACTION_TEXT: Record<RoomAction, string> = {
  open: 'open the lobby',
  start: 'start the first round',
  'end-round': 'end the round',
  reveal: 'reveal the results',
  next: 'start the next round',
  close: 'close the room',
};

const PHASE_TEXT: Record<RoomPhase, string> = {
  created: 'the lobby is not open yet',
  lobby: 'the lobby is open',
  round: 'a round is being played',
  ended: 'the round has ended and waits for its reveal',
  reveal: 'the results are shown',
  closed: 'the room has closed',
};

/** A stored change of phase: what the room becomes. */
export type RoomChange = {
  phase: StoredPhase;
  round: number;
  deadline: number | null;
  /** When the round began (the reveal counts the ballots made from then to its deadline). */
  roundStartedAt?: number;
};

/**
 * What the host's `action` makes of the room at `now`, or why it is refused (a message saying
 * what the room is doing and what the host may do instead). Ending a round early moves its
 * deadline to now: the round is over as if its time had run out.
 */
export function roomTransition(
  room: RoomClock,
  action: RoomAction,
  now: number,
  roundSeconds: number,
): { ok: true; change: RoomChange } | { ok: false; message: string } {
  const allowed = allowedActions(room, now);
  if (!allowed.includes(action)) return { ok: false, message: refusal(room, action, now) };
  const round = (number: number): RoomChange => ({
    phase: 'round',
    round: number,
    deadline: now + roundSeconds * 1000,
    roundStartedAt: now,
  });
  switch (action) {
    case 'open':
      return { ok: true, change: { phase: 'lobby', round: 0, deadline: null } };
    case 'start':
      return { ok: true, change: round(1) };
    case 'end-round':
      return { ok: true, change: { phase: 'round', round: room.round, deadline: now } };
    case 'reveal':
      return { ok: true, change: { phase: 'reveal', round: room.round, deadline: room.deadline } };
    case 'next':
      return { ok: true, change: round(room.round + 1) };
    case 'close':
      return { ok: true, change: { phase: 'closed', round: room.round, deadline: room.deadline } };
  }
}

function refusal(room: RoomClock, action: RoomAction, now: number): string {
  const phase = shownPhase(room, now);
  if (phase === 'closed') return ROOM_MESSAGES.closed;
  if (action === 'next' && phase === 'reveal') {
    return 'That was the last round: close the room to finish';
  }
  const allowed = allowedActions(room, now).map((other) => ACTION_TEXT[other]);
  return `You cannot ${ACTION_TEXT[action]} now: ${PHASE_TEXT[phase]}. You can ${allowed.join(' or ')}.`;
}

// ---------------------------------------------------------------------------------------------
// Submissions

/** A room as the submission rule reads it: its clock and its rounds' games, in order. */
export type RoomRounds = RoomClock & { gameIds: readonly string[] };

/**
 * Whether a player of these rooms may submit to `gameId` at `now` (decision 0054): yes (null)
 * while one of them plays that game's round, from its start to ROUND_GRACE_MS after its
 * deadline; otherwise why not, before the round ("not started yet") or after it ("closed").
 * Rooms that are closed or expired, or do not play this game, hold nobody back.
 */
export function roundSubmissionRefusal(
  rooms: readonly RoomRounds[],
  gameId: string,
  now: number,
): string | null {
  let refusal: string | null = null;
  for (const room of rooms) {
    const position = room.gameIds.indexOf(gameId) + 1;
    if (position === 0 || room.phase === 'closed' || isExpired(room, now)) continue;
    if (room.round < position) {
      refusal ??= ROOM_MESSAGES.roundNotStarted;
      continue;
    }
    const playing =
      room.round === position &&
      room.phase === 'round' &&
      room.deadline !== null &&
      now < room.deadline + ROUND_GRACE_MS;
    if (playing) return null;
    refusal ??= ROOM_MESSAGES.roundClosed;
  }
  return refusal;
}

// ---------------------------------------------------------------------------------------------
// Points

/**
 * How much a player agrees with the crowd on a round's game, 0..100: exactly the "you vs the
 * crowd" figure of the game's results (read-routes' myAgreement), the crowd's order read from
 * its results. Null when there is nothing to compare (fewer than 2 items).
 */
export function crowdAgreement(
  kind: BallotKind,
  ballot: WeakOrder,
  crowdOrder: readonly string[],
): number | null {
  return ballotAgreement(kind, ballot, groupsOfRanking(crowdOrder), crowdOrder);
}

/** A round's points for an agreement: 10 per percentage point, ROUND_MAX_POINTS at most. */
export function roundPoints(agreement: number | null): number {
  if (agreement === null || !Number.isFinite(agreement)) return 0;
  return Math.max(0, Math.min(ROUND_MAX_POINTS, Math.round(agreement * (ROUND_MAX_POINTS / 100))));
}

/**
 * The time a round's ballots count from and to, read at `now` (its reveal): from its start to
 * ROUND_GRACE_MS past its deadline (the ballots the submission rule took), never past `now`.
 */
export function roundWindow(
  round: { startedAt: number | null; deadline: number | null },
  now: number,
): { startedAt: number; endedAt: number } {
  return {
    startedAt: round.startedAt ?? 0,
    endedAt: Math.min((round.deadline ?? now) + ROUND_GRACE_MS, now),
  };
}

/** A ballot counts for the round when it was made in the round's window (roundWindow). */
export function countsForRound(
  at: number,
  window: { startedAt: number; endedAt: number },
): boolean {
  return at >= window.startedAt && at <= window.endedAt;
}

export type RoundScore = { userId: string; agreement: number; points: number };

/**
 * A round's score for each of the room's players who made a final ballot of its game in the
 * round's time: their agreement with the crowd and its points. Players without one score nothing
 * (and are absent here).
 */
export function scoreRound(input: {
  kind: BallotKind;
  crowdOrder: readonly string[];
  ballots: Iterable<{ userId: string; groups: WeakOrder; at: number }>;
  players: ReadonlySet<string>;
  window: { startedAt: number; endedAt: number };
}): RoundScore[] {
  const scores: RoundScore[] = [];
  for (const ballot of input.ballots) {
    if (!input.players.has(ballot.userId) || !countsForRound(ballot.at, input.window)) continue;
    const agreement = crowdAgreement(input.kind, ballot.groups, input.crowdOrder);
    if (agreement === null) continue;
    scores.push({ userId: ballot.userId, agreement, points: roundPoints(agreement) });
  }
  return scores;
}

export type Placed<T> = T & { place: number };

/**
 * Entries sorted best first by `score` (ties: by name, so the order is stable) with their place:
 * equal scores share a place and the next place skips them (1, 1, 3).
 */
export function placed<T extends { name: string }>(
  entries: readonly T[],
  score: (entry: T) => number,
): Placed<T>[] {
  const sorted = [...entries].sort(
    (a, b) => score(b) - score(a) || a.name.localeCompare(b.name, 'en'),
  );
  let place = 0;
  return sorted.map((entry, index) => {
    if (index === 0 || score(entry) !== score(sorted[index - 1] as T)) place = index + 1;
    return { ...entry, place };
  });
}

// ---------------------------------------------------------------------------------------------
// What a room's pages read

/** `agreement`: with the crowd in the round (null on the final podium, which is by points). */
export type PodiumEntry = {
  name: string;
  place: number;
  points: number;
  agreement: number | null;
};
export type LeaderboardEntry = { name: string; place: number; points: number };

/** The room as everyone sees it (`GET /api/rooms/:code`, its event stream). */
export type RoomView = {
  code: string;
  phase: RoomPhase;
  /** The current round, from 1 (0 before the first). */
  round: number;
  roundCount: number;
  roundSeconds: number;
  /** The current round's end (ms); null before the first round. */
  deadline: number | null;
  /** The current round's game (null before the first round). */
  gameId: string | null;
  /** The games of the rounds played so far, in order (a link to each round's results). */
  playedGameIds: string[];
  /** How many joined, and in the lobby the newest nicknames (newest first). */
  players: { count: number; recent: string[] };
  /**
   * While a round is played or has ended (before its reveal): how many players made a ballot of
   * its game since it started ("N of M have submitted"); null in other phases.
   */
  submitted: number | null;
  /** The revealed round's best three; once closed, the final podium (the leaderboard's top). */
  podium: PodiumEntry[];
  /** Points over the revealed rounds, best first (empty before the first reveal). */
  leaderboard: LeaderboardEntry[];
  /** The server's clock when this was read (ms), for a countdown on a phone whose clock is off. */
  serverTime: number;
};

/** What the viewer of `GET /api/rooms/:code` sees of themselves. */
export type RoomViewer = {
  isHost: boolean;
  /** The host's actions allowed now (empty for others). */
  actions: RoomAction[];
  /** The viewer as a player of the room, when they joined. */
  me?: {
    name: string;
    points: number;
    place: number;
    /** The last revealed round: their agreement with the crowd, points and place (null: none). */
    lastRound: { round: number; agreement: number; points: number; place: number } | null;
  };
};
