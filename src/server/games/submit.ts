/**
 * Submissions, from the route to the commit. Requests for one game that arrive while its previous
 * batch is being written wait and are then written together (group commit). A batch is planned on
 * what this instance keeps of the game and its players (games/state.ts) and written in one
 * statement: every saved ranking, played-game record, the tally, the closing and the live event,
 * applied only if a guard in it finds the game and those players' rankings as planned. If they
 * are not (another instance wrote meanwhile), the batch is planned again in a transaction that
 * locks the game row and reads what the database holds. Then the batch's first plays and their
 * XP. Each request is answered when its batch commits, with its own outcome: a bad ranking fails
 * alone, a refused one (the game closed before it) alone; a database failure fails every request
 * of the batch and nothing of it is applied. Batches of one game run one at a time on this
 * instance (one pooled connection per busy game); across instances the game row's lock orders
 * them.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Groups } from '../../domain/ballot';
import { DUEL_MESSAGES } from '../../domain/duels';
import { encodeBallotChanges } from '../../domain/ballot-changes';
import { AppError } from '../../domain/errors';
import { MESSAGES } from '../../domain/game';
import {
  planBatch,
  type BatchGame,
  type BatchPlan,
  type RerankLimit,
  type SavedRanking,
  type SubmissionRequest,
} from '../../domain/submissions';
import { FOREIGN_KEY_VIOLATION, sqlStateOf, type Db, type Tx } from '../db/client';
import { duelAnswer, duelOffer, game, gameTally, submission } from '../db/schema/games';
import { newId } from '../platform/ids';
import type { KeyedQueue } from '../platform/keyed-queue';
import { lockAccountsPresent } from '../auth/public';
import { awardXpMany } from '../progression/public';
import type { GameRow, SubmissionRow } from './data';
import { gameHooks } from './hooks';
import { submissionEvents, type SubmissionEvent } from './live';
import { closeLocked } from './closing';
import { writeTallySql } from './tally';
import type { GameStates } from './state';
import { PreparedSql } from '../db/prepared';
import { rows } from '../db/rows';

/**
 * At most this many requests per batch: the live event lists the players who made a final
 * ranking, and a NOTIFY payload must stay under 8,000 bytes.
 */
export const MAX_BATCH = 64;

/**
 * The batch's ballot changes go in its event up to this many characters (their JSON): with 64
 * players' ids the payload stays under NOTIFY's 8,000 bytes. A 5-item ranking takes about 20.
 */
const MAX_EVENT_BALLOTS_CHARS = 4000;

export type SubmitInput = SubmissionRequest & { gameId: string };

export type SubmitResult = {
  submission: SubmissionRow;
  /** Final rankings counted once this request was applied. */
  count: number;
  /** This request's batch reached the players limit and closed the game. */
  closed: boolean;
};

type Waiting = {
  request: SubmissionRequest;
  resolve: (result: SubmitResult) => void;
  reject: (error: unknown) => void;
};

export class Submissions {
  private readonly waiting = new Map<string, Waiting[]>();

  /**
   * `queue` is the per-game queue the owner's changes (edit, close, delete) also run in, so this
   * instance never has two writers of one game waiting on its lock.
   */
  constructor(
    private readonly db: Db,
    private readonly states: GameStates,
    private readonly queue: KeyedQueue,
    /** Told each batch's size (observability/metrics.ts). */
    private readonly onBatch?: (size: number) => void,
    /** Re-rankings per player, game and window (decision 0033); null: unlimited. */
    private readonly rerankLimit: RerankLimit | null = null,
  ) {}

  /** Saves one player's ranking; answers once its batch has committed. */
  submit(input: SubmitInput): Promise<SubmitResult> {
    const { gameId, ...request } = input;
    return new Promise((resolve, reject) => {
      let list = this.waiting.get(gameId);
      if (!list) {
        list = [];
        this.waiting.set(gameId, list);
        // One turn of the event loop first: requests already received join this batch.
        void this.queue.run(gameId, () => nextTurn().then(() => this.flush(gameId)));
      }
      list.push({ request, resolve, reject });
    });
  }

  /** Writes what waits for the game, up to MAX_BATCH; the rest goes in the next batch. */
  private async flush(gameId: string): Promise<void> {
    const list = this.waiting.get(gameId) ?? [];
    const batch = list.splice(0, MAX_BATCH);
    if (list.length > 0) void this.queue.run(gameId, () => this.flush(gameId));
    else this.waiting.delete(gameId);
    this.onBatch?.(batch.length);
    let firstPlays: FirstPlaysRecorded | null = null;
    try {
      const { answers, recorded } = await writeBatch(
        this.db,
        this.states,
        gameId,
        batch.map((waiting) => waiting.request),
        this.rerankLimit,
      );
      firstPlays = recorded;
      batch.forEach((waiting, i) => {
        const answer = answers[i];
        if (answer instanceof Error || answer === undefined) waiting.reject(answer);
        else waiting.resolve(answer);
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
    // Answered and committed: what follows first plays (a creator's digest) is off the hot path.
    if (firstPlays && firstPlays.players.length > 0) await gameHooks().afterFirstPlays(firstPlays);
  }
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** A batch's first plays as recorded: the game and the players whose first play it was. */
type FirstPlaysRecorded = { game: GameRow; players: readonly string[] };

/** The batch's players' saved rankings, as the first statement reads them. */
type PreviousRows = {
  userId: string;
  name: string;
  ranking: string[];
  groups: Groups | null;
  partial: boolean;
  at: string;
  startedAt: string;
  reranks: number;
  reranksSince: number | null;
}[];

/** A batch written: its plan, the game and version it was planned on, and what it wrote. */
type Written = {
  plan: BatchPlan;
  row: GameRow;
  /** The live version the batch was planned on, and the one it made (null: none). */
  baseVersion: number;
  version: number | null;
  /** The game's imported ballots (decision 0048), as planned on. */
  imported: number;
  /** The commit's time (ms). */
  at: number;
  /** Every player of the batch's saved ranking before it (null: none). */
  before: ReadonlyMap<string, SavedRanking | null>;
  /** Work left once the batch is kept in memory (the first plays of a batch planned on it). */
  afterwards?: () => Promise<string[]>;
  /** The players whose first play the batch recorded (planned under the lock: in its transaction). */
  played?: string[];
};

/**
 * One batch; answers one result or error per request, in order. Planned first on what this
 * instance keeps of the game and its players and written in one statement that checks those are
 * still so; when they are not (another instance wrote meanwhile, or this one does not know the
 * game yet), planned again under the game's lock on what the database holds.
 */
async function writeBatch(
  db: Db,
  states: GameStates,
  gameId: string,
  requests: readonly SubmissionRequest[],
  rerankLimit: RerankLimit | null,
): Promise<{ answers: (SubmitResult | Error)[]; recorded: FirstPlaysRecorded | null }> {
  const written =
    (await writeOnKnownState(db, states, gameId, requests, rerankLimit)) ??
    (await writeUnderLock(db, gameId, requests, rerankLimit));
  const { plan, row, version, at } = written;
  const closed = plan.closes !== null;
  if (closed && version === null) {
    states.forget(gameId);
  } else {
    const saved = new Map<string, SavedRanking>();
    for (const [userId, before] of written.before) if (before) saved.set(userId, before);
    for (const write of plan.writes) {
      const { name, ranking, groups, partial, reranks, reranksSince } = write;
      saved.set(write.userId, {
        name,
        ranking,
        groups,
        partial,
        at: write.at ?? at,
        startedAt: write.startedAt ?? at,
        reranks,
        reranksSince,
      });
    }
    states.committed(
      {
        row: { ...row, closed: row.closed || closed },
        tally: plan.tally,
        version: version ?? written.baseVersion,
        submissions: plan.tally.submissions,
        imported: written.imported,
      },
      saved,
      version,
    );
  }
  const played = written.played ?? (await written.afterwards?.()) ?? [];
  const recorded = played.length > 0 ? { game: row, players: played } : null;
  const answers = plan.outcomes.map((outcome, i): SubmitResult | Error => {
    if (!outcome.ok) return outcome.error;
    const request = requests[i]!;
    return {
      submission: {
        gameId,
        userId: request.userId,
        name: outcome.saved.name,
        ranking: outcome.saved.ranking,
        groups: outcome.saved.groups,
        partial: outcome.saved.partial,
        at: new Date(outcome.saved.at ?? at),
        startedAt: new Date(outcome.saved.startedAt ?? at),
        reranks: outcome.saved.reranks,
        reranksSince: outcome.saved.reranksSince,
      },
      count: outcome.count,
      closed: version !== null && row.sizeLimit !== null && outcome.count >= row.sizeLimit,
    };
  });
  return { answers, recorded };
}

function batchGame(row: GameRow): BatchGame {
  return {
    items: row.items,
    ballot: row.ballot,
    closed: row.closed,
    sizeLimit: row.sizeLimit,
    deadlineAt: row.deadlineAt?.getTime() ?? null,
  };
}

/**
 * The batch planned on the game's state and its players' rankings as this instance keeps them
 * (a player it does not know is taken to be new), written in one statement that applies only if
 * the database still agrees (same version, rules and items, same saved rankings of these
 * players); null when it did not apply, or when the plan needs the lock (closing at the deadline,
 * nothing to write).
 */
async function writeOnKnownState(
  db: Db,
  states: GameStates,
  gameId: string,
  requests: readonly SubmissionRequest[],
  rerankLimit: RerankLimit | null,
): Promise<Written | null> {
  const state = await states.get(gameId);
  if (!state || state.row.closed) return null;
  const userIds = [...new Set(requests.map((request) => request.userId))];
  const known = states.savedRankings(gameId, userIds);
  const previous = new Map<string, SavedRanking>();
  for (const [userId, row] of known) if (row) previous.set(userId, row);
  const plan = planBatch(
    batchGame(state.row),
    { tally: state.tally, previous },
    requests,
    Date.now(),
    rerankLimit,
  );
  if (plan.closes === 'deadline' || plan.writes.length === 0) return null;
  const version = plan.counted > 0 ? state.version + plan.counted : null;
  const before = new Map(userIds.map((userId) => [userId, known.get(userId) ?? null]));
  let written: { at: number; applied: boolean };
  try {
    written = await states.writing(gameId, version, () =>
      writePlan(db, state.row, plan, version, { version: state.version, before }),
    );
  } catch (error) {
    // A player of the batch was deleted meanwhile (their ranking's foreign key): nothing of the
    // statement applied; under the lock their requests are refused alone (writeUnderLock).
    if (sqlStateOf(error) !== FOREIGN_KEY_VIOLATION) throw error;
    written = { at: Date.now(), applied: false };
  }
  const { at, applied } = written;
  if (!applied) {
    states.forget(gameId);
    return null;
  }
  // Recorded once the batch is kept (writeBatch): its event may be waiting for that already.
  const afterwards =
    plan.firstPlays.length === 0
      ? undefined
      : async () => {
          try {
            return await db.transaction((tx) =>
              recordFirstPlays(tx, gameId, firstPlays(plan, before)),
            );
          } catch {
            // Given up (SPEC §8): the submissions count all the same.
            return [];
          }
        };
  return {
    afterwards,
    plan,
    row: state.row,
    baseVersion: state.version,
    version,
    imported: state.imported,
    at,
    before,
  };
}

/**
 * The batch in one transaction. The first statement locks the game row and then its tally row
 * (the order every writer of a game takes) and reads them as they are once locked, with the
 * batch's players' previous rankings.
 */
async function writeUnderLock(
  db: Db,
  gameId: string,
  requests: readonly SubmissionRequest[],
  rerankLimit: RerankLimit | null,
): Promise<Written> {
  const userIds = [...new Set(requests.map((request) => request.userId))];
  const previousOf = sql<PreviousRows>`coalesce((
    select jsonb_agg(jsonb_build_object('userId', s.user_id, 'name', s.name,
                     'ranking', s.ranking, 'groups', s.groups, 'partial', s.partial,
                     'at', s.at,
                     'startedAt', s.started_at,
                     'reranks', s.reranks, 'reranksSince', s.reranks_since))
    from ${submission} s
    where s.game_id = ${gameId}
      and s.user_id in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))
  ), '[]'::jsonb)`;
  return db.transaction(async (tx) => {
    const [state] = await tx
      .select({
        locked: game,
        tally: gameTally.tally,
        version: gameTally.version,
        imported: gameTally.imported,
        // Subqueries see the statement's start, not rows changed while it waited for the locks.
        seenVersion: sql<number>`(select version from ${gameTally} where game_id = ${gameId})`,
        previous: previousOf,
      })
      .from(game)
      .innerJoin(gameTally, eq(gameTally.gameId, game.id))
      .where(eq(game.id, gameId))
      .for('update', { of: [game, gameTally] });
    if (!state) throw new AppError('not-found', MESSAGES.gameNotFound);
    const { locked } = state;
    if (state.seenVersion !== state.version) {
      // Another batch committed while this one waited: read its players again.
      const [again] = await tx
        .select({ previous: previousOf })
        .from(game)
        .where(eq(game.id, gameId));
      state.previous = again?.previous ?? [];
    }
    const previous = new Map<string, SavedRanking>(
      state.previous.map((row) => [
        row.userId,
        {
          name: row.name,
          ranking: row.ranking,
          groups: row.groups,
          partial: row.partial,
          at: Date.parse(row.at),
          startedAt: Date.parse(row.startedAt),
          reranks: row.reranks,
          reranksSince: row.reranksSince,
        },
      ]),
    );
    const before = new Map(userIds.map((userId) => [userId, previous.get(userId) ?? null]));
    // The batch's players, locked against deletion until this commits (key share: their
    // rankings' foreign keys take the same). A player deleted meanwhile is refused alone, 401;
    // their deletion (mutations.ts deletePlayer) took their rankings out of the tallies.
    const present = await lockAccountsPresent(tx, userIds);
    // A duel answer to a pair not offered, or answered meanwhile (on another instance), 409.
    const refusedDuels = await refusedDuelAnswers(tx, gameId, requests);
    const kept = requests.filter(
      (request, i) => present.has(request.userId) && !refusedDuels.has(i),
    );
    const plan = planBatch(
      batchGame(locked),
      { tally: state.tally, previous },
      kept,
      Date.now(),
      rerankLimit,
    );
    if (kept.length < requests.length) {
      const planned = plan.outcomes;
      let next = 0;
      plan.outcomes = requests.map((request, i) => {
        if (!present.has(request.userId)) {
          return {
            ok: false,
            error: new AppError('unauthenticated', MESSAGES.mustSignInToSubmit),
          };
        }
        const refused = refusedDuels.get(i);
        return refused ? { ok: false, error: refused } : planned[next++]!;
      });
    }
    const base = {
      plan,
      row: locked,
      baseVersion: state.version,
      imported: state.imported,
      before,
    };
    if (plan.closes !== null && plan.counted === 0) {
      // Past its deadline, or found at its players limit: it closes now (committed), and the
      // batch is refused.
      await closeLocked(tx, gameId);
      return { ...base, version: null, at: Date.now() };
    }
    if (plan.writes.length === 0) return { ...base, version: null, at: Date.now() };
    // The live version goes up by one per final ranking counted, batched or not.
    const version = plan.counted > 0 ? state.version + plan.counted : null;
    const { at } = await writePlan(tx, locked, plan, version, null);
    const played =
      plan.firstPlays.length > 0
        ? await recordFirstPlays(tx, gameId, firstPlays(plan, before))
        : [];
    return { ...base, version, at, played };
  });
}

/**
 * What a batch planned on kept state takes to be true: the game's live version, and the saved
 * ranking (null: none) of each of its players. The game's rules and items are the planned row's.
 */
type Expected = { version: number; before: ReadonlyMap<string, SavedRanking | null> };

/**
 * What a batch's statement holds besides its saved rankings and played-game records: the guard
 * (planned on kept state), the tally and event (a final ranking counted), the closing (the
 * players limit reached), duel answers. Each shape is one prepared statement.
 */
type BatchShape = { guarded: boolean; counted: boolean; closes: boolean; duels: boolean };

const batchStatements = new Map<string, PreparedSql>();

function batchStatement(shape: BatchShape): PreparedSql {
  const name = `submit_batch_${Number(shape.guarded)}${Number(shape.counted)}${Number(shape.closes)}${Number(shape.duels)}`;
  let statement = batchStatements.get(name);
  if (!statement) {
    statement = new PreparedSql(name, () => batchSql(shape));
    batchStatements.set(name, statement);
  }
  return statement;
}

/** The statement's values, by placeholder name. */
const v = (name: string) => sql.placeholder(name);

/**
 * Every saved ranking and played-game record of the batch, the tally, the closing and the live
 * event, in one statement. Guarded, it first locks the game and tally rows as every writer does
 * and applies only if they, and the players' saved rankings, are still what the plan was made on
 * (`applied`). Only the shape decides its text; every value is a placeholder (batchValues).
 */
function batchSql(shape: BatchShape): SQL {
  // Every write below happens only when the guard found the game as expected.
  const guard = shape.guarded ? guardSql(shape) : sql``;
  const ifGuarded = shape.guarded ? sql` and exists (select 1 from guard)` : sql``;
  const tallied = shape.counted
    ? sql`, tallied as (
          ${writeTallySql({ gameId: v('gameId'), tally: v('tally'), submissions: v('submissions'), version: v('version'), where: ifGuarded })}
          returning 1
        )`
    : sql``;
  // The game's activity time, and its closing when the players rule is reached.
  const touched = sql`, touched as (
    update ${game} set last_activity_at = now()${shape.closes ? sql`, closed = true, updated_at = now()` : sql``}
    where id = ${v('gameId')}${ifGuarded} returning 1
  )`;
  const notify = submissionEvents.notifyJsonSql(v('event'));
  const notified = !shape.counted
    ? sql``
    : shape.guarded
      ? sql`, (select ${notify} from guard)`
      : sql`, ${notify}`;
  // A duel game's answers (decision 0060): the guard found none of them stored yet.
  const duels = shape.duels
    ? sql`, answered as (
          insert into ${duelAnswer} (game_id, user_id, a, b, winner, at)
          select ${v('gameId')}, user_id, a, b, winner, now()
          from jsonb_to_recordset(${v('duels')}::jsonb)
            as d(user_id text, a text, b text, winner text)
          where true${ifGuarded}
          on conflict do nothing
          returning 1
        )`
    : sql``;
  const played = gameHooks().playedSql({
    game: {
      id: v('gameId'),
      title: v('title'),
      emoji: v('emoji'),
      itemsCount: v('itemsCount'),
      isPublic: v('isPublic'),
    },
    input: sql`input`,
  });
  // Data-modifying CTEs run exactly once whether or not the final SELECT reads them.
  return sql`
      with ${guard}input as (
        select * from jsonb_to_recordset(${v('input')}::jsonb)
          as x(user_id text, name text, ranking jsonb, groups jsonb, partial boolean,
               finals int, reranks int, reranks_since bigint)
        where true${ifGuarded}
      ),
      saved as (
        insert into ${submission} (game_id, user_id, name, ranking, groups, partial, at, reranks,
                                   reranks_since)
        select ${v('gameId')}, user_id, name, ranking, groups, partial, now(), reranks, reranks_since
        from input
        on conflict (game_id, user_id) do update
          set name = excluded.name, ranking = excluded.ranking, groups = excluded.groups,
              partial = excluded.partial, at = excluded.at, reranks = excluded.reranks,
              reranks_since = excluded.reranks_since
        returning 1
      ),
      played as (${played})${tallied}${touched}${duels}
      select now() as at, ${shape.guarded ? sql`exists (select 1 from guard)` : sql`true`} as applied${notified}`;
}

/**
 * A CTE that locks the game and tally rows (game first, the order every writer takes) and yields
 * a row only when the game is still open with the planned rules, items and version, and each
 * player's saved ranking is the one planned on. After waiting for a lock it sees the rows as
 * committed; a change of version means another batch was written meanwhile.
 */
function guardSql(shape: BatchShape): SQL {
  return sql`guard as (
    select 1 from ${game} g join ${gameTally} t on t.game_id = g.id
    where g.id = ${v('gameId')} and t.version = ${v('expectedVersion')}::int and not g.closed
      and g.items = ${v('items')}::jsonb
      and g.ballot = ${v('ballot')}::jsonb
      and g.size_limit is not distinct from ${v('sizeLimit')}::int
      and date_trunc('milliseconds', g.deadline_at) is not distinct from ${v('deadline')}::timestamptz
      and not exists (
        select 1 from jsonb_to_recordset(${v('before')}::jsonb)
          as e(user_id text, ranking jsonb, groups jsonb, partial boolean, reranks int,
               reranks_since bigint)
        left join ${submission} s on s.game_id = g.id and s.user_id = e.user_id
        where s.ranking is distinct from e.ranking or s.groups is distinct from e.groups
          or s.partial is distinct from e.partial
          or s.reranks is distinct from e.reranks
          or s.reranks_since is distinct from e.reranks_since
      )${shape.duels ? duelsStillOpenSql() : sql``}
    for update of g, t
  ),
  `;
}

/**
 * The batch's statement, run: answers the commit's time (ms) and whether it applied (always,
 * unguarded).
 */
async function writePlan(
  tx: Db | Tx,
  locked: GameRow,
  plan: BatchPlan,
  version: number | null,
  expected: Expected | null,
): Promise<{ at: number; applied: boolean }> {
  const shape: BatchShape = {
    guarded: expected !== null,
    counted: version !== null,
    closes: plan.closes === 'players',
    duels: plan.duels.length > 0,
  };
  const [row] = await batchStatement(shape).run(tx, batchValues(locked, plan, version, expected));
  return {
    at: row ? new Date(row.at as Date | string).getTime() : Date.now(),
    applied: row?.applied === true,
  };
}

/** The values of the batch's statement (batchSql's placeholders). */
function batchValues(
  locked: GameRow,
  plan: BatchPlan,
  version: number | null,
  expected: Expected | null,
): Record<string, unknown> {
  const gameId = locked.id;
  const values: Record<string, unknown> = {
    gameId,
    input: JSON.stringify(
      plan.writes.map((write) => ({
        user_id: write.userId,
        name: write.name,
        ranking: write.ranking,
        groups: write.groups,
        partial: write.partial,
        finals: write.finals,
        reranks: write.reranks,
        reranks_since: write.reranksSince,
      })),
    ),
    title: locked.title ?? locked.prompt,
    emoji: locked.emoji,
    itemsCount: locked.items.length,
    isPublic: locked.isPublic,
  };
  if (plan.duels.length > 0) values.duels = JSON.stringify(duelRows(plan));
  if (version !== null) {
    const event: SubmissionEvent = {
      type: 'submission',
      gameId,
      version,
      count: plan.tally.submissions,
      userIds: plan.finalists,
      ...(plan.closes === 'players' ? { closed: true } : {}),
      ...ballotsOfEvent(locked, plan, version),
    };
    values.tally = JSON.stringify(plan.tally);
    values.submissions = plan.tally.submissions;
    values.version = version;
    values.event = JSON.stringify(event);
  }
  if (expected) {
    values.expectedVersion = expected.version;
    values.items = JSON.stringify(locked.items);
    values.ballot = JSON.stringify(locked.ballot);
    values.sizeLimit = locked.sizeLimit;
    values.deadline = locked.deadlineAt?.toISOString() ?? null;
    values.before = JSON.stringify(
      [...expected.before].map(([userId, saved]) => ({
        user_id: userId,
        ranking: saved?.ranking ?? null,
        groups: saved?.groups ?? null,
        partial: saved?.partial ?? null,
        reranks: saved?.reranks ?? null,
        reranks_since: saved?.reranksSince ?? null,
      })),
    );
  }
  return values;
}

/**
 * What lets another instance apply the batch to the tally it keeps (decision 0071): the version
 * it was written on and its ballot changes, when they fit the event. A duel game's tally also
 * counts answers, which the event does not carry: none.
 */
function ballotsOfEvent(
  locked: GameRow,
  plan: BatchPlan,
  version: number,
): Pick<SubmissionEvent, 'from' | 'ballots'> {
  if (locked.ballot?.kind === 'duel' || plan.duels.length > 0) return {};
  const itemIds = locked.items.map((item) => item.id);
  const ballots = encodeBallotChanges(itemIds, plan.changes, MAX_EVENT_BALLOTS_CHARS);
  return ballots ? { from: version - plan.counted, ballots } : {};
}

/** A first play: who, and when they started (ms; null: in this batch, as far as we know). */
type FirstPlay = { userId: string; startedAt: number | null };

/**
 * The batch's first plays, each started when the player first saved progress before it (the
 * submission row's `started_at`, kept by every later save), else with this batch.
 */
function firstPlays(
  plan: BatchPlan,
  before: ReadonlyMap<string, SavedRanking | null>,
): FirstPlay[] {
  return plan.firstPlays.map((userId) => {
    const saved = before.get(userId);
    return { userId, startedAt: saved?.partial ? saved.startedAt : null };
  });
}

/**
 * The batch's first plays: a `play` row each (one per player and game, so replays and races add
 * nothing), the game's and its community rank's play counts (the rank's page hears of it live),
 * and +10 XP each. In a savepoint: if recording plays fails it is given up and the submissions
 * still count (SPEC §8). Answers the players whose first play it recorded.
 */
async function recordFirstPlays(
  tx: Tx,
  gameId: string,
  plays: readonly FirstPlay[],
): Promise<string[]> {
  const rowsJson = JSON.stringify(
    plays.map((first) => ({ id: newId(16), user_id: first.userId, started_ms: first.startedAt })),
  );
  // The play rows are players', the rank's count the community's (app.ts wires both in).
  const hooks = gameHooks();
  const after = hooks.playsCountedSql(sql`counted`);
  try {
    return await tx.transaction(async (savepoint) => {
      const [recorded] = rows<{ played: string[] }>(
        await savepoint.execute(sql`
          with new_play as (${hooks.firstPlaysSql({ gameId, rows: rowsJson })}),
          counted as (
            update ${game} set play_count = play_count + (select count(*) from new_play)
            where id = ${gameId} and exists (select 1 from new_play)
            returning id, (select count(*) from new_play) as added
          )${after.ctes}
          select coalesce((select jsonb_agg(user_id) from new_play), '[]'::jsonb) as played${after.select}`),
      );
      const played = recorded?.played ?? [];
      await awardXpMany(
        savepoint,
        played.map((userId) => ({ userId, reason: 'play' as const, ref: gameId })),
      );
      return played;
    });
  } catch {
    // Given up: the submissions count all the same.
    return [];
  }
}

/** The batch's duel answers as rows for its statement (the pair in code-unit order). */
function duelRows(plan: BatchPlan) {
  return plan.duels.map((duel) => ({
    user_id: duel.userId,
    a: duel.a,
    b: duel.b,
    winner: duel.winner,
  }));
}

/**
 * The guard's condition for a duel game's answers (decision 0060): each was the pair offered to
 * its player (in either order) and is not answered yet. Starts with `and`.
 */
function duelsStillOpenSql(): SQL {
  return sql` and not exists (
        select 1 from jsonb_to_recordset(${v('duels')}::jsonb)
          as d(user_id text, a text, b text, winner text)
        left join ${duelOffer} o on o.game_id = g.id and o.user_id = d.user_id
        where o.user_id is null
          or least(o.a collate "C", o.b collate "C") <> d.a or greatest(o.a collate "C", o.b collate "C") <> d.b
          or exists (select 1 from ${duelAnswer} x where x.game_id = g.id
                     and x.user_id = d.user_id and x.a = d.a and x.b = d.b)
      )`;
}

/**
 * The batch's duel answers the database refuses, by request index: the pair is not the one
 * offered to that player, or they answered it already. One statement, none for other kinds.
 */
async function refusedDuelAnswers(
  tx: Tx,
  gameId: string,
  requests: readonly SubmissionRequest[],
): Promise<Map<number, AppError>> {
  const refused = new Map<number, AppError>();
  const duels = requests.flatMap((request, i) =>
    request.duel ? [{ i, user_id: request.userId, a: request.duel.a, b: request.duel.b }] : [],
  );
  if (duels.length === 0) return refused;
  const found = rows<{ i: number; offered: boolean; answered: boolean }>(
    await tx.execute(sql`
      select d.i,
        exists (select 1 from ${duelOffer} o where o.game_id = ${gameId} and o.user_id = d.user_id
                and least(o.a collate "C", o.b collate "C") = d.a
                and greatest(o.a collate "C", o.b collate "C") = d.b) as offered,
        exists (select 1 from ${duelAnswer} x where x.game_id = ${gameId}
                and x.user_id = d.user_id and x.a = d.a and x.b = d.b) as answered
      from jsonb_to_recordset(${JSON.stringify(duels)}::jsonb) as d(i int, user_id text, a text, b text)`),
  );
  const seen = new Set<string>();
  for (const row of found) {
    const duel = duels.find((each) => each.i === row.i)!;
    const key = `${duel.user_id}\u0000${duel.a}\u0000${duel.b}`;
    if (row.answered || seen.has(key)) {
      refused.set(row.i, new AppError('aborted', DUEL_MESSAGES.alreadyAnswered));
    } else if (!row.offered) {
      refused.set(row.i, new AppError('aborted', DUEL_MESSAGES.notOffered));
    }
    seen.add(key);
  }
  return refused;
}
