/**
 * Notifications (issue 30): a player's "tell me when results unlock" for one game, the account's
 * settings (each kind by e-mail, push or off; a daily digest), with their TanStack Query keys.
 * The push subscription of this device is push.ts's.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationSettings,
} from '../../domain/notifications';
import { api } from './client';
import { request } from './request';

export { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS };
export type { NotificationChannel, NotificationKind, NotificationSettings };

/** GET and PUT /api/me/notifications answer this. */
export type NotificationsView = {
  settings: NotificationSettings;
  /** Where e-mail goes, and whether it can (a confirmed address). */
  email: { address: string | null; verified: boolean };
  /** Guests choose push or off only. */
  emailAllowed: boolean;
  /** How many browsers of this account are subscribed to push. */
  pushSubscriptions: number;
};

export const notificationKeys = {
  settings: ['notification-settings'] as const,
  unlock: (gameId: string) => ['notify-unlock', gameId] as const,
};

/** Whether the signed-in player asked to hear when this game's results unlock. */
export function useUnlockNotify(gameId: string, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unlock(gameId),
    queryFn: ({ signal }) =>
      request<{ unlock: boolean }>(
        (init) => api.games[':id'].notify.$get({ param: { id: gameId } }, { init }),
        { signal },
      ).then((body) => body.unlock),
    enabled,
  });
}

export function useSetUnlockNotify(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unlock: boolean) =>
      request<{ unlock: boolean }>((init) =>
        api.games[':id'].notify.$put({ param: { id: gameId }, json: { unlock } }, { init }),
      ).then((body) => body.unlock),
    onSuccess: (unlock) => queryClient.setQueryData(notificationKeys.unlock(gameId), unlock),
  });
}

/**
 * Once a player sees the results, the e-mail they asked for on this page would tell them nothing
 * new (issue 30: none to a player who already saw them): the request is taken back. Only when
 * this page knows it was on (the locked card read it), so a results page costs no extra call.
 */
export function useUnlockSeen(gameId: string | undefined, shown: boolean): void {
  const queryClient = useQueryClient();
  const save = useSetUnlockNotify(gameId ?? '');
  const { mutate } = save;
  useEffect(() => {
    if (!gameId || !shown) return;
    if (queryClient.getQueryData(notificationKeys.unlock(gameId)) !== true) return;
    mutate(false);
  }, [gameId, shown, queryClient, mutate]);
}

export function useNotificationSettings(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) =>
      request<NotificationsView>((init) => api.me.notifications.$get({}, { init }), { signal }),
    enabled,
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    // One after another, so the last choice is the one that stays.
    scope: { id: 'notification-settings' },
    mutationFn: (settings: NotificationSettings) =>
      request<NotificationsView>((init) => api.me.notifications.$put({ json: settings }, { init })),
    onSuccess: (view) => queryClient.setQueryData(notificationKeys.settings, view),
  });
}

/** The server's VAPID public key (base64url), which a push subscription is made for. */
export function fetchVapidKey(): Promise<string> {
  return request<{ publicKey: string }>((init) => api.push.key.$get({}, { init })).then(
    (body) => body.publicKey,
  );
}

/**
 * Tells the server to stop pushing to this browser's endpoint (this account's, if it has it);
 * the settings' count of subscribed browsers changes with it.
 */
export async function deletePushSubscription(
  endpoint: string,
  queryClient: QueryClient,
): Promise<void> {
  await request((init) => api.me['push-subscriptions'].$delete({ json: { endpoint } }, { init }), {
    retry: false,
  });
  void queryClient.invalidateQueries({ queryKey: notificationKeys.settings });
}

/**
 * Hands this browser's push subscription to the server, for the signed-in person or guest (the
 * same endpoint again replaces its keys and moves it to this account). The settings' count of
 * subscribed browsers changes with it.
 */
export async function savePushSubscription(
  subscription: PushSubscriptionJSON,
  queryClient: QueryClient,
): Promise<void> {
  const { endpoint = '', keys: { p256dh = '', auth = '' } = {} } = subscription;
  await request(
    (init) =>
      api.me['push-subscriptions'].$post({ json: { endpoint, keys: { p256dh, auth } } }, { init }),
    { retry: false },
  );
  void queryClient.invalidateQueries({ queryKey: notificationKeys.settings });
}
