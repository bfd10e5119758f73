/**
 * The signed-in person's profile (level, xp, crowns, role) from GET /api/me, kept live by ONE
 * event stream per tab (GET /api/me/events, event `profile`; live-stream.ts keeps it open). Guests and signed-out visitors have
 * neither: the header treats them as signed out.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveStream } from '../../api/live-stream';
import { fetchProfile, meKeys, type Profile } from '../../api/me';
import { useViewer, type Viewer } from './use-viewer';

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
 * Keeps the profile stream open for `userId` (a signed-in, non-guest person), through
 * live-stream.ts (its reconnect policy): each `profile` event replaces the cached profile (whoever
 * shows it re-renders: the header, the player page, the progress toasts). Back up after being
 * down, the profile is read again.
 */
export function useProfileStream(userId: string | null): void {
  const queryClient = useQueryClient();
  useLiveStream(userId ? `profile:${userId}` : null, () => {
    const id = userId ?? '';
    return {
      url: '/api/me/events',
      events: {
        profile: (raw) => {
          const data: unknown = JSON.parse(raw);
          if (!isProfilePayload(data)) return;
          if (data.profile && data.profile.id !== id) return;
          queryClient.setQueryData<Profile | null>(meKeys.profile(id), data.profile);
        },
      },
      catchUp: () => void queryClient.invalidateQueries({ queryKey: meKeys.profile(id) }),
    };
  });
}
