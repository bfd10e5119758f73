/** HTTP adapter for games: parse, authorize, call, map errors. */
import { Hono, type TypedResponse } from 'hono';

import { z } from 'zod';
import { AppError } from '../../domain/errors';
import {
  canSeeResults,
  MESSAGES,
  normalizeNewGame,
  playerName,
  shownName,
  type GameView,
} from '../../domain/game';
import { LIFECYCLE_MESSAGES, normalizeRules, pastDeadline } from '../../domain/lifecycle';
import {
  MAX_ITEM_LENGTH,
  LEGACY_CLAIM_MAX,
  MAX_ITEMS,
  MAX_NAME_LENGTH,
  MAX_PROMPT_LENGTH,
} from '../../domain/limits';
import { agreement, type LiveData, type Results } from '../../domain/results';
import { requireUser, type AuthEnv, type Viewer } from '../auth/better-auth';
import type { Db } from '../db/client';
import type { QuotaGuard } from '../http/quota';
import { validate } from '../http/validate';
import type { EventHub } from '../realtime/hub';
import { streamTopic, type SseStream } from '../realtime/sse';
import type { StreamLimits } from '../realtime/stream-limits';
import {
  findGame,
  findSubmission,
  readCount,
  toGameView,
  toSubmissionView,
  type GameRow,
} from './data';
import { publishGame } from '../community/mutations';
import { KeyedQueue } from '../platform/keyed-queue';
import { archiveGame, claimGames, closeGame, createGame, deleteGame, editItems } from './mutations';
import type { GameStates } from './state';
import { type GameState } from './state';
import { Submissions } from './submit';
import { closeDueGames } from './closing';
import { gameTopic } from './live';
import type { AnalyticsRecorder } from '../analytics/record';
import type { WebhookEvents } from '../webhooks/enqueue';
import { BallotCache } from './ballot-cache';
import { methodView, runoff, tallyWinners, type MethodView } from './methods-view';
import { METHODS } from '../../domain/methods';
import { closestBallot, coarseAgreement } from '../../domain/crowd';
import { QUOTA_WINDOW_MS } from '../../domain/limits';
import { RerankRefusal } from '../../domain/submissions';
import { LimitRefusal } from '../http/rate-limit';

export type GamesDeps = {
  db: Db;
  hub: EventHub;
  states: GameStates;
  heartbeatMs: number;
  /** Per-account hourly quotas (creates, publishes, item edits). */
  quota?: QuotaGuard;
  /** Open event streams per account and address. */
  streams?: StreamLimits;
  /** The server's analytics events (game_create, game_publish, ranking_submit). */
  analytics: AnalyticsRecorder;
  /** Queues `submission` events for games with webhooks (webhooks/enqueue.ts). */
  webhooks?: WebhookEvents;
  /** Told each submission batch's size (observability/metrics.ts). */
  onSubmissionBatch?: (size: number) => void;
};

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
  // The closing rules: values that are not a sensible rule are ignored (normalizeRules), but a
  // value of the wrong type is a client bug and answered 400.
  sizeLimit: z.number({ error: 'Players rule must be a number' }).nullable().optional(),
  deadlineAt: z.number({ error: 'Deadline must be a time in milliseconds' }).nullable().optional(),
  publish: z.boolean({ error: 'Publish must be true or false' }).optional(),
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

const ITEM_ENTRY_MESSAGE = 'Each item must be text or { id, label }';
const ItemLabel = z
  .string({ error: ITEM_ENTRY_MESSAGE })
  .max(MAX_ITEM_LENGTH * 4, MESSAGES.itemTooLong);

/** Entries past 200 are dropped (SPEC §5); this only bounds the work one request can cause. */
const MAX_ITEM_EDIT_ENTRIES = 2000;

const ItemsBody = z.object({
  items: z
    .array(
      z.union(
        [
          ItemLabel,
          z.object({
            id: z.string({ error: 'Item ids must be text' }).max(64).optional(),
            label: ItemLabel,
          }),
        ],
        { error: ITEM_ENTRY_MESSAGE },
      ),
      { error: LIFECYCLE_MESSAGES.itemsMustBeArray },
    )
    .max(MAX_ITEM_EDIT_ENTRIES, MESSAGES.tooManyItems),
});

const ArchiveBody = z.object({
  archived: z.boolean({ error: 'Archived must be true or false' }).optional(),
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

/** The owner's routes (edit, close, archive, delete) use the spec's delete wording. */
const OwnedGameParam = z.object({
  id: z.string().trim().min(1, LIFECYCLE_MESSAGES.missingGameId),
});

/** Longer than any id or slug we make: not worth a query. */
const MAX_ID_OR_SLUG_LENGTH = 100;

async function gameOr404(db: Db, idOrSlug: string): Promise<GameRow> {
  const row = idOrSlug.length > MAX_ID_OR_SLUG_LENGTH ? null : await findGame(db, idOrSlug);
  if (!row) throw new AppError('not-found', MESSAGES.gameNotFound);
  return row;
}

/**
 * The deadline is checked on every read too: a game read after its deadline closes then and
 * there (and watchers are told), whether or not the scheduled check got to it yet.
 */
async function withDeadline(db: Db, row: GameRow): Promise<GameRow> {
  if (row.closed || !pastDeadline(row.deadlineAt, Date.now())) return row;
  await closeDueGames(db, { now: new Date(), gameId: row.id });
  return { ...row, closed: true };
}

/** A game as read by its page: past its deadline it is closed. */
async function currentGame(db: Db, idOrSlug: string): Promise<GameRow> {
  return withDeadline(db, await gameOr404(db, idOrSlug));
}

/**
 * A game's state as its results and live pages read it (no SQL while nothing changed): past its
 * deadline it closes then and there, whether or not the scheduled check got to it yet.
 */
async function currentState(db: Db, states: GameStates, idOrSlug: string): Promise<GameState> {
  const id = idOrSlug.length > MAX_ID_OR_SLUG_LENGTH ? null : await states.idOf(idOrSlug);
  const state = id === null ? null : await states.get(id);
  if (!state) throw new AppError('not-found', MESSAGES.gameNotFound);
  const closed = await withDeadline(db, state.row);
  if (closed === state.row) return state;
  states.forget(state.row.id);
  return { ...state, row: closed };
}

/** What one viewer may see of a game's results right now, and their own final ranking. */
async function resultsAccess(states: GameStates, state: GameState, viewer: Viewer | null) {
  const mine = viewer ? await states.finalRanking(state.row.id, viewer.id) : null;
  const view = toGameView(state.row, viewer?.id ?? null, state.submissions);
  return {
    view,
    mine,
    visible: canSeeResults({
      isOwner: view.isOwner,
      hasFinalSubmission: mine !== null,
      locked: view.resultsLocked,
    }),
  };
}

/**
 * A live event as sent, one SSE frame encoded once per results, event and variant however many
 * streams send it (thousands of streams may watch one game). JSON never holds a raw line break,
 * so the data is one `data:` line.
 */
const frames = new WeakMap<Results, Map<string, Uint8Array>>();
const encoder = new TextEncoder();

function liveFrame(event: 'snapshot' | 'submission', results: Results, data: LiveData): Uint8Array {
  let variants = frames.get(results);
  if (!variants) {
    variants = new Map();
    frames.set(results, variants);
  }
  const key = `${event}|${data.version}|${data.closed}|${data.resultsLocked}|${data.results !== null}|${data.change ?? ''}`;
  let frame = variants.get(key);
  if (frame === undefined) {
    frame = encoder.encode(
      `event: ${event}\ndata: ${JSON.stringify(data)}\nid: ${data.version}\n\n`,
    );
    variants.set(key, frame);
  }
  return frame;
}

const RESULTS_HEAD = Buffer.from('{"results":');

/** Results access as for the results page: 403 (with what unlocks them) when not visible. */
async function visibleResults(states: GameStates, state: GameState, viewer: Viewer | null) {
  const access = await resultsAccess(states, state, viewer);
  if (!access.visible) {
    const { unlock } = access.view;
    throw new AppError(
      'permission-denied',
      hiddenMessage(access.view),
      unlock ? { unlock } : undefined,
    );
  }
  return access;
}

const ResultsQuery = z.object({
  method: z
    .enum(METHODS, { error: `Method must be one of: ${METHODS.join(', ')}` })
    .default('mean'),
});

/** The name a player shows when they gave none. */
const ANONYMOUS = shownName(null);

function hiddenMessage(view: GameView): string {
  return view.resultsLocked ? 'Results are locked until this game closes' : MESSAGES.resultsHidden;
}

const signedIn = requireUser({ guests: true, message: 'Not signed in' });

export function gamesRoutes(deps: GamesDeps) {
  const { db, hub, states } = deps;
  const writesPerGame = new KeyedQueue();
  const rerankLimit = deps.quota
    ? { max: deps.quota.quotas.rerank, windowMs: QUOTA_WINDOW_MS }
    : null;
  const submissions = new Submissions(
    db,
    states,
    writesPerGame,
    deps.onSubmissionBatch,
    rerankLimit,
  );
  const ballots = new BallotCache(db);
  return (
    new Hono<AuthEnv>()
      .post(
        '/',
        requireUser({ guests: false, message: MESSAGES.mustSignInToCreate }),
        validate('json', CreateGameBody),
        async (c) => {
          const viewer = c.get('user');
          const body = c.req.valid('json');
          const { prompt, labels } = normalizeNewGame(body);
          await deps.quota?.consume(c, viewer.id, 'create');
          const row = await createGame(db, {
            ownerId: viewer.id,
            // Cleaned and cut: an account may predate the name rule.
            ownerName: shownName(viewer.name),
            prompt,
            labels,
            rules: normalizeRules(body, Date.now()),
            publishRequested: body.publish ?? false,
          });
          deps.analytics.recordFor(c, 'game_create', {
            game_id: row.id,
            category: row.category,
            items: row.items.length,
          });
          if (!body.publish) return c.json({ game: toGameView(row, viewer.id, 0) }, 201);
          // Published in the same request; a failure to publish only warns (SPEC §8): the game
          // is created all the same, unpublished, and the answer says why.
          try {
            await deps.quota?.consume(null, viewer.id, 'publish');
            const published = await publishGame(db, { gameId: row.id, userId: viewer.id });
            deps.analytics.recordFor(c, 'game_publish', { game_id: row.id });
            return c.json({ game: toGameView(published, viewer.id, 0) }, 201);
          } catch (error) {
            const publishError =
              error instanceof AppError ? error.message : 'Could not publish this game';
            return c.json({ game: toGameView(row, viewer.id, 0), publishError }, 201);
          }
        },
      )
      // A DELETE without an id: the spec's message rather than "no such route".
      .delete('/', signedIn, () => {
        throw new AppError('invalid-argument', LIFECYCLE_MESSAGES.missingGameId);
      })
      .post(
        '/claim',
        requireUser({ guests: false, message: 'Not signed in' }),
        validate('json', ClaimBody),
        async (c) => {
          const viewer = c.get('user');
          const claimed = await claimGames(db, {
            ownerId: viewer.id,
            ownerName: shownName(viewer.name),
            ids: c.req.valid('json').ids,
          });
          return c.json({ claimed });
        },
      )
      .get('/:id', validate('param', GameParam), async (c) => {
        const viewer = c.get('viewer');
        const row = await currentGame(db, c.req.valid('param').id);
        const [count, mine] = await Promise.all([
          readCount(db, row.id),
          viewer ? findSubmission(db, { gameId: row.id, userId: viewer.id }) : null,
        ]);
        const submissionCount = count?.submissions ?? 0;
        return c.json({
          game: toGameView(row, viewer?.id ?? null, submissionCount),
          submissionCount,
          mySubmission: mine ? toSubmissionView(mine, row.items) : null,
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
          const { id } = c.req.valid('param');
          const gameId = id.length > MAX_ID_OR_SLUG_LENGTH ? null : await states.idOf(id);
          if (gameId === null) throw new AppError('not-found', MESSAGES.gameNotFound);
          const name = playerName(body.name, viewer.isAnonymous ? null : viewer.name);
          const result = await submissions
            .submit({
              gameId,
              userId: viewer.id,
              name,
              ranking: body.ranking,
              partial: body.partial ?? false,
            })
            .catch((error: unknown) => {
              if (!(error instanceof RerankRefusal)) throw error;
              // Over the re-ranking limit (decision 0033): 429 with when to try again.
              c.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
              throw new LimitRefusal('quota:rerank', error.message);
            });
          if (!result.submission.partial) {
            deps.analytics.recordFor(c, 'ranking_submit', { game_id: gameId });
            // Only games with webhooks pay for this (one statement); it never fails the request.
            await deps.webhooks?.submitted(
              gameId,
              async () => (await states.get(gameId))?.row.items ?? [],
              [
                {
                  userId: viewer.id,
                  name: result.submission.name,
                  ranking: result.submission.ranking,
                  at: result.submission.at.getTime(),
                },
              ],
            );
          }
          return c.json({
            submission: toSubmissionView(result.submission),
            submissionCount: result.count,
            ...(result.closed ? { closed: true } : {}),
          });
        },
      )
      .patch(
        '/:id/items',
        signedIn,
        validate('param', OwnedGameParam),
        validate('json', ItemsBody),
        async (c) => {
          const viewer = c.get('user');
          const row = await gameOr404(db, c.req.valid('param').id);
          await deps.quota?.consume(c, viewer.id, 'edit');
          const edited = await writesPerGame.run(row.id, () =>
            editItems(db, { gameId: row.id, userId: viewer.id, edits: c.req.valid('json').items }),
          );
          return c.json({
            game: toGameView(await withDeadline(db, edited.row), viewer.id, edited.count),
            submissionCount: edited.count,
          });
        },
      )
      .post('/:id/close', signedIn, validate('param', OwnedGameParam), async (c) => {
        const viewer = c.get('user');
        const row = await gameOr404(db, c.req.valid('param').id);
        const closed = await writesPerGame.run(row.id, () =>
          closeGame(db, { gameId: row.id, userId: viewer.id }),
        );
        return c.json({
          game: toGameView(closed.row, viewer.id, closed.count),
          submissionCount: closed.count,
        });
      })
      .post(
        '/:id/archive',
        signedIn,
        validate('param', OwnedGameParam),
        validate('json', ArchiveBody),
        async (c) => {
          const viewer = c.get('user');
          const row = await gameOr404(db, c.req.valid('param').id);
          const archived = await archiveGame(db, {
            gameId: row.id,
            userId: viewer.id,
            archived: c.req.valid('json').archived ?? true,
          });
          const count = await readCount(db, row.id);
          return c.json({
            game: toGameView(await withDeadline(db, archived), viewer.id, count?.submissions ?? 0),
          });
        },
      )
      .delete('/:id', signedIn, validate('param', OwnedGameParam), async (c) => {
        const viewer = c.get('user');
        const row = await gameOr404(db, c.req.valid('param').id);
        await writesPerGame.run(row.id, () =>
          deleteGame(db, { gameId: row.id, userId: viewer.id }),
        );
        return c.json({ deleted: true as const, id: row.id });
      })
      .get(
        '/:id/results',
        validate('param', GameParam),
        validate('query', ResultsQuery),
        async (c) => {
          const viewer = c.get('viewer');
          const state = await currentState(db, states, c.req.valid('param').id);
          const access = await visibleResults(states, state, viewer);
          const results = states.results(state);
          const { method } = c.req.valid('query');
          const myAgreement = access.mine
            ? agreement(
                access.mine,
                results.items.map((item) => item.id),
              )
            : null;
          if (method !== 'mean') {
            const irv =
              method === 'irv'
                ? runoff(await ballots.get(state.row.id, state.version), state.row.items, results)
                : null;
            return c.json({
              results: { ...results, ...methodView(results, method, irv), myAgreement },
            });
          }
          // `{ results: { ...results, method, winners, myAgreement } }`, with the results
          // serialized once per version.
          const json = states.resultsJson(state);
          const tail = { method, winners: tallyWinners(results), myAgreement };
          const body = Buffer.concat([
            RESULTS_HEAD,
            json.subarray(0, -1),
            Buffer.from(`,${JSON.stringify(tail).slice(1)}}`),
          ]);
          return c.body(body, 200, {
            'content-type': 'application/json; charset=UTF-8',
          }) as unknown as TypedResponse<
            { results: Results & MethodView & { myAgreement: number | null } },
            200,
            'json'
          >;
        },
      )
      // The other player who ranked most like the viewer (by the name they showed).
      .get('/:id/closest', validate('param', GameParam), async (c) => {
        const viewer = c.get('viewer');
        const state = await currentState(db, states, c.req.valid('param').id);
        const access = await visibleResults(states, state, viewer);
        const mine = access.mine;
        if (!mine || !viewer) return c.json({ closest: null });
        const others = (await ballots.get(state.row.id, state.version)).filter(
          (ballot) => ballot.userId !== viewer.id,
        );
        const shown = others.map((ballot) => ({
          name: ballot.name === ANONYMOUS ? null : ballot.name,
          ranking: ballot.ranking,
        }));
        const index = closestBallot(mine, shown);
        const match = index === -1 ? null : shown[index];
        return c.json({
          closest:
            match?.name != null
              ? { name: match.name, agreement: coarseAgreement(agreement(mine, match.ranking)) }
              : null,
        });
      })
      .get('/:id/events', validate('param', GameParam), async (c) => {
        const viewer = c.get('viewer');
        let state = await currentState(db, states, c.req.valid('param').id);
        const gameId = state.row.id;
        let access = await resultsAccess(states, state, viewer);
        const lastEventId = Number(c.req.header('last-event-id') ?? Number.NaN);

        let sentVersion = -1;
        const send = async (
          stream: SseStream,
          event: 'snapshot' | 'submission',
          change?: LiveData['change'],
        ) => {
          const latest = await states.get(gameId);
          if (!latest) throw new AppError('not-found', MESSAGES.gameNotFound);
          if (latest.version <= sentVersion && event === 'submission') return;
          sentVersion = latest.version;
          const results = states.results(latest);
          const data: LiveData = {
            submissionCount: results.submissions,
            version: latest.version,
            closed: access.view.closed,
            resultsLocked: access.view.resultsLocked,
            results: access.visible ? results : null,
            ...(change ? { change } : {}),
          };
          await stream.write(liveFrame(event, results, data));
        };
        /** Reads the game again (state, items, this viewer's access); false once it is gone. */
        const refresh = async (): Promise<boolean> => {
          try {
            state = await currentState(db, states, gameId);
          } catch (error) {
            if (error instanceof AppError && error.code === 'not-found') return false;
            throw error;
          }
          access = await resultsAccess(states, state, viewer);
          return true;
        };
        /** Tells the page its game was deleted; the stream then ends. */
        const gone = async (stream: SseStream): Promise<'end'> => {
          await stream.writeSSE({ event: 'deleted', data: JSON.stringify({ gameId }) });
          return 'end';
        };
        /** A game deleted while a read was under way is gone too, not an error. */
        const orGone = async (
          stream: SseStream,
          task: () => Promise<void | 'end'>,
        ): Promise<void | 'end'> => {
          try {
            return await task();
          } catch (error) {
            if (error instanceof AppError && error.code === 'not-found') return gone(stream);
            throw error;
          }
        };

        return streamTopic(
          c,
          { hub, topic: gameTopic(gameId), heartbeatMs: deps.heartbeatMs, limits: deps.streams },
          {
            async open(stream) {
              return orGone(stream, async () => {
                if (state.version === lastEventId) sentVersion = state.version;
                else await send(stream, 'snapshot');
              });
            },
            async message(stream, message) {
              return orGone(stream, async () => {
                if (message.type === 'resync') {
                  if (!(await refresh())) return gone(stream);
                  return send(stream, 'snapshot');
                }
                if (message.type === 'game') {
                  if (message.change === 'deleted' || !(await refresh())) return gone(stream);
                  // A new owner changes what a viewer may see, not what the page shows.
                  const change = message.change === 'owner' ? undefined : message.change;
                  return send(stream, 'snapshot', change);
                }
                if (message.type !== 'submission') return;
                // The batch that closed the game unlocks results for everyone; a viewer's own
                // final ranking may unlock them for that viewer.
                if (message.closed || (viewer && message.userIds.includes(viewer.id))) {
                  if (!(await refresh())) return gone(stream);
                }
                await send(stream, 'submission');
              });
            },
          },
        );
      })
  );
}
