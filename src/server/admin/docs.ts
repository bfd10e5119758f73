/**
 * The admin routes in the API document (routes.ts under /api/admin: overview, users, games,
 * audit log, grant reviews, analytics), with their response schemas. Administrators only, and
 * cookie-only. See api-docs/operation.ts.
 */
import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  AUDIT_TARGET_KINDS,
  type AdminAnalytics,
  type AdminGameView,
  type AdminOverview,
  type AdminUserView,
  type AuditEntryView,
  type GrantReviewView,
  type Page,
} from '../../domain/admin';
import { FUNNEL_STEPS } from '../../domain/analytics';
import type { Operations } from '../api-docs/operation';
import { agree, pageOf, type Same } from '../api-docs/schemas';
import type { keepFlaggedGrant, setAdminRole } from './mutations';

const AdminRoleSchema = z.enum(['admin', 'user']);
const IsoTime = z.string().meta({ description: 'ISO 8601 time' });

const DailyCountsSchema = z.object({
  day: z.string().meta({ description: 'YYYY-MM-DD (UTC)' }),
  signups: z.number(),
  gamesCreated: z.number(),
  rankingsSubmitted: z.number(),
  publishes: z.number(),
});

export const AdminOverviewSchema = z
  .object({
    totals: z.object({
      users: z.number(),
      guests: z.number(),
      games: z.number(),
      rankings: z.number(),
      communityRanks: z.number(),
    }),
    active: z.object({ day1: z.number(), day7: z.number(), day30: z.number() }),
    daily: z.array(DailyCountsSchema),
  })
  .meta({ id: 'AdminOverview' });

export const AdminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    handle: z.string().nullable(),
    email: z.string(),
    role: AdminRoleSchema,
    level: z.number(),
    gamesCreated: z.number(),
    lastActiveAt: IsoTime.nullable(),
    createdAt: IsoTime,
  })
  .meta({ id: 'AdminUser' });

export const AdminGameSchema = z
  .object({
    id: z.string(),
    slug: z.string().nullable(),
    prompt: z.string(),
    ownerId: z.string().nullable(),
    ownerName: z.string(),
    itemsCount: z.number(),
    playCount: z.number(),
    createdAt: IsoTime,
    isPublic: z.boolean(),
    closed: z.boolean(),
  })
  .meta({ id: 'AdminGame' });

export const AuditEntrySchema = z
  .object({
    id: z.string(),
    actorId: z.string().nullable(),
    actorName: z.string(),
    action: z.enum(AUDIT_ACTIONS),
    targetKind: z.enum(AUDIT_TARGET_KINDS),
    targetId: z.string(),
    targetLabel: z.string(),
    at: IsoTime,
    flaggedAt: IsoTime.nullable(),
    reviewedAt: IsoTime.nullable(),
  })
  .meta({ id: 'AuditEntry' });

export const GrantReviewSchema = z
  .object({
    id: z.string(),
    actorId: z.string().nullable(),
    actorName: z.string(),
    targetId: z.string(),
    targetLabel: z.string(),
    at: IsoTime,
    flaggedAt: IsoTime,
  })
  .meta({ id: 'GrantReview' });
export const GrantReviewsSchema = z.object({ grants: z.array(GrantReviewSchema) });
export const GrantReviewedSchema = z.object({ reviewed: z.literal(true) });

export const AdminUsersPageSchema = pageOf('users', AdminUserSchema);
export const AdminGamesPageSchema = pageOf('games', AdminGameSchema);
export const AuditPageSchema = pageOf('entries', AuditEntrySchema);

/** The answer to a role change. */
export const RoleChangeSchema = z.object({
  user: z.object({ id: z.string(), role: AdminRoleSchema }),
});

export const AdminAnalyticsSchema = z
  .object({
    days: z.number(),
    funnel: z.array(z.object({ step: z.enum(FUNNEL_STEPS), visitors: z.number() })),
    firstTouch: z.array(z.object({ source: z.string(), visitors: z.number() })),
    lastTouch: z.array(z.object({ source: z.string(), visitors: z.number() })),
    devices: z.array(z.object({ device: z.string(), visitors: z.number() })),
    locales: z.array(z.object({ locale: z.string(), visitors: z.number() })),
  })
  .meta({ id: 'AdminAnalytics' });

agree<Same<z.infer<typeof AdminOverviewSchema>, AdminOverview>>(true);
agree<Same<z.infer<typeof AdminUsersPageSchema>, Page<'users', AdminUserView>>>(true);
agree<Same<z.infer<typeof AdminGamesPageSchema>, Page<'games', AdminGameView>>>(true);
agree<Same<z.infer<typeof AuditPageSchema>, Page<'entries', AuditEntryView>>>(true);
agree<Same<z.infer<typeof GrantReviewsSchema>, { grants: GrantReviewView[] }>>(true);
agree<Same<z.infer<typeof GrantReviewedSchema>, Awaited<ReturnType<typeof keepFlaggedGrant>>>>(
  true,
);
agree<Same<z.infer<typeof RoleChangeSchema>, Awaited<ReturnType<typeof setAdminRole>>>>(true);
agree<Same<z.infer<typeof AdminAnalyticsSchema>, AdminAnalytics>>(true);

export const ADMIN_OPERATIONS: Operations = {
  'GET /api/admin/overview': {
    tag: 'Admin',
    summary: 'Counts at a glance',
    access: 'admin',
    ok: { 200: AdminOverviewSchema },
  },
  'GET /api/admin/users': {
    tag: 'Admin',
    summary: 'Users, by search, a page at a time',
    access: 'admin',
    ok: { 200: AdminUsersPageSchema },
  },
  'POST /api/admin/users/{userId}/role': {
    tag: 'Admin',
    summary: 'Grant or revoke the admin role',
    access: 'admin',
    ok: { 200: RoleChangeSchema },
    errors: [404, 409],
  },
  'GET /api/admin/games': {
    tag: 'Admin',
    summary: 'Games, by search, a page at a time',
    access: 'admin',
    ok: { 200: AdminGamesPageSchema },
  },
  'DELETE /api/admin/games/{gameId}': {
    tag: 'Admin',
    summary: 'Delete any game',
    access: 'admin',
    ok: { 200: z.object({ deleted: z.literal(true) }) },
    errors: [404],
  },
  'PUT /api/admin/pictures/{imageId}': {
    tag: 'Admin',
    summary: 'Hide a picture (every page then shows a placeholder) or show it again (logged)',
    access: 'admin',
    ok: {
      200: z.object({
        picture: z.object({
          id: z.string(),
          hidden: z.boolean(),
          games: z.number().meta({ description: 'Games whose items carry it' }),
        }),
      }),
    },
    errors: [404],
  },
  'GET /api/admin/audit': {
    tag: 'Admin',
    summary: 'The audit log of administrators’ actions',
    access: 'admin',
    ok: { 200: AuditPageSchema },
  },
  'GET /api/admin/grant-reviews': {
    tag: 'Admin',
    summary: 'Grants to review: made by an admin who later lost the role',
    access: 'admin',
    ok: { 200: GrantReviewsSchema },
  },
  'POST /api/admin/grant-reviews/{entryId}/keep': {
    tag: 'Admin',
    summary: 'Keep a flagged grant (reviewed; logged)',
    access: 'admin',
    ok: { 200: GrantReviewedSchema },
    errors: [404],
  },
  'GET /api/admin/analytics': {
    tag: 'Admin',
    summary: 'Analytics: players, games and funnels by day',
    access: 'admin',
    ok: { 200: AdminAnalyticsSchema },
  },
};
