/**
 * The Community's TanStack Query keys. Apart from community.ts: the game cache (game-cache.ts,
 * which the app's entry loads) invalidates the Community's lists without loading its calls.
 */
import type { CommunitySort } from '../../domain/community';

/** What a community list shows: its sort, search words, tag, creator, and the moderators' view. */
export type CommunityQuery = {
  sort: CommunitySort;
  q: string;
  tag: string;
  creator?: string;
  /** Admins on /community-cop: hidden ranks listed too, each with its moderation facts. */
  moderation?: boolean;
};

export const communityKeys = {
  all: ['community'] as const,
  lists: ['community', 'list'] as const,
  list: (query: CommunityQuery) => ['community', 'list', query] as const,
  rank: (rankId: string) => ['community', 'rank', rankId] as const,
  reports: ['community', 'reports'] as const,
};
