/**
 * What the OpenAPI document says of each API route beyond its request schemas (which come from
 * the routes' own validators): its tag, summary, who may call it, and its responses with their
 * schemas. Keyed by `METHOD /api/path/{param}`; test/integration/openapi.test.ts fails when a
 * route of the app has no entry here or an entry names no route.
 */
import { z } from 'zod';
import {
  AdminAnalyticsSchema,
  AdminClaimConfirmedSchema,
  AdminClaimSchema,
  AdminGamesPageSchema,
  AdminOverviewSchema,
  AdminUsersPageSchema,
  AnyObject,
  ApiTokenSchema,
  AuditPageSchema,
  CommunityListSchema,
  CommunityRankSchema,
  CreatedApiTokenSchema,
  CreatedWebhookSchema,
  DeliverySchema,
  fields,
  GameViewSchema,
  GrantReviewedSchema,
  GrantReviewsSchema,
  MyGameSchema,
  PlayedGameSchema,
  ProfileSchema,
  PublicCardSchema,
  PublicProfileSchema,
  RankReportSchema,
  ResultsSchema,
  RoleChangeSchema,
  SubmissionViewSchema,
  WebhookSchema,
  XpActivitySchema,
} from './schemas';

/**
 * Who may call a route. public: anyone (a session, if any, changes what is shown); session: any
 * signed-in session, guests included; account: a signed-in account, not a guest; owner: the
 * game's owner (others get 403); admin: an administrator.
 */
export type Access = 'public' | 'session' | 'account' | 'owner' | 'admin';

/** A success body: a JSON schema, or another media type (streams, files). */
export type Body = z.ZodType | { media: string; description: string; schema?: z.ZodType };

export type Operation = {
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** Success statuses and their bodies. */
  ok: Record<number, Body>;
  /** Error statuses beyond those every route of its access level may answer. */
  errors?: number[];
};

export const TAGS: { name: string; description: string }[] = [
  { name: 'Games', description: 'Create, play, edit and close rank games.' },
  { name: 'Results', description: "A game's combined results, exports and live events." },
  { name: 'Community', description: 'Published games: lists, likes, reports and moderation.' },
  { name: 'Me', description: "The signed-in player's profile, games and live events." },
  { name: 'Profiles', description: 'Public player profiles.' },
  { name: 'API tokens', description: 'Personal API tokens (Bearer) for the API.' },
  { name: 'Webhooks', description: "A game owner's webhooks and their deliveries." },
  { name: 'Account', description: 'Sign-up, sign-in and account settings (better-auth).' },
  { name: 'Admin', description: 'Administration: users, games, audit log, analytics.' },
  { name: 'Service', description: 'Health, readiness, configuration, analytics intake.' },
];

const GameAnswer = z.object({ game: GameViewSchema, submissionCount: z.number() });
const Page = (entry: z.ZodType) =>
  fields({ games: z.array(entry), nextCursor: z.string().nullable() });
const stream = (what: string): Body => ({
  media: 'text/event-stream',
  description: `Server-Sent Events: ${what}. Reconnect with Last-Event-ID to resume.`,
});

export const OPERATIONS: Record<string, Operation> = {
  // Service
  'GET /api/health': {
    tag: 'Service',
    summary: 'Liveness: the process answers and reaches its database',
    access: 'public',
    ok: { 200: fields({ ok: z.literal(true) }) },
    errors: [503],
  },
  'GET /api/ready': {
    tag: 'Service',
    summary: 'Readiness: database reachable, migrations applied, listener connected',
    access: 'public',
    ok: { 200: fields({ ready: z.literal(true), checks: AnyObject }) },
    errors: [503],
  },
  'GET /api/config': {
    tag: 'Service',
    summary: 'What the web app needs to know of this server',
    access: 'public',
    ok: { 200: fields({ googleEnabled: z.boolean(), devOutbox: z.boolean() }) },
  },
  'GET /api/dev/outbox': {
    tag: 'Service',
    summary: 'Mails sent while no SMTP server is configured (development only)',
    access: 'public',
    ok: { 200: fields({ messages: z.array(AnyObject) }) },
    errors: [404],
  },
  'POST /api/analytics': {
    tag: 'Service',
    summary: 'Record analytics events from the web app',
    description:
      'Batches of 1 to 10 `session_start` or `share_open` events. The visitor id is the one the server issued and signed in the `crowned_anon_id` cookie; without a valid one, a new one is issued with this answer (`Set-Cookie`). E-mail addresses are stripped from every value, also when percent-encoded, full-width or written as HTML references. Events are limited per visitor and per client address (429 with `Retry-After`).',
    access: 'public',
    ok: { 202: fields({ accepted: z.number() }) },
  },
  'POST /api/client-errors': {
    tag: 'Service',
    summary: 'Report a crash of the web app',
    description:
      'The web app reports a page that failed to render, an uncaught error or an unhandled rejection: `kind`, `message` (at most 500 characters), `path` (a path of this app, no query) and an optional `stack` (at most 4000). Written to the server log at `warn`, never stored. Limited per client address (429 with `Retry-After`).',
    access: 'public',
    ok: { 202: fields({ logged: z.boolean() }) },
  },
  'GET /api/openapi.json': {
    tag: 'Service',
    summary: 'This document (OpenAPI 3.1)',
    access: 'public',
    ok: { 200: AnyObject },
  },
  'GET /api/docs': {
    tag: 'Service',
    summary: 'A readable reference of this API (HTML)',
    access: 'public',
    ok: { 200: { media: 'text/html', description: 'The API reference page' } },
  },

  // Account
  'GET /api/account/methods': {
    tag: 'Account',
    summary: 'How an e-mail address signs in (password, Google), for the sign-in form',
    access: 'public',
    ok: { 200: fields({ methods: z.array(z.string()) }) },
  },

  // Games
  'POST /api/games': {
    tag: 'Games',
    summary: 'Create a game (and publish it, when asked)',
    description:
      'A failure to publish does not fail the request: the game is created unpublished and `publishError` says why.',
    access: 'account',
    ok: { 201: fields({ game: GameViewSchema, publishError: z.string().optional() }) },
    errors: [429],
  },
  'DELETE /api/games': {
    tag: 'Games',
    summary: 'Always 400: a game id is required',
    access: 'session',
    ok: {},
    errors: [404],
  },
  'POST /api/games/claim': {
    tag: 'Games',
    summary: "Move games made before accounts (by id) into the caller's account",
    access: 'account',
    ok: { 200: fields({ claimed: z.array(z.string()) }) },
  },
  'GET /api/games/{id}': {
    tag: 'Games',
    summary: 'A game, its submission count and the caller’s own submission',
    access: 'public',
    ok: {
      200: z.object({
        game: GameViewSchema,
        submissionCount: z.number(),
        mySubmission: SubmissionViewSchema.nullable(),
      }),
    },
    errors: [404],
  },
  'PUT /api/games/{id}/submission': {
    tag: 'Games',
    summary: 'Submit (or save, with partial) the caller’s ranking',
    access: 'session',
    ok: {
      200: z.object({
        submission: SubmissionViewSchema,
        submissionCount: z.number(),
        closed: z.boolean().optional(),
      }),
    },
    // 429: over the re-ranking limit (decision 0033).
    errors: [404, 409, 429],
  },
  'PATCH /api/games/{id}/items': {
    tag: 'Games',
    summary: 'Add, rename and remove items',
    access: 'owner',
    ok: { 200: GameAnswer },
    errors: [404, 409, 429],
  },
  'POST /api/games/{id}/close': {
    tag: 'Games',
    summary: 'Close the game now',
    access: 'owner',
    ok: { 200: GameAnswer },
    errors: [404],
  },
  'POST /api/games/{id}/archive': {
    tag: 'Games',
    summary: 'Archive (or, with archived: false, restore) the game',
    access: 'owner',
    ok: { 200: z.object({ game: GameViewSchema }) },
    errors: [404],
  },
  'DELETE /api/games/{id}': {
    tag: 'Games',
    summary: 'Delete the game and everything in it',
    access: 'owner',
    ok: { 200: z.object({ deleted: z.literal(true), id: z.string() }) },
    errors: [404],
  },
  'POST /api/games/{id}/remix': {
    tag: 'Games',
    summary: 'Make a new game of the caller’s from this one’s prompt and items',
    access: 'account',
    ok: { 201: z.object({ game: GameViewSchema }) },
    errors: [404, 429],
  },
  'POST /api/games/{id}/publish': {
    tag: 'Community',
    summary: 'Publish the game to the Community page',
    access: 'owner',
    ok: { 200: z.object({ game: GameViewSchema }) },
    errors: [404, 409, 429],
  },
  'POST /api/games/{id}/unpublish': {
    tag: 'Community',
    summary: 'Take the game off the Community page',
    access: 'owner',
    ok: { 200: z.object({ game: GameViewSchema }) },
    errors: [404],
  },
  'GET /api/games/{id}/card': {
    tag: 'Games',
    summary: 'The data of the game’s share card',
    access: 'public',
    ok: { 200: z.object({ card: PublicCardSchema, version: z.number() }) },
    errors: [404],
  },

  // Results
  'GET /api/games/{id}/results': {
    tag: 'Results',
    summary: 'Combined results by a voting method (mean position by default)',
    description:
      'The owner always may; a player once they submitted and the results are unlocked (403 with `unlock` otherwise).',
    access: 'public',
    ok: {
      200: z.object({
        results: fields({
          ...ResultsSchema.shape,
          method: z.string(),
          myAgreement: z.number().nullable(),
        }),
      }),
    },
    errors: [403, 404],
  },
  'GET /api/games/{id}/closest': {
    tag: 'Results',
    summary: 'The named player who ranked most like the caller (agreement to the nearest 10%)',
    access: 'public',
    ok: {
      200: z.object({
        closest: z.object({ name: z.string(), agreement: z.number() }).nullable(),
      }),
    },
    errors: [403, 404],
  },
  'GET /api/games/{id}/{file}': {
    tag: 'Results',
    summary: 'Export: file is results.csv, results.json, ballots.csv or ballots.json',
    access: 'owner',
    ok: {
      200: {
        media: 'text/csv, application/json',
        description: 'The export as CSV (or as JSON for a .json file name)',
      },
    },
    errors: [404],
  },
  'GET /api/games/{id}/events': {
    tag: 'Results',
    summary: 'Live game events',
    access: 'public',
    ok: { 200: stream('snapshot, submission, closed, deleted') },
    errors: [404, 429],
  },

  // Webhooks
  'GET /api/games/{id}/webhooks': {
    tag: 'Webhooks',
    summary: 'The game’s webhooks',
    access: 'owner',
    ok: { 200: z.object({ webhooks: z.array(WebhookSchema) }) },
    errors: [404],
  },
  'POST /api/games/{id}/webhooks': {
    tag: 'Webhooks',
    summary: 'Register a webhook (its signing secret is shown once)',
    description:
      'Needs a verified e-mail address and a session opened after it was verified (403 otherwise).',
    access: 'owner',
    ok: { 201: CreatedWebhookSchema },
    errors: [404, 409],
  },
  'DELETE /api/games/{id}/webhooks/{webhookId}': {
    tag: 'Webhooks',
    summary: 'Remove a webhook',
    access: 'owner',
    ok: { 200: z.object({ deleted: z.literal(true), id: z.string() }) },
    errors: [404],
  },
  'PATCH /api/games/{id}/webhooks/{webhookId}': {
    tag: 'Webhooks',
    summary: 'Turn a webhook on (its failure count back to 0) or off',
    description:
      'Body `{ enabled: boolean }`. A webhook is turned off by itself after too many failed attempts in a row (decision 0030); turning it on sets its failure count back to 0 and its kept deliveries go out again.',
    access: 'owner',
    ok: { 200: z.object({ webhook: WebhookSchema }) },
    errors: [404],
  },
  'GET /api/games/{id}/webhooks/{webhookId}/deliveries': {
    tag: 'Webhooks',
    summary: 'A webhook’s recent deliveries',
    access: 'owner',
    ok: { 200: z.object({ deliveries: z.array(DeliverySchema) }) },
    errors: [404],
  },

  // Community
  'GET /api/community': {
    tag: 'Community',
    summary: 'Published games: newest, most played, most liked, by tag or search',
    access: 'public',
    ok: { 200: CommunityListSchema },
    errors: [404],
  },
  'POST /api/community': {
    tag: 'Community',
    summary: 'Build and publish a rank from a title and items',
    access: 'account',
    ok: { 201: z.object({ rank: CommunityRankSchema, game: GameViewSchema }) },
    errors: [429],
  },
  'GET /api/community/reports': {
    tag: 'Community',
    summary: 'Open reports (moderation)',
    access: 'admin',
    ok: { 200: z.object({ reports: z.array(RankReportSchema) }) },
  },
  'GET /api/community/{rankId}': {
    tag: 'Community',
    summary: 'A published rank',
    access: 'public',
    ok: { 200: z.object({ rank: CommunityRankSchema }) },
    errors: [404],
  },
  'GET /api/community/{rankId}/events': {
    tag: 'Community',
    summary: 'Live counters of a published rank',
    access: 'public',
    ok: { 200: stream('plays and likes') },
    errors: [404, 429],
  },
  'PUT /api/community/{rankId}/like': {
    tag: 'Community',
    summary: 'Like or unlike a rank',
    access: 'account',
    ok: { 200: z.object({ likes: z.number(), likedByMe: z.boolean() }) },
    errors: [404],
  },
  'POST /api/community/{rankId}/report': {
    tag: 'Community',
    summary: 'Report a rank to the moderators',
    access: 'account',
    ok: { 202: z.object({ reported: z.literal(true) }) },
    errors: [404, 409, 429],
  },
  'POST /api/community/{rankId}/hide': {
    tag: 'Community',
    summary: 'Hide or restore a rank (moderation)',
    access: 'admin',
    ok: { 200: z.object({ rank: CommunityRankSchema }) },
    errors: [404],
  },

  // Profiles and me
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
      'An address no longer on the list loses a role its own claim gave. 403 when the session ' +
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
    ok: { 200: z.object({ activity: z.array(XpActivitySchema) }) },
  },
  'GET /api/me/games': {
    tag: 'Me',
    summary: 'Games the caller created (My Ranks), a page at a time',
    access: 'session',
    ok: { 200: Page(MyGameSchema) },
  },
  'GET /api/me/played': {
    tag: 'Me',
    summary: 'Games the caller played (My Ranks), a page at a time',
    access: 'session',
    ok: { 200: Page(PlayedGameSchema) },
  },

  // API tokens
  'GET /api/me/tokens': {
    tag: 'API tokens',
    summary: 'The caller’s API tokens (never their secrets)',
    access: 'account',
    ok: { 200: z.object({ tokens: z.array(ApiTokenSchema) }) },
  },
  'POST /api/me/tokens': {
    tag: 'API tokens',
    summary: 'Create a token: its secret is in this answer only',
    description:
      'Needs a verified e-mail address and a session opened after it was verified (403 otherwise). Tokens are revoked by a password reset, a verification, signing out everywhere and a role change.',
    access: 'account',
    ok: { 201: CreatedApiTokenSchema },
    errors: [403, 429],
  },
  'DELETE /api/me/tokens/{id}': {
    tag: 'API tokens',
    summary: 'Revoke a token',
    access: 'account',
    ok: { 200: z.object({ revoked: z.literal(true) }) },
    errors: [404],
  },

  // Admin
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

/**
 * better-auth's endpoints the app uses (it answers every /api/auth/* path itself). Their
 * bodies are better-auth's; errors from it are `{ code, message }` at the top level.
 */
export const AUTH_OPERATIONS: Record<
  string,
  { summary: string; body?: z.ZodType; access: Access }
> = {
  'POST /api/auth/sign-up/email': {
    summary: 'Create an account with e-mail and password',
    access: 'public',
    body: z.object({
      email: z.string(),
      password: z.string(),
      name: z.string(),
      callbackURL: z.string().optional(),
    }),
  },
  'POST /api/auth/sign-in/email': {
    summary: 'Sign in with e-mail and password',
    access: 'public',
    body: z.object({
      email: z.string(),
      password: z.string(),
      rememberMe: z.boolean().optional(),
      callbackURL: z.string().optional(),
    }),
  },
  'POST /api/auth/sign-in/anonymous': {
    summary: 'Start a guest session',
    access: 'public',
  },
  'POST /api/auth/sign-in/social': {
    summary: 'Sign in with Google (when configured): answers the URL to go to',
    access: 'public',
    body: z.object({ provider: z.literal('google'), callbackURL: z.string().optional() }),
  },
  'POST /api/auth/sign-out': { summary: 'End the session', access: 'session' },
  'GET /api/auth/get-session': {
    summary: 'The current session and user (null without one)',
    access: 'public',
  },
  'POST /api/auth/update-user': {
    summary: 'Change the display name',
    access: 'session',
    body: z.object({ name: z.string() }),
  },
  'POST /api/auth/change-password': {
    summary: 'Change the password',
    access: 'account',
    body: z.object({
      currentPassword: z.string(),
      newPassword: z.string(),
      revokeOtherSessions: z.boolean().optional(),
    }),
  },
  'POST /api/auth/request-password-reset': {
    summary: 'Mail a password reset link',
    access: 'public',
    body: z.object({ email: z.string(), redirectTo: z.string().optional() }),
  },
  'POST /api/auth/reset-password': {
    summary: 'Set a new password with the token from the reset mail',
    access: 'public',
    body: z.object({ newPassword: z.string(), token: z.string() }),
  },
  'POST /api/auth/send-verification-email': {
    summary: 'Mail the e-mail confirmation link again',
    access: 'public',
    body: z.object({ email: z.string(), callbackURL: z.string().optional() }),
  },
  'POST /api/auth/link-social': {
    summary: 'Link a Google account to the signed-in account (when configured)',
    access: 'account',
    body: z.object({ provider: z.literal('google'), callbackURL: z.string().optional() }),
  },
  'GET /api/auth/list-accounts': {
    summary: 'The sign-in methods linked to the account',
    access: 'account',
  },
  'GET /api/auth/verify-email': {
    summary: 'Confirm an e-mail address (the link in the mail)',
    access: 'public',
  },
  'POST /api/auth/delete-user': {
    summary: 'Delete the account',
    access: 'session',
  },
};
