/** HTTP adapter for games: parse, authorize, call, map errors. */
import { Hono } from 'hono';
import type { SSEStreamingApi } from 'hono/streaming';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import {
  canSeeResults,
  MESSAGES,
  normalizeNewGame,
  playerName,
  type GameView,
} from '../../domain/game';
import {
  MAX_ITEM_LENGTH,
  LEGACY_CLAIM_MAX,
  MAX_ITEMS,
  MAX_NAME_LENGTH,
  MAX_PROMPT_LENGTH,
} from '../../domain/limits';
import { agreement, summarize, type Results } from '../../domain/results';
import { requireUser, type AuthEnv, type Viewer } from '../auth';
import type { Db } from '../db/client';
import { validate } from '../http/validate';
import { gameTopic, type EventHub } from '../realtime/hub';
import { streamTopic } from '../realtime/sse';
import {
  findGame,
  findSubmission,
  readTally,
  toGameView,
  toSubmissionView,
  type GameRow,
} from './data';
import { KeyedQueue } from '../keyed-queue';
import { claimGames, createGame, submitRanking } from './mutations';

export type GamesDeps = { db: Db; hub: EventHub; heartbeatMs: number };

// Generous hard caps bound the work a request can cause; the domain rules give the real limits.
const CreateGameBody = z.object({
  prompt: z
    .string({ error: MESSAGES.promptRequired })
    .max(MAX_PROMPT_LENGTH * 4, MESSAGES.promptTooLong),
  items: z
    .array(
      z.string({ error: 'Each item must be text' }).max(MAX_ITEM_LENGTH * 4, MESSAGES.itemTooLong),
      {
        error: 'Items must be a list of text',
      },
    )
    .max(MAX_ITEMS * 2, MESSAGES.tooManyItems),
});

const SubmissionBody = z.object({
  ranking: z
    .array(z.string({ error: 'Ranking must list item ids' }).max(64, MESSAGES.rankingUnknownItem), {
      error: 'Ranking must be a list of item ids',
    })
    .max(MAX_ITEMS * 2, MESSAGES.rankingIncomplete),
  name: z
    .string({ error: 'Name must be text' })
    .max(MAX_NAME_LENGTH * 4, MESSAGES.nameTooLong)
    .optional(),
  partial: z.boolean({ error: 'Partial must be true or false' }).optional(),
});

const ClaimBody = z.object({
  ids: z
    .array(z.string({ error: 'Game ids must be text' }).max(100), {
      error: 'ids must be a list of game ids',
    })
    .max(LEGACY_CLAIM_MAX, `At most ${LEGACY_CLAIM_MAX} games at a time`),
});

const GameParam = z.object({
  id: z.string().trim().min(1, MESSAGES.missingGameId),
});

/** Longer than any id or slug we make: not worth a query. */
const MAX_ID_OR_SLUG_LENGTH = 100;

async function gameOr404(db: Db, idOrSlug: string): Promise<GameRow> {
  const row = idOrSlug.length > MAX_ID_OR_SLUG_LENGTH ? null : await findGame(db, idOrSlug);
  if (!row) throw new AppError('not-found', MESSAGES.gameNotFound);
  return row;
}

/** What one viewer may see of a game's results right now. */
async function resultsAccess(db: Db, row: GameRow, viewer: Viewer | null) {
  const view = toGameView(row, viewer?.id ?? null);
  const mine = viewer ? await findSubmission(db, { gameId: row.id, userId: viewer.id }) : null;
  const hasFinalSubmission = mine !== null && !mine.partial;
  return {
    view,
    mine,
    visible: canSeeResults({
      isOwner: view.isOwner,
      hasFinalSubmission,
      locked: view.resultsLocked,
    }),
  };
}

type VersionedResults = { results: Results; version: number };

async function loadResults(db: Db, row: GameRow): Promise<VersionedResults> {
  const tally = await readTally(db, row.id);
  if (!tally) throw new AppError('internal', 'Results are missing for this game');
  return { results: summarize(tally.tally, row.items), version: tally.version };
}

/**
 * Results for live streams: one read per game and version however many streams are watching,
 * and concurrent callers share the read in flight.
 */
const LIVE_RESULTS_CACHE_SIZE = 500;

function sharedResultsReader(db: Db) {
  const latest = new Map<string, Promise<VersionedResults>>();
  return async (row: GameRow, atLeastVersion: number): Promise<VersionedResults> => {
    const cached = latest.get(row.id);
    if (cached) {
      const value = await cached;
      if (value.version >= atLeastVersion) return value;
      if (latest.get(row.id) !== cached) return (await latest.get(row.id)) ?? value;
    }
    const loading = loadResults(db, row);
    latest.delete(row.id);
    latest.set(row.id, loading);
    // Keep the most recently read games only.
    if (latest.size > LIVE_RESULTS_CACHE_SIZE) latest.delete(latest.keys().next().value as string);
    loading.catch(() => latest.delete(row.id));
    return loading;
  };
}

function hiddenMessage(view: GameView): string {
  return view.resultsLocked ? 'Results are locked until this game closes' : MESSAGES.resultsHidden;
}

export function gamesRoutes(deps: GamesDeps) {
  const { db, hub } = deps;
  const submissionsPerGame = new KeyedQueue();
  const readLiveResults = sharedResultsReader(db);
  return new Hono<AuthEnv>()
    .post(
      '/',
      requireUser({ guests: false, message: MESSAGES.mustSignInToCreate }),
      validate('json', CreateGameBody),
      async (c) => {
        const viewer = c.get('user');
        const { prompt, labels } = normalizeNewGame(c.req.valid('json'));
        const row = await createGame(db, {
          ownerId: viewer.id,
          ownerName: viewer.name,
          prompt,
          labels,
        });
        return c.json({ game: toGameView(row, viewer.id) }, 201);
      },
    )
    .post(
      '/claim',
      requireUser({ guests: false, message: 'Not signed in' }),
      validate('json', ClaimBody),
      async (c) => {
        const viewer = c.get('user');
        const claimed = await claimGames(db, {
          ownerId: viewer.id,
          ownerName: viewer.name,
          ids: c.req.valid('json').ids,
        });
        return c.json({ claimed });
      },
    )
    .get('/:id', validate('param', GameParam), async (c) => {
      const viewer = c.get('viewer');
      const row = await gameOr404(db, c.req.valid('param').id);
      const [tally, mine] = await Promise.all([
        readTally(db, row.id),
        viewer ? findSubmission(db, { gameId: row.id, userId: viewer.id }) : null,
      ]);
      return c.json({
        game: toGameView(row, viewer?.id ?? null),
        submissionCount: tally?.submissions ?? 0,
        mySubmission: mine ? toSubmissionView(mine) : null,
      });
    })
    .put(
      '/:id/submission',
      requireUser({ guests: true, message: MESSAGES.mustSignInToSubmit }),
      validate('param', GameParam),
      validate('json', SubmissionBody),
      async (c) => {
        const viewer = c.get('user');
        const body = c.req.valid('json');
        const row = await gameOr404(db, c.req.valid('param').id);
        const name = playerName(body.name, viewer.isAnonymous ? null : viewer.name);
        const result = await submissionsPerGame.run(row.id, () =>
          submitRanking(db, {
            gameId: row.id,
            userId: viewer.id,
            name,
            ranking: body.ranking,
            partial: body.partial ?? false,
          }),
        );
        return c.json({
          submission: toSubmissionView(result.submission),
          submissionCount: result.count,
        });
      },
    )
    .get('/:id/results', validate('param', GameParam), async (c) => {
      const viewer = c.get('viewer');
      const row = await gameOr404(db, c.req.valid('param').id);
      const access = await resultsAccess(db, row, viewer);
      if (!access.visible) throw new AppError('permission-denied', hiddenMessage(access.view));
      const { results } = await loadResults(db, row);
      const mine = access.mine && !access.mine.partial ? access.mine.ranking : null;
      const myAgreement = mine
        ? agreement(
            mine,
            results.items.map((item) => item.id),
          )
        : null;
      return c.json({ results: { ...results, myAgreement } });
    })
    .get('/:id/events', validate('param', GameParam), async (c) => {
      const viewer = c.get('viewer');
      const row = await gameOr404(db, c.req.valid('param').id);
      let { visible } = await resultsAccess(db, row, viewer);
      const lastEventId = Number(c.req.header('last-event-id') ?? Number.NaN);

      let sentVersion = -1;
      const send = async (
        stream: SSEStreamingApi,
        event: 'snapshot' | 'submission',
        atLeastVersion: number,
      ) => {
        const { results, version } = await readLiveResults(row, atLeastVersion);
        if (version <= sentVersion && event === 'submission') return;
        sentVersion = version;
        await stream.writeSSE({
          event,
          id: String(version),
          data: JSON.stringify({
            submissionCount: results.submissions,
            version,
            results: visible ? results : null,
          }),
        });
      };

      return streamTopic(
        c,
        { hub, topic: gameTopic(row.id), heartbeatMs: deps.heartbeatMs },
        {
          async open(stream) {
            const current = await readTally(db, row.id);
            if (current && current.version === lastEventId) sentVersion = current.version;
            else await send(stream, 'snapshot', current?.version ?? 0);
          },
          async message(stream, message) {
            if (message.type === 'resync') return send(stream, 'snapshot', sentVersion + 1);
            if (message.type !== 'submission') return;
            if (viewer && message.userId === viewer.id) {
              // Their own submission may unlock the results for them.
              ({ visible } = await resultsAccess(db, await gameOr404(db, row.id), viewer));
            }
            await send(stream, 'submission', message.version);
          },
        },
      );
    });
}
