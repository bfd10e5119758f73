/** Every business constant of Crowned (SPEC.md §9), in one place. */

export const MIN_ITEMS = 3;
export const MAX_ITEMS = 200;
export const MAX_PROMPT_LENGTH = 200;
export const MAX_ITEM_LENGTH = 120;
export const MAX_NAME_LENGTH = 40;

/** Ballot kinds (issue 25): a top N picks 1 to the item count; a tier list has 2 to 10 tiers. */
export const MIN_TOP_N = 1;
export const MIN_TIERS = 2;
export const MAX_TIERS = 10;
export const MAX_TIER_LABEL_LENGTH = 24;
/** Ballots one import may hold (`POST /api/games/:id/ballots`, decision 0048). */
export const MAX_IMPORT_BALLOTS = 10_000;
/** The largest ballot file an import takes, in bytes (10,000 long rankings fit). */
export const MAX_IMPORT_BYTES = 32 * 1024 * 1024;

export const XP_CREATE_GAME = 5;
export const XP_FINAL_SUBMISSION = 10;
export const XP_PUBLISH = 20;
export const INITIAL_LEVEL = 1;
export const INITIAL_XP_TO_NEXT = 100;
export const CROWNS_PER_LEVEL = 5;

export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 20;
/** A profile picture's address, in UTF-8 bytes (issue 22): an https:// URL, never inline data. */
export const MAX_IMAGE_URL_BYTES = 2048;

export const OWN_GAMES_PAGE_SIZE = 24;
export const COMMUNITY_PAGE_SIZE = 50;
export const DEFAULT_CAP = 50;
export const PENDING_CREATED_CAP = 50;
export const PENDING_PLAYED_CAP = 25;
export const LEGACY_CLAIM_MAX = 20;

export const AUTH_BOOT_TIMEOUT_MS = 2500;
export const ITEM_HINT_TOAST_MS = 2200;
export const ANON_ID_COOKIE_YEARS = 5;
export const SCROLL_HIDE_THRESHOLD_PX = 10;
export const MOBILE_BREAKPOINT_PX = 900;
export const SETTINGS_STACK_BREAKPOINT_PX = 480;

export const FUNCTION_TIMEOUT_MS = 70_000;
export const TRANSACTION_MAX_ATTEMPTS = 5;

export const RETRY_MAX_TRIES = 5;
export const RETRY_BASE_MS = 200;
export const RETRY_MAX_MS = 3000;

export const ACHIEVEMENT_THRESHOLDS = {
  rankingsSubmitted: 1,
  gamesCreated: 10,
  communityPublishes: 1,
  level5: 5,
  level10: 10,
  crowns: 100,
} as const;

/**
 * Per-account quotas (issue 11): how many of each action one account may take in an hour, beyond
 * which the server answers 429 with `quotaMessage`. Defaults; the server reads overrides from its
 * configuration (LIMIT_GAMES_PER_HOUR and the like).
 */
/** Pictures on items (issue 26, domain/images.ts). */
/** Largest upload: 10 MB (decimal megabytes, as every size people read here). */
export const MAX_IMAGE_BYTES = 10 * 1000 * 1000;
/**
 * Largest picture by pixels (width × height), checked from the file's header before any decoding:
 * a small file can declare a huge canvas (a decompression bomb).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** The two stored sizes: the longest side of the view and of the thumbnail, in pixels. */
export const IMAGE_VIEW_PX = 800;
export const IMAGE_THUMB_PX = 160;
/** Alt text: 1 to this many characters. */
export const MAX_IMAGE_ALT_LENGTH = 200;
/** Bytes of pictures one account may keep stored (uploads an hour are the `upload` quota). */
export const DEFAULT_IMAGE_BYTES_PER_ACCOUNT = 500 * 1000 * 1000;

export const QUOTA_WINDOW_MS = 60 * 60 * 1000;
export type QuotaAction = 'create' | 'publish' | 'report' | 'edit' | 'rerank' | 'upload' | 'room';
export type Quotas = Readonly<Record<QuotaAction, number>>;
/**
 * `rerank`: final rankings of one game by one player that replace their earlier final ranking,
 * per game (decision 0033: with `/closest`'s agreement, unlimited re-ranking let a player rebuild
 * another's ballot by trial and error). Counted on the player's submission row, not here.
 */
export const DEFAULT_QUOTAS: Quotas = {
  create: 60,
  publish: 30,
  report: 30,
  edit: 600,
  rerank: 30,
  upload: 300,
  room: 20,
};

/**
 * Open event streams one instance keeps per account and per client address. A new stream over
 * the account's limit closes that account's own oldest stream; a new stream over the address's
 * limit is refused (429), never closing anyone else's. An address is often shared (a classroom,
 * an office behind one NAT), so its limit is the looser one.
 */
export const DEFAULT_STREAMS_PER_ACCOUNT = 20;
export const DEFAULT_STREAMS_PER_ADDRESS = 100;
/**
 * How long a browser waits before reconnecting a stream closed for its account's limit (the
 * `retry:` hint), and the Retry-After of a stream refused for its address's limit. No hint is
 * longer than a minute: a page that lost its stream this way is back within one.
 */
export const STREAM_CLOSED_RETRY_MS = 60 * 1000;
export const STREAM_REFUSED_RETRY_SECONDS = 30;

/**
 * Link preview images (`/og/g/:id.png`) per client address and minute: chat apps and crawlers
 * fetch one per shared link; an address cycling through many games is refused (429) before it
 * keeps the database or the render pool busy (decision 0019).
 */
export const DEFAULT_OG_IMAGES_PER_MINUTE = 60;
/** Preview renders that may wait for a worker; past that, 503 with Retry-After. */
export const DEFAULT_OG_RENDER_QUEUE = 16;
/**
 * Crash reports from the web (`POST /api/client-errors`) per client address and minute: enough for
 * a page that fails a few times, never a way to fill the server's log (decision 0034).
 */
export const CLIENT_ERROR_REPORTS_PER_MINUTE = 10;
export const STREAM_CLOSED_MESSAGE =
  'Too many live pages are open at once, so this one stopped updating. Close some tabs, then reload this page.';
export const STREAM_REFUSED_MESSAGE =
  'Too many live pages are open from your network. Try again in 30 seconds.';

const QUOTA_PHRASES: Record<QuotaAction, (max: number) => string> = {
  create: (max) => `created ${max} ${max === 1 ? 'game' : 'games'}`,
  publish: (max) => `published ${max} ${max === 1 ? 'game' : 'games'}`,
  report: (max) => `reported ${max} ${max === 1 ? 'rank' : 'ranks'}`,
  edit: (max) => `edited items ${max} ${max === 1 ? 'time' : 'times'}`,
  rerank: (max) => `re-ranked this game ${max} ${max === 1 ? 'time' : 'times'}`,
  upload: (max) => `uploaded ${max} ${max === 1 ? 'picture' : 'pictures'}`,
  room: (max) => `started ${max} ${max === 1 ? 'room' : 'rooms'}`,
};

/** Whole minutes to wait, rounded up (at least 1): "Try again in 12 minutes." */
export function minutesToWait(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 60_000));
}

/** "You have created 60 games in the last hour. Try again in 12 minutes." */
export function quotaMessage(action: QuotaAction, max: number, retryAfterMs: number): string {
  const minutes = minutesToWait(retryAfterMs);
  return `You have ${QUOTA_PHRASES[action](max)} in the last hour. Try again in ${minutes} ${
    minutes === 1 ? 'minute' : 'minutes'
  }.`;
}

/**
 * A fixed window that starts with the first action after the previous one expired: the action
 * numbered `count` in a window that started at `windowStartedAt` is allowed while `count <= max`;
 * otherwise the answer says how long until the window ends.
 */
export function quotaVerdict(input: {
  count: number;
  max: number;
  windowStartedAt: number;
  windowMs: number;
  now: number;
}): { allowed: true } | { allowed: false; retryAfterMs: number } {
  if (input.count <= input.max) return { allowed: true };
  return {
    allowed: false,
    retryAfterMs: Math.max(0, input.windowStartedAt + input.windowMs - input.now),
  };
}

/** A file of items read on /create and /builder (one item per line, or a CSV's item column). */
export const MAX_ITEM_FILE_BYTES = 1024 * 1024;

/** The owner's Recent players list (issue 25): a page by default, and the most one page may hold. */
export const RECENT_PLAYERS_PAGE_SIZE = 20;
export const RECENT_PLAYERS_MAX_PAGE = 100;

/**
 * Live rooms (issue 27, domain/rooms.ts): a round lasts 30 to 300 seconds (60 unless the host
 * says); a room holds at most this many players by default (LIMIT_ROOM_PLAYERS) and this many
 * rounds; it closes by itself this long after its last activity (a join or a host's action).
 * Rooms a host may start per hour are the `room` quota above.
 */
export const MIN_ROUND_SECONDS = 30;
export const MAX_ROUND_SECONDS = 300;
export const DEFAULT_ROUND_SECONDS = 60;
export const DEFAULT_ROOM_PLAYERS = 10_000;
export const MAX_ROOM_ROUNDS = 20;
export const ROOM_EXPIRY_MS = 12 * 60 * 60 * 1000;
/** A room code's length (its alphabet: domain/rooms.ts ROOM_CODE_ALPHABET). */
export const ROOM_CODE_LENGTH = 6;
/** A nickname in a room: 1 to this many characters (it is read off a projector). */
export const MAX_ROOM_NAME_LENGTH = 24;
/** Names the lobby shows (the newest first), and players the leaderboard lists. */
export const ROOM_RECENT_NAMES = 30;
export const ROOM_LEADERBOARD_SIZE = 10;
/** Players on a round's podium. */
export const ROOM_PODIUM_SIZE = 3;
/** Points a round gives at most (a player in full agreement with the crowd). */
export const ROUND_MAX_POINTS = 1000;
/**
 * A room player's ballot is taken this long after the round's deadline: one sent as the countdown
 * reached zero is still on its way (decision 0054). It counts for the round's points too.
 */
export const ROUND_GRACE_MS = 2000;
/** Rooms closed (or expired) this long ago are deleted with their players (rooms/purge.ts). */
export const ROOM_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** Rooms one sweep of the purge deletes at most (their players go with them). */
export const ROOM_PURGE_BATCH = 200;

/**
 * Notifications (issue 30): at most this many mails and pushes reach one person per day
 * (NOTIFY_PER_DAY changes it); push subscriptions one account keeps (the oldest goes).
 */
export const DEFAULT_NOTIFICATIONS_PER_DAY = 20;
export const MAX_PUSH_SUBSCRIPTIONS = 10;
/** Plays are collected this long after the first before the creator's digest goes out. */
export const DEFAULT_NOTIFY_BATCH_MS = 60_000;
/** After a digest, the next one about the same game waits at least this long (NOTIFY_SPACING_MS). */
export const DIGEST_GAP_MS = 60 * 60 * 1000;
/** A daily digest goes this long after the first play it tells of (NOTIFY_DAILY_MS). */
export const DAILY_DIGEST_GAP_MS = 24 * 60 * 60 * 1000;
