/**
 * Players API calls (handles, recent activity, my created and played games, public profiles) and
 * their TanStack Query keys. Plain `fetch` through `request`, as the shell's me-api does; the
 * shapes come from src/domain/profile.ts.
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
import { request } from './request';

export const playerKeys = {
  all: ['players'] as const,
  handleAvailable: (handle: string) => ['players', 'handle-available', handle] as const,
  activity: (userId: string) => ['players', 'activity', userId] as const,
  myGamesAll: ['players', 'my-games'] as const,
  myGames: (userId: string, archived: boolean) =>
    ['players', 'my-games', userId, archived] as const,
  myPlayed: (userId: string) => ['players', 'my-played', userId] as const,
  publicProfile: (handle: string) => ['players', 'user', handle.toLowerCase()] as const,
};

type Send = (init: RequestInit) => Promise<Response>;

const get =
  (url: string): Send =>
  (init) =>
    fetch(url, init);

const enc = encodeURIComponent;

function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export type HandleAvailability = { available: boolean; message: string | null };

export function fetchHandleAvailable(
  handle: string,
  signal?: AbortSignal,
): Promise<HandleAvailability> {
  return request<HandleAvailability>(get(withQuery('/api/me/handle-available', { handle })), {
    signal,
    retry: false,
  });
}

/** Sets the signed-in player's handle; answers the profile as it is now. */
export async function saveHandle(handle: string): Promise<ProfileView> {
  const body = await request<{ profile: ProfileView }>(
    (init) =>
      fetch('/api/me/handle', {
        ...init,
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ handle }),
      }),
    { retry: false },
  );
  return body.profile;
}

export async function fetchActivity(signal?: AbortSignal): Promise<XpActivityView[]> {
  const body = await request<{ activity: XpActivityView[] }>(get('/api/me/activity'), { signal });
  return body.activity;
}

export function fetchMyGames(
  cursor: string | null,
  archived: boolean,
  signal?: AbortSignal,
): Promise<PageResponse<MyGameView>> {
  return request(get(withQuery('/api/me/games', { cursor, archived: archived ? '1' : null })), {
    signal,
  });
}

export function fetchMyPlayed(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PageResponse<PlayedGameView>> {
  return request(get(withQuery('/api/me/played', { cursor })), { signal });
}

export async function fetchPublicProfile(
  handle: string,
  signal?: AbortSignal,
): Promise<PublicProfileView> {
  const body = await request<{ profile: PublicProfileView }>(get(`/api/users/${enc(handle)}`), {
    signal,
  });
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
