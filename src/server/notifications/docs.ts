/**
 * The notification routes in the API document (routes.ts): a person's settings, a player's "tell
 * me when results unlock", browsers' push subscriptions and the push key. Cookie-only: an API
 * token has no business changing who gets mail. The one-click unsubscribe (`/unsubscribe/:token`)
 * is a page, not part of the API (decision 0061).
 */
import { z } from 'zod';
import { NOTIFICATION_CHANNELS } from '../../domain/notifications';
import type { Operations } from '../api-docs/operation';

const Channel = z.enum(NOTIFICATION_CHANNELS);

export const NotificationSettingsSchema = z
  .object({
    plays: Channel.meta({ description: 'A creator’s digest: "N people played <prompt>"' }),
    closed: Channel.meta({ description: 'A creator’s "Your rank closed", with the final ranking' }),
    unlocked: Channel.meta({
      description: 'A game whose results you asked about unlocked, with your agreement',
    }),
    dailyDigest: z.boolean().meta({
      description: 'Digests at most once a day per game (otherwise at most once an hour)',
    }),
  })
  .meta({ id: 'NotificationSettings' });

export const NotificationsViewSchema = z
  .object({
    settings: NotificationSettingsSchema,
    /** Where e-mail goes, and whether it can (a verified address of an account, not a guest's). */
    email: z.object({ address: z.string().nullable(), verified: z.boolean() }),
    /** Guests choose push only. */
    emailAllowed: z.boolean(),
    /** This account's browsers subscribed to push. */
    pushSubscriptions: z.number(),
  })
  .meta({ id: 'Notifications' });

export const PushSubscriptionSchema = z
  .object({ id: z.string(), createdAt: z.number() })
  .meta({ id: 'PushSubscription' });

export const NOTIFICATIONS_OPERATIONS: Operations = {
  'GET /api/me/notifications': {
    tag: 'Me',
    summary: 'Your notification settings',
    access: 'session',
    ok: { 200: NotificationsViewSchema },
  },
  'PUT /api/me/notifications': {
    tag: 'Me',
    summary: 'Change your notification settings',
    description:
      'Any of `plays`, `closed`, `unlocked` ("email" | "push" | "off") and `dailyDigest`; what is left out stays. Guests may choose push or off only (403).',
    access: 'session',
    ok: { 200: NotificationsViewSchema },
  },
  'POST /api/me/push-subscriptions': {
    tag: 'Me',
    summary: 'Subscribe this browser to push notifications',
    description:
      'Body: the browser’s `PushSubscription.toJSON()`: `{ endpoint, keys: { p256dh, auth } }`. The same endpoint again replaces its keys (and moves it to this account).',
    access: 'session',
    ok: { 201: z.object({ subscription: PushSubscriptionSchema }) },
  },
  'DELETE /api/me/push-subscriptions/{subscriptionId}': {
    tag: 'Me',
    summary: 'Stop push notifications to one browser',
    access: 'session',
    ok: { 200: z.object({ deleted: z.literal(true), id: z.string() }) },
    errors: [404],
  },
  'DELETE /api/me/push-subscriptions': {
    tag: 'Me',
    summary: 'Stop push notifications to the browser with this endpoint',
    description:
      'Body `{ endpoint }` (what `PushSubscription.unsubscribe()` leaves the page). `deleted`: whether this account had it.',
    access: 'session',
    ok: { 200: z.object({ deleted: z.boolean() }) },
  },
  'GET /api/push/key': {
    tag: 'Service',
    summary: 'The server’s VAPID public key (applicationServerKey for PushManager.subscribe)',
    access: 'public',
    ok: { 200: z.object({ publicKey: z.string() }) },
  },
  'GET /api/games/{id}/notify': {
    tag: 'Results',
    summary: 'Whether you asked to be told when the game’s results unlock',
    access: 'session',
    ok: { 200: z.object({ unlock: z.boolean() }) },
    errors: [404],
  },
  'PUT /api/games/{id}/notify': {
    tag: 'Results',
    summary: 'Tell me when results unlock (or stop)',
    description:
      'Body `{ unlock: boolean }`. A player of the game (a saved ranking) only: 403 otherwise. Guests need a push subscription first (403 with what to do). One message when the game closes, by e-mail or push as the settings say; none if you set it back to false before (the results page does once it shows them).',
    access: 'session',
    ok: { 200: z.object({ unlock: z.boolean() }) },
    errors: [404],
  },
};
