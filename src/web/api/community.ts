/**
 * Community API calls (publishing, lists, a rank, likes, the builder, reports, moderation), their
 * TanStack Query keys and cache updates, and the live stream of one rank's counts.
 *
 * Through the typed client; the answers' shapes come from src/domain/community.ts.
 */
import type { BallotSpec } from '../../domain/ballot';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  CommunityListResponse,
  CommunityRankView,
  CommunitySort,
  RankLiveData,
  RankReportView,
  ReportReason,
} from '../../domain/community';
import type { GameView } from '../../domain/game';
import type { NewItem } from './games';
import { api } from './client';
import { ApiError } from './errors';
import { request } from './request';
import { communityKeys, type CommunityQuery } from './community-keys';
import { useLiveStream } from './live-stream';

const enc = encodeURIComponent;

// ---------------------------------------------------------------- calls

/** The query of one page of a community list: the sort always, the rest only when set. */
export function communityListQuery(
  query: CommunityQuery,
  cursor: string | null,
): {
  sort: CommunitySort;
  q?: string;
  tag?: string;
  creator?: string;
  moderation?: '1';
  cursor?: string;
} {
  const words = query.q.trim();
  return {
    sort: query.sort,
    ...(words ? { q: words } : {}),
    ...(query.tag ? { tag: query.tag } : {}),
    ...(query.creator ? { creator: query.creator } : {}),
    ...(query.moderation ? { moderation: '1' as const } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

export function fetchCommunityPage(
  query: CommunityQuery,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<CommunityListResponse> {
  return request<CommunityListResponse>(
    (init) => api.community.$get({ query: communityListQuery(query, cursor) }, { init }),
    { signal },
  );
}

export async function fetchRank(rankId: string, signal?: AbortSignal): Promise<CommunityRankView> {
  const body = await request<{ rank: CommunityRankView }>(
    (init) => api.community[':rankId'].$get({ param: { rankId: enc(rankId) } }, { init }),
    { signal },
  );
  return body.rank;
}

export type LikeAnswer = { likes: number; likedByMe: boolean };

/** Likes or unlikes (idempotent: the same `liked` twice leaves one like). */
export function setLike(rankId: string, liked: boolean): Promise<LikeAnswer> {
  return request<LikeAnswer>((init) =>
    api.community[':rankId'].like.$put(
      { param: { rankId: enc(rankId) }, json: { liked } },
      { init },
    ),
  );
}

/** Publishes a game the viewer owns to the Community (idempotent). */
export async function publishGame(gameId: string, tags?: string[]): Promise<GameView> {
  const body = await request<{ game: GameView }>((init) =>
    api.games[':id'].publish.$post(
      { param: { id: enc(gameId) }, json: tags ? { tags } : {} },
      { init },
    ),
  );
  return body.game;
}

/** Takes a game off the Community (idempotent). */
export async function unpublishGame(gameId: string): Promise<GameView> {
  const body = await request<{ game: GameView }>((init) =>
    api.games[':id'].unpublish.$post({ param: { id: enc(gameId) } }, { init }),
  );
  return body.game;
}

export type NewCommunityRank = {
  title: string;
  items: NewItem[];
  emoji?: string;
  tags?: string[];
  /** What the game asks for (issue 25); a full ranking when left out. */
  ballot?: BallotSpec;
};

/** The builder: creates a game and publishes it in one step. */
export function createCommunityRank(
  input: NewCommunityRank,
): Promise<{ rank: CommunityRankView; game: GameView }> {
  // Not retried: a second try after a lost answer would create the rank twice.
  return request((init) => api.community.$post({ json: input }, { init }), { retry: false });
}

/** A report: why, and an optional note for the moderators. */
export type ReportInput = { reason: ReportReason; note?: string };

export function reportRank(rankId: string, input: ReportInput): Promise<{ reported: true }> {
  return request(
    (init) =>
      api.community[':rankId'].report.$post(
        { param: { rankId: enc(rankId) }, json: input },
        { init },
      ),
    { retry: false },
  );
}

export async function fetchReports(signal?: AbortSignal): Promise<RankReportView[]> {
  const body = await request<{ reports: RankReportView[] }>(
    (init) => api.community.reports.$get({}, { init }),
    { signal },
  );
  return body.reports;
}

/** Admins: hides a rank from every list (or restores it). Idempotent. */
export async function hideRank(
  rankId: string,
  hidden: boolean,
  note?: string,
): Promise<CommunityRankView> {
  const body = await request<{ rank: CommunityRankView }>((init) =>
    api.community[':rankId'].hide.$post(
      { param: { rankId: enc(rankId) }, json: note ? { hidden, note } : { hidden } },
      { init },
    ),
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
 * Keeps one rank's counts live while mounted (GET /api/community/:rankId/events, event `rank`),
 * through live-stream.ts. An event that moves no counter (items edited, the rank unpublished or
 * hidden) reads the rank again, so its page shows the new items or says what happened; so does
 * coming back after the stream was down.
 */
export function useRankEvents(rankId: string | undefined): void {
  const queryClient = useQueryClient();
  useLiveStream(rankId ? `rank:${rankId}` : null, () => {
    const id = rankId ?? '';
    const readAgain = () => {
      void queryClient.invalidateQueries({ queryKey: communityKeys.rank(id) });
    };
    return {
      url: `/api/community/${enc(id)}/events`,
      events: {
        rank: (raw) => {
          const data = JSON.parse(raw) as RankLiveData;
          const cached = queryClient.getQueryData<CommunityRankView>(communityKeys.rank(id));
          updateCachedRank(queryClient, id, (rank) => ({
            ...rank,
            plays: data.plays,
            likes: data.likes,
          }));
          // Not a counter that moved (items edited, hidden, unpublished): the rank is read again.
          const countersMoved =
            cached !== undefined && (cached.plays !== data.plays || cached.likes !== data.likes);
          if (!data.listed || !countersMoved) readAgain();
        },
      },
      catchUp: readAgain,
    };
  });
}
