/**
 * Duel games (issue 28, decision 0060): which pair a player sees next, and their answers. An
 * answer goes through the submission batcher (games/submit.ts) as a ballot change: the order the
 * player's answers imply replaces their ballot, and the answer itself is counted in the tally's
 * `duels` and stored in `duel_answer`, all in the batch's one statement. The pair offered to each
 * player is kept in `duel_offer`; an answer is taken only for it.
 *
 * What this instance keeps per player (their answers and their offer) is read once and kept
 * current by their own requests, which run one at a time per player here. A player's next pair
 * (GET) reads theirs afresh, so a player who answered on another instance is seen as they are;
 * the batch's statement checks the offer and the answer again (another instance may have
 * written meanwhile).
 */
import { sql } from 'drizzle-orm';
import {
  DUEL_MESSAGES,
  duelBudget,
  duelBallot,
  duelCrowd,
  nextDuelPair,
  pairKey,
  type DuelAnswer,
  type DuelCrowd,
} from '../../domain/duels';
import { AppError } from '../../domain/errors';
import { MESSAGES, type Item, type ItemView } from '../../domain/game';
import { itemView } from '../../domain/item-pictures';
import { closedError, isClosed } from '../../domain/lifecycle';
import type { ProfileEvent, SessionEvent } from '../auth/public';
import type { Db } from '../db/client';
import type { EventHub } from '../realtime/hub';
import type { GameEvent } from './live';
import { duelAnswer, duelOffer } from '../db/schema/games';
import { rows } from '../db/rows';
import { KeyedQueue } from '../platform/keyed-queue';
import type { GameState, GameStates } from './state';
import type { SubmitResult, Submissions } from './submit';

/** How far a player is: duels answered, and their budget (`duelBudget`). */
export type DuelProgress = { answered: number; budget: number };

/** What a player sees next: a pair (in the order shown), or that they are done. */
export type DuelTurn =
  { pair: [ItemView, ItemView]; progress: DuelProgress } | { done: true; progress: DuelProgress };

export type DuelAnswered = {
  answered: { a: string; b: string; winner: string | null };
  next: DuelTurn;
  submissionCount: number;
  closed?: true;
};

/** A player's duels of one game as kept here. */
type PlayerDuels = {
  /** Their answers by pair key. */
  answers: Map<string, DuelAnswer>;
  /** The pair last offered, in the order shown (null: none). */
  offer: [string, string] | null;
};

/** Players kept at most (least recently used first out). */
const MAX_PLAYERS = 20_000;

export class Duels {
  private readonly players = new Map<string, PlayerDuels>();
  /** A player's requests, one at a time on this instance. */
  private readonly perPlayer = new KeyedQueue();
  /** Pair selection's view of the crowd, once per game and live version. */
  private readonly crowds = new Map<
    string,
    { version: number; items: readonly Item[]; crowd: DuelCrowd; order: string[] }
  >();

  constructor(
    private readonly db: Db,
    private readonly states: GameStates,
    private readonly submissions: Submissions,
  ) {}

  /** The player's next pair (the one already offered, while unanswered), or done. */
  next(gameId: string, userId: string): Promise<DuelTurn> {
    return this.perPlayer.run(`${gameId}\u0000${userId}`, async () => {
      const state = await this.openDuelGame(gameId);
      const player = await this.read(gameId, userId);
      return this.turn(state, userId, player);
    });
  }

  /**
   * Takes the player's answer to the pair offered to them, and offers the next. 400 for a pair
   * that is not two items of the game or a winner that is neither; 409 for a pair not offered
   * or already answered; the closed error once the game is closed.
   */
  answer(input: {
    gameId: string;
    userId: string;
    name: string;
    a: string;
    b: string;
    winner: string | null;
  }): Promise<DuelAnswered & { result: SubmitResult }> {
    const { gameId, userId, a, b, winner } = input;
    return this.perPlayer.run(`${gameId}\u0000${userId}`, async () => {
      const state = await this.openDuelGame(gameId);
      const itemIds = new Set(state.row.items.map((item) => item.id));
      if (!itemIds.has(a) || !itemIds.has(b)) throw invalid(DUEL_MESSAGES.unknownItem);
      if (a === b) throw invalid(DUEL_MESSAGES.sameItem);
      if (winner !== null && winner !== a && winner !== b) throw invalid(DUEL_MESSAGES.badWinner);
      const key = pairKey(a, b);
      let player = this.kept(gameId, userId) ?? (await this.read(gameId, userId));
      if (!player.answers.has(key) && !offered(player, a, b)) {
        // Perhaps offered on another instance: read again before refusing.
        player = await this.read(gameId, userId);
      }
      if (player.answers.has(key)) throw new AppError('aborted', DUEL_MESSAGES.alreadyAnswered);
      if (!offered(player, a, b)) throw new AppError('aborted', DUEL_MESSAGES.notOffered);
      const answer: DuelAnswer = a < b ? { a, b, winner } : { a: b, b: a, winner };
      const crowd = this.crowdOf(state);
      const ranking = duelBallot(crowd.order, [...player.answers.values(), answer]);
      let result: SubmitResult;
      try {
        result = await this.submissions.submit({
          gameId,
          userId,
          name: input.name,
          ranking,
          partial: false,
          duel: answer,
        });
      } catch (error) {
        // Another instance may know better (the batch's statement refused the pair).
        this.players.delete(`${gameId}\u0000${userId}`);
        throw error;
      }
      player.answers.set(key, answer);
      player.offer = null;
      const after = (await this.states.get(gameId)) ?? state;
      const next = after.row.closed
        ? { done: true as const, progress: progressOf(after, player) }
        : await this.turn(after, userId, player);
      return {
        answered: { a, b, winner },
        next,
        submissionCount: result.count,
        ...(result.closed ? { closed: true as const } : {}),
        result,
      };
    });
  }

  /** The game, if it is a duel game still open; else 404, 400 or the closed error. */
  private async openDuelGame(gameId: string): Promise<GameState> {
    const state = await this.states.get(gameId);
    if (!state) throw new AppError('not-found', MESSAGES.gameNotFound);
    if (state.row.ballot.kind !== 'duel') throw invalid(DUEL_MESSAGES.notDuelGame);
    const { row } = state;
    const rules = {
      closed: row.closed,
      sizeLimit: row.sizeLimit,
      deadlineAt: row.deadlineAt?.getTime() ?? null,
    };
    if (isClosed(rules, state.submissions, Date.now())) throw closedError();
    return state;
  }

  /** The player's turn: their offer while unanswered, else a new pair (stored), else done. */
  private async turn(state: GameState, userId: string, player: PlayerDuels): Promise<DuelTurn> {
    const items = new Map(state.row.items.map((item) => [item.id, item]));
    const progress = progressOf(state, player);
    const current = player.offer;
    if (
      current &&
      items.has(current[0]) &&
      items.has(current[1]) &&
      !player.answers.has(pairKey(current[0], current[1]))
    ) {
      return {
        pair: [itemView(items.get(current[0])!), itemView(items.get(current[1])!)],
        progress,
      };
    }
    const pair = nextDuelPair(
      state.row.items.map((item) => item.id),
      this.crowdOf(state).crowd,
      new Set(player.answers.keys()),
    );
    if (pair === null) return { done: true, progress };
    const [a, b] = pair;
    await this.db
      .insert(duelOffer)
      .values({ gameId: state.row.id, userId, a, b })
      .onConflictDoUpdate({
        target: [duelOffer.gameId, duelOffer.userId],
        set: { a, b, at: sql`now()` },
      });
    player.offer = pair;
    return { pair: [itemView(items.get(a)!), itemView(items.get(b)!)], progress };
  }

  /** The crowd as pair selection reads it, and its Bradley–Terry order (once per version). */
  private crowdOf(state: GameState): { crowd: DuelCrowd; order: string[] } {
    const memo = this.crowds.get(state.row.id);
    if (memo && memo.version === state.version && memo.items === state.row.items) return memo;
    const standings = this.states.results(state).duels?.standings ?? [];
    const made = {
      version: state.version,
      items: state.row.items,
      crowd: duelCrowd(state.tally.duels, standings),
      order: standings.map((standing) => standing.id),
    };
    this.crowds.delete(state.row.id);
    this.crowds.set(state.row.id, made);
    if (this.crowds.size > 500) this.crowds.delete(this.crowds.keys().next().value as string);
    return made;
  }

  private kept(gameId: string, userId: string): PlayerDuels | undefined {
    return this.players.get(`${gameId}\u0000${userId}`);
  }

  /** The player's answers and offer, read in one statement and kept. */
  private async read(gameId: string, userId: string): Promise<PlayerDuels> {
    const [row] = rows<{ answers: DuelAnswer[]; offer: { a: string; b: string } | null }>(
      await this.db.execute(sql`
        select
          coalesce((select jsonb_agg(jsonb_build_object('a', d.a, 'b', d.b, 'winner', d.winner))
                    from ${duelAnswer} d
                    where d.game_id = ${gameId} and d.user_id = ${userId}), '[]'::jsonb) as answers,
          (select jsonb_build_object('a', o.a, 'b', o.b) from ${duelOffer} o
           where o.game_id = ${gameId} and o.user_id = ${userId}) as offer`),
    );
    const player: PlayerDuels = {
      answers: new Map((row?.answers ?? []).map((each) => [pairKey(each.a, each.b), each])),
      offer: row?.offer ? [row.offer.a, row.offer.b] : null,
    };
    const key = `${gameId}\u0000${userId}`;
    this.players.delete(key);
    this.players.set(key, player);
    if (this.players.size > MAX_PLAYERS) {
      this.players.delete(this.players.keys().next().value as string);
    }
    return player;
  }

  /**
   * Listens to the hub (decision 0067): a game event (its items edited: answers of a removed item
   * deleted) forgets what is kept of the game's players; a user event (a guest's answers moved to
   * this account) forgets that user's; a resync forgets everything.
   */
  attach(hub: EventHub): () => void {
    return hub.tap<GameEvent | ProfileEvent | SessionEvent>((message) => {
      if (message.type === 'resync') this.players.clear();
      else if (message.type === 'game') this.forgetGame(message.gameId);
      else if (message.type === 'profile' || message.type === 'session') {
        this.forgetUser(message.userId);
      }
    });
  }

  /** Forgets what is kept of a game's players (its answers were deleted or moved). */
  forgetGame(gameId: string): void {
    for (const key of this.players.keys()) {
      if (key.startsWith(`${gameId}\u0000`)) this.players.delete(key);
    }
  }

  /** Forgets what is kept of a user's duels in every game. */
  forgetUser(userId: string): void {
    for (const key of this.players.keys()) {
      if (key.endsWith(`\u0000${userId}`)) this.players.delete(key);
    }
  }
}

function offered(player: PlayerDuels, a: string, b: string): boolean {
  const offer = player.offer;
  return offer !== null && pairKey(offer[0], offer[1]) === pairKey(a, b);
}

function progressOf(state: GameState, player: PlayerDuels): DuelProgress {
  return { answered: player.answers.size, budget: duelBudget(state.row.items.length) };
}

function invalid(message: string): AppError {
  return new AppError('invalid-argument', message);
}
