/**
 * Notifications (issue 30): a player's "tell me when results unlock" for one game, the account's
 * settings (each kind by e-mail, push or off; a daily digest), with their TanStack Query keys.
 * The push subscription of this device is push.ts's.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from './request';

// PROVISIONAL until the server's shapes land (branch nt, src/server/notifications/docs.ts).
export const NOTIFICATION_KINDS = ['plays', 'closed', 'unlocked'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_CHANNELS = ['email', 'push', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type NotificationSettings = Record<NotificationKind, NotificationChannel> & {
  dailyDigest: boolean;
};

function send(url: string, method: string, body?: unknown) {
  return (init: RequestInit) =>
    fetch(url, {
      ...init,
      method,
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

export const notificationKeys = {
  settings: ['notification-settings'] as const,
  unlock: (gameId: string) => ['notify-unlock', gameId] as const,
};

/** Whether the signed-in player asked to hear when this game's results unlock. */
export function useUnlockNotify(gameId: string, enabled: boolean) {
  return useQuery({
    queryKey: notificationKeys.unlock(gameId),
    queryFn: ({ signal }) =>
      request<{ unlock: boolean }>(send(`/api/games/${encodeURIComponent(gameId)}/notify`, 'GET'), {
        signal,
      }).then((body) => body.unlock),
    enabled,
  });
}

export function useSetUnlockNotify(gameId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unlock: boolean) =>
      request<{ unlock: boolean }>(
        send(`/api/games/${encodeURIComponent(gameId)}/notify`, 'PUT', { unlock }),
      ).then((body) => body.unlock),
    onSuccess: (unlock) => queryClient.setQueryData(notificationKeys.unlock(gameId), unlock),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: ({ signal }) =>
      request<{ settings: NotificationSettings }>(send('/api/me/notifications', 'GET'), {
        signal,
      }).then((body) => body.settings),
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    // One after another, so the last choice is the one that stays.
    scope: { id: 'notification-settings' },
    mutationFn: (settings: NotificationSettings) =>
      request<{ settings: NotificationSettings }>(
        send('/api/me/notifications', 'PUT', settings),
      ).then((body) => body.settings),
    onSuccess: (settings) => queryClient.setQueryData(notificationKeys.settings, settings),
  });
}

/** The server's VAPID public key (base64url), which a push subscription is made for. */
export function fetchVapidKey(): Promise<string> {
  return request<{ publicKey: string }>(send('/api/push/vapid-public-key', 'GET')).then(
    (body) => body.publicKey,
  );
}

/** Hands this browser's push subscription to the server, for the signed-in person or guest. */
export function savePushSubscription(subscription: PushSubscriptionJSON): Promise<unknown> {
  return request(send('/api/me/push-subscriptions', 'POST', subscription));
}
