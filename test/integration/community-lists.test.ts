/**
 * The public lists (GET /api/community): New and Popular orders, keyset pages, search, tags,
 * creators, what is never listed, and bad input answered 400. Each test lists its own ranks by a
 * tag (or search word) of its own, so tests can run side by side on one server.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMMUNITY_MESSAGES, type CommunityRankView } from '../../src/domain/community';
import { encodeCursor } from '../../src/domain/community-rules';
import { playerProfile } from '../../src/server/db/schema/players';
import { tag, type TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer } from './harness';
import { allPages, community } from './community-harness';

const LIMIT_MESSAGE = 'Limit must be a whole number from 1 to 50';
/** A tag of letters only (the search parser keeps it one word). */
const word = () =>
  `t${tag()}`.replace(/[0-9]/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x').slice(0, 12);

describe.concurrent.each(testDatabases)('community lists on %s', (kind) => {
  const h = useServer(kind);
  const c = community(h);

  /** `n` ranks by one owner, published in order, all tagged `label`. */
  async function ranks(owner: TestClient, label: string, n: number, items?: string[]) {
    const published = [];
    for (let i = 0; i < n; i++) {
      published.push(await c.published(owner, items, `Rank ${i} ${tag()}`, [label]));
    }
    return published;
  }

  const titles = (list: CommunityRankView[]) => list.map((rank) => rank.title);

  it('New: newest first, 50 a page by default, each rank as a card shows it', async () => {
    const owner = await h.user('Nina New');
    const label = word();
    const made = await ranks(owner, label, 4, ['One', 'Two', 'Three', 'Four', 'Five']);
    const response = await c.list(h.anonymous(), { tag: label });
    expect(response.status).toBe(200);
    expect(response.body.nextCursor).toBeNull();
    expect(titles(response.body.ranks)).toEqual(made.map((game) => game.prompt).reverse());
    const [newest] = response.body.ranks;
    expect(newest).toEqual({
      id: made[3]!.communityRankId,
      gameId: made[3]!.id,
      title: made[3]!.prompt,
      emoji: null,
      // Cards show the first three items; the rank's page has them all.
      items: ['One', 'Two', 'Three'],
      itemsCount: 5,
      creatorName: 'Nina New',
      creatorHandle: null,
      tags: [label],
      plays: 0,
      likes: 0,
      likedByMe: false,
      createdAt: expect.any(Number),
      isMine: false,
    });
    expect(Math.abs(newest!.createdAt - Date.now())).toBeLessThan(60_000);
    expect((await c.rank(h.anonymous(), newest!.id)).body.rank.items).toHaveLength(5);
    // The owner sees which are theirs; sort=new is the default.
    const mine = await c.list(owner, { tag: label, sort: 'new' });
    expect(mine.body.ranks.every((rank) => rank.isMine)).toBe(true);
  });

  it('pages with a keyset cursor: every rank once, in order, stable while new ranks arrive', async () => {
    const owner = await h.user();
    const label = word();
    const made = await ranks(owner, label, 7);
    const expected = made.map((game) => game.communityRankId).reverse();

    const pages = await allPages((cursor) =>
      c.list(h.anonymous(), { tag: label, limit: '3', ...(cursor ? { cursor } : {}) }),
    );
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    expect(pages.flat().map((rank) => rank.id)).toEqual(expected);

    // A new rank published between pages does not shift the next page.
    const first = await c.list(h.anonymous(), { tag: label, limit: '3' });
    await ranks(owner, label, 2);
    const second = await c.list(h.anonymous(), {
      tag: label,
      limit: '3',
      cursor: first.body.nextCursor!,
    });
    expect(second.body.ranks.map((rank) => rank.id)).toEqual(expected.slice(3, 6));
  });

  it('Popular: most played, then most liked, then newest', async () => {
    const owner = await h.user();
    const label = word();
    const [a, b, cc, d, e] = await ranks(owner, label, 5);
    const play = async (gameId: string, times: number) => {
      for (let i = 0; i < times; i++) {
        const guest = await h.guest();
        const read = await h.getGame(guest, gameId);
        expect((await h.submit(guest, gameId, ids(read.body.game))).status).toBe(200);
      }
    };
    await play(a!.id, 2);
    await play(b!.id, 1);
    await play(cc!.id, 1);
    const fan = await h.user('Fan');
    const fan2 = await h.user('Fan 2');
    expect((await c.like(fan, b!.communityRankId!, true)).status).toBe(200);
    expect((await c.like(fan, d!.communityRankId!, true)).status).toBe(200);
    expect((await c.like(fan2, d!.communityRankId!, true)).status).toBe(200);

    const popular = await c.list(fan, { tag: label, sort: 'popular' });
    expect(popular.status).toBe(200);
    expect(popular.body.ranks.map((rank) => rank.gameId)).toEqual(
      [a, b, cc, d, e].map((game) => game!.id),
    );
    expect(popular.body.ranks.map((rank) => [rank.plays, rank.likes, rank.likedByMe])).toEqual([
      [2, 0, false],
      [1, 1, true],
      [1, 0, false],
      [0, 2, true],
      [0, 0, false],
    ]);
    const paged = await allPages((cursor) =>
      c.list(fan, { tag: label, sort: 'popular', limit: '2', ...(cursor ? { cursor } : {}) }),
    );
    expect(paged.flat()).toEqual(popular.body.ranks);
    // A New cursor is not a Popular one.
    const newPage = await c.list(fan, { tag: label, limit: '2' });
    const mixed = await c.list(fan, {
      tag: label,
      sort: 'popular',
      cursor: newPage.body.nextCursor!,
    });
    expect(mixed.status).toBe(400);
    expect(mixed.body).toEqual(errorOf('invalid-argument', COMMUNITY_MESSAGES.badCursor));
  });

  it('searches titles, tags and items with full-text search, best matches first, in pages', async () => {
    const owner = await h.user();
    const needle = word();
    const inTitle = await c.published(owner, ['a', 'b', 'c'], `The ${needle} showdown`);
    const inItems = await c.published(owner, [`${needle} deluxe`, 'b', 'c'], `Snacks ${tag()}`);
    const inTag = await c.published(owner, ['a', 'b', 'c'], `Tagged ${tag()}`, [needle]);
    const neither = await c.published(owner, ['a', 'b', 'c'], `Nothing here ${tag()}`);

    const found = await c.list(h.anonymous(), { q: needle });
    expect(found.status).toBe(200);
    const foundIds = found.body.ranks.map((rank) => rank.gameId);
    expect(foundIds).toHaveLength(3);
    expect(new Set(foundIds)).toEqual(new Set([inTitle.id, inItems.id, inTag.id]));
    expect(foundIds).not.toContain(neither.id);
    // Title (and tag) words weigh more than item words.
    expect(foundIds.at(-1)).toBe(inItems.id);
    // Words in any case and form, and web search syntax.
    expect(
      (await c.list(h.anonymous(), { q: `${needle.toUpperCase()} showdowns` })).body.ranks.map(
        (r) => r.gameId,
      ),
    ).toEqual([inTitle.id]);
    expect((await c.list(h.anonymous(), { q: `${needle} -showdown` })).body.ranks).toHaveLength(2);

    const paged = await allPages((cursor) =>
      c.list(h.anonymous(), { q: needle, limit: '1', ...(cursor ? { cursor } : {}) }),
    );
    expect(paged.flat().map((rank) => rank.gameId)).toEqual(foundIds);

    // Stop words only, or nothing matching: an empty list, not an error.
    expect((await c.list(h.anonymous(), { q: 'the and' })).body).toEqual({
      ranks: [],
      nextCursor: null,
    });
    expect((await c.list(h.anonymous(), { q: `${needle}zzz` })).body.ranks).toEqual([]);
    // Search with a tag.
    expect(
      (await c.list(h.anonymous(), { q: needle, tag: needle })).body.ranks.map((r) => r.gameId),
    ).toEqual([inTag.id]);
  });

  it('filters by tag (cleaned as tags are) and by creator handle', async () => {
    const owner = await h.user('Handled');
    const label = word();
    const [mine] = await ranks(owner, label, 1);
    const other = await h.user();
    const [theirs] = await ranks(other, label, 1);

    const byTag = await c.list(h.anonymous(), { tag: ` #${label.toUpperCase()} ` });
    expect(byTag.body.ranks.map((rank) => rank.gameId).sort()).toEqual(
      [mine!.id, theirs!.id].sort(),
    );

    const handle = `H${word()}`;
    const me = await h.me(owner);
    await h.server.database.db
      .update(playerProfile)
      .set({ handle, handleLower: handle.toLowerCase() })
      .where(eq(playerProfile.userId, me.id));
    const byCreator = await c.list(h.anonymous(), { creator: handle.toLowerCase() });
    expect(byCreator.status).toBe(200);
    expect(byCreator.body.ranks.map((rank) => rank.gameId)).toEqual([mine!.id]);
    expect(byCreator.body.ranks[0]!.creatorHandle).toBe(handle);
    expect((await c.list(h.anonymous(), { creator: 'nobody_here' })).body.ranks).toEqual([]);
  });

  it('never lists unpublished, archived, hidden or deleted ranks', async () => {
    const owner = await h.user();
    const label = word();
    const [unpublished, archived, hidden, deleted, kept] = await ranks(owner, label, 5);
    expect((await c.unpublish(owner, unpublished!.id)).status).toBe(200);
    expect((await owner.request('POST', `/api/games/${archived!.id}/archive`, {})).status).toBe(
      200,
    );
    const admin = await h.user('Admin');
    await c.makeAdmin(admin);
    const hide = await admin.request('POST', `/api/community/${hidden!.communityRankId}/hide`, {
      hidden: true,
    });
    expect(hide.status).toBe(200);
    expect((await owner.request('DELETE', `/api/games/${deleted!.id}`)).status).toBe(200);

    for (const sort of ['new', 'popular']) {
      const listed = await c.list(owner, { tag: label, sort });
      expect(listed.body.ranks.map((rank) => rank.gameId)).toEqual([kept!.id]);
    }
    // Nor in searches.
    const searched = await c.list(owner, { q: label });
    expect(searched.body.ranks.map((rank) => rank.gameId)).toEqual([kept!.id]);
  });

  it('answers bad list input with 400 (limit, cursor, sort, repeated parameters)', async () => {
    const client = h.anonymous();
    for (const limit of ['51', '0', '-1', 'abc', '1.5', '1e1', '', '9999']) {
      const response = await c.list(client, { limit });
      expect({ limit, status: response.status }).toEqual({ limit, status: 400 });
      expect(response.body).toEqual(errorOf('invalid-argument', LIMIT_MESSAGE));
    }
    expect((await c.list(client, { limit: '50' })).status).toBe(200);
    expect((await c.list(client, { limit: '1' })).body.ranks.length).toBeLessThanOrEqual(1);

    const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'garbage',
      forge(['n', 'yesterday', 'abc']),
      forge(['n', -5, 'abc']),
      forge(['n', 1, "x' or 1=1 --"]),
      forge(['p', 1e12, 0, 1, 'abc']),
      forge({ sort: 'new' }),
      'A'.repeat(5000),
    ]) {
      const response = await c.list(client, { cursor });
      expect({ cursor, status: response.status }).toEqual({ cursor, status: 400 });
      expect(response.body).toEqual(errorOf('invalid-argument', COMMUNITY_MESSAGES.badCursor));
    }
    // A well-formed cursor for a rank that does not exist is just a place in the order.
    const made = encodeCursor({ sort: 'new', createdUs: 1, id: 'nothing' });
    expect((await c.list(client, { cursor: made })).body).toEqual({ ranks: [], nextCursor: null });

    const sort = await c.list(client, { sort: 'best' });
    expect(sort.status).toBe(400);
    expect(sort.body).toEqual(errorOf('invalid-argument', 'Sort must be new or popular'));
    const repeated = await client.request('GET', '/api/community?sort=new&sort=popular');
    expect(repeated.status).toBe(400);
    const longTag = await c.list(client, { tag: 'x'.repeat(10_000) });
    expect(longTag.status).toBe(400);
    expect(longTag.body).toEqual(errorOf('invalid-argument', COMMUNITY_MESSAGES.badTag));
    expect((await c.list(client, { tag: 'x'.repeat(25) })).status).toBe(400);
    expect((await c.list(client, { q: 'x'.repeat(201) })).status).toBe(400);
    // Any words are a search, never an error: the web-search parser takes every input.
    for (const q of ['"', "'", '&|!', '(((', 'a:*', '\\', 'or -', '<script>', '🍕', '%_']) {
      const response = await c.list(client, { q });
      expect({ q, status: response.status }).toEqual({ q, status: 200 });
    }

    const moderation = await c.list(await h.user(), { moderation: '1' });
    expect(moderation.status).toBe(403);
    expect(moderation.body).toEqual(errorOf('permission-denied', COMMUNITY_MESSAGES.adminsOnly));
    expect((await c.list(client, { moderation: '1' })).status).toBe(403);
  });
});
