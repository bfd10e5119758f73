/**
 * What other features may add inside games' own writes, declared here and supplied by the
 * composition root (app.ts, the only place that knows both sides): the community mirrors a game
 * on its rank, players keep their played-game records. Each hook runs inside the statement or the
 * transaction of the write it belongs to (a SQL fragment, or a statement in the same
 * transaction), so a write takes the statements it always took and commits with them. Games
 * imports neither feature.
 */
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Item } from '../../domain/game';
import type { Db, Tx } from '../db/client';
import type { GameRow } from './data';

/** What a played-game record copies from its game, as values of a prepared statement. */
export type PlayedGameFields = {
  id: SQLWrapper;
  /** The game's title, else its prompt. */
  title: SQLWrapper;
  emoji: SQLWrapper;
  itemsCount: SQLWrapper;
  isPublic: SQLWrapper;
};

export type GameHooks = {
  /** Publishes a game its owner just created with `publish: true` (the create route). */
  publish(db: Db, input: { gameId: string; userId: string }): Promise<GameRow>;
  /** The owner saved new items (renamed, added, removed): in the edit's transaction. */
  onItemsEdited(tx: Tx, edit: { gameId: string; items: readonly Item[] }): Promise<void>;
  /** The owner archived (or restored) the game: in the archive's transaction. */
  onArchived(tx: Tx, change: { gameId: string; archived: boolean }): Promise<void>;
  /** The game is being deleted (its row is locked, not gone yet): in the deletion's transaction. */
  onDeleted(tx: Tx, game: { gameId: string; communityRankId: string | null }): Promise<void>;
  /**
   * In a submission batch's one statement: the body of the CTE `played` that keeps each player's
   * played-game record, from the CTE `input` (user_id, finals: final rankings in this batch).
   * The game's fields are values of the statement (it is prepared once, db/prepared.ts).
   */
  playedSql(batch: { game: PlayedGameFields; input: SQL }): SQL;
  /**
   * In the first plays' one statement: the body of the CTE `new_play` that records them (one per
   * player and game; each new one returns its user_id), from `rows` (jsonb: [{id, user_id,
   * started_ms}], started_ms: when the player started, else null).
   */
  firstPlaysSql(plays: { gameId: string; rows: string }): SQL;
  /**
   * In the same statement, after the CTE `counted` (id: the game, added: its new plays): CTEs
   * that follow it (`ctes`, each starting with a comma) and the select-list entries that make
   * them run (`select`, each starting with a comma).
   */
  playsCountedSql(counted: SQL): { ctes: SQL; select: SQL };
  /**
   * After a batch with first plays has committed and its requests were answered, in the game's
   * queue on this instance (the next batch of the game waits for it): `players` are those whose
   * first play it recorded. Off the submission's statements: at most one statement of its own,
   * none when nothing needs one (a creator's digest already pending). Never throws.
   */
  afterFirstPlays(plays: { game: GameRow; players: readonly string[] }): Promise<void>;
};

/**
 * Asked before a player's ballot is taken (the submission route): why `userId` may not submit to
 * `gameId` now (a sentence, answered 409), or null. Live rooms refuse their players' ballots
 * outside the game's round (decision 0054). Answers null synchronously for a game that nothing
 * holds back, so the hot path does not wait for it.
 */
export type SubmissionGate = (input: {
  gameId: string;
  userId: string;
}) => string | null | Promise<string | null>;

let installed: GameHooks | undefined;

/** The composition root hands games its hooks once, before any request. */
export function setGameHooks(hooks: GameHooks): void {
  installed = hooks;
}

/** The hooks the composition root supplied (a write without them would lose its other half). */
export function gameHooks(): GameHooks {
  if (!installed) throw new Error('games: hooks are not wired (app.ts sets them)');
  return installed;
}
