/**
 * Pictures on items (issue 26, decision 0050): create, the builder, remix and the owner's item
 * edits take an item as text or `{ label, image: { id, alt } }`; the picture must be one the
 * sender uploaded and needs a short description; a game shows each picture's addresses; once
 * someone played, a picture may be replaced (by the owner, watchers told) but not removed.
 */
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/domain/errors';
import { LIFECYCLE_MESSAGES } from '../../src/domain/lifecycle';
import type { GameView } from '../../src/domain/game';
import { IMAGE_MESSAGES } from '../../src/domain/images';
import { ITEM_PICTURE_MESSAGES } from '../../src/domain/item-pictures';
import { MAX_IMAGE_ALT_LENGTH } from '../../src/domain/limits';
import type { TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { uploadPicture } from './pictures-harness';
import { errorOf, useServer, type EventData } from './harness';

type GameAnswer = { game: GameView } & ErrorBody;

function paths(id: string) {
  return { url: `/img/${id}.webp`, thumbUrl: `/img/${id}.thumb.webp` };
}

describe.concurrent.each(testDatabases)('pictures on items on %s', (kind) => {
  const h = useServer(kind);

  function create(owner: TestClient, items: unknown[]) {
    return owner.request<GameAnswer>('POST', '/api/games', {
      prompt: `Pictures ${Math.random()}`,
      items,
    });
  }

  function edit(owner: TestClient, gameId: string, items: unknown[]) {
    return owner.request<GameAnswer>('PATCH', `/api/games/${gameId}/items`, { items });
  }

  it('creates a game whose items carry pictures; the game shows their addresses and alt text', async () => {
    const owner = await h.user('Pia');
    const red = await uploadPicture(owner, '#c0392b');
    const created = await create(owner, [
      'Plain',
      { label: '  Red  ', image: { id: red, alt: '  A red square ' } },
      { label: 'Also plain' },
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [plain, withPicture, other] = created.body.game.items;
    expect(plain).toEqual({ id: plain!.id, label: 'Plain' });
    expect(withPicture).toEqual({
      id: withPicture!.id,
      label: 'Red',
      image: { id: red, alt: 'A red square', ...paths(red) },
    });
    expect(other).toEqual({ id: other!.id, label: 'Also plain' });

    // Anyone reading the game sees the same, and the addresses serve the picture.
    const read = await h.getGame(h.anonymous(), created.body.game.id);
    expect(read.body.game.items).toEqual(created.body.game.items);
    const served = await fetch(new URL(paths(red).thumbUrl, h.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('a picture needs a short description: missing, blank or too long is refused with a message', async () => {
    const owner = await h.user();
    const red = await uploadPicture(owner, '#e74c3c');
    for (const [alt, message] of [
      [undefined, IMAGE_MESSAGES.altRequired],
      ['   ', IMAGE_MESSAGES.altRequired],
      ['\u200b', IMAGE_MESSAGES.altRequired],
      ['x'.repeat(MAX_IMAGE_ALT_LENGTH + 1), IMAGE_MESSAGES.altTooLong],
    ] as const) {
      const refused = await create(owner, ['a', 'b', { label: 'c', image: { id: red, alt } }]);
      expect(refused.status, String(alt)).toBe(400);
      expect(refused.body).toEqual(errorOf('invalid-argument', message));
    }
    const longest = await create(owner, [
      'a',
      'b',
      { label: 'c', image: { id: red, alt: 'x'.repeat(MAX_IMAGE_ALT_LENGTH) } },
    ]);
    expect(longest.status).toBe(201);
  });

  it("someone else's picture, an unknown id and a malformed one are refused alike, and nothing is created", async () => {
    const owner = await h.user('Olga');
    const other = await h.user('Otto');
    const theirs = await uploadPicture(other, '#8e44ad');
    for (const id of [theirs, '0'.repeat(64), 'not-a-picture']) {
      const refused = await create(owner, ['a', 'b', { label: 'c', image: { id, alt: 'Purple' } }]);
      expect(refused.status, id).toBe(400);
      expect(refused.body).toEqual(errorOf('invalid-argument', ITEM_PICTURE_MESSAGES.notYours));
    }
    const after = await owner.request<{ games: unknown[] }>('GET', '/api/me/games');
    expect(after.status).toBe(200);
    expect(after.body.games).toEqual([]);
    // The uploader may use it.
    expect(
      (await create(other, ['a', 'b', { label: 'c', image: { id: theirs, alt: 'P' } }])).status,
    ).toBe(201);
  });

  it('an item without a label is dropped with its picture; a wrong shape is a 400 that says what to send', async () => {
    const owner = await h.user();
    const green = await uploadPicture(owner, '#27ae60');
    const created = await create(owner, [
      'a',
      'b',
      'c',
      { label: '  ', image: { id: green, alt: 'Green' } },
    ]);
    expect(created.status).toBe(201);
    expect(created.body.game.items.map((item) => item.label)).toEqual(['a', 'b', 'c']);
    const wrong = await create(owner, ['a', 'b', { label: 'c', image: { id: 5 } }]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(
      'Each item must be text or { label, image: { id, alt } }',
    );
  });

  it('the builder takes pictures with the same rules', async () => {
    const owner = await h.user();
    const blue = await uploadPicture(owner, '#2980b9');
    const stranger = await uploadPicture(await h.user(), '#16a085');
    const build = (image: unknown) =>
      owner.request<GameAnswer>('POST', '/api/community', {
        title: `Built ${Math.random()}`,
        items: ['a', 'b', { label: 'Blue', image }],
      });
    const built = await build({ id: blue, alt: 'Blue square' });
    expect(built.status, JSON.stringify(built.body)).toBe(201);
    expect(built.body.game.items[2]?.image).toEqual({
      id: blue,
      alt: 'Blue square',
      ...paths(blue),
    });
    expect((await build({ id: stranger, alt: 'Teal' })).body).toEqual(
      errorOf('invalid-argument', ITEM_PICTURE_MESSAGES.notYours),
    );
    expect((await build({ id: blue })).body).toEqual(
      errorOf('invalid-argument', IMAGE_MESSAGES.altRequired),
    );
  });

  it('a remix keeps the pictures, and its owner may keep them through their own edits', async () => {
    const owner = await h.user();
    const gold = await uploadPicture(owner, '#f1c40f');
    const created = await create(owner, [
      'a',
      'b',
      { label: 'Gold', image: { id: gold, alt: 'Gold' } },
    ]);
    const remixer = await h.user('Remi');
    const remix = await remixer.request<GameAnswer>(
      'POST',
      `/api/games/${created.body.game.id}/remix`,
    );
    expect(remix.status).toBe(201);
    const copied = remix.body.game.items[2]!;
    expect(copied.image).toEqual({ id: gold, alt: 'Gold', ...paths(gold) });
    // Renaming it, and even sending the picture back, keeps it: it is already on this game.
    const renamed = await edit(remixer, remix.body.game.id, [
      'a',
      'b',
      { id: copied.id, label: 'Golden', image: { id: gold, alt: 'A gold square' } },
    ]);
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.game.items[2]).toMatchObject({
      label: 'Golden',
      image: { id: gold, alt: 'A gold square' },
    });
  });

  it('before anyone plays, the owner adds, replaces and removes pictures; only their own', async () => {
    const owner = await h.user();
    const [one, two] = [
      await uploadPicture(owner, '#d35400'),
      await uploadPicture(owner, '#2c3e50'),
    ];
    const theirs = await uploadPicture(await h.user(), '#7f8c8d');
    const game = (await create(owner, ['a', 'b', 'c'])).body.game;
    const [a, b, c] = game.items.map((item) => item.id) as [string, string, string];

    const added = await edit(owner, game.id, [
      { id: a, label: 'a', image: { id: one, alt: 'Orange' } },
      { id: b, label: 'b' },
      { id: c, label: 'c' },
    ]);
    expect(added.status).toBe(200);
    expect(added.body.game.items[0]).toEqual({
      id: a,
      label: 'a',
      image: { id: one, alt: 'Orange', ...paths(one) },
    });

    // Left out: kept, even on a rename. Another picture: replaced.
    const replaced = await edit(owner, game.id, [
      { id: a, label: 'A' },
      { id: b, label: 'b', image: { id: two, alt: 'Navy' } },
      { id: c, label: 'c' },
    ]);
    expect(replaced.body.game.items.map((item) => item.image?.id ?? null)).toEqual([
      one,
      two,
      null,
    ]);

    const removed = await edit(owner, game.id, [
      { id: a, label: 'A', image: null },
      { id: b, label: 'b' },
      { id: c, label: 'c' },
    ]);
    expect(removed.status).toBe(200);
    expect(removed.body.game.items.map((item) => item.image?.id ?? null)).toEqual([
      null,
      two,
      null,
    ]);

    for (const [image, message] of [
      [{ id: theirs, alt: 'Grey' }, ITEM_PICTURE_MESSAGES.notYours],
      [{ id: one, alt: ' ' }, IMAGE_MESSAGES.altRequired],
    ] as const) {
      const refused = await edit(owner, game.id, [{ id: a, label: 'A', image }, 'b', 'c']);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(errorOf('invalid-argument', message));
    }
    const unchanged = await h.getGame(owner, game.id);
    expect(unchanged.body.game.items).toEqual(removed.body.game.items);
  });

  it('after a play, only the owner replaces a picture (watchers told); removing it is refused', async () => {
    const owner = await h.user();
    const [first, second] = [
      await uploadPicture(owner, '#1abc9c'),
      await uploadPicture(owner, '#9b59b6'),
    ];
    const game = (
      await create(owner, [{ label: 'a', image: { id: first, alt: 'Teal' } }, 'b', 'c'])
    ).body.game;
    const [a, b, c] = game.items.map((item) => item.id) as [string, string, string];
    const player = await h.guest();
    expect((await h.submit(player, game.id, [b, a, c])).status).toBe(200);

    const watcher = await owner.events(`/api/games/${game.id}/events`);
    try {
      await watcher.nextEvent();
      const removal = await edit(owner, game.id, [
        { id: a, label: 'a', image: null },
        { id: b, label: 'b' },
        { id: c, label: 'c' },
      ]);
      expect(removal.status).toBe(409);
      expect(removal.body).toEqual(errorOf('aborted', ITEM_PICTURE_MESSAGES.keepAfterPlay));

      // Someone else cannot touch it (their own picture or not).
      const stranger = await h.user();
      const theirs = await uploadPicture(stranger, '#34495e');
      const notOwner = await edit(stranger, game.id, [
        { id: a, label: 'a', image: { id: theirs, alt: 'Mine now' } },
        { id: b, label: 'b' },
        { id: c, label: 'c' },
      ]);
      expect(notOwner.status).toBe(403);
      expect(notOwner.body).toEqual(errorOf('permission-denied', LIFECYCLE_MESSAGES.notOwner));

      const replaced = await edit(owner, game.id, [
        { id: a, label: 'a', image: { id: second, alt: 'Violet' } },
        { id: b, label: 'b' },
        { id: c, label: 'c' },
      ]);
      expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
      expect(replaced.body.game.items[0]?.image).toEqual({
        id: second,
        alt: 'Violet',
        ...paths(second),
      });
      const live = JSON.parse((await watcher.nextEvent()).data) as EventData;
      expect(live).toMatchObject({ change: 'items', submissionCount: 1 });
    } finally {
      watcher.close();
    }
    // The vote stands; removing the whole item is still an item edit like any other.
    const dropped = await edit(owner, game.id, [
      { id: b, label: 'b' },
      { id: c, label: 'c' },
    ]);
    expect(dropped.status).toBe(200);
    const read = await h.getGame(player, game.id);
    expect(read.body.game.items.map((item) => item.id)).toEqual([b, c]);
  });

  it("exports each item's picture address beside its results", async () => {
    const owner = await h.user('Ella');
    const red = await uploadPicture(owner, '#aa2222');
    const created = await create(owner, [
      { label: 'Red', image: { id: red, alt: 'A red square' } },
      'Plain',
      'Other',
    ]);
    expect(created.status).toBe(201);
    const game = created.body.game;
    const csv = await owner.request<string>('GET', `/api/games/${game.id}/export.csv?what=results`);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows[0]?.at(-1)).toBe('picture');
    const byItem = new Map(rows.slice(1).map((row) => [row[1], row.at(-1)]));
    expect(byItem.get('Red')).toBe(`${h.url}/img/${red}.webp`);
    expect(byItem.get('Plain')).toBe('');
    const json = await owner.request<{ results: { item: string; picture: string | null }[] }>(
      'GET',
      `/api/games/${game.id}/export.json?what=results`,
    );
    expect(json.body.results.find((row) => row.item === 'Red')?.picture).toBe(
      `${h.url}/img/${red}.webp`,
    );
  });
});
