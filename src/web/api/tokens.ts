/**
 * Personal API tokens on /account (decision 0024): the list, creating one (its secret comes back
 * once) and revoking one, through the typed client, with their TanStack Query keys.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiTokenView, CreatedApiToken } from '../../domain/api-tokens';
import { api } from './client';
import { request } from './request';

export type { ApiTokenView, CreatedApiToken };

export const tokenKeys = {
  list: ['api-tokens'] as const,
};

export function useApiTokens() {
  return useQuery({
    queryKey: tokenKeys.list,
    queryFn: ({ signal }) =>
      request<{ tokens: ApiTokenView[] }>((init) => api.me.tokens.$get({}, { init }), {
        signal,
      }).then((body) => body.tokens),
  });
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      request<CreatedApiToken>((init) => api.me.tokens.$post({ json: { name } }, { init }), {
        retry: false,
      }),
    onSuccess: ({ token }) => {
      queryClient.setQueryData<ApiTokenView[]>(tokenKeys.list, (list) =>
        list ? [...list.filter((t) => t.id !== token.id), token] : list,
      );
      void queryClient.invalidateQueries({ queryKey: tokenKeys.list });
    },
  });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request<{ revoked: true }>(
        (init) => api.me.tokens[':id'].$delete({ param: { id: encodeURIComponent(id) } }, { init }),
        { retry: false },
      ),
    onSuccess: (_body, id) => {
      queryClient.setQueryData<ApiTokenView[]>(tokenKeys.list, (list) =>
        list?.filter((t) => t.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: tokenKeys.list });
    },
  });
}
