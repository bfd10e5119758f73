/**
 * HTTP adapter for notifications: a person's settings and push subscriptions (/api/me), a
 * player's "tell me when results unlock" (/api/games/:id/notify), the push key (/api/push/key),
 * and the one-click unsubscribe page (/unsubscribe/:token, no session: RFC 8058).
 */
import { isIP } from 'node:net';
import { Hono } from 'hono';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/game';
import { LIFECYCLE_MESSAGES } from '../../domain/lifecycle';
import {
  KIND_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_MESSAGES,
} from '../../domain/notifications';
import { requireUser, type AuthEnv } from '../auth/public';
import type { Db } from '../db/client';
import { validate } from '../http/validate';
import { isPublicAddress } from '../webhooks/public';
import { hasUnlockRequest, readNotifications } from './data';
import type { GameFacts } from './facts';
import { page } from './mails';
import {
  addPushSubscription,
  removePushSubscription,
  setUnlockRequest,
  unsubscribe,
  updateSettings,
} from './mutations';
import { readUnsubscribeToken } from './unsubscribe-token';

export type NotificationRoutesDeps = {
  db: Db;
  facts: GameFacts;
  /** Signs and reads unsubscribe links (the server's secret). */
  secret: string;
  /** The VAPID public key browsers subscribe with. */
  pushPublicKey: string;
  /** Push endpoints on private or local addresses are accepted (tests, closed networks). */
  allowPrivate: boolean;
};

const signedIn = requireUser({ guests: true, message: 'Not signed in' });

const Channel = z.enum(NOTIFICATION_CHANNELS, { error: NOTIFICATION_MESSAGES.settingsInvalid });
const SettingsBody = z.strictObject(
  {
    plays: Channel.optional(),
    closed: Channel.optional(),
    unlocked: Channel.optional(),
    dailyDigest: z.boolean({ error: NOTIFICATION_MESSAGES.settingsInvalid }).optional(),
  },
  { error: NOTIFICATION_MESSAGES.settingsInvalid },
);

/** A base64url key of `bytes` bytes (p256dh: an uncompressed P-256 point; auth: 16 bytes). */
const keyOf = (bytes: number) =>
  z
    .string({ error: NOTIFICATION_MESSAGES.subscriptionInvalid })
    .trim()
    .max(200, NOTIFICATION_MESSAGES.subscriptionInvalid)
    .refine(
      (key) =>
        /^[A-Za-z0-9_-]+=*$/.test(key) &&
        Buffer.from(key, 'base64url').length === bytes &&
        (bytes !== 65 || Buffer.from(key, 'base64url')[0] === 4),
      NOTIFICATION_MESSAGES.subscriptionInvalid,
    );
const SubscriptionBody = z.object(
  {
    endpoint: z
      .string({ error: NOTIFICATION_MESSAGES.subscriptionInvalid })
      .trim()
      .min(1, NOTIFICATION_MESSAGES.subscriptionInvalid)
      .max(2000, NOTIFICATION_MESSAGES.endpointInvalid),
    keys: z.object(
      { p256dh: keyOf(65), auth: keyOf(16) },
      { error: NOTIFICATION_MESSAGES.subscriptionInvalid },
    ),
    expirationTime: z.number().nullable().optional(),
  },
  { error: NOTIFICATION_MESSAGES.subscriptionInvalid },
);
const EndpointBody = z.object(
  { endpoint: z.string({ error: NOTIFICATION_MESSAGES.endpointInvalid }).max(2000) },
  { error: NOTIFICATION_MESSAGES.endpointInvalid },
);

const UnlockBody = z.object(
  { unlock: z.boolean({ error: NOTIFICATION_MESSAGES.unlockRequired }) },
  { error: NOTIFICATION_MESSAGES.unlockRequired },
);

const GameParam = z.object({
  id: z.string().trim().min(1, LIFECYCLE_MESSAGES.missingGameId).max(100),
});
const SubscriptionParam = z.object({
  subscriptionId: z
    .string()
    .min(1, NOTIFICATION_MESSAGES.subscriptionNotFound)
    .max(100, NOTIFICATION_MESSAGES.subscriptionNotFound),
});

/** https, on a public address unless private ones are allowed (then http too). */
function checkEndpoint(raw: string, allowPrivate: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('invalid-argument', NOTIFICATION_MESSAGES.endpointInvalid);
  }
  const httpOk = allowPrivate && url.protocol === 'http:';
  if ((url.protocol !== 'https:' && !httpOk) || url.username !== '' || url.password !== '') {
    throw new AppError('invalid-argument', NOTIFICATION_MESSAGES.endpointInvalid);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const local = host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local');
  if (!allowPrivate && (local || (isIP(host) !== 0 && !isPublicAddress(host)))) {
    throw new AppError('invalid-argument', NOTIFICATION_MESSAGES.endpointInvalid);
  }
  return url.toString();
}

/** /api/me/notifications and /api/me/push-subscriptions. */
export function notificationMeRoutes(deps: NotificationRoutesDeps) {
  const { db } = deps;
  const view = async (userId: string) => {
    const found = await readNotifications(db, userId);
    if (!found) throw new AppError('unauthenticated', 'Not signed in');
    return found;
  };
  return (
    new Hono<AuthEnv>()
      .get('/notifications', signedIn, async (c) => c.json(await view(c.get('user').id)))
      .put('/notifications', signedIn, validate('json', SettingsBody), async (c) => {
        return c.json(await updateSettings(db, c.get('user'), c.req.valid('json')));
      })
      .post('/push-subscriptions', signedIn, validate('json', SubscriptionBody), async (c) => {
        const body = c.req.valid('json');
        const subscription = await addPushSubscription(db, {
          userId: c.get('user').id,
          endpoint: checkEndpoint(body.endpoint, deps.allowPrivate),
          p256dh: body.keys.p256dh,
          auth: body.keys.auth,
        });
        return c.json({ subscription }, 201);
      })
      // "Turn off on this device": what `PushSubscription.unsubscribe()` leaves the page to say.
      .delete('/push-subscriptions', signedIn, validate('json', EndpointBody), async (c) => {
        const deleted = await removePushSubscription(db, {
          userId: c.get('user').id,
          endpoint: c.req.valid('json').endpoint,
        });
        return c.json({ deleted });
      })
      .delete(
        '/push-subscriptions/:subscriptionId',
        signedIn,
        validate('param', SubscriptionParam),
        async (c) => {
          const id = c.req.valid('param').subscriptionId;
          if (!(await removePushSubscription(db, { userId: c.get('user').id, id }))) {
            throw new AppError('not-found', NOTIFICATION_MESSAGES.subscriptionNotFound);
          }
          return c.json({ deleted: true as const, id });
        },
      )
  );
}

/** /api/games/:id/notify: a player's "tell me when results unlock". */
export function gameNotifyRoutes(deps: NotificationRoutesDeps) {
  const { db } = deps;
  const playerGame = async (idOrSlug: string, userId: string) => {
    const found = await deps.facts.playerOf(idOrSlug, userId);
    if (!found) throw new AppError('not-found', MESSAGES.gameNotFound);
    return found;
  };
  return new Hono<AuthEnv>()
    .get('/:id/notify', signedIn, validate('param', GameParam), async (c) => {
      const { gameId } = await playerGame(c.req.valid('param').id, c.get('user').id);
      return c.json({ unlock: await hasUnlockRequest(db, { gameId, userId: c.get('user').id }) });
    })
    .put(
      '/:id/notify',
      signedIn,
      validate('param', GameParam),
      validate('json', UnlockBody),
      async (c) => {
        const user = c.get('user');
        const { unlock } = c.req.valid('json');
        const { gameId, player } = await playerGame(c.req.valid('param').id, user.id);
        if (unlock) {
          if (!player) throw new AppError('permission-denied', NOTIFICATION_MESSAGES.notPlayer);
          if (
            user.isAnonymous &&
            ((await readNotifications(db, user.id))?.pushSubscriptions ?? 0) === 0
          ) {
            throw new AppError('permission-denied', NOTIFICATION_MESSAGES.guestNeedsPush);
          }
        }
        await setUnlockRequest(db, { gameId, userId: user.id }, unlock);
        return c.json({ unlock });
      },
    );
}

/** /api/push/key: what browsers subscribe with. */
export function pushKeyRoutes(deps: Pick<NotificationRoutesDeps, 'pushPublicKey'>) {
  return new Hono<AuthEnv>().get('/key', (c) => c.json({ publicKey: deps.pushPublicKey }));
}

/**
 * /unsubscribe/:token, no session: GET asks (mail scanners open links; only a POST changes
 * anything), POST unsubscribes (the mail client's one-click, RFC 8058, or the page's button).
 */
export function unsubscribePageRoutes(deps: Pick<NotificationRoutesDeps, 'db' | 'secret'>) {
  const invalid = () => page('Unsubscribe', `<p>${NOTIFICATION_MESSAGES.unsubscribeInvalid}.</p>`);
  return new Hono()
    .get('/unsubscribe/:token', (c) => {
      const token = c.req.param('token');
      const read = readUnsubscribeToken(deps.secret, token);
      if (!read) return c.html(invalid(), 400);
      return c.html(
        page(
          'Unsubscribe',
          `<p>Stop e-mails about “${KIND_LABELS[read.kind]}”?</p>
<form method="post" action="/unsubscribe/${encodeURIComponent(token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button></form>`,
        ),
      );
    })
    .post('/unsubscribe/:token', async (c) => {
      const read = readUnsubscribeToken(deps.secret, c.req.param('token'));
      if (!read) return c.html(invalid(), 400);
      await unsubscribe(deps.db, read);
      return c.html(
        page(
          'Unsubscribed',
          `<p>You will no longer get e-mails about “${KIND_LABELS[read.kind]}”.</p>
<p>Change what you get at any time in your <a href="/account">account settings</a>.</p>`,
        ),
      );
    });
}
