/**
 * The Community's mutation hooks (the builder, reports, moderation): each calls its fetcher
 * (community.ts) and updates the cache; the screen adds its toasts and moves. Apart from
 * community.ts, which the app's entry loads: these are for the pages that show the buttons.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityRankView } from '../../domain/community';
import type { GameView } from '../../domain/game';
import {
  createCommunityRank,
  hideRank,
  reportRank,
  updateCachedRank,
  type NewCommunityRank,
  type ReportInput,
} from './community';
import { communityKeys } from './community-keys';
import type { MutationEffects } from './mutation-effects';

/** The builder: a new community rank, cached for its page, and the lists read again. */
export function useCreateCommunityRank(
  effects: MutationEffects<{ rank: CommunityRankView; game: GameView }, NewCommunityRank> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCommunityRank) => createCommunityRank(input),
    onSuccess: (answer, input) => {
      queryClient.setQueryData(communityKeys.rank(answer.rank.id), answer.rank);
      void queryClient.invalidateQueries({ queryKey: communityKeys.lists });
      effects.onSuccess?.(answer, input);
    },
    onError: (error) => effects.onError?.(error),
  });
}

/** Reports a rank to the moderators. */
export function useReportRank(
  rankId: string,
  effects: MutationEffects<{ reported: true }, ReportInput> = {},
) {
  return useMutation({
    mutationFn: (input: ReportInput) => reportRank(rankId, input),
    onSuccess: (answer, input) => effects.onSuccess?.(answer, input),
    onError: (error) => effects.onError?.(error),
  });
}

/** Hides a rank from every public list, or restores it: the rank as answered, lists read again. */
export function useHideRank(
  effects: MutationEffects<CommunityRankView, { rankId: string; hidden: boolean }> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { rankId: string; hidden: boolean }) =>
      hideRank(input.rankId, input.hidden),
    onSuccess: (rank, input) => {
      updateCachedRank(queryClient, rank.id, () => rank);
      void queryClient.invalidateQueries({ queryKey: communityKeys.all });
      effects.onSuccess?.(rank, input);
    },
    onError: (error) => effects.onError?.(error),
  });
}
