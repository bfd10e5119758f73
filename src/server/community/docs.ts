/**
 * The community routes in the API document (routes.ts: publishing a game, the published ranks,
 * likes, reports and moderation), with the response schemas only community answers. See
 * api-docs/operation.ts for what an entry says.
 */
import { z } from 'zod';
import {
  REPORT_REASONS,
  type CommunityListResponse,
  type CommunityRankView,
  type RankReportView,
} from '../../domain/community';
import type { Operations } from '../api-docs/operation';
import { stream } from '../api-docs/operation';
import { agree, GameViewSchema, pageOf, type Same } from '../api-docs/schemas';

export const CommunityRankSchema = z
  .object({
    id: z.string(),
    gameId: z.string().nullable(),
    title: z.string(),
    emoji: z.string().nullable(),
    items: z.array(z.string()).meta({ description: 'Item labels, in the game’s order' }),
    itemPictures: z
      .array(z.object({ thumbUrl: z.string(), alt: z.string() }).nullable())
      .optional()
      .meta({
        description:
          'Beside `items`, index for index: each item’s picture (`/img/{id}.thumb.webp`, or the placeholder’s address when a moderator hid it), null for an item without one. Left out when none of them has a picture.',
      }),
    itemsCount: z.number(),
    creatorName: z.string(),
    creatorHandle: z.string().nullable(),
    tags: z.array(z.string()),
    plays: z.number(),
    likes: z.number(),
    likedByMe: z.boolean(),
    createdAt: z.number(),
    isMine: z.boolean().meta({ description: 'The caller created it' }),
    moderation: z
      .object({ openReports: z.number(), hidden: z.boolean() })
      .optional()
      .meta({ description: 'Administrators only' }),
  })
  .meta({ id: 'CommunityRank' });

export const CommunityListSchema = pageOf('ranks', CommunityRankSchema);

export const RankReportSchema = z
  .object({
    id: z.string(),
    rankId: z.string(),
    rankTitle: z.string(),
    reason: z.enum(REPORT_REASONS),
    note: z.string().nullable(),
    reporterName: z.string(),
    createdAt: z.number(),
    hidden: z.boolean(),
    pictures: z
      .array(
        z.object({
          id: z.string(),
          alt: z.string(),
          thumbUrl: z.string(),
          hidden: z.boolean(),
        }),
      )
      .meta({ description: "The pictures on the rank's items (an admin may hide one)" }),
  })
  .meta({ id: 'RankReport' });

agree<Same<z.infer<typeof CommunityRankSchema>, CommunityRankView>>(true);
agree<Same<z.infer<typeof CommunityListSchema>, CommunityListResponse>>(true);
agree<Same<z.infer<typeof RankReportSchema>, RankReportView>>(true);

export const COMMUNITY_OPERATIONS: Operations = {
  'POST /api/games/{id}/publish': {
    tag: 'Community',
    summary: 'Publish the game to the Community page',
    access: 'owner',
    tokens: true,
    ok: { 200: z.object({ game: GameViewSchema }) },
    errors: [404, 409, 429],
  },
  'POST /api/games/{id}/unpublish': {
    tag: 'Community',
    summary: 'Take the game off the Community page',
    access: 'owner',
    tokens: true,
    ok: { 200: z.object({ game: GameViewSchema }) },
    errors: [404],
  },
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
    description: 'Each item is text or `{ label, image: { id, alt } }`, as for POST /api/games.',
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
};
