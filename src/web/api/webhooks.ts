/** The owner's webhooks for a game (decisions 0025, 0030): list, add, turn off or on, remove, and the delivery log. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryView, WebhookEvent, WebhookView } from '../../domain/webhooks';
import { api } from './client';
import type { MutationEffects } from './mutation-effects';
import { request } from './request';

export const webhookKeys = {
  list: (gameId: string) => ['webhooks', gameId] as const,
  deliveries: (gameId: string, webhookId: string) =>
    ['webhooks', gameId, webhookId, 'deliveries'] as const,
};

export async function fetchWebhooks(gameId: string, signal?: AbortSignal): Promise<WebhookView[]> {
  const body = await request<{ webhooks: WebhookView[] }>(
    (init) => api.games[':id'].webhooks.$get({ param: { id: gameId } }, { init }),
    { signal },
  );
  return body.webhooks;
}

/** A new webhook and its signing secret: this answer is the only time the secret is shown. */
export type NewWebhook = { url: string; events: WebhookEvent[] };

export function addWebhook(
  gameId: string,
  input: NewWebhook,
): Promise<{ webhook: WebhookView; secret: string }> {
  // Not retried: a second try after a lost answer would add it twice.
  return request(
    (init) => api.games[':id'].webhooks.$post({ param: { id: gameId }, json: input }, { init }),
    { retry: false },
  );
}

export function removeWebhook(gameId: string, webhookId: string): Promise<{ deleted: true }> {
  return request(
    (init) =>
      api.games[':id'].webhooks[':webhookId'].$delete(
        { param: { id: gameId, webhookId } },
        { init },
      ),
    { retry: false },
  );
}

/** Turns a webhook off, or back on (its failure count starts again from 0). */
export function setWebhookEnabled(
  gameId: string,
  webhookId: string,
  enabled: boolean,
): Promise<{ webhook: WebhookView }> {
  return request(
    (init) =>
      api.games[':id'].webhooks[':webhookId'].$patch(
        { param: { id: gameId, webhookId }, json: { enabled } },
        { init },
      ),
    { retry: false },
  );
}

export async function fetchDeliveries(
  gameId: string,
  webhookId: string,
  signal?: AbortSignal,
): Promise<DeliveryView[]> {
  const body = await request<{ deliveries: DeliveryView[] }>(
    (init) =>
      api.games[':id'].webhooks[':webhookId'].deliveries.$get(
        { param: { id: gameId, webhookId } },
        { init },
      ),
    { signal },
  );
  return body.deliveries;
}

export function useWebhooks(gameId: string, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.list(gameId),
    queryFn: ({ signal }) => fetchWebhooks(gameId, signal),
    enabled,
    retry: false,
  });
}

/** The log while it is open: refreshed every few seconds, since retries happen in the background. */
export function useDeliveries(gameId: string, webhookId: string, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.deliveries(gameId, webhookId),
    queryFn: ({ signal }) => fetchDeliveries(gameId, webhookId, signal),
    enabled,
    retry: false,
    refetchInterval: 5000,
  });
}

/** Adds a webhook to a game; the list is read again. */
export function useAddWebhook(
  gameId: string,
  effects: MutationEffects<{ webhook: WebhookView; secret: string }, NewWebhook> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewWebhook) => addWebhook(gameId, input),
    onSuccess: (created, input) => {
      effects.onSuccess?.(created, input);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list(gameId) });
    },
    onError: (error) => effects.onError?.(error),
  });
}

/** Removes one of a game's webhooks; the list is read again. */
export function useRemoveWebhook(
  gameId: string,
  webhookId: string,
  effects: MutationEffects<{ deleted: true }> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeWebhook(gameId, webhookId),
    onSuccess: (answer) => {
      effects.onSuccess?.(answer, undefined);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list(gameId) });
    },
    onError: (error) => effects.onError?.(error),
  });
}

/** Turns one of a game's webhooks off (`false`) or back on (`true`); the list is read again. */
export function useSetWebhookEnabled(
  gameId: string,
  webhookId: string,
  effects: MutationEffects<{ webhook: WebhookView }, boolean> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => setWebhookEnabled(gameId, webhookId, enabled),
    onSuccess: (answer, enabled) => {
      effects.onSuccess?.(answer, enabled);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.list(gameId) });
    },
    onError: (error) => effects.onError?.(error),
  });
}
