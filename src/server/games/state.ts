/**
 * What each instance keeps of the games being read, so a results read or an event stream does no
 * SQL while nothing changed: the game's row, its tally and results (summarized once per live
 * version), and players' saved rankings (which also let a submission batch be written in one
 * statement, games/submit.ts). Kept current by the game events every instance hears
 * (games/live.ts) and, on the instance that wrote, straight after its commit, before the writer
 * answers (so a player who submitted sees their own ranking counted at once). Another instance
 * learns of a write when its NOTIFY arrives, a moment after the commit; after a lost listener
 * connection (resync) everything is read again.
 */
import { and, eq } from 'drizzle-orm';
import { savedGroups, type BallotSpec, type Groups } from '../../domain/ballot';
import type { Item } from '../../domain/game';
import type { SavedRanking } from '../../domain/submissions';
import { gameResults } from '../../domain/crowd-tiers';
import { replaceBallots, type Results, type Tally } from '../../domain/results';
import { decodeBallotChanges } from '../../domain/ballot-changes';
import type { Db } from '../db/client';
import { game, gameTally, submission } from '../db/schema/games';
import type { ProfileEvent, SessionEvent } from '../auth/public';
import type { EventHub, HubMessage } from '../realtime/hub';
import { findGame, type GameRow } from './data';
import type { GameEvent, SubmissionEvent } from './live';

/** The events a game's kept state follows: its own, and a user's (a guest's rankings moved). */
type Heard = GameEvent | ProfileEvent | SessionEvent;

export type GameState = {
  row: GameRow;
  tally: Tally;
  version: number;
  /** Final rankings counted. */
  submissions: number;
  /** Of those, the ballots the owner imported (decision 0048). */
  imported: number;
};

/** Games kept at most (least recently used go first). */
const MAX_GAMES = 500;
/** Players' saved rankings kept per game at most (oldest first out). */
const MAX_SAVED_PER_GAME = 2000;
/** Live versions this instance committed, kept per game to recognise its own events. */
const MAX_OWN_VERSIONS = 16;
/** Ids and slugs kept at most. */
const MAX_NAMES = 20_000;

/** Each kept saved ranking's groups (see finalBallot). */
const groupsOfSaved = new WeakMap<SavedRanking, Groups>();

type Entry = {
  state: Promise<GameState | null> | undefined;
  /** The state once loaded, to compare versions with events synchronously. */
  current: GameState | undefined;
  results:
    | {
        version: number;
        items: readonly Item[];
        ballot: BallotSpec;
        results: Results;
      }
    | undefined;
  /** A player's saved ranking, or null: they have none. */
  saved: Map<string, SavedRanking | null>;
  /** Versions this instance's writes made (their events need not drop what they saved). */
  own: number[];
  /**
   * Versions this instance's writes in flight will make if they apply: their events can arrive
   * before the writer learns of its commit, and must not drop the state it is about to keep.
   */
  writing: Set<number>;
  /** Settles `state` once the writer of an event heard early settles the game (see writing). */
  settle: ((state: Promise<GameState | null>) => void) | undefined;
  /** Bumped by every invalidation: a read that began before one does not store its answer. */
  epoch: number;
};

export class GameStates {
  private readonly entries = new Map<string, Entry>();
  /** A game id or slug → the game's id (ids never change; a slug frees up only on delete). */
  private readonly names = new Map<string, string>();

  constructor(private readonly db: Db) {}

  /** Listens to the hub: every game event updates or drops what it makes stale. */
  attach(hub: EventHub): () => void {
    return hub.tap<Heard>((message) => this.hear(message));
  }

  /** The id of the game called `idOrSlug` (an id match wins over a slug), or null. */
  async idOf(idOrSlug: string): Promise<string | null> {
    const known = this.names.get(idOrSlug);
    if (known !== undefined) return known;
    const id = (await findGame(this.db, idOrSlug))?.id ?? null;
    if (id !== null) remember(this.names, idOrSlug, id, MAX_NAMES);
    return id;
  }

  /** The game's state (row, tally, version), or null when it does not exist. */
  async get(gameId: string): Promise<GameState | null> {
    const entry = this.entry(gameId);
    if (!entry.state) {
      const epoch = entry.epoch;
      const loading = this.load(gameId);
      entry.state = loading;
      loading.then(
        (state) => {
          if (entry.epoch !== epoch || entry.state !== loading) return;
          if (state) entry.current = state;
          else this.forget(gameId);
        },
        () => {
          if (entry.state === loading) entry.state = undefined;
        },
      );
    }
    return entry.state;
  }

  /**
   * The game's state read afresh (one statement) and not kept: for a page that must show fields
   * no live event announces (archived, published). Null when it does not exist.
   */
  read(gameId: string): Promise<GameState | null> {
    return this.load(gameId);
  }

  /** Results of the game's current items for this state, summarized once per version. */
  results(state: GameState): Results {
    const entry = this.entries.get(state.row.id);
    const memo = entry?.results;
    const { items, ballot } = state.row;
    if (memo && memo.version === state.version && memo.items === items && memo.ballot === ballot) {
      return memo.results;
    }
    const results = gameResults(state.tally, items, ballot);
    if (entry && entry.current === state) {
      entry.results = { version: state.version, items, ballot, results };
    }
    return results;
  }

  /**
   * A player's final ballot of the game as the groups it is counted in, or null when they have
   * none (saved progress is not one). The same groups object while their saved ranking is the
   * same, so what is counted per ballot is found again (results-body.ts); never to be changed.
   */
  async finalBallot(gameId: string, userId: string): Promise<Groups | null> {
    const entry = this.entry(gameId);
    let saved = entry.saved.get(userId);
    if (saved === undefined) {
      const epoch = entry.epoch;
      const [row] = await this.db
        .select({
          name: submission.name,
          ranking: submission.ranking,
          groups: submission.groups,
          partial: submission.partial,
          at: submission.at,
          startedAt: submission.startedAt,
          reranks: submission.reranks,
          reranksSince: submission.reranksSince,
        })
        .from(submission)
        .where(and(eq(submission.gameId, gameId), eq(submission.userId, userId)));
      saved = row ? { ...row, at: row.at.getTime(), startedAt: row.startedAt.getTime() } : null;
      if (entry.epoch === epoch && this.entries.get(gameId) === entry) {
        remember(entry.saved, userId, saved, MAX_SAVED_PER_GAME);
      }
    }
    if (!saved || saved.partial) return null;
    let groups = groupsOfSaved.get(saved);
    if (!groups) groupsOfSaved.set(saved, (groups = savedGroups(saved)));
    return groups;
  }

  /**
   * What is kept of these players' saved rankings: a ranking, null (they have none), or absent
   * (not known here). A guess until a write checks it (games/submit.ts).
   */
  savedRankings(gameId: string, userIds: readonly string[]): Map<string, SavedRanking | null> {
    const saved = this.entries.get(gameId)?.saved;
    const known = new Map<string, SavedRanking | null>();
    for (const userId of userIds) {
      const row = saved?.get(userId);
      if (row !== undefined) known.set(userId, row);
    }
    return known;
  }

  /**
   * A write to the game committed on this instance: its new state and the rankings it saved
   * replace what was kept, before the writer answers. `version` is the live version the write
   * made, when it made one.
   */
  committed(
    state: GameState,
    saved: ReadonlyMap<string, SavedRanking>,
    version: number | null,
  ): void {
    const entry = this.entry(state.row.id);
    if (entry.current && entry.current.version > state.version) {
      this.forget(state.row.id);
      return;
    }
    if (version !== null) entry.writing.delete(version);
    entry.epoch += 1;
    entry.current = state;
    entry.state = Promise.resolve(state);
    entry.settle?.(entry.state);
    entry.settle = undefined;
    for (const [userId, row] of saved) remember(entry.saved, userId, row, MAX_SAVED_PER_GAME);
    if (version !== null) {
      entry.own.push(version);
      if (entry.own.length > MAX_OWN_VERSIONS) entry.own.shift();
    }
  }

  private hear(message: HubMessage<Heard>): void {
    if (message.type === 'resync') {
      for (const gameId of [...this.entries.keys()]) this.forget(gameId);
      return;
    }
    if (message.type === 'submission') {
      const entry = this.entries.get(message.gameId);
      if (!entry || entry.own.includes(message.version)) return;
      for (const userId of message.userIds) entry.saved.delete(userId);
      entry.epoch += 1;
      if (entry.writing.has(message.version)) {
        // This instance's write, heard before its writer knew it committed: readers wait for
        // the writer to settle the state rather than read the game again.
        if (!entry.settle) entry.state = new Promise((resolve) => (entry.settle = resolve));
        return;
      }
      if (!entry.current || entry.current.version < message.version) {
        const next = entry.current && applied(entry.current, message);
        entry.current = next ?? undefined;
        entry.state = next ? Promise.resolve(next) : undefined;
      }
      return;
    }
    if (message.type === 'game') {
      this.forget(message.gameId);
      if (message.change === 'deleted') {
        for (const [name, id] of this.names) if (id === message.gameId) this.names.delete(name);
      }
      return;
    }
    if (message.type === 'profile' || message.type === 'session') {
      // A guest's rankings may have moved to this account.
      for (const entry of this.entries.values()) {
        if (entry.saved.delete(message.userId)) entry.epoch += 1;
      }
    }
  }

  private entry(gameId: string): Entry {
    let entry = this.entries.get(gameId);
    if (entry) {
      // Most recently used last.
      this.entries.delete(gameId);
      this.entries.set(gameId, entry);
      return entry;
    }
    entry = {
      state: undefined,
      current: undefined,
      results: undefined,
      saved: new Map(),
      own: [],
      writing: new Set(),
      settle: undefined,
      epoch: 0,
    };
    this.entries.set(gameId, entry);
    if (this.entries.size > MAX_GAMES) this.forget(this.entries.keys().next().value as string);
    return entry;
  }

  /**
   * Runs a write planned on the kept state that makes `version` if it applies. Its own event may
   * arrive before the writer learns of its commit (the listener's connection is not the
   * writer's); reads then wait until the writer settles the game: committed() when the write
   * applied, forget() when it did not or failed. (Reading the game again instead cost a
   * statement for every other event of a busy game.)
   */
  async writing<T>(gameId: string, version: number | null, write: () => Promise<T>): Promise<T> {
    const entry = version === null ? undefined : this.entries.get(gameId);
    if (!entry || version === null) return write();
    entry.writing.add(version);
    try {
      return await write();
    } catch (error) {
      entry.writing.delete(version);
      this.forget(gameId);
      throw error;
    }
  }

  /** Forgets a game (it changed in a way only a fresh read tells). */
  forget(gameId: string): void {
    const entry = this.entries.get(gameId);
    if (!entry) return;
    entry.epoch += 1;
    this.entries.delete(gameId);
    entry.settle?.(this.get(gameId));
  }

  private async load(gameId: string): Promise<GameState | null> {
    const [row] = await this.db
      .select({
        row: game,
        tally: gameTally.tally,
        version: gameTally.version,
        submissions: gameTally.submissions,
        imported: gameTally.imported,
      })
      .from(game)
      .innerJoin(gameTally, eq(gameTally.gameId, game.id))
      .where(eq(game.id, gameId));
    return row ?? null;
  }
}

/**
 * The game's state after another instance's batch, when its event carries the batch's ballot
 * changes and `state` is the version they were written on (decision 0071): the writer's own
 * `replaceBallots` on the same tally, so the same tally. Null otherwise (the game is read
 * again): a version missed, a batch that closed the game (its row changed), a duel game (answers
 * are counted too), or a count that does not match (never expected).
 */
function applied(state: GameState, event: SubmissionEvent): GameState | null {
  if (event.from !== state.version || event.ballots === undefined || event.closed) return null;
  if (state.row.closed || state.row.ballot?.kind === 'duel') return null;
  const changes = decodeBallotChanges(
    state.row.items.map((item) => item.id),
    event.ballots,
  );
  if (changes === null) return null;
  const tally = replaceBallots(state.tally, changes);
  if (tally.submissions !== event.count) return null;
  return { ...state, tally, version: event.version, submissions: tally.submissions };
}

/** Sets `key` in an insertion-ordered map, dropping the oldest entry past `max`. */
function remember<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}
