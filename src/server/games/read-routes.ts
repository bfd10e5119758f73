/**
 * HTTP adapter for reading games: the game page's read, its results (by voting method), the
 * closest other player, and the live event stream (live-stream.ts). Parse, authorize, call; the
 * game is found and read through lookup.ts.
 */
import { ballotAgreement } from '../../domain/agreement';
import { Hono, type TypedResponse } from 'hono';
import { z } from 'zod';
import { shownName, MESSAGES } from '../../domain/game';
import { closestWeakBallot, coarseAgreement } from '../../domain/crowd';
import { METHOD_MESSAGE, METHODS, STRENGTH } from '../../domain/methods';
import { headlineMethod, methodsOf } from '../../domain/methods-standings';
import { AppError } from '../../domain/errors';
import type { Results } from '../../domain/results';
import type { AuthEnv } from '../auth/public';
import type { Db } from '../db/client';
import { validate } from '../http/validate';
import type { EventHub } from '../realtime/hub';
import type { StreamLimits } from '../realtime/stream-limits';
import { BallotCache } from './ballot-cache';
import { findSubmission, toGameView, toSubmissionView } from './data';
import { gameLiveStream } from './live-stream';
import { currentState, freshState } from './lookup';
import { methodView, runoff, type MethodView } from './methods-view';
import { visibleResults } from './results-access';
import { crowdAgreement, meanResultsBody } from './results-body';
import type { GameStates } from './state';

export type GameReadDeps = {
  db: Db;
  hub: EventHub;
  states: GameStates;
  heartbeatMs: number;
  /** Open event streams per account and address. */
  streams?: StreamLimits | undefined;
  /** The ballots kept for instant runoff, shared with the share cards (one per instance). */
  ballots?: BallotCache | undefined;
};

const GameParam = z.object({
  id: z.string().trim().min(1, MESSAGES.missingGameId),
});

const ResultsQuery = z.object({
  // Unless asked, the game's headline method (strength for a duel game, else mean).
  method: z.enum([...METHODS, STRENGTH], { error: METHOD_MESSAGE }).optional(),
});

/** The name a player shows when they gave none. */
const ANONYMOUS = shownName(null);

/**
 * The game page's read (`GET /api/games/:idOrSlug`) as `viewerId` sees it: also written into the
 * HTML of a game's pages for a visitor without a session (app.ts). Throws not-found.
 */
export async function gameRead(
  db: Db,
  states: GameStates,
  idOrSlug: string,
  viewerId: string | null,
) {
  const { row, submissions, imported } = await freshState(db, states, idOrSlug);
  const mine = viewerId ? await findSubmission(db, { gameId: row.id, userId: viewerId }) : null;
  return {
    game: toGameView(row, viewerId, submissions),
    submissionCount: submissions,
    // Absent while none were imported (decision 0048).
    ...(imported > 0 ? { importedCount: imported } : {}),
    mySubmission: mine ? toSubmissionView(mine, row) : null,
  };
}

export function gameReadRoutes(deps: GameReadDeps) {
  const { db, states } = deps;
  const ballots = deps.ballots ?? new BallotCache(db);
  return (
    new Hono<AuthEnv>()
      .get('/:id', validate('param', GameParam), async (c) =>
        c.json(await gameRead(db, states, c.req.valid('param').id, c.get('viewer')?.id ?? null)),
      )
      .get(
        '/:id/results',
        validate('param', GameParam),
        validate('query', ResultsQuery),
        async (c) => {
          const viewer = c.get('viewer');
          const state = await currentState(db, states, c.req.valid('param').id);
          const access = await visibleResults(states, state, viewer);
          const results = states.results(state);
          const method = c.req.valid('query').method ?? headlineMethod(results);
          if (!methodsOf(results).includes(method)) {
            throw new AppError('invalid-argument', METHOD_MESSAGE);
          }
          const myAgreement = access.mine
            ? crowdAgreement(results, state.row.ballot.kind, access.mine)
            : null;
          if (method !== 'mean') {
            const irv =
              method === 'irv'
                ? runoff(await ballots.get(state.row.id, state.version), state.row.items, results)
                : null;
            return c.json({
              results: {
                ...results,
                ...methodView(results, method, irv),
                myAgreement,
                ...(state.imported > 0 ? { imported: state.imported } : {}),
              },
            });
          }
          return c.body(meanResultsBody(results, myAgreement, state.imported), 200, {
            'content-type': 'application/json; charset=UTF-8',
          }) as unknown as TypedResponse<
            { results: Results & MethodView & { myAgreement: number | null; imported?: number } },
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
          groups: ballot.groups,
        }));
        const index = closestWeakBallot(mine, shown);
        const match = index === -1 ? null : shown[index];
        const itemIds = state.row.items.map((item) => item.id);
        const kind = state.row.ballot.kind;
        return c.json({
          closest:
            match?.name != null
              ? {
                  name: match.name,
                  agreement: coarseAgreement(ballotAgreement(kind, mine, match.groups, itemIds)),
                }
              : null,
        });
      })
      .get('/:id/events', validate('param', GameParam), async (c) => {
        const state = await currentState(db, states, c.req.valid('param').id);
        return gameLiveStream(c, deps, {
          state,
          viewer: c.get('viewer'),
          lastEventId: Number(c.req.header('last-event-id') ?? Number.NaN),
        });
      })
  );
}
