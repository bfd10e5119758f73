/**
 * Players API calls (handles, recent activity, my created and played games, public profiles) and
 * their TanStack Query keys, through the typed client; the answers' shapes come from
 * src/domain/profile.ts.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  MyGameView,
  PageResponse,
  PlayedGameView,
  ProfileView,
  PublicProfileView,
  XpActivityView,
} from '../../domain/profile';
import { api } from './client';
import { request } from './request';

export const playerKeys = {
  all: ['players'] as const,
  handleAvailable: (handle: string) => ['players', 'handle-available', handle] as const,
  activity: (userId: string) => ['players', 'activity', userId] as const,
  myGamesAll: ['players', 'my-games'] as const,
  myGames: (userId: string, archived: boolean) =>
    ['players', 'my-games', userId, archived] as const,
  myPlayedAll: ['players', 'my-played'] as const,
  myPlayed: (userId: string) => ['players', 'my-played', userId] as const,
  publicProfile: (handle: string) => ['players', 'user', handle.toLowerCase()] as const,
};

const enc = encodeURIComponent;

export type HandleAvailability = { available: boolean; message: string | null };

export function fetchHandleAvailable(
  handle: string,
  signal?: AbortSignal,
): Promise<HandleAvailability> {
  return request<HandleAvailability>(
    (init) => api.me['handle-available'].$get({ query: handle ? { handle } : {} }, { init }),
    { signal, retry: false },
  );
}

/** Sets the signed-in player's handle; answers the profile as it is now. */
export async function saveHandle(handle: string): Promise<ProfileView> {
  const body = await request<{ profile: ProfileView }>(
    (init) => api.me.handle.$put({ json: { handle } }, { init }),
    { retry: false },
  );
  return body.profile;
}

export async function fetchActivity(signal?: AbortSignal): Promise<XpActivityView[]> {
  const body = await request<{ activity: XpActivityView[] }>(
    (init) => api.me.activity.$get({}, { init }),
    { signal },
  );
  return body.activity;
}

export function fetchMyGames(
  cursor: string | null,
  archived: boolean,
  signal?: AbortSignal,
): Promise<PageResponse<MyGameView>> {
  return request(
    (init) =>
      api.me.games.$get(
        {
          query: { ...(cursor ? { cursor } : {}), ...(archived ? { archived: '1' as const } : {}) },
        },
        { init },
      ),
    { signal },
  );
}

export function fetchMyPlayed(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PageResponse<PlayedGameView>> {
  return request((init) => api.me.played.$get({ query: cursor ? { cursor } : {} }, { init }), {
    signal,
  });
}

export async function fetchPublicProfile(
  handle: string,
  signal?: AbortSignal,
): Promise<PublicProfileView> {
  const body = await request<{ profile: PublicProfileView }>(
    (init) => api.users[':handle'].$get({ param: { handle: enc(handle) } }, { init }),
    { signal },
  );
  return body.profile;
}

// ---------------------------------------------------------------- hooks

/** A page of a list, with when it was requested (My Ranks tells stale pending entries by it). */
export type RequestedPage<T> = PageResponse<T> & { requestedAt: number };

async function stamped<T>(fetchPage: () => Promise<PageResponse<T>>): Promise<RequestedPage<T>> {
  const requestedAt = Date.now();
  return { ...(await fetchPage()), requestedAt };
}

export function useActivity(userId: string) {
  return useQuery({
    queryKey: playerKeys.activity(userId),
    queryFn: ({ signal }) => fetchActivity(signal),
    retry: false,
  });
}

export function useMyGames(userId: string, archived: boolean) {
  return useInfiniteQuery({
    queryKey: playerKeys.myGames(userId, archived),
    queryFn: ({ pageParam, signal }) => stamped(() => fetchMyGames(pageParam, archived, signal)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
  });
}

export function useMyPlayed(userId: string) {
  return useInfiniteQuery({
    queryKey: playerKeys.myPlayed(userId),
    queryFn: ({ pageParam, signal }) => stamped(() => fetchMyPlayed(pageParam, signal)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
  });
}

export function usePublicProfile(handle: string) {
  return useQuery({
    queryKey: playerKeys.publicProfile(handle),
    queryFn: ({ signal }) => fetchPublicProfile(handle, signal),
    retry: false,
  });
}
