/**
 * HTTP adapter for the games' writes: create (and publish in the same request), legacy claim,
 * submit a ranking, and the owner's item edits, close, archive and delete. Parse, authorize,
 * call, map errors; the game is found through lookup.ts.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { BALLOT_MESSAGES, checkBallotSpec } from '../../domain/ballot';
import { importedBallots, IMPORT_MESSAGES } from '../../domain/ballot-import';
import { AppError } from '../../domain/errors';
import { MESSAGES, normalizeNewGame, playerName, shownName } from '../../domain/game';
import { newItemEntries, withPictures } from '../../domain/item-pictures';
import { LIFECYCLE_MESSAGES, normalizeRules } from '../../domain/lifecycle';
import {
  LEGACY_CLAIM_MAX,
  MAX_ITEMS,
  MAX_NAME_LENGTH,
  MAX_PROMPT_LENGTH,
  MAX_TIERS,
  QUOTA_WINDOW_MS,
} from '../../domain/limits';
import { RerankRefusal } from '../../domain/submissions';
import type { AnalyticsRecorder } from '../analytics/public';
import { requireUser, type AuthEnv } from '../auth/public';
import type { Db } from '../db/client';
import type { QuotaGuard } from '../http/quota';
import { LimitRefusal } from '../http/rate-limit';
import { validate } from '../http/validate';
import { KeyedQueue } from '../platform/keyed-queue';
import type { WebhookEvents } from '../webhooks/public';
import { toGameView, toSubmissionView } from './data';
import { gameHooks, type SubmissionGate } from './hooks';
import { freshState, gameIdOr404, withDeadline } from './lookup';
import { BallotBody } from './ballot-body';
import { ItemImageBody, ItemLabel, newItemsBody } from './item-body';
import { importBallots } from './ballot-import';
import {
  archiveGame,
  claimGames,
  closeGame,
  createGame,
  deleteGame,
  editItems,
  setBallot,
} from './mutations';
import type { GameStates } from './state';
import { Submissions } from './submit';
import type { EventHub } from '../realtime/hub';
import { Duels } from './duels';
import { duelRoutes } from './duel-routes';

export type GameWriteDeps = {
  db: Db;
  states: GameStates;
  /** Per-account hourly quotas (creates, publishes, item edits, re-rankings). */
  quota?: QuotaGuard | undefined;
  /** The server's analytics events (game_create, game_publish, ranking_submit). */
  analytics: AnalyticsRecorder;
  /** Queues `submission` events for games with webhooks (webhooks/enqueue.ts). */
  webhooks?: WebhookEvents | undefined;
  /** Told each submission batch's size (observability/metrics.ts). */
  onSubmissionBatch?: ((size: number) => void) | undefined;
  /** Whether a player may submit to a game now (live rooms' rounds; hooks.ts). */
  submissionGate?: SubmissionGate | undefined;
  /** Every instance's events: what duels keep per player follows them (games/duels.ts). */
  hub?: EventHub | undefined;
};

const SUBMISSION_SHAPE_MESSAGES = {
  neither: 'Send your ballot: ranking (a list of item ids) or tiers (a list per tier)',
  both: 'Send either ranking or tiers, not both',
};

// Generous hard caps bound the work a request can cause; the domain rules give the real limits.
const CreateGameBody = z.object({
  prompt: z
    .string({ error: MESSAGES.promptRequired })
    .max(MAX_PROMPT_LENGTH * 4, MESSAGES.promptTooLong),
  items: newItemsBody(),
  // The closing rules: values that are not a sensible rule are ignored (normalizeRules), but a
  // value of the wrong type is a client bug and answered 400.
  sizeLimit: z.number({ error: 'Players rule must be a number' }).nullable().optional(),
  deadlineAt: z.number({ error: 'Deadline must be a time in milliseconds' }).nullable().optional(),
  publish: z.boolean({ error: 'Publish must be true or false' }).optional(),
  /** What the game asks for (issue 25); a full ranking when left out. */
  ballot: BallotBody.optional(),
});

const TierIds = z
  .array(z.string({ error: 'Tiers must list item ids' }).max(64, BALLOT_MESSAGES.tierUnknownItem), {
    error: 'Tiers must be lists of item ids, one per tier',
  })
  .max(MAX_ITEMS * 2, BALLOT_MESSAGES.oneTierOnly);

/** A ballot: `ranking` (a full ranking or a top N) or `tiers` (one list per tier), not both. */
const SubmissionBody = z
  .object({
    ranking: z
      .array(
        z.string({ error: 'Ranking must list item ids' }).max(64, MESSAGES.rankingUnknownItem),
        { error: 'Ranking must be a list of item ids' },
      )
      .max(MAX_ITEMS * 2, MESSAGES.rankingIncomplete)
      .optional(),
    tiers: z
      .array(TierIds, { error: 'Tiers must be lists of item ids, one per tier' })
      .max(MAX_TIERS * 2, 'Send one list of items per tier')
      .optional(),
    name: z
      .string({ error: 'Name must be text' })
      .max(MAX_NAME_LENGTH * 4, MESSAGES.nameTooLong)
      .optional(),
    partial: z.boolean({ error: 'Partial must be true or false' }).optional(),
  })
  .refine((body) => body.ranking !== undefined || body.tiers !== undefined, {
    error: SUBMISSION_SHAPE_MESSAGES.neither,
  })
  .refine((body) => body.ranking === undefined || body.tiers === undefined, {
    error: SUBMISSION_SHAPE_MESSAGES.both,
  });

const BallotChangeBody = z.object({
  ballot: BallotBody,
});

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
            image: ItemImageBody.nullable().optional(),
          }),
        ],
        { error: 'Each item must be text or { id, label, image }' },
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

const signedIn = requireUser({ guests: true, message: 'Not signed in' });

export function gameWriteRoutes(deps: GameWriteDeps) {
  const { db, states } = deps;
  /** The owner's changes and submission batches of one game run one at a time here. */
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
  const duels = new Duels(db, states, submissions);
  if (deps.hub) duels.attach(deps.hub);
  return (
    new Hono<AuthEnv>()
      // Duel games' pairs and answers (decision 0060), through the same submission batcher.
      .route('/', duelRoutes({ ...deps, duels }))
      .post(
        '/',
        requireUser({ guests: false, message: MESSAGES.mustSignInToCreate }),
        validate('json', CreateGameBody),
        async (c) => {
          const viewer = c.get('user');
          const body = c.req.valid('json');
          const entries = newItemEntries(body.items);
          const { prompt, labels } = normalizeNewGame({
            prompt: body.prompt,
            items: entries.map((entry) => entry.label),
          });
          const ballot = checkBallotSpec(body.ballot ?? { kind: 'ranking' }, labels.length);
          await deps.quota?.consume(c, viewer.id, 'create');
          const row = await createGame(db, {
            ownerId: viewer.id,
            // Cleaned and cut: an account may predate the name rule.
            ownerName: shownName(viewer.name),
            prompt,
            items: withPictures(labels, entries),
            ballot,
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
            const published = await gameHooks().publish(db, { gameId: row.id, userId: viewer.id });
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
      .put(
        '/:id/submission',
        requireUser({ guests: true, message: MESSAGES.mustSignInToSubmit }),
        validate('param', GameParam),
        validate('json', SubmissionBody),
        async (c) => {
          const viewer = c.get('user');
          const body = c.req.valid('json');
          const { id } = c.req.valid('param');
          const gameId = await gameIdOr404(states, id);
          const gate = deps.submissionGate?.({ gameId, userId: viewer.id }) ?? null;
          const refused = gate === null || typeof gate === 'string' ? gate : await gate;
          if (refused !== null) throw new AppError('aborted', refused);
          const name = playerName(body.name, viewer.isAnonymous ? null : viewer.name);
          const result = await submissions
            .submit({
              gameId,
              userId: viewer.id,
              name,
              ...(body.tiers === undefined
                ? { ranking: body.ranking ?? [] }
                : { tiers: body.tiers }),
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
              async () => (await states.get(gameId))?.row ?? null,
              [
                {
                  userId: viewer.id,
                  name: result.submission.name,
                  ranking: result.submission.ranking,
                  groups: result.submission.groups,
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
          const gameId = await gameIdOr404(states, c.req.valid('param').id);
          await deps.quota?.consume(c, viewer.id, 'edit');
          const edited = await writesPerGame.run(gameId, () =>
            editItems(db, { gameId, userId: viewer.id, edits: c.req.valid('json').items }),
          );
          return c.json({
            game: toGameView(await withDeadline(db, edited.row), viewer.id, edited.count),
            submissionCount: edited.count,
          });
        },
      )
      .put(
        '/:id/ballot',
        signedIn,
        validate('param', OwnedGameParam),
        validate('json', BallotChangeBody),
        async (c) => {
          const viewer = c.get('user');
          const gameId = await gameIdOr404(states, c.req.valid('param').id);
          const changed = await writesPerGame.run(gameId, () =>
            setBallot(db, { gameId, userId: viewer.id, ballot: c.req.valid('json').ballot }),
          );
          // This instance plans its next submissions on the new ballot at once.
          states.forget(gameId);
          return c.json({
            game: toGameView(await withDeadline(db, changed.row), viewer.id, changed.count),
            submissionCount: changed.count,
          });
        },
      )
      // The owner's ballot import (decision 0048): a ballot CSV, all or nothing. Its body has
      // its own size limit (app.ts).
      .post('/:id/ballots', signedIn, validate('param', OwnedGameParam), async (c) => {
        const viewer = c.get('user');
        const gameId = await gameIdOr404(states, c.req.valid('param').id);
        // Owner only, before the body is read (checked again under the game's lock).
        if ((await states.get(gameId))?.row.ownerId !== viewer.id) {
          throw new AppError('permission-denied', LIFECYCLE_MESSAGES.notOwner);
        }
        if (!/^text\/(csv|plain)\b/i.test(c.req.header('content-type') ?? '')) {
          throw new AppError('invalid-argument', IMPORT_MESSAGES.notCsv);
        }
        const text = await c.req.text();
        await deps.quota?.consume(c, viewer.id, 'edit');
        const now = new Date();
        const done = await writesPerGame.run(gameId, () =>
          importBallots(db, {
            gameId,
            userId: viewer.id,
            check: (game) => importedBallots(text, game, now),
          }),
        );
        // This instance plans its next submissions on the new tally at once.
        states.forget(gameId);
        return c.json({
          imported: done.imported,
          submissionCount: done.submissions,
          importedCount: done.importedTotal,
        });
      })
      .post('/:id/close', signedIn, validate('param', OwnedGameParam), async (c) => {
        const viewer = c.get('user');
        const gameId = await gameIdOr404(states, c.req.valid('param').id);
        const closed = await writesPerGame.run(gameId, () =>
          closeGame(db, { gameId, userId: viewer.id }),
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
          const gameId = await gameIdOr404(states, c.req.valid('param').id);
          await archiveGame(db, {
            gameId,
            userId: viewer.id,
            archived: c.req.valid('json').archived ?? true,
          });
          const { row, submissions } = await freshState(db, states, gameId);
          return c.json({ game: toGameView(row, viewer.id, submissions) });
        },
      )
      .delete('/:id', signedIn, validate('param', OwnedGameParam), async (c) => {
        const viewer = c.get('user');
        const gameId = await gameIdOr404(states, c.req.valid('param').id);
        await writesPerGame.run(gameId, () => deleteGame(db, { gameId, userId: viewer.id }));
        return c.json({ deleted: true as const, id: gameId });
      })
  );
}
