/**
 * Pictures on the Community's cards (issue 26, decision 0052): a list carries, beside each rank's
 * first three item labels, their pictures (`itemPictures`, index for index, null for an item
 * without one), read from the rank's game in the list's one statement; a rank's page carries all
 * of them. A picture a moderator hid is named by its placeholder's address; a text-only rank
 * carries no `itemPictures` at all; an item edit moves the pictures with the items; and a rank
 * whose labels no longer match its game's shows no picture beside the wrong name.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../src/domain/errors';
import type { GameView } from '../../src/domain/game';
import { HIDDEN_PICTURE_ALT } from '../../src/domain/item-pictures';
import { communityRank } from '../../src/server/db/schema/community';
import { tag, type TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { uploadPicture } from './pictures-harness';
import { useServer } from './harness';
import { community, type RankAnswer } from './community-harness';

type GameAnswer = { game: GameView } & ErrorBody;

const thumb = (id: string, alt: string) => ({ thumbUrl: `/img/${id}.thumb.webp`, alt });

describe.concurrent.each(testDatabases)('pictures on community cards on %s', (kind) => {
  const h = useServer(kind);
  const c = community(h);

  /** A published game of these items (text or `{ label, image }`), tagged `label`. */
  async function publishedGame(owner: TestClient, items: unknown[], label: string) {
    const created = await owner.request<GameAnswer>('POST', '/api/games', {
      prompt: `Pictures ${tag()}`,
      items,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const published = await c.publish(owner, created.body.game.id, { tags: [label] });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    return published.body.game;
  }

  async function listed(client: TestClient, label: string) {
    const response = await c.list(client, { tag: label });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.ranks;
  }

  it('a card carries its first three items’ pictures; the rank’s page all of them; text-only none', async () => {
    const owner = await h.user('Petra Pictures');
    const [red, blue, green] = await Promise.all(
      ['#b03a2e', '#1f618d', '#1e8449'].map((colour) => uploadPicture(owner, colour)),
    );
    const label = `pics${tag()}`.slice(0, 20);
    const text = await publishedGame(owner, ['One', 'Two', 'Three', 'Four'], label);
    const pictured = await publishedGame(
      owner,
      [
        { label: 'Red', image: { id: red, alt: 'A red square' } },
        'Plain',
        { label: 'Blue', image: { id: blue, alt: 'A blue square' } },
        { label: 'Green', image: { id: green, alt: 'A green square' } },
      ],
      label,
    );

    const [first, second] = await listed(h.anonymous(), label);
    expect(first?.id).toBe(pictured.communityRankId);
    expect(first?.items).toEqual(['Red', 'Plain', 'Blue']);
    expect(first?.itemPictures).toEqual([
      thumb(red!, 'A red square'),
      null,
      thumb(blue!, 'A blue square'),
    ]);
    // A text-only rank is as it was: no key at all.
    expect(second?.id).toBe(text.communityRankId);
    expect(second).not.toHaveProperty('itemPictures');

    // Signed in (the like join) and as the owner: the same pictures.
    const [mine] = await listed(owner, label);
    expect(mine?.itemPictures).toEqual(first?.itemPictures);

    const page = await c.rank(h.anonymous(), pictured.communityRankId ?? '');
    expect(page.status).toBe(200);
    expect(page.body.rank.itemPictures).toEqual([
      thumb(red!, 'A red square'),
      null,
      thumb(blue!, 'A blue square'),
      thumb(green!, 'A green square'),
    ]);
    expect((await c.rank(h.anonymous(), text.communityRankId ?? '')).body.rank).not.toHaveProperty(
      'itemPictures',
    );
  });

  it('a card built with POST /api/community carries its pictures', async () => {
    const owner = await h.user('Bea Builder');
    const gold = await uploadPicture(owner, '#b7950b');
    const label = `built${tag()}`.slice(0, 20);
    const built = await owner.request<RankAnswer & ErrorBody>('POST', '/api/community', {
      title: `Built ${tag()}`,
      items: ['Plain', { label: 'Gold', image: { id: gold, alt: 'A gold square' } }, 'Other'],
      tags: [label],
    });
    expect(built.status, JSON.stringify(built.body)).toBe(201);
    const pictures = [null, thumb(gold, 'A gold square'), null];
    expect(built.body.rank.itemPictures).toEqual(pictures);
    const [card] = await listed(h.anonymous(), label);
    expect(card?.itemPictures).toEqual(pictures);
  });

  it('a hidden picture is named by its placeholder’s address, until a moderator shows it again', async () => {
    const owner = await h.user('Hana Hidden');
    const [bad, fine] = await Promise.all(
      ['#6c3483', '#117864'].map((colour) => uploadPicture(owner, colour)),
    );
    const label = `hid${tag()}`.slice(0, 20);
    await publishedGame(
      owner,
      [
        { label: 'Bad', image: { id: bad, alt: 'A bad picture' } },
        { label: 'Fine', image: { id: fine, alt: 'A fine picture' } },
        'Plain',
      ],
      label,
    );
    const moderator = await h.user('Mo Moderator');
    await c.makeAdmin(moderator);
    const hide = (hidden: boolean) =>
      moderator.request('PUT', `/api/admin/pictures/${bad}`, { hidden });

    expect((await hide(true)).status).toBe(200);
    const [card] = await listed(h.anonymous(), label);
    expect(card?.itemPictures).toEqual([
      { thumbUrl: `/img/${bad}.thumb.webp?hidden`, alt: HIDDEN_PICTURE_ALT },
      thumb(fine!, 'A fine picture'),
      null,
    ]);

    expect((await hide(false)).status).toBe(200);
    const [shown] = await listed(h.anonymous(), label);
    expect(shown?.itemPictures?.[0]).toEqual(thumb(bad!, 'A bad picture'));
  });

  it('an item edit moves the pictures with the items; a rank whose labels differ shows none', async () => {
    const owner = await h.user('Edda Edits');
    const [pink, teal] = await Promise.all(
      ['#c71585', '#008b8b'].map((colour) => uploadPicture(owner, colour)),
    );
    const label = `edit${tag()}`.slice(0, 20);
    const game = await publishedGame(
      owner,
      [{ label: 'Pink', image: { id: pink, alt: 'A pink square' } }, 'Plain', 'Other'],
      label,
    );
    // Reordered and renamed (the picture kept: `image` left out), and a picture added.
    const [pinkItem, plainItem, otherItem] = game.items;
    const edited = await owner.request<GameAnswer>('PATCH', `/api/games/${game.id}/items`, {
      items: [
        { id: plainItem!.id, label: 'Plain' },
        { id: pinkItem!.id, label: 'Rose' },
        { id: otherItem!.id, label: 'Teal', image: { id: teal, alt: 'A teal square' } },
      ],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const [card] = await listed(h.anonymous(), label);
    expect(card?.items).toEqual(['Plain', 'Rose', 'Teal']);
    expect(card?.itemPictures).toEqual([
      null,
      thumb(pink!, 'A pink square'),
      thumb(teal!, 'A teal square'),
    ]);

    // A rank that no longer says what its game says (older data): no picture by the wrong name.
    await h.server.database.db
      .update(communityRank)
      .set({ items: sql`'["Rose", "Plain", "Teal"]'::jsonb` })
      .where(eq(communityRank.id, game.communityRankId ?? ''));
    const [stale] = await listed(h.anonymous(), label);
    expect(stale?.itemPictures).toEqual([null, null, thumb(teal!, 'A teal square')]);
  });
});
