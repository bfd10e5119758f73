/**
 * The admin app's API calls (overview, grants to review, users and roles, games, the audit log,
 * analytics), their
 * TanStack Query keys and the cache updates after a change, through the typed client.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { api } from './client';
import { communityKeys } from './community-keys';
import { gameKeys } from './games';
import { meKeys } from './me';
import { request } from './request';
import type {
  AdminAnalytics,
  AdminGameView,
  AdminOverview,
  AdminRole,
  AdminUserView,
  AuditEntryView,
  GrantReviewView,
  Page,
} from '../../domain/admin';

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  games: (q: string) => ['admin', 'games', q] as const,
  audit: ['admin', 'audit'] as const,
  grantReviews: ['admin', 'grant-reviews'] as const,
  analytics: (days: number) => ['admin', 'analytics', days] as const,
};

/** The admin lists' query: search words and the page cursor, each sent only when set. */
function listQuery(q: string, cursor: string | null): { q?: string; cursor?: string } {
  const words = q.trim();
  return { ...(words ? { q: words } : {}), ...(cursor ? { cursor } : {}) };
}

export function useAdminOverview() {
  return useQuery({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) =>
      request<AdminOverview>((init) => api.admin.overview.$get({}, { init }), { signal }),
  });
}

export function useAdminAnalytics(days: number) {
  return useQuery({
    queryKey: adminKeys.analytics(days),
    queryFn: ({ signal }) =>
      request<AdminAnalytics>(
        (init) => api.admin.analytics.$get({ query: { days: String(days) } }, { init }),
        { signal },
      ),
  });
}

type ListQuery = ReturnType<typeof listQuery>;

/** A cursor-paged admin list: `key` names the array in each page. */
function usePagedList<K extends string, T>(
  queryKey: readonly unknown[],
  fetchPage: (query: ListQuery, init: RequestInit) => Promise<Response>,
  key: K,
  q: string,
) {
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      request<Page<K, T>>((init) => fetchPage(listQuery(q, pageParam), init), { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
  const rows = query.data?.pages.flatMap((page) => page[key] as T[]) ?? [];
  return { ...query, rows };
}

export function useAdminUsers(q: string) {
  return usePagedList<'users', AdminUserView>(
    adminKeys.users(q),
    (query, init) => api.admin.users.$get({ query }, { init }),
    'users',
    q,
  );
}

export function useAdminGames(q: string) {
  return usePagedList<'games', AdminGameView>(
    adminKeys.games(q),
    (query, init) => api.admin.games.$get({ query }, { init }),
    'games',
    q,
  );
}

export function useAdminAudit() {
  return usePagedList<'entries', AuditEntryView>(
    adminKeys.audit,
    // The audit log has no search: only the cursor goes.
    ({ cursor }, init) => api.admin.audit.$get({ query: { cursor } }, { init }),
    'entries',
    '',
  );
}

/** Grants whose granting admin later lost the role, to keep or revoke (decision 0028). */
export function useGrantReviews() {
  return useQuery({
    queryKey: adminKeys.grantReviews,
    queryFn: ({ signal }) =>
      request<{ grants: GrantReviewView[] }>(
        (init) => api.admin['grant-reviews'].$get({}, { init }),
        { signal },
      ),
  });
}

export function useKeepGrant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) =>
      request<{ reviewed: true }>(
        (init) =>
          api.admin['grant-reviews'][':entryId'].keep.$post(
            { param: { entryId: encodeURIComponent(entryId) } },
            { init },
          ),
        { retry: false },
      ),
    onSuccess: () => refreshAdmin(queryClient),
  });
}

/** After a change: the lists, counts and the audit log are read afresh. */
function refreshAdmin(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; role: AdminRole }) =>
      request<{ user: { id: string; role: AdminRole } }>(
        (init) =>
          api.admin.users[':userId'].role.$post(
            { param: { userId: encodeURIComponent(input.userId) }, json: { role: input.role } },
            { init },
          ),
        { retry: false },
      ),
    onSuccess: () => {
      refreshAdmin(queryClient);
      // Revoking oneself (when another admin remains) changes this page's own access.
      void queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

export function useDeleteGameAsAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gameId: string) =>
      request<{ deleted: true }>(
        (init) =>
          api.admin.games[':gameId'].$delete(
            { param: { gameId: encodeURIComponent(gameId) } },
            { init },
          ),
        { retry: false },
      ),
    onSuccess: () => refreshAdmin(queryClient),
  });
}

/**
 * Hides a picture (every page then shows a placeholder) or shows it again: the report queue, the
 * audit log and the games in the cache are read again.
 */
export function useSetPictureHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { imageId: string; hidden: boolean }) =>
      request<{ picture: { id: string; hidden: boolean; games: number } }>(
        (init) =>
          api.admin.pictures[':imageId'].$put(
            { param: { imageId: input.imageId }, json: { hidden: input.hidden } },
            { init },
          ),
        { retry: false },
      ),
    onSuccess: () => {
      refreshAdmin(queryClient);
      void queryClient.invalidateQueries({ queryKey: communityKeys.reports });
      void queryClient.invalidateQueries({ queryKey: gameKeys.all });
    },
  });
}
