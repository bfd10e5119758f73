/** HTTP adapter for the signed-in person: profile, live profile events, upkeep, admin self-grant. */
import { Hono } from 'hono';
import { z } from 'zod';
import { isAllowlistedAdmin } from '../../domain/profile';
import { requireUser, type AuthEnv } from '../auth';
import type { Db } from '../db/client';
import { validate } from '../http/validate';
import { userTopic, type EventHub } from '../realtime/hub';
import { streamTopic } from '../realtime/sse';
import { readProfile } from './data';
import { grantAdminIfAllowed, touchProfile } from './mutations';

export type PlayersDeps = { db: Db; hub: EventHub; heartbeatMs: number; adminEmails: string[] };

const shortText = (max: number) => z.string().trim().max(max);
const TouchRecord = z
  .object({
    utm_source: shortText(200),
    utm_medium: shortText(200),
    utm_campaign: shortText(200),
    initial_referrer: shortText(2000),
  })
  .partial();

const UpkeepBody = z.object({
  locale: shortText(35).optional(),
  tzOffset: z.number().int().min(-840).max(840).optional(),
  deviceType: z.enum(['mobile', 'tablet', 'desktop']).optional(),
  anonId: shortText(64).optional(),
  firstTouch: TouchRecord.optional(),
  lastTouch: TouchRecord.optional(),
});

const signedIn = requireUser({ guests: true, message: 'Not signed in' });
const withAccount = requireUser({ guests: false, message: 'Not signed in' });

export function playersRoutes(deps: PlayersDeps) {
  const { db, hub } = deps;
  return new Hono<AuthEnv>()
    .get('/', async (c) => {
      const viewer = c.get('viewer');
      return c.json({ profile: viewer ? await readProfile(db, viewer.id) : null });
    })
    .get('/events', signedIn, (c) => {
      const userId = c.get('user').id;
      const sendProfile = async (stream: {
        writeSSE(m: { event: string; data: string }): Promise<void>;
      }) =>
        stream.writeSSE({
          event: 'profile',
          data: JSON.stringify({ profile: await readProfile(db, userId) }),
        });
      return streamTopic(
        c,
        { hub, topic: userTopic(userId), heartbeatMs: deps.heartbeatMs },
        { open: sendProfile, message: sendProfile },
      );
    })
    .post('/touch', signedIn, validate('json', UpkeepBody), async (c) => {
      await touchProfile(db, c.get('user').id, c.req.valid('json'));
      return c.json({ ok: true as const });
    })
    .post('/admin-claim', withAccount, async (c) => {
      const viewer = c.get('user');
      const profile = await readProfile(db, viewer.id);
      const allowed = profile !== null && isAllowlistedAdmin(viewer.email, deps.adminEmails);
      return c.json(await grantAdminIfAllowed(db, viewer.id, allowed));
    });
}
