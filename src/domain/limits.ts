/** Every business constant of Crowned (SPEC.md §9), in one place. */

export const MIN_ITEMS = 3;
export const MAX_ITEMS = 200;
export const MAX_PROMPT_LENGTH = 200;
export const MAX_ITEM_LENGTH = 120;
export const MAX_NAME_LENGTH = 40;

export const XP_CREATE_GAME = 5;
export const XP_FINAL_SUBMISSION = 10;
export const XP_PUBLISH = 20;
export const INITIAL_LEVEL = 1;
export const INITIAL_XP_TO_NEXT = 100;
export const CROWNS_PER_LEVEL = 5;

export const HANDLE_MIN_LENGTH = 3;
export const HANDLE_MAX_LENGTH = 20;

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
