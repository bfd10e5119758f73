/**
 * Community API calls (publishing, lists, a rank, likes, the builder, reports, moderation), their
 * TanStack Query keys and cache updates, and the live stream of one rank's counts.
 *
 * Plain `fetch` through `request` (as the shell's me-api does): the community routes are typed
 * loosely on the server side, and the shapes come from src/domain/community.ts.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  CommunityListResponse,
  CommunityRankView,
  CommunitySort,
  RankLiveData,
  RankReportView,
  ReportReason,
} from '../../domain/community';
import type { GameView } from '../../domain/game';
import { ApiError } from './errors';
import { updateCachedGame } from './games';
import { request } from './request';
import { backoffDelay } from './retry';

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

type Send = (init: RequestInit) => Promise<Response>;

const get =
  (url: string): Send =>
  (init) =>
    fetch(url, init);

/** A JSON request with a body (the server accepts JSON bodies only). */
const send =
  (method: 'POST' | 'PUT', url: string, body: unknown): Send =>
  (init) =>
    fetch(url, {
      ...init,
      method,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });

const enc = encodeURIComponent;

// ---------------------------------------------------------------- calls

/** The URL of one page of a community list. */
export function communityListUrl(query: CommunityQuery, cursor: string | null): string {
  const params = new URLSearchParams({ sort: query.sort });
  if (query.q.trim()) params.set('q', query.q.trim());
  if (query.tag) params.set('tag', query.tag);
  if (query.creator) params.set('creator', query.creator);
  if (query.moderation) params.set('moderation', '1');
  if (cursor) params.set('cursor', cursor);
  return `/api/community?${params.toString()}`;
}

export function fetchCommunityPage(
  query: CommunityQuery,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CommunityListResponse> {
  return request<CommunityListResponse>(get(communityListUrl(query, cursor)), { signal });
}

export async function fetchRank(rankId: string, signal?: AbortSignal): Promise<CommunityRankView> {
  const body = await request<{ rank: CommunityRankView }>(get(`/api/community/${enc(rankId)}`), {
    signal,
  });
  return body.rank;
}

export type LikeAnswer = { likes: number; likedByMe: boolean };

/** Likes or unlikes (idempotent: the same `liked` twice leaves one like). */
export function setLike(rankId: string, liked: boolean): Promise<LikeAnswer> {
  return request<LikeAnswer>(send('PUT', `/api/community/${enc(rankId)}/like`, { liked }));
}

/** Publishes a game the viewer owns to the Community (idempotent). */
export async function publishGame(gameId: string, tags?: string[]): Promise<GameView> {
  const body = await request<{ game: GameView }>(
    send('POST', `/api/games/${enc(gameId)}/publish`, tags ? { tags } : {}),
  );
  return body.game;
}

/** Takes a game off the Community (idempotent). */
export async function unpublishGame(gameId: string): Promise<GameView> {
  const body = await request<{ game: GameView }>(
    send('POST', `/api/games/${enc(gameId)}/unpublish`, {}),
  );
  return body.game;
}

export type NewCommunityRank = {
  title: string;
  items: string[];
  emoji?: string;
  tags?: string[];
};

/** The builder: creates a game and publishes it in one step. */
export function createCommunityRank(
  input: NewCommunityRank,
): Promise<{ rank: CommunityRankView; game: GameView }> {
  // Not retried: a second try after a lost answer would create the rank twice.
  return request(send('POST', '/api/community', input), { retry: false });
}

export function reportRank(
  rankId: string,
  input: { reason: ReportReason; note?: string },
): Promise<{ reported: true }> {
  return request(send('POST', `/api/community/${enc(rankId)}/report`, input), { retry: false });
}

export async function fetchReports(signal?: AbortSignal): Promise<RankReportView[]> {
  const body = await request<{ reports: RankReportView[] }>(get('/api/community/reports'), {
    signal,
  });
  return body.reports;
}

/** Admins: hides a rank from every list (or restores it). Idempotent. */
export async function hideRank(
  rankId: string,
  hidden: boolean,
  note?: string,
): Promise<CommunityRankView> {
  const body = await request<{ rank: CommunityRankView }>(
    send('POST', `/api/community/${enc(rankId)}/hide`, note ? { hidden, note } : { hidden }),
  );
  return body.rank;
}

/** A rank a moderator removed: its page says so instead of "not found". */
export function isRemovedRank(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'not-found' && error.details.removed === true;
}

/** A call refused because nobody (or a guest) is signed in. */
export function isSignInNeeded(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'unauthenticated';
}

// ---------------------------------------------------------------- cache

type ListData = InfiniteData<CommunityListResponse, string | null>;

/** Applies `update` to this rank wherever it is cached: every list page and its own page. */
export function updateCachedRank(
  queryClient: QueryClient,
  rankId: string,
  update: (rank: CommunityRankView) => CommunityRankView,
): void {
  queryClient.setQueriesData<ListData>({ queryKey: communityKeys.lists }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            ranks: page.ranks.map((rank) => (rank.id === rankId ? update(rank) : rank)),
          })),
        }
      : data,
  );
  queryClient.setQueryData<CommunityRankView>(communityKeys.rank(rankId), (rank) =>
    rank ? update(rank) : rank,
  );
}

/** After a game was published or unpublished: its cached game, and lists read again. */
export function cachePublishedGame(queryClient: QueryClient, game: GameView): void {
  updateCachedGame(queryClient, game.id, (cached) => ({ ...cached, game }));
  void queryClient.invalidateQueries({ queryKey: communityKeys.all });
}

// ---------------------------------------------------------------- hooks

export function useCommunityList(query: CommunityQuery, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: communityKeys.list(query),
    queryFn: ({ pageParam, signal }) => fetchCommunityPage(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: options.enabled ?? true,
    retry: false,
  });
}

export function useCommunityRank(rankId: string) {
  return useQuery({
    queryKey: communityKeys.rank(rankId),
    queryFn: ({ signal }) => fetchRank(rankId, signal),
    retry: false,
  });
}

export function useReports(enabled: boolean) {
  return useQuery({
    queryKey: communityKeys.reports,
    queryFn: ({ signal }) => fetchReports(signal),
    enabled,
    retry: false,
  });
}

type Snapshot = [readonly unknown[], unknown][];

/**
 * The heart toggle: optimistic in every cached list and the rank page, rolled back on failure,
 * then set to what the server counted. `onError` hears about failures (sign-in prompts, toasts).
 */
export function useLikeRank(onError: (error: unknown) => void) {
  const queryClient = useQueryClient();
  return useMutation<LikeAnswer, unknown, { rankId: string; liked: boolean }, Snapshot>({
    mutationKey: ['community', 'like'],
    // One at a time: a quick like-unlike reaches the server in the order it was pressed.
    scope: { id: 'community-like' },
    mutationFn: ({ rankId, liked }) => setLike(rankId, liked),
    onMutate: async ({ rankId, liked }) => {
      await queryClient.cancelQueries({ queryKey: communityKeys.all });
      const snapshot = queryClient.getQueriesData({ queryKey: communityKeys.all });
      updateCachedRank(queryClient, rankId, (rank) =>
        rank.likedByMe === liked
          ? rank
          : { ...rank, likedByMe: liked, likes: Math.max(0, rank.likes + (liked ? 1 : -1)) },
      );
      return snapshot;
    },
    onError: (error, _vars, snapshot) => {
      for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
      onError(error);
    },
    onSuccess: (answer, { rankId }) => {
      updateCachedRank(queryClient, rankId, (rank) => ({ ...rank, ...answer }));
    },
  });
}

/**
 * Keeps one rank's counts live while mounted (GET /api/community/:rankId/events, event `rank`).
 * An event that moves no counter (items edited, the rank unpublished or hidden) reads the rank
 * again, so its page shows the new items or says what happened.
 * When the browser gives up on the stream, it is reopened with backoff.
 */
export function useRankEvents(rankId: string | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!rankId) return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;
    const open = () => {
      source = new EventSource(`/api/community/${enc(rankId)}/events`);
      source.addEventListener('rank', (event: MessageEvent<string>) => {
        failures = 0;
        let data: RankLiveData;
        try {
          data = JSON.parse(event.data) as RankLiveData;
        } catch {
          return;
        }
        const cached = queryClient.getQueryData<CommunityRankView>(communityKeys.rank(rankId));
        updateCachedRank(queryClient, rankId, (rank) => ({
          ...rank,
          plays: data.plays,
          likes: data.likes,
        }));
        // Not a counter that moved (items edited, hidden, unpublished): the rank is read again.
        const countersMoved =
          cached !== undefined && (cached.plays !== data.plays || cached.likes !== data.likes);
        if (!data.listed || !countersMoved) {
          void queryClient.invalidateQueries({ queryKey: communityKeys.rank(rankId) });
        }
      });
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        source.close();
        source = null;
        failures += 1;
        retryTimer = setTimeout(
          () => {
            if (!stopped) open();
          },
          backoffDelay(Math.min(failures, 5)),
        );
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [rankId, queryClient]);
}
