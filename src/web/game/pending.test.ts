import { describe, expect, it } from 'vitest';
import type { GameView } from '../../domain/game';
import { PENDING_CREATED_CAP, PENDING_PLAYED_CAP } from '../../domain/limits';
import type { MyGameView, PlayedGameView } from '../../domain/profile';
import { memoryStore, storageKeys } from '../shell/session/storage';
import {
  addPending,
  createdEntry,
  forgetPending,
  mergePending,
  playedEntry,
  readPending,
  writePending,
  type Pending,
} from './pending';

function created(id: string, createdAt: number): MyGameView {
  return {
    id,
    slug: id,
    title: `Game ${id}`,
    emoji: null,
    itemsCount: 3,
    players: 0,
    state: 'open',
    isPublic: false,
    communityRankId: null,
    archived: false,
    createdAt,
  };
}

function played(gameId: string, lastPlayedAt: number): PlayedGameView {
  return {
    gameId,
    slug: gameId,
    title: `Game ${gameId}`,
    emoji: null,
    itemsCount: 3,
    status: 'completed',
    lastPlayedAt,
    closed: false,
  };
}

const mine = (game: MyGameView, userId = 'u1', at = 1_000): Pending<MyGameView> => ({
  userId,
  game,
  at,
});

describe('addPending', () => {
  it('puts the newest first, once per user and game', () => {
    let list: Pending<MyGameView>[] = [];
    list = addPending(list, mine(created('a', 1)), 50);
    list = addPending(list, mine(created('b', 2)), 50);
    list = addPending(list, mine(created('a', 3)), 50);
    expect(list.map((e) => [e.game.id, e.game.createdAt])).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
    // Another person's entry for the same game is another entry.
    expect(addPending(list, mine(created('a', 4), 'u2'), 50)).toHaveLength(3);
  });

  it('keeps at most the cap (SPEC §9: created 50, played 25)', () => {
    let list: Pending<MyGameView>[] = [];
    for (let i = 0; i < 60; i += 1) list = addPending(list, mine(created(`g${i}`, i)), 50);
    expect(list).toHaveLength(PENDING_CREATED_CAP);
    expect(list[0]?.game.id).toBe('g59');
    expect(list.at(-1)?.game.id).toBe('g10');

    let plays: Pending<PlayedGameView>[] = [];
    for (let i = 0; i < 30; i += 1) {
      plays = addPending(
        plays,
        { userId: 'u1', game: played(`p${i}`, i), at: i },
        PENDING_PLAYED_CAP,
      );
    }
    expect(plays).toHaveLength(25);
  });
});

describe('mergePending', () => {
  const pending = [
    mine(created('new', 100)),
    mine(created('listed', 90)),
    mine(created('x', 95), 'u2'),
  ];

  it('shows every pending game of the user while the list is loading or failed', () => {
    const { shown, keep } = mergePending(pending, 'u1', null);
    expect(shown.map((g) => g.id)).toEqual(['new', 'listed']);
    expect(keep).toHaveLength(3);
  });

  it('drops what the server lists, and keeps the rest first', () => {
    const server = {
      games: [created('listed', 90), created('old', 10)],
      complete: true,
      requestedAt: 500,
    };
    const { shown, keep } = mergePending(pending, 'u1', server);
    expect(shown.map((g) => g.id)).toEqual(['new']);
    expect(keep.map((e) => e.game.id)).toEqual(['new', 'x']);
  });

  it('does not show a pending game a later page holds', () => {
    const older = [mine(created('older', 5)), mine(created('newer', 50))];
    const server = {
      games: [created('a', 40), created('b', 20)],
      complete: false,
      requestedAt: 500,
    };
    expect(mergePending(older, 'u1', server).shown.map((g) => g.id)).toEqual(['newer']);
    // Once every page is loaded, what is still missing is shown.
    expect(mergePending(older, 'u1', { ...server, complete: true }).shown.map((g) => g.id)).toEqual(
      ['newer', 'older'],
    );
  });

  it('works on played games, by last played', () => {
    const plays = [
      { userId: 'u1', game: played('p1', 30), at: 1_000 },
      { userId: 'u1', game: played('p2', 40), at: 1_000 },
    ];
    const server = { games: [played('p1', 30)], complete: true, requestedAt: 500 };
    const { shown, keep } = mergePending(plays, 'u1', server);
    expect(shown.map((g) => g.gameId)).toEqual(['p2']);
    expect(keep.map((e) => e.game.gameId)).toEqual(['p2']);
  });
});

const game: GameView = {
  id: 'g1',
  slug: 'g1',
  prompt: 'Best snack',
  title: null,
  emoji: '🍿',
  category: 'manual',
  items: [
    { id: 'a', label: 'A' },
    { id: 'b', label: 'B' },
    { id: 'c', label: 'C' },
  ],
  ballot: { kind: 'ranking' },
  ownerName: 'Ann',
  isOwner: true,
  sizeLimit: 5,
  timeLimit: null,
  deadlineAt: null,
  closed: false,
  resultsLocked: true,
  unlock: { playersNeeded: 5, deadlineAt: null },
  isPublic: true,
  communityRankId: 'r1',
  archived: false,
  remixedFrom: null,
  createdAt: 1000,
};

describe('mergePending and games gone elsewhere', () => {
  it('forgets a game the list should have and has not: deleted or archived since', () => {
    const pending = [
      mine(created('gone', 100), 'u1', 1_000),
      mine(created('fresh', 110), 'u1', 2_000),
    ];
    // Requested after 'gone' was created (so it would be there), before 'fresh' was.
    const server = { games: [created('other', 50)], complete: true, requestedAt: 1_500 };
    const { shown, keep } = mergePending(pending, 'u1', server);
    expect(shown.map((g) => g.id)).toEqual(['fresh']);
    expect(keep.map((e) => e.game.id)).toEqual(['fresh']);
  });

  it('keeps an older game a later page may hold', () => {
    const pending = [mine(created('old', 5), 'u1', 1_000)];
    const server = { games: [created('a', 40)], complete: false, requestedAt: 1_500 };
    expect(mergePending(pending, 'u1', server)).toEqual({ shown: [], keep: pending });
  });
});

describe('entries from a game', () => {
  it('turns a created game into a My Ranks entry', () => {
    expect(createdEntry(game)).toMatchObject({
      id: 'g1',
      title: 'Best snack',
      emoji: '🍿',
      itemsCount: 3,
      players: 0,
      state: 'locked',
      isPublic: true,
      createdAt: 1000,
    });
  });

  it('turns a played game into a Played entry', () => {
    expect(playedEntry({ ...game, title: 'Snacks' }, 'started', 5)).toEqual({
      gameId: 'g1',
      slug: 'g1',
      title: 'Snacks',
      emoji: '🍿',
      itemsCount: 3,
      status: 'started',
      lastPlayedAt: 5,
      closed: false,
    });
  });
});

describe('storage', () => {
  it('reads back what was written, ignores junk, and forgets a game in both lists', () => {
    const store = memoryStore();
    writePending('created', [mine(created('a', 1))], store);
    writePending(
      'played',
      [
        { userId: 'u1', game: played('a', 1), at: 1 },
        { userId: 'u1', game: played('b', 2), at: 2 },
      ],
      store,
    );
    expect(readPending('created', store).map((e) => e.game.id)).toEqual(['a']);
    forgetPending('a', store);
    expect(readPending('created', store)).toEqual([]);
    expect(readPending('played', store).map((e) => e.game.gameId)).toEqual(['b']);

    store.setItem(storageKeys.pendingCreated, '{not json');
    expect(readPending('created', store)).toEqual([]);
    store.setItem(
      storageKeys.pendingCreated,
      JSON.stringify([
        { userId: 1 },
        null,
        { userId: 'u1', game: created('d', 4) },
        mine(created('c', 3)),
      ]),
    );
    expect(readPending('created', store).map((e) => e.game.id)).toEqual(['c']);
  });
});
