/**
 * An admin hides a picture (issue 26, decision 0045): its address answers a neutral placeholder,
 * every game carrying it names other addresses and "Picture hidden by a moderator", its watchers
 * hear an items change, an owner's edit cannot show it again nor put it on another item, and the
 * admin can show it again. Each change is in the audit log; others may not do it.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RankReportView } from '../../src/domain/community';
import type { ErrorBody } from '../../src/domain/errors';
import type { GameView } from '../../src/domain/game';
import { HIDDEN_PICTURE_ALT, ITEM_PICTURE_MESSAGES } from '../../src/domain/item-pictures';
import { adminAudit } from '../../src/server/db/schema/admin';
import { user } from '../../src/server/db/schema/auth';
import type { TestClient } from '../support/client';
import { testDatabases } from '../support/server';
import { uploadPicture } from './pictures-harness';
import { errorOf, useServer, type EventData } from './harness';

type GameAnswer = { game: GameView } & ErrorBody;
type HiddenAnswer = { picture: { id: string; hidden: boolean; games: number } } & ErrorBody;

describe.each(testDatabases)('hiding a picture on %s', (kind) => {
  const h = useServer(kind);
  const db = () => h.server.database.db;

  async function admin(): Promise<TestClient> {
    const client = await h.user('Moderator');
    const me = await h.me(client);
    await db()
      .update(user)
      .set({ role: 'admin', adminGrantedBy: 'test-seed' })
      .where(eq(user.id, me.id));
    return client;
  }

  const setHidden = (client: TestClient, imageId: string, hidden: unknown) =>
    client.request<HiddenAnswer>('PUT', `/api/admin/pictures/${imageId}`, { hidden });

  const readGame = async (client: TestClient, gameId: string) =>
    (await client.request<GameAnswer>('GET', `/api/games/${gameId}`)).body.game;

  it('shows a placeholder under other addresses in every game carrying it, until shown again', async () => {
    const owner = await h.user('Olga');
    const bad = await uploadPicture(owner, '#aa0000');
    const fine = await uploadPicture(owner, '#00aa00');
    const make = (prompt: string) =>
      owner.request<GameAnswer>('POST', '/api/games', {
        prompt,
        items: [
          { label: 'Bad', image: { id: bad, alt: 'A bad picture' } },
          { label: 'Fine', image: { id: fine, alt: 'A fine picture' } },
          'Plain',
        ],
      });
    const first = (await make('First with pictures')).body.game;
    const second = (await make('Second with pictures')).body.game;
    const player = await h.guest();
    const watcher = await player.events(`/api/games/${first.id}/events`);
    await watcher.nextEvent();

    const moderator = await admin();
    const hidden = await setHidden(moderator, bad, true);
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(200);
    expect(hidden.body.picture).toEqual({ id: bad, hidden: true, games: 2 });
    try {
      const live = JSON.parse((await watcher.nextEvent()).data) as EventData;
      expect(live).toMatchObject({ change: 'items' });
    } finally {
      watcher.close();
    }

    for (const gameId of [first.id, second.id]) {
      const game = await readGame(player, gameId);
      expect(game.items[0]?.image).toEqual({
        id: bad,
        alt: HIDDEN_PICTURE_ALT,
        hidden: true,
        url: `/img/${bad}.webp?hidden`,
        thumbUrl: `/img/${bad}.thumb.webp?hidden`,
      });
      expect(game.items[1]?.image?.url).toBe(`/img/${fine}.webp`);
    }
    const served = await fetch(new URL(`/img/${bad}.webp`, h.url));
    expect(served.headers.get('cache-control')).not.toContain('immutable');
    const placeholder = Buffer.from(await served.arrayBuffer());

    // The owner's edit re-sending it cannot show it again; nor can it go on another item.
    const resent = await owner.request<GameAnswer>('PATCH', `/api/games/${first.id}/items`, {
      items: first.items.map((item) =>
        item.image
          ? { id: item.id, label: item.label, image: { id: item.image.id, alt: 'Back again' } }
          : { id: item.id, label: item.label },
      ),
    });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.game.items[0]?.image?.url).toBe(`/img/${bad}.webp?hidden`);
    const again = await owner.request<GameAnswer>('POST', '/api/games', {
      prompt: 'Third with pictures',
      items: [{ label: 'Bad', image: { id: bad, alt: 'Again' } }, 'B', 'C'],
    });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(errorOf('invalid-argument', ITEM_PICTURE_MESSAGES.hidden));

    // Shown again: the usual addresses, and the picture's own bytes.
    expect((await setHidden(moderator, bad, false)).body.picture).toMatchObject({ hidden: false });
    const restored = await readGame(player, second.id);
    expect(restored.items[0]?.image).toEqual({
      id: bad,
      alt: 'A bad picture',
      url: `/img/${bad}.webp`,
      thumbUrl: `/img/${bad}.thumb.webp`,
    });
    const real = Buffer.from(await (await fetch(new URL(`/img/${bad}.webp`, h.url))).arrayBuffer());
    expect(real.equals(placeholder)).toBe(false);

    const logged = await db()
      .select({ action: adminAudit.action, label: adminAudit.targetLabel })
      .from(adminAudit)
      .where(and(eq(adminAudit.targetKind, 'picture'), eq(adminAudit.targetId, bad)));
    expect(logged.map((row) => row.action).sort()).toEqual(['hide-picture', 'restore-picture']);
    expect(logged[0]?.label).toBe('A bad picture');
  });

  it('is for admins only, about a picture that exists, with a clear body', async () => {
    const owner = await h.user('Oscar');
    const id = await uploadPicture(owner, '#123456');
    expect((await setHidden(h.anonymous(), id, true)).status).toBe(401);
    expect((await setHidden(owner, id, true)).status).toBe(403);
    const moderator = await admin();
    const unknown = await setHidden(moderator, 'f'.repeat(64), true);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(errorOf('not-found', 'No such picture'));
    const notAnId = await setHidden(moderator, 'not-a-picture', true);
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.error.message).toBe('No such picture');
    const bad = await setHidden(moderator, id, 'yes');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Hidden must be true or false');
  });

  it("lists a reported rank's pictures in the report queue, each with whether it is hidden", async () => {
    const owner = await h.user('Rita');
    const picture = await uploadPicture(owner, '#654321');
    const created = await owner.request<GameAnswer>('POST', '/api/games', {
      prompt: 'Reported pictures',
      items: [{ label: 'Odd', image: { id: picture, alt: 'An odd picture' } }, 'B', 'C'],
    });
    const published = await owner.request<GameAnswer>(
      'POST',
      `/api/games/${created.body.game.id}/publish`,
      {},
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const rankId = published.body.game.communityRankId!;
    const reporter = await h.user('Reporter');
    expect(
      (await reporter.request('POST', `/api/community/${rankId}/report`, { reason: 'offensive' }))
        .status,
    ).toBe(202);
    const moderator = await admin();
    const queue = async () =>
      (
        await moderator.request<{ reports: RankReportView[] }>('GET', '/api/community/reports')
      ).body.reports.find((report) => report.rankId === rankId)?.pictures;
    expect(await queue()).toEqual([
      {
        id: picture,
        alt: 'An odd picture',
        thumbUrl: `/img/${picture}.thumb.webp`,
        hidden: false,
      },
    ]);
    expect((await setHidden(moderator, picture, true)).status).toBe(200);
    expect(await queue()).toEqual([
      {
        id: picture,
        alt: 'An odd picture',
        thumbUrl: `/img/${picture}.thumb.webp?hidden`,
        hidden: true,
      },
    ]);
  });
});
