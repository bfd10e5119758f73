/**
 * The admin API (SPEC §6 "Admin", issue 12) under /api/admin: the overview, users and their admin
 * role, games and their deletion, the audit log and the grants to review (grants whose granting
 * admin later lost the role, decision 0028), analytics. Admins only: signed out 401, everyone else 403
 * (adminsOnly reads the role from the database on every request). app.ts waits for the
 * session barrier after every write here, so a role change is seen on the next request.
 */
import type { MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { isAdmin, type AuthEnv, type Viewer } from '../auth/public';
import type { Db } from '../db/client';
import { validate } from '../http/validate';
import { COMMUNITY_MESSAGES } from '../../domain/community';
import { AppError } from '../../domain/errors';
import { IMAGE_ID } from '../../domain/images';
import { adminCursorParam, MAX_ADMIN_CURSOR_LENGTH } from './cursor';
import { listAudit, listGames, listGrantReviews, listUsers, readOverview } from './data';
import { readAnalytics } from '../analytics/public';
import {
  ADMIN_ROLE_MESSAGES,
  deleteGameAsAdmin,
  keepFlaggedGrant,
  setAdminRole,
  setPictureHidden,
} from './mutations';

export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_MAX_PAGE_SIZE = 100;
const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${ADMIN_MAX_PAGE_SIZE}`;
const MAX_QUERY_LENGTH = 200;

const cursorField = z
  .string({ error: COMMUNITY_MESSAGES.badCursor })
  .max(MAX_ADMIN_CURSOR_LENGTH, COMMUNITY_MESSAGES.badCursor)
  .optional();

const limitField = z
  .string({ error: LIMIT_MESSAGE })
  .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
  .transform(Number)
  .pipe(z.number().int().min(1, LIMIT_MESSAGE).max(ADMIN_MAX_PAGE_SIZE, LIMIT_MESSAGE))
  .optional();

const SearchQuery = z.object({
  q: z
    .string({ error: 'Search must be text' })
    .max(MAX_QUERY_LENGTH, `Search must be at most ${MAX_QUERY_LENGTH} characters`)
    .optional(),
  cursor: cursorField,
  limit: limitField,
});

const AuditQuery = z.object({ cursor: cursorField, limit: limitField });

const UserParam = z.object({
  userId: z.string().min(1, ADMIN_ROLE_MESSAGES.notAUser).max(200, ADMIN_ROLE_MESSAGES.notAUser),
});
const RoleBody = z
  .object({ role: z.enum(['admin', 'user'], { error: "Role must be 'admin' or 'user'" }) })
  .strict();
const GameParam = z.object({ gameId: z.string().min(1).max(200) });
const PictureParam = z.object({
  imageId: z.string().regex(IMAGE_ID, ADMIN_ROLE_MESSAGES.noSuchPicture),
});
const HiddenBody = z
  .object({ hidden: z.boolean({ error: 'Hidden must be true or false' }) })
  .strict();
const EntryParam = z.object({
  entryId: z
    .string()
    .min(1, ADMIN_ROLE_MESSAGES.noSuchReview)
    .max(200, ADMIN_ROLE_MESSAGES.noSuchReview),
});

/**
 * Admins only, judged by the role in the database at every request: no session 401, a guest or
 * any other account 403 (the contract's; community's requireAdmin answers guests 401).
 */
export function adminsOnly(db: Db): MiddlewareHandler<{
  Variables: { viewer: Viewer | null; user: Viewer };
}> {
  return async (c, next) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new AppError('unauthenticated', 'Not signed in');
    if (viewer.isAnonymous || !(await isAdmin(db, viewer.id))) {
      throw new AppError('permission-denied', COMMUNITY_MESSAGES.adminsOnly);
    }
    c.set('user', viewer);
    await next();
  };
}

const DAYS_MESSAGE = 'Days must be a whole number from 1 to 90';
const AnalyticsQuery = z.object({
  days: z
    .string()
    .regex(/^\d{1,2}$/, DAYS_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, DAYS_MESSAGE).max(90, DAYS_MESSAGE))
    .optional(),
});

const searchText = (q: string | undefined): string | null => (q?.trim() ? q.trim() : null);

export function adminRoutes(deps: { db: Db }) {
  const { db } = deps;
  const adminOnly = adminsOnly(db);
  return new Hono<AuthEnv>()
    .get('/overview', adminOnly, async (c) => c.json(await readOverview(db)))
    .get('/users', adminOnly, validate('query', SearchQuery), async (c) => {
      const query = c.req.valid('query');
      return c.json(
        await listUsers(db, {
          q: searchText(query.q),
          cursor: adminCursorParam(query.cursor, 'users'),
          limit: query.limit ?? ADMIN_PAGE_SIZE,
        }),
      );
    })
    .post(
      '/users/:userId/role',
      adminOnly,
      validate('param', UserParam),
      validate('json', RoleBody),
      async (c) => {
        const actor = c.get('user');
        return c.json(
          await setAdminRole(db, {
            actor: { id: actor.id, name: actor.name },
            targetId: c.req.valid('param').userId,
            role: c.req.valid('json').role,
          }),
        );
      },
    )
    .get('/games', adminOnly, validate('query', SearchQuery), async (c) => {
      const query = c.req.valid('query');
      return c.json(
        await listGames(db, {
          q: searchText(query.q),
          cursor: adminCursorParam(query.cursor, 'games'),
          limit: query.limit ?? ADMIN_PAGE_SIZE,
        }),
      );
    })
    .delete('/games/:gameId', adminOnly, validate('param', GameParam), async (c) => {
      const actor = c.get('user');
      await deleteGameAsAdmin(db, {
        actor: { id: actor.id, name: actor.name },
        gameId: c.req.valid('param').gameId,
      });
      return c.json({ deleted: true as const });
    })
    .put(
      '/pictures/:imageId',
      adminOnly,
      validate('param', PictureParam),
      validate('json', HiddenBody),
      async (c) => {
        const actor = c.get('user');
        const picture = await setPictureHidden(db, {
          actor: { id: actor.id, name: actor.name },
          imageId: c.req.valid('param').imageId,
          hidden: c.req.valid('json').hidden,
        });
        return c.json({ picture });
      },
    )
    .get('/audit', adminOnly, validate('query', AuditQuery), async (c) => {
      const query = c.req.valid('query');
      return c.json(
        await listAudit(db, {
          cursor: adminCursorParam(query.cursor, 'audit'),
          limit: query.limit ?? ADMIN_PAGE_SIZE,
        }),
      );
    })
    .get('/grant-reviews', adminOnly, async (c) => c.json(await listGrantReviews(db)))
    .post('/grant-reviews/:entryId/keep', adminOnly, validate('param', EntryParam), async (c) => {
      const actor = c.get('user');
      return c.json(
        await keepFlaggedGrant(db, {
          actor: { id: actor.id, name: actor.name },
          entryId: c.req.valid('param').entryId,
        }),
      );
    })
    .get('/analytics', adminOnly, validate('query', AnalyticsQuery), async (c) =>
      c.json(await readAnalytics(db, c.req.valid('query').days ?? 30)),
    );
}
