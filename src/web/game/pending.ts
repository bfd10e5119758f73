/**
 * SPEC §3's pending lists (created ≤ 50, played ≤ 25, in session storage) as optimistic entries
 * of My Ranks: a game just created or played in this tab shows at once, even while the list is
 * slow or failing, and is dropped once the server's list contains it. The create and play pages
 * call `rememberCreated` / `rememberPlayed`; My Ranks merges with `mergePending`.
 */
import type { GameView } from '../../domain/game';
import type { MyGameView, PlayedGameView } from '../../domain/profile';
import { PENDING_CREATED_CAP, PENDING_PLAYED_CAP } from '../../domain/limits';
import {
  readJson,
  sessionStore,
  storageKeys,
  writeJson,
  type KeyValueStore,
} from '../shell/session/storage';

/**
 * One remembered entry: whose it is (a tab may see several people sign in), the game, and when
 * it was remembered (after the server answered: the game was stored by then).
 */
export type Pending<T> = { userId: string; game: T; at: number };

export type PendingKind = 'created' | 'played';

type Entry = MyGameView | PlayedGameView;
type EntryOf<K extends PendingKind> = K extends 'created' ? MyGameView : PlayedGameView;

const KINDS = {
  created: { key: storageKeys.pendingCreated, cap: PENDING_CREATED_CAP },
  played: { key: storageKeys.pendingPlayed, cap: PENDING_PLAYED_CAP },
} as const;

export function gameIdOf(game: Entry): string {
  return 'gameId' in game ? game.gameId : game.id;
}

/** What the server sorts each list by, newest first. */
export function sortKeyOf(game: Entry): number {
  return 'lastPlayedAt' in game ? game.lastPlayedAt : game.createdAt;
}

/** Adds (or refreshes) `entry` at the front, one per user and game, keeping the newest `cap`. */
export function addPending<T extends Entry>(
  list: readonly Pending<T>[],
  entry: Pending<T>,
  cap: number,
): Pending<T>[] {
  const id = gameIdOf(entry.game);
  const rest = list.filter((e) => !(e.userId === entry.userId && gameIdOf(e.game) === id));
  return [entry, ...rest].slice(0, Math.max(0, cap));
}

/**
 * What My Ranks shows of a server list and this tab's pending entries of `userId`:
 * - `shown`: pending games the server list does not contain yet, to put first; only those the
 *   loaded range covers (at least as new as its last entry, or every page is loaded, or the list
 *   failed), so a game the next page holds is not shown twice;
 * - `keep`: the stored list without the entries it no longer needs: those the server list
 *   contains, and those it should contain and does not (remembered before the list was
 *   requested, in its range: deleted or archived since, e.g. from the game's own page).
 */
export function mergePending<T extends Entry>(
  pending: readonly Pending<T>[],
  userId: string,
  server: { games: readonly T[]; complete: boolean; requestedAt: number } | null,
): { shown: T[]; keep: Pending<T>[] } {
  if (!server) {
    return {
      shown: pending
        .filter((e) => e.userId === userId)
        .map((e) => e.game)
        .sort((a, b) => sortKeyOf(b) - sortKeyOf(a)),
      keep: [...pending],
    };
  }
  const listed = new Set(server.games.map(gameIdOf));
  const last = server.games.at(-1);
  const oldestLoaded = last ? sortKeyOf(last) : -Infinity;
  const covered = (game: T) => server.complete || sortKeyOf(game) >= oldestLoaded;
  const keep = pending.filter(
    (e) =>
      e.userId !== userId ||
      (!listed.has(gameIdOf(e.game)) && !(covered(e.game) && e.at < server.requestedAt)),
  );
  const shown = keep
    .filter((e) => e.userId === userId)
    .map((e) => e.game)
    .filter(covered)
    .sort((a, b) => sortKeyOf(b) - sortKeyOf(a));
  return { shown, keep };
}

/** A just-created game as a My Ranks entry (no players yet). */
export function createdEntry(game: GameView): MyGameView {
  return {
    id: game.id,
    slug: game.slug,
    title: game.title ?? game.prompt,
    emoji: game.emoji,
    itemsCount: game.items.length,
    players: 0,
    state: game.closed ? 'closed' : game.resultsLocked ? 'locked' : 'open',
    isPublic: game.isPublic,
    communityRankId: game.communityRankId,
    archived: game.archived,
    createdAt: game.createdAt,
  };
}

/** A just-played game as a My Ranks entry. */
export function playedEntry(
  game: GameView,
  status: PlayedGameView['status'],
  now: number,
): PlayedGameView {
  return {
    gameId: game.id,
    slug: game.slug,
    title: game.title ?? game.prompt,
    emoji: game.emoji,
    itemsCount: game.items.length,
    status,
    lastPlayedAt: now,
    closed: game.closed,
  };
}

function isPending(value: unknown): value is Pending<Entry> {
  if (typeof value !== 'object' || value === null) return false;
  const { userId, game, at } = value as { userId?: unknown; game?: unknown; at?: unknown };
  if (typeof userId !== 'string' || typeof at !== 'number') return false;
  if (typeof game !== 'object' || game === null) return false;
  const g = game as Record<string, unknown>;
  const id = typeof g.id === 'string' ? g.id : g.gameId;
  return typeof id === 'string' && typeof g.title === 'string';
}

export function readPending<K extends PendingKind>(
  kind: K,
  storage: KeyValueStore | null = sessionStore(),
): Pending<EntryOf<K>>[] {
  const value = readJson(storage, KINDS[kind].key);
  return Array.isArray(value) ? (value.filter(isPending) as Pending<EntryOf<K>>[]) : [];
}

export function writePending<K extends PendingKind>(
  kind: K,
  list: readonly Pending<EntryOf<K>>[],
  storage: KeyValueStore | null = sessionStore(),
): void {
  writeJson(storage, KINDS[kind].key, list.slice(0, KINDS[kind].cap));
}

/** The create page: the game it just made, for `userId`. */
export function rememberCreated(userId: string | undefined, game: GameView): void {
  if (!userId) return;
  const list = readPending('created');
  writePending(
    'created',
    addPending(list, { userId, game: createdEntry(game), at: Date.now() }, KINDS.created.cap),
  );
}

/** The play page: a game `userId` just played (not their own: the Played list never has those). */
export function rememberPlayed(
  userId: string | undefined,
  game: GameView,
  status: PlayedGameView['status'] = 'completed',
): void {
  if (!userId || game.isOwner) return;
  const list = readPending('played');
  const now = Date.now();
  const entry = { userId, game: playedEntry(game, status, now), at: now };
  writePending('played', addPending(list, entry, KINDS.played.cap));
}

/** Drops a game from both lists (deleted or archived from My Ranks). */
export function forgetPending(
  gameId: string,
  storage: KeyValueStore | null = sessionStore(),
): void {
  for (const kind of ['created', 'played'] as const) {
    const list = readPending(kind, storage);
    const next = list.filter((e) => gameIdOf(e.game) !== gameId);
    if (next.length !== list.length) writePending(kind, next, storage);
  }
}
