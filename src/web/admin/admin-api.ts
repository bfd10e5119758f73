/**
 * The admin app's API calls (overview, users and roles, games, the audit log, analytics), their
 * TanStack Query keys and the cache updates after a change. Plain `fetch` through `request`.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { request } from '../api/request';
import { meKeys } from '../shell/me-api';
import type {
  AdminAnalytics,
  AdminGameView,
  AdminOverview,
  AdminRole,
  AdminUserView,
  AuditEntryView,
  Page,
} from '../../domain/admin';

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  users: (q: string) => ['admin', 'users', q] as const,
  games: (q: string) => ['admin', 'games', q] as const,
  audit: ['admin', 'audit'] as const,
  analytics: (days: number) => ['admin', 'analytics', days] as const,
};

const getJson =
  <T>(url: string) =>
  (signal?: AbortSignal) =>
    request<T>((init) => fetch(url, init), { signal });

function pageUrl(path: string, params: Record<string, string | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export function useAdminOverview() {
  return useQuery({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => getJson<AdminOverview>('/api/admin/overview')(signal),
  });
}

export function useAdminAnalytics(days: number) {
  return useQuery({
    queryKey: adminKeys.analytics(days),
    queryFn: ({ signal }) => getJson<AdminAnalytics>(`/api/admin/analytics?days=${days}`)(signal),
  });
}

/** A cursor-paged admin list: `key` names the array in each page. */
function usePagedList<K extends string, T>(
  queryKey: readonly unknown[],
  path: string,
  key: K,
  q: string,
) {
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      getJson<Page<K, T>>(pageUrl(path, { q: q.trim() || null, cursor: pageParam }))(signal),
    getNextPageParam: (last) => last.nextCursor,
  });
  const rows = query.data?.pages.flatMap((page) => page[key] as T[]) ?? [];
  return { ...query, rows };
}

export function useAdminUsers(q: string) {
  return usePagedList<'users', AdminUserView>(adminKeys.users(q), '/api/admin/users', 'users', q);
}

export function useAdminGames(q: string) {
  return usePagedList<'games', AdminGameView>(adminKeys.games(q), '/api/admin/games', 'games', q);
}

export function useAdminAudit() {
  return usePagedList<'entries', AuditEntryView>(
    adminKeys.audit,
    '/api/admin/audit',
    'entries',
    '',
  );
}

function send(method: 'POST' | 'DELETE', url: string, body?: unknown) {
  return (init: RequestInit) =>
    fetch(url, {
      ...init,
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
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
        send('POST', `/api/admin/users/${encodeURIComponent(input.userId)}/role`, {
          role: input.role,
        }),
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
      request<{ deleted: true }>(send('DELETE', `/api/admin/games/${encodeURIComponent(gameId)}`), {
        retry: false,
      }),
    onSuccess: () => refreshAdmin(queryClient),
  });
}
