/**
 * The player's @handle: whether one is free, and setting it (the player page's handle editor).
 * Apart from players.ts, which the play page loads: setting a handle updates the signed-in
 * profile (me.ts), which the app's entry holds.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileView } from '../../domain/profile';
import { meKeys } from './me';
import type { MutationEffects } from './mutation-effects';
import { fetchHandleAvailable, playerKeys, saveHandle } from './players';

/** Whether `handle` is free (the server's words when not), once the rules here allow it. */
export function useHandleAvailable(handle: string, enabled: boolean) {
  return useQuery({
    queryKey: playerKeys.handleAvailable(handle.toLowerCase()),
    queryFn: ({ signal }) => fetchHandleAvailable(handle, signal),
    enabled,
    staleTime: 5_000,
    retry: false,
  });
}

/** Sets the signed-in player's @handle: their profile as answered, player pages read again. */
export function useSaveHandle(userId: string, effects: MutationEffects<ProfileView, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (handle: string) => saveHandle(handle),
    onSuccess: (next, handle) => {
      queryClient.setQueryData<ProfileView | null>(meKeys.profile(userId), next);
      void queryClient.invalidateQueries({ queryKey: playerKeys.all });
      effects.onSuccess?.(next, handle);
    },
    onError: (error) => effects.onError?.(error),
  });
}
