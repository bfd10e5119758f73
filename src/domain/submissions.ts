/**
 * A batch of submissions to one game, applied in arrival order (group commit): which are
 * accepted and what each one answers, what every player's saved ranking becomes, the new tally,
 * and whether the game closes. Pure: the server locks the game, reads its state, plans the batch
 * here and writes the plan in one statement.
 */
import {
  BALLOT_MESSAGES,
  ballotGroups,
  rankedIds,
  savedGroups,
  storedGroups,
  type BallotInput,
  type BallotSpec,
  type Groups,
} from './ballot';
import { addDuelAnswers, type DuelAnswer } from './duels';
import { AppError } from './errors';
import type { Item } from './game';
import { closedError, isClosed } from './lifecycle';
import { quotaMessage, quotaVerdict } from './limits';
import { replaceBallots, type Tally } from './results';

/** One player's ballot as sent: `ranking` (full ranking, top N) or `tiers` (BallotInput). */
export type SubmissionRequest = BallotInput & {
  userId: string;
  name: string;
  partial: boolean;
  /**
   * A duel game's answer (decision 0060): counted in the tally's `duels` as it is; `ranking` is
   * then the order the player's answers imply, their ballot. Never partial, no re-ranking limit.
   */
  duel?: DuelAnswer;
};

/**
 * A player's saved ranking; `at` is null when it is saved by this batch (the commit's time).
 * `reranks`: final rankings that replaced an earlier final one in the window that started at
 * `reranksSince` (ms; null: none yet), for the re-ranking limit.
 */
export type SavedRanking = {
  name: string;
  /** The ranked items, best first (a tier ballot's tier by tier). */
  ranking: string[];
  /** A tier ballot's tiers (`storedGroups`); null: one item per group, as `ranking` says. */
  groups: Groups | null;
  partial: boolean;
  at: number | null;
  /** When the player first saved anything for this game (ms): their play's start. null: now. */
  startedAt: number | null;
  reranks: number;
  reranksSince: number | null;
};

/** A re-ranking over the limit (429): `retryAfterMs` until the player's window ends. */
export class RerankRefusal extends AppError {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super('resource-exhausted', message);
  }
}

/** Re-rankings (a final ranking replacing one's own final ranking) per player, game and hour. */
export type RerankLimit = { max: number; windowMs: number };

export type BatchGame = {
  items: readonly Item[];
  /** What the game asks for; a full ranking when not given. */
  ballot?: BallotSpec;
  closed: boolean;
  sizeLimit: number | null;
  deadlineAt: number | null;
};

export type SubmissionOutcome =
  { ok: true; saved: SavedRanking; count: number } | { ok: false; error: AppError };

/** One player's saved row after the batch, and how many final rankings they made in it. */
export type PlayerWrite = SavedRanking & { userId: string; finals: number };

export type BatchPlan = {
  /** One per request, in order. */
  outcomes: SubmissionOutcome[];
  tally: Tally;
  /** Final rankings counted by this batch (none: the tally and live version stay as they are). */
  counted: number;
  /** The ballots the tally changed by, in order (`tally` is `replaceBallots` of them). */
  changes: { previous: Groups | null; next: Groups }[];
  writes: PlayerWrite[];
  /** Players whose first final ranking of this game is in this batch: each is a play. */
  firstPlays: string[];
  /** Players who made a final ranking in this batch: their own pages may now show results. */
  finalists: string[];
  /** A duel game's answers taken in this batch (each request's `duel`, when accepted). */
  duels: (DuelAnswer & { userId: string })[];
  /**
   * The game closes with this batch: its deadline had passed (every request is refused), or a
   * final ranking reached the players rule (the ones after it are refused).
   */
  closes: 'deadline' | 'players' | null;
};

export function planBatch(
  game: BatchGame,
  state: { tally: Tally; previous: ReadonlyMap<string, SavedRanking> },
  requests: readonly SubmissionRequest[],
  now: number,
  rerankLimit: RerankLimit | null = null,
): BatchPlan {
  const plan: BatchPlan = {
    outcomes: [],
    tally: state.tally,
    counted: 0,
    changes: [],
    writes: [],
    firstPlays: [],
    finalists: [],
    duels: [],
    closes: null,
  };
  if (!game.closed && isClosed({ ...game, sizeLimit: null }, 0, now)) {
    plan.outcomes = requests.map(() => ({ ok: false, error: closedError() }));
    plan.closes = 'deadline';
    return plan;
  }
  const itemIds = game.items.map((item) => item.id);
  const latest = new Map(state.previous);
  const writes = new Map<string, PlayerWrite>();
  const spec: BallotSpec = game.ballot ?? { kind: 'ranking' };
  const changes: { previous: Groups | null; next: Groups }[] = [];
  let closed = game.closed;
  let submissions = state.tally.submissions;

  for (const request of requests) {
    if (closed || isClosed({ ...game, closed }, submissions, now)) {
      // Never count past the players rule: a game found at its limit closes now.
      if (!closed) plan.closes = 'players';
      closed = true;
      plan.outcomes.push({ ok: false, error: closedError() });
      continue;
    }
    let groups: Groups;
    try {
      if (
        (spec.kind === 'duel') !== (request.duel !== undefined) ||
        (request.duel && request.partial)
      ) {
        throw new AppError('invalid-argument', BALLOT_MESSAGES.duelsExpected);
      }
      groups = ballotGroups(spec, itemIds, request, request.partial);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      plan.outcomes.push({ ok: false, error });
      continue;
    }
    const previous = latest.get(request.userId) ?? null;
    // Saved progress never replaces a final ranking: the final one is what counts.
    if (request.partial && previous && !previous.partial) {
      plan.outcomes.push({ ok: true, saved: previous, count: submissions });
      continue;
    }
    let reranks = previous?.reranks ?? 0;
    let reranksSince = previous?.reranksSince ?? null;
    // One duel answer is not a re-ranking (decision 0060).
    if (!request.partial && previous && !previous.partial && rerankLimit && !request.duel) {
      // A re-ranking: counted in a window that starts with the first one after the last ended.
      const expired = reranksSince === null || now - reranksSince >= rerankLimit.windowMs;
      reranks = expired ? 1 : reranks + 1;
      reranksSince = expired ? now : reranksSince;
      const verdict = quotaVerdict({
        count: reranks,
        max: rerankLimit.max,
        windowStartedAt: reranksSince!,
        windowMs: rerankLimit.windowMs,
        now,
      });
      if (!verdict.allowed) {
        const message = quotaMessage('rerank', rerankLimit.max, verdict.retryAfterMs);
        plan.outcomes.push({ ok: false, error: new RerankRefusal(message, verdict.retryAfterMs) });
        continue;
      }
    }
    const saved: SavedRanking = {
      name: request.name,
      ranking: rankedIds(groups),
      groups: storedGroups(spec, groups),
      partial: request.partial,
      at: null,
      startedAt: previous?.startedAt ?? null,
      reranks,
      reranksSince,
    };
    latest.set(request.userId, saved);
    const write = writes.get(request.userId) ?? { userId: request.userId, ...saved, finals: 0 };
    writes.set(request.userId, { ...write, ...saved });
    if (!request.partial) {
      const counted = previous && !previous.partial ? savedGroups(previous) : null;
      changes.push({ previous: counted, next: groups });
      if (counted === null) {
        submissions += 1;
        plan.firstPlays.push(request.userId);
      }
      writes.get(request.userId)!.finals += 1;
      if (!plan.finalists.includes(request.userId)) plan.finalists.push(request.userId);
      if (game.sizeLimit !== null && submissions >= game.sizeLimit) {
        closed = true;
        plan.closes = 'players';
      }
    }
    if (request.duel) plan.duels.push({ userId: request.userId, ...request.duel });
    plan.outcomes.push({ ok: true, saved, count: submissions });
  }
  plan.counted = changes.length;
  plan.changes = changes;
  plan.tally = changes.length > 0 ? replaceBallots(state.tally, changes) : state.tally;
  if (plan.duels.length > 0) {
    plan.tally = { ...plan.tally, duels: addDuelAnswers(plan.tally.duels, plan.duels) };
  }
  plan.writes = [...writes.values()];
  return plan;
}
