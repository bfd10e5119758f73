/**
 * The players routes in the API document (routes.ts under /api/me: the caller's profile, handle,
 * admin claim, activity and My Ranks; public-routes.ts: public profiles), with their response
 * schemas. See api-docs/operation.ts for what an entry says.
 */
import { z } from 'zod';
import type {
  MyGameView,
  PlayedGameView,
  ProfileView,
  PublicProfileView,
  XpActivityView,
} from '../../domain/profile';
import type { ClaimAnswer, confirmAdminClaim } from '../admin/public';
import type { Operations } from '../api-docs/operation';
import { stream } from '../api-docs/operation';
import { agree, fields, type Same } from '../api-docs/schemas';

const StatsSchema = z.object({
  gamesCreated: z.number(),
  rankingsSubmitted: z.number(),
  communityPublishes: z.number(),
});
/** Achievement id -> when it was unlocked (ms since the epoch). */
const UnlocksSchema = z.record(z.string(), z.number()).meta({ id: 'Achievements' });

export const ProfileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    isAnonymous: z.boolean(),
    role: z.enum(['user', 'admin']),
    handle: z.string().nullable(),
    handleClaimedAt: z.number().nullable(),
    image: z.string().nullable(),
    level: z.number(),
    xp: z.number(),
    xpToNext: z.number(),
    crowns: z.number(),
    totalXp: z.number(),
    stats: StatsSchema,
    achievements: UnlocksSchema,
  })
  .meta({ id: 'Profile' });

export const PublicProfileSchema = z
  .object({
    handle: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    level: z.number(),
    crowns: z.number(),
    achievements: UnlocksSchema,
    stats: StatsSchema,
    joinedAt: z.number(),
  })
  .meta({ id: 'PublicProfile' });

export const XpActivitySchema = z
  .object({
    reason: z.enum(['create', 'play', 'publish']),
    amount: z.number(),
    at: z.number(),
    gameId: z.string(),
    gameTitle: z.string().nullable(),
  })
  .meta({ id: 'XpActivity' });

export const MyGameSchema = z
  .object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    emoji: z.string().nullable(),
    itemsCount: z.number(),
    players: z.number(),
    state: z.enum(['open', 'locked', 'closed']),
    isPublic: z.boolean(),
    communityRankId: z.string().nullable(),
    archived: z.boolean(),
    createdAt: z.number(),
  })
  .meta({ id: 'MyGame' });

export const PlayedGameSchema = z
  .object({
    gameId: z.string(),
    slug: z.string(),
    title: z.string(),
    emoji: z.string().nullable(),
    itemsCount: z.number(),
    status: z.enum(['started', 'completed']),
    lastPlayedAt: z.number(),
    closed: z.boolean(),
  })
  .meta({ id: 'PlayedGame' });

/** The answer to an admin claim (decision 0028). */
export const AdminClaimSchema = z.object({
  success: z.boolean(),
  admin: z.boolean(),
  pending: z.boolean(),
  sentTo: z.string().nullable(),
  needs: z.literal('verify-email').optional(),
});
export const AdminClaimConfirmedSchema = z.object({
  success: z.literal(true),
  admin: z.literal(true),
});

// Achievements: the schema's record of any id stands for the domain's record of known ids.
agree<Same<Omit<z.infer<typeof ProfileSchema>, 'achievements'>, Omit<ProfileView, 'achievements'>>>(
  true,
);
agree<
  Same<
    Omit<z.infer<typeof PublicProfileSchema>, 'achievements'>,
    Omit<PublicProfileView, 'achievements'>
  >
>(true);
agree<Same<z.infer<typeof XpActivitySchema>, XpActivityView>>(true);
agree<Same<z.infer<typeof MyGameSchema>, MyGameView>>(true);
agree<Same<z.infer<typeof PlayedGameSchema>, PlayedGameView>>(true);
agree<Same<z.infer<typeof AdminClaimSchema>, ClaimAnswer>>(true);
agree<
  Same<z.infer<typeof AdminClaimConfirmedSchema>, Awaited<ReturnType<typeof confirmAdminClaim>>>
>(true);

/** A page of My Ranks: documented by its top-level fields. */
const Page = (entry: z.ZodType) =>
  fields({ games: z.array(entry), nextCursor: z.string().nullable() });

export const PLAYERS_OPERATIONS: Operations = {
  'GET /api/users/{handle}': {
    tag: 'Profiles',
    summary: 'A player’s public profile',
    access: 'public',
    ok: { 200: z.object({ profile: PublicProfileSchema }) },
    errors: [404],
  },
  'GET /api/me': {
    tag: 'Me',
    summary: 'The caller’s profile (null without a session)',
    access: 'public',
    tokens: true,
    ok: { 200: z.object({ profile: ProfileSchema.nullable() }) },
  },
  'GET /api/me/events': {
    tag: 'Me',
    summary: 'Live profile changes (xp, level, crowns)',
    access: 'session',
    ok: { 200: stream('profile') },
    errors: [429],
  },
  'POST /api/me/touch': {
    tag: 'Me',
    summary: 'Record the caller’s locale, time zone and device',
    description:
      'The anonymous id kept is the signed visitor id of the `crowned_anon_id` cookie; an `anonId` in the body is accepted and ignored.',
    access: 'session',
    ok: { 200: z.object({ ok: z.literal(true) }) },
  },
  'POST /api/me/admin-claim': {
    tag: 'Me',
    summary: 'Ask to become an administrator (allowlisted e-mail addresses only)',
    description:
      'Grants nothing by itself: for a verified address on ADMIN_EMAILS it mails a one-time link ' +
      '(30 minutes) bound to this account and session; opening it confirms the claim. `sentTo` ' +
      'is the address mailed by this request; `pending` says a link for this session is waiting. ' +
      'An address no longer on the list loses a role its own claim gave. An allowlisted address ' +
      'not verified yet gets `needs: "verify-email"`. 403 when the session ' +
      'began before the address was verified; 429 when too many links are waiting.',
    access: 'account',
    ok: { 200: AdminClaimSchema },
    errors: [403, 429],
  },
  'POST /api/me/admin-claim/confirm': {
    tag: 'Me',
    summary: 'Confirm an admin claim with the mailed link’s token',
    description:
      'The token from the link mailed by POST /api/me/admin-claim, sent from the same account ' +
      'and session that asked. Single use. 400 when unknown, used or expired; 403 from another ' +
      'session or account, or when the address left the allowlist.',
    access: 'account',
    ok: { 200: AdminClaimConfirmedSchema },
    errors: [403],
  },
  'PUT /api/me/handle': {
    tag: 'Me',
    summary: 'Choose or change the caller’s handle',
    description:
      'Reserved handles (admin, support, official…) are 400; a handle held by another account in any case, or looking like one (Bill and BiII), is 409 "taken". The claim time is stored (handleClaimedAt).',
    access: 'account',
    ok: { 200: z.object({ profile: ProfileSchema }) },
    errors: [409],
  },
  'GET /api/me/handle-available': {
    tag: 'Me',
    summary: 'Whether a handle is valid and free',
    access: 'account',
    ok: { 200: z.object({ available: z.boolean(), message: z.string().nullable() }) },
  },
  'GET /api/me/activity': {
    tag: 'Me',
    summary: 'The caller’s recent activity',
    access: 'session',
    tokens: true,
    ok: { 200: z.object({ activity: z.array(XpActivitySchema) }) },
  },
  'GET /api/me/games': {
    tag: 'Me',
    summary: 'Games the caller created (My Ranks), a page at a time',
    access: 'session',
    tokens: true,
    ok: { 200: Page(MyGameSchema) },
  },
  'GET /api/me/played': {
    tag: 'Me',
    summary: 'Games the caller played (My Ranks), a page at a time',
    access: 'session',
    tokens: true,
    ok: { 200: Page(PlayedGameSchema) },
  },
};
