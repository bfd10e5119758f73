/**
 * The signed-in person's profile (level, xp, crowns, role) from GET /api/me, kept live by ONE
 * event stream per tab (GET /api/me/events, event `profile`). Guests and signed-out visitors have
 * neither: the header treats them as signed out.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { fetchProfile, meKeys, type Profile } from './me-api';
import { useViewer, type Viewer } from './use-viewer';

const STREAM_RETRY_BASE_MS = 1000;
const STREAM_RETRY_MAX_MS = 60_000;

export function useProfile(): {
  viewer: Viewer;
  profile: Profile | null;
  isPending: boolean;
  isError: boolean;
} {
  const viewer = useViewer();
  const userId = viewer.status === 'signed-in' ? viewer.user.id : null;
  const query = useQuery({
    queryKey: meKeys.profile(userId ?? ''),
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: userId !== null,
    // The event stream keeps it fresh; refetching on focus is a fallback only.
    staleTime: 60_000,
  });
  const profile = query.data && query.data.id === userId ? query.data : null;
  return {
    viewer,
    profile,
    isPending: userId !== null && query.isPending,
    isError: query.isError,
  };
}

function isProfilePayload(value: unknown): value is { profile: Profile | null } {
  return typeof value === 'object' && value !== null && 'profile' in value;
}

/**
 * Keeps the profile stream open for `userId` (a signed-in, non-guest person): each `profile`
 * event replaces the cached profile (whoever shows it re-renders: the header, the player page,
 * the progress toasts). When the
 * browser gives up on the stream (an error answer, e.g. an older server without it), it is
 * reopened with backoff up to a minute apart.
 */
export function useProfileStream(userId: string | null): void {
  const queryClient = useQueryClient();
  const changed = useEffectEvent((profile: Profile | null) => {
    if (!userId) return;
    if (profile && profile.id !== userId) return;
    queryClient.setQueryData<Profile | null>(meKeys.profile(userId), profile);
  });

  useEffect(() => {
    if (!userId || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let failures = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = () => {
      source = new EventSource('/api/me/events');
      source.addEventListener('profile', (event) => {
        failures = 0;
        try {
          const data: unknown = JSON.parse((event as MessageEvent<string>).data);
          if (isProfilePayload(data)) changed(data.profile);
        } catch {
          // A malformed event is skipped; the next one brings the profile back.
        }
      });
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        source.close();
        source = null;
        failures += 1;
        const delay = Math.min(STREAM_RETRY_MAX_MS, STREAM_RETRY_BASE_MS * 2 ** (failures - 1));
        retryTimer = setTimeout(open, delay);
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [userId]);
}
