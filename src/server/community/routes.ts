/** HTTP adapter for the Community: publishing, lists, likes, the builder, reports, moderation. */
import { Hono, type MiddlewareHandler } from 'hono';

import { z } from 'zod';
import {
  COMMUNITY_MESSAGES,
  MAX_TAGS,
  REPORT_REASONS,
  type CommunityListResponse,
  type CommunityRankView,
  type RankLiveData,
} from '../../domain/community';
import {
  cursorFor,
  encodeCursor,
  MAX_CURSOR_LENGTH,
  normalizeBuilder,
  normalizeTag,
  normalizeTags,
  type CommunityCursor,
  type ListOrder,
} from '../../domain/community-rules';
import { checkBallotSpec } from '../../domain/ballot';
import { AppError } from '../../domain/errors';
import { cleanText } from '../../domain/text';
import { MESSAGES, shownName } from '../../domain/game';
import { newItemEntries, withPictures } from '../../domain/item-pictures';
import { LIFECYCLE_MESSAGES } from '../../domain/lifecycle';
import { COMMUNITY_PAGE_SIZE, MAX_PROMPT_LENGTH } from '../../domain/limits';
import { isAdmin, requireUser, type AuthEnv, type Viewer } from '../auth/public';
import type { AnalyticsRecorder } from '../analytics/public';
import type { Db } from '../db/client';
import { BallotBody, gameViewFor, newItemsBody, toGameView } from '../games/public';
import type { QuotaGuard } from '../http/quota';
import { validate } from '../http/validate';
import type { EventHub } from '../realtime/hub';
import { rankTopic } from './live';
import { streamTopic, type SseStream } from '../realtime/sse';
import type { StreamLimits } from '../realtime/stream-limits';
import { listOpenReports, listRanks, readRank, readRankCounts, type RankRecord } from './data';
import {
  buildRank,
  moderateRank,
  publishGame,
  reportRank,
  setLike,
  unpublishGame,
} from './mutations';

export type CommunityDeps = {
  db: Db;
  hub: EventHub;
  heartbeatMs: number;
  /** Per-account hourly quotas (builder creates and publishes, reports). */
  quota?: QuotaGuard;
  /** Open event streams per account and address. */
  streams?: StreamLimits;
  /** The server's analytics events (the builder's game_create and game_publish). */
  analytics: AnalyticsRecorder;
};

const LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${COMMUNITY_PAGE_SIZE}`;
const MAX_QUERY_LENGTH = 200;
const MAX_NOTE_LENGTH = 500;
/** Longer than any id we make: not worth a query. */
const MAX_ID_LENGTH = 64;

const ListQuery = z.object({
  sort: z.enum(['new', 'popular'], { error: 'Sort must be new or popular' }).optional(),
  q: z
    .string({ error: 'Search must be text' })
    .max(MAX_QUERY_LENGTH, `Search must be at most ${MAX_QUERY_LENGTH} characters`)
    .optional(),
  tag: z
    .string({ error: COMMUNITY_MESSAGES.badTag })
    .max(200, COMMUNITY_MESSAGES.badTag)
    .optional(),
  creator: z.string({ error: 'Creator must be a handle' }).max(64, 'Player not found').optional(),
  cursor: z
    .string({ error: COMMUNITY_MESSAGES.badCursor })
    .max(MAX_CURSOR_LENGTH, COMMUNITY_MESSAGES.badCursor)
    .optional(),
  limit: z
    .string({ error: LIMIT_MESSAGE })
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(1, LIMIT_MESSAGE).max(COMMUNITY_PAGE_SIZE, LIMIT_MESSAGE))
    .optional(),
  moderation: z.enum(['0', '1'], { error: 'Moderation must be 0 or 1' }).optional(),
});

const TagsField = z
  .array(z.string({ error: COMMUNITY_MESSAGES.badTag }).max(200, COMMUNITY_MESSAGES.badTag), {
    error: 'Tags must be a list of text',
  })
  .max(MAX_TAGS * 4, COMMUNITY_MESSAGES.tooManyTags);

const PublishBody = z.object({ tags: TagsField.optional() });

const BuilderBody = z.object({
  title: z
    .string({ error: COMMUNITY_MESSAGES.needTitleAndItems })
    .max(MAX_PROMPT_LENGTH * 4, MESSAGES.promptTooLong),
  items: newItemsBody(COMMUNITY_MESSAGES.needTitleAndItems),
  emoji: z
    .string({ error: 'Emoji must be text' })
    .max(64, 'Emoji must be a single emoji')
    .nullish(),
  tags: TagsField.optional(),
  /** What the game asks for (issue 25); a full ranking when left out. */
  ballot: BallotBody.optional(),
});

const LikeBody = z.object({ liked: z.boolean({ error: 'Liked must be true or false' }) });

const ReportBody = z.object({
  reason: z.enum(REPORT_REASONS as [string, ...string[]], {
    error: 'Reason must be spam, offensive or other',
  }),
  note: z
    .string({ error: 'Note must be text' })
    .max(MAX_NOTE_LENGTH, `Note must be at most ${MAX_NOTE_LENGTH} characters`)
    .nullish(),
});

const HideBody = z.object({
  hidden: z.boolean({ error: 'Hidden must be true or false' }),
  note: z
    .string({ error: 'Note must be text' })
    .max(MAX_NOTE_LENGTH, `Note must be at most ${MAX_NOTE_LENGTH} characters`)
    .nullish(),
});

/** A report's or a moderator's note as stored: cleaned like every text (domain/text.ts), or none. */
function noteOf(raw: string | null | undefined): string | null {
  const note = raw ? cleanText(raw) : '';
  return note === '' ? null : note;
}

const RankParam = z.object({ rankId: z.string().min(1, COMMUNITY_MESSAGES.rankNotFound) });
const GameParam = z.object({ id: z.string().trim().min(1, LIFECYCLE_MESSAGES.missingGameId) });

const rankNotFound = () => new AppError('not-found', COMMUNITY_MESSAGES.rankNotFound);
const rankRemoved = () =>
  new AppError('not-found', COMMUNITY_MESSAGES.rankRemoved, { removed: true });

/** An id we could have made; anything else is a 404 without a query. */
function rankIdOr404(raw: string): string {
  if (raw.length > MAX_ID_LENGTH) throw rankNotFound();
  return raw;
}

/** The session says admin; every admin answer still checks the role in the database. */
const claimsAdmin = (viewer: Viewer | null): boolean =>
  viewer !== null && !viewer.isAnonymous && viewer.role === 'admin';

/** Admins only, by the role the database has now (never a role a session remembers). */
export function requireAdmin(db: Db): MiddlewareHandler<{
  Variables: { viewer: Viewer | null; user: Viewer };
}> {
  return async (c, next) => {
    const viewer = c.get('viewer');
    if (!viewer || viewer.isAnonymous) throw new AppError('unauthenticated', 'Not signed in');
    if (!(await isAdmin(db, viewer.id))) {
      throw new AppError('permission-denied', COMMUNITY_MESSAGES.adminsOnly);
    }
    c.set('user', viewer);
    await next();
  };
}

function nextCursor(order: ListOrder, last: RankRecord | undefined): string | null {
  if (!last) return null;
  const { createdUs, plays, likes, searchRank } = last.keys;
  const id = last.view.id;
  const cursor: CommunityCursor =
    order === 'new'
      ? { sort: 'new', createdUs, id }
      : order === 'popular'
        ? { sort: 'popular', plays, likes, createdUs, id }
        : { sort: 'search', rank: searchRank, createdUs, id };
  return encodeCursor(cursor);
}

/** A rank's page: hidden ranks say they were removed, unlisted ones 404; admins see them all. */
function visibleRank(record: RankRecord | null): CommunityRankView {
  if (!record) throw rankNotFound();
  // Moderation facts are there only when the database confirmed the viewer is an admin.
  if (record.view.moderation !== undefined) return record.view;
  if (record.hidden) throw rankRemoved();
  if (!record.listed) throw rankNotFound();
  return record.view;
}

const withAccountToLike = requireUser({ guests: false, message: COMMUNITY_MESSAGES.signInToLike });
const withAccountToReport = requireUser({
  guests: false,
  message: COMMUNITY_MESSAGES.signInToReport,
});
const withAccountToBuild = requireUser({ guests: false, message: MESSAGES.mustSignInToCreate });

export function communityRoutes(deps: CommunityDeps) {
  const { db, hub } = deps;
  const adminOnly = requireAdmin(db);
  return new Hono<AuthEnv>()
    .get('/', validate('query', ListQuery), async (c) => {
      const viewer = c.get('viewer');
      const query = c.req.valid('query');
      const moderation = query.moderation === '1';
      if (moderation && (!viewer || viewer.isAnonymous || !(await isAdmin(db, viewer.id)))) {
        throw new AppError('permission-denied', COMMUNITY_MESSAGES.adminsOnly);
      }
      const q = query.q?.trim() ? query.q.trim() : null;
      const order: ListOrder = q !== null ? 'search' : (query.sort ?? 'new');
      const tag = query.tag === undefined || query.tag === '' ? null : normalizeTag(query.tag);
      const cursor = cursorFor(query.cursor, order);
      const limit = query.limit ?? COMMUNITY_PAGE_SIZE;
      const creator = query.creator?.trim() ? query.creator.trim().toLowerCase() : null;
      const { ranks, more } = await listRanks(db, {
        order,
        q,
        tag,
        creator,
        cursor,
        limit,
        viewerId: viewer?.id ?? null,
        adminView: moderation || claimsAdmin(viewer),
        includeHidden: moderation,
      });
      const body: CommunityListResponse = {
        ranks: ranks.map((rank) => rank.view),
        nextCursor: more ? nextCursor(order, ranks.at(-1)) : null,
      };
      return c.json(body);
    })
    .post('/', withAccountToBuild, validate('json', BuilderBody), async (c) => {
      const viewer = c.get('user');
      const body = c.req.valid('json');
      const entries = newItemEntries(body.items);
      const input = normalizeBuilder({ ...body, items: entries.map((entry) => entry.label) });
      const ballot = checkBallotSpec(body.ballot ?? { kind: 'ranking' }, input.labels.length);
      await deps.quota?.consume(c, viewer.id, 'create');
      await deps.quota?.consume(c, viewer.id, 'publish');
      const row = await buildRank(db, {
        ownerId: viewer.id,
        ownerName: shownName(viewer.name),
        title: input.title,
        items: withPictures(input.labels, entries),
        emoji: input.emoji,
        tags: input.tags,
        ballot,
      });
      deps.analytics.recordFor(c, 'game_create', {
        game_id: row.id,
        category: row.category,
        items: row.items.length,
      });
      deps.analytics.recordFor(c, 'game_publish', { game_id: row.id });
      const rank = await readRank(db, {
        rankId: row.communityRankId ?? '',
        viewerId: viewer.id,
        adminView: false,
      });
      if (!rank) throw new AppError('internal', 'The rank was not published');
      return c.json({ rank: rank.view, game: toGameView(row, viewer.id, 0) }, 201);
    })
    .get('/reports', adminOnly, async (c) => c.json({ reports: await listOpenReports(db) }))
    .get('/:rankId', validate('param', RankParam), async (c) => {
      const viewer = c.get('viewer');
      const record = await readRank(db, {
        rankId: rankIdOr404(c.req.valid('param').rankId),
        viewerId: viewer?.id ?? null,
        adminView: claimsAdmin(viewer),
      });
      return c.json({ rank: visibleRank(record) });
    })
    .get('/:rankId/events', validate('param', RankParam), async (c) => {
      const rankId = rankIdOr404(c.req.valid('param').rankId);
      if (!(await readRankCounts(db, rankId))) throw rankNotFound();
      const send = (stream: SseStream, data: RankLiveData) =>
        stream.writeSSE({ event: 'rank', data: JSON.stringify(data) });
      /** The current counts; a rank deleted meanwhile is sent as no longer listed, and ends. */
      const snapshot = async (stream: SseStream): Promise<void | 'end'> => {
        const counts = await readRankCounts(db, rankId);
        if (!counts) {
          await send(stream, { plays: 0, likes: 0, listed: false });
          return 'end';
        }
        await send(stream, { plays: counts.plays, likes: counts.likes, listed: counts.listed });
      };
      return streamTopic(
        c,
        { hub, topic: rankTopic(rankId), heartbeatMs: deps.heartbeatMs, limits: deps.streams },
        {
          open: snapshot,
          async message(stream, message) {
            if (message.type === 'resync') return snapshot(stream);
            if (message.type !== 'rank') return;
            await send(stream, {
              plays: message.plays,
              likes: message.likes,
              listed: message.listed,
            });
          },
        },
      );
    })
    .put(
      '/:rankId/like',
      withAccountToLike,
      validate('param', RankParam),
      validate('json', LikeBody),
      async (c) => {
        const outcome = await setLike(db, {
          rankId: rankIdOr404(c.req.valid('param').rankId),
          userId: c.get('user').id,
          liked: c.req.valid('json').liked,
        });
        if (outcome.kind === 'missing') throw rankNotFound();
        if (outcome.kind === 'hidden') throw rankRemoved();
        return c.json({ likes: outcome.likes, likedByMe: outcome.likedByMe });
      },
    )
    .post(
      '/:rankId/report',
      withAccountToReport,
      validate('param', RankParam),
      validate('json', ReportBody),
      async (c) => {
        const body = c.req.valid('json');
        await deps.quota?.consume(c, c.get('user').id, 'report');
        const outcome = await reportRank(db, {
          rankId: rankIdOr404(c.req.valid('param').rankId),
          userId: c.get('user').id,
          reason: body.reason as (typeof REPORT_REASONS)[number],
          note: noteOf(body.note),
        });
        if (outcome === 'missing') throw rankNotFound();
        if (outcome === 'hidden') throw rankRemoved();
        if (outcome === 'already') {
          throw new AppError('aborted', COMMUNITY_MESSAGES.alreadyReported);
        }
        return c.json({ reported: true as const }, 202);
      },
    )
    .post(
      '/:rankId/hide',
      adminOnly,
      validate('param', RankParam),
      validate('json', HideBody),
      async (c) => {
        const viewer = c.get('user');
        const rankId = rankIdOr404(c.req.valid('param').rankId);
        const body = c.req.valid('json');
        const found = await moderateRank(db, {
          rankId,
          moderatorId: viewer.id,
          moderatorName: viewer.name,
          hidden: body.hidden,
          note: noteOf(body.note),
        });
        if (!found) throw rankNotFound();
        const record = await readRank(db, { rankId, viewerId: viewer.id, adminView: true });
        if (!record) throw rankNotFound();
        return c.json({ rank: record.view });
      },
    );
}

const signedIn = requireUser({ guests: true, message: 'Not signed in' });

/** Publishing, mounted under /api/games: POST /:id/publish and /:id/unpublish (owner only). */
export function gamePublishRoutes(deps: {
  db: Db;
  quota?: QuotaGuard;
  analytics: AnalyticsRecorder;
}) {
  const { db } = deps;
  const answer = async (row: Awaited<ReturnType<typeof publishGame>>, viewerId: string) => {
    return { game: await gameViewFor(db, row, viewerId) };
  };
  return new Hono<AuthEnv>()
    .post(
      '/:id/publish',
      signedIn,
      validate('param', GameParam),
      validate('json', PublishBody),
      async (c) => {
        const viewer = c.get('user');
        const { tags } = c.req.valid('json');
        await deps.quota?.consume(c, viewer.id, 'publish');
        const row = await publishGame(db, {
          gameId: c.req.valid('param').id,
          userId: viewer.id,
          ...(tags !== undefined ? { tags: normalizeTags(tags) } : {}),
        });
        deps.analytics.recordFor(c, 'game_publish', { game_id: row.id });
        return c.json(await answer(row, viewer.id));
      },
    )
    .post('/:id/unpublish', signedIn, validate('param', GameParam), async (c) => {
      const viewer = c.get('user');
      const row = await unpublishGame(db, { gameId: c.req.valid('param').id, userId: viewer.id });
      return c.json(await answer(row, viewer.id));
    });
}
