/** Personal API tokens (decision 0024): what the API answers about them, and their limits. */

export const MAX_TOKENS_PER_USER = 20;
export const MAX_TOKEN_NAME_LENGTH = 50;

/** A token as lists show it: never its secret, never its hash. Times are epoch ms. */
export type ApiTokenView = {
  id: string;
  name: string;
  /** The secret's first characters (`crw_AbCd`), to tell tokens apart. */
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
};

/** The answer to a creation: the secret, shown this once. */
export type CreatedApiToken = { token: ApiTokenView; secret: string };
