/**
 * HTTP adapter for the signed-in person (`/api/me`): profile, live profile events, upkeep, admin
 * self-grant by mail and its confirmation, handle, recent XP activity, and My Ranks' created and played lists.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { checkHandleClaim } from '../../domain/handle';
import { HANDLE_MESSAGES } from './handle-messages';
import { AppError } from '../../domain/errors';
import { isAllowlistedAdmin } from '../../domain/profile';
import { requireUser, type AuthEnv, type Mailer, type Viewer } from '../auth/public';
import type { Db } from '../db/client';
import { validate } from '../http/validate';
import { userTopic } from '../auth/public';
import type { EventHub } from '../realtime/hub';
import { streamTopic } from '../realtime/sse';
import type { StreamLimits } from '../realtime/stream-limits';
import { findHandleOwner, listMyGames, listPlayedGames, readActivity, readProfile } from './data';
import { setHandle, touchProfile } from './mutations';
import { ClaimLimit, confirmAdminClaim, requestAdminClaim, type Claimant } from '../admin/public';
import { pageCursorParam } from './page-cursor';

export type PlayersDeps = {
  db: Db;
  hub: EventHub;
  heartbeatMs: number;
  adminEmails: string[];
  /** The admin claim's confirmation link is mailed (PUBLIC_URL's page). */
  mailer: Mailer;
  publicUrl: string;
  /** Open event streams per account and address. */
  streams?: StreamLimits;
  /**
   * The browser's anonymous visitor id, as the server issued and signed it (analytics); the
   * `anonId` a body carries is not stored (issue 22: a client-chosen id is never kept as is).
   */
  visitorIdOf?: (c: Context) => string | null;
};

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
  /** Accepted from older pages and ignored: the signed visitor cookie is the anonymous id. */
  anonId: shortText(64).optional(),
  firstTouch: TouchRecord.optional(),
  lastTouch: TouchRecord.optional(),
});

/** Generous: anything longer is answered with the spec's rule message, never stored. */
const MAX_HANDLE_INPUT = 200;
const handleText = z
  .string({ error: HANDLE_MESSAGES.required })
  .max(MAX_HANDLE_INPUT, HANDLE_MESSAGES.invalid);
const HandleBody = z.object({ handle: handleText });
const HandleQuery = z.object({ handle: handleText.optional().default('') });

const CURSOR_MAX = 400;
const cursorText = z.string({ error: 'Cursor must be text' }).max(CURSOR_MAX).optional();
const MyGamesQuery = z.object({
  cursor: cursorText,
  archived: z.enum(['0', '1'], { error: 'archived must be 0 or 1' }).optional(),
});
const PlayedQuery = z.object({ cursor: cursorText });
const ClaimConfirmBody = z.object({
  token: z.string({ error: 'Token must be text' }).max(200, 'Token must be at most 200 characters'),
});

const claimantOf = (viewer: Viewer): Claimant => ({
  id: viewer.id,
  email: viewer.email,
  name: viewer.name,
  role: viewer.role,
  sessionId: viewer.sessionId,
  sessionStartedAt: viewer.sessionStartedAt,
});

const signedIn = requireUser({ guests: true, message: 'Not signed in' });
const withAccount = requireUser({ guests: false, message: 'Not signed in' });

export function playersRoutes(deps: PlayersDeps) {
  const { db, hub } = deps;
  return (
    new Hono<AuthEnv>()
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
          { hub, topic: userTopic(userId), heartbeatMs: deps.heartbeatMs, limits: deps.streams },
          { open: sendProfile, message: sendProfile },
        );
      })
      .post('/touch', signedIn, validate('json', UpkeepBody), async (c) => {
        await touchProfile(db, c.get('user').id, {
          ...c.req.valid('json'),
          anonId: deps.visitorIdOf?.(c) ?? undefined,
        });
        return c.json({ ok: true as const });
      })
      // The admin claim mails a confirmation link (decision 0028); the list as configured now.
      .post('/admin-claim', withAccount, async (c) => {
        const viewer = c.get('user');
        try {
          return c.json(
            await requestAdminClaim(
              db,
              { mailer: deps.mailer, publicUrl: deps.publicUrl },
              {
                claimant: claimantOf(viewer),
                allowlisted: isAllowlistedAdmin(viewer.email, deps.adminEmails),
              },
            ),
          );
        } catch (error) {
          if (error instanceof ClaimLimit) c.header('Retry-After', String(error.retryAfterSeconds));
          throw error;
        }
      })
      .post('/admin-claim/confirm', withAccount, validate('json', ClaimConfirmBody), async (c) => {
        const viewer = c.get('user');
        return c.json(
          await confirmAdminClaim(db, {
            claimant: claimantOf(viewer),
            token: c.req.valid('json').token,
            allowlisted: isAllowlistedAdmin(viewer.email, deps.adminEmails),
          }),
        );
      })
      // A handle is a public identity: accounts only (a guest's row goes when they sign up).
      .put('/handle', withAccount, validate('json', HandleBody), async (c) => {
        const checked = checkHandleClaim(c.req.valid('json').handle);
        if (!checked.ok) throw new AppError('invalid-argument', HANDLE_MESSAGES[checked.problem]);
        const profile = await setHandle(db, {
          userId: c.get('user').id,
          handle: checked.handle,
          handleLower: checked.handleLower,
          skeleton: checked.skeleton,
        });
        return c.json({ profile });
      })
      .get('/handle-available', withAccount, validate('query', HandleQuery), async (c) => {
        const checked = checkHandleClaim(c.req.valid('query').handle);
        if (!checked.ok)
          return c.json({ available: false, message: HANDLE_MESSAGES[checked.problem] });
        const owner = await findHandleOwner(db, checked);
        const available = owner === null || owner === c.get('user').id;
        return c.json({ available, message: available ? null : HANDLE_MESSAGES.taken });
      })
      .get('/activity', signedIn, async (c) =>
        c.json({ activity: await readActivity(db, c.get('user').id) }),
      )
      .get('/games', signedIn, validate('query', MyGamesQuery), async (c) => {
        const query = c.req.valid('query');
        const archived = query.archived === '1';
        const cursor = pageCursorParam(query.cursor, archived ? 'archived' : 'created');
        return c.json(await listMyGames(db, { userId: c.get('user').id, archived, cursor }));
      })
      .get('/played', signedIn, validate('query', PlayedQuery), async (c) => {
        const cursor = pageCursorParam(c.req.valid('query').cursor, 'played');
        return c.json(await listPlayedGames(db, { userId: c.get('user').id, cursor }));
      })
  );
}
