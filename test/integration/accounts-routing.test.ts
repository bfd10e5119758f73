/**
 * Server-side routing: share links, the canonical-host redirect (the test server's PUBLIC_URL is
 * http://localhost:<port> and it listens on 127.0.0.1), and the legacy game claim.
 */
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyTally } from '../../src/domain/results';
import { game, gameTally } from '../../src/server/db/schema/games';
import { DEMO_GAME } from '../../src/server/db/seed';
import { tag } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, useServer } from './harness';

type ClaimBody = { claimed: string[] };

describe.concurrent.each(testDatabases)('routing and claims on %s', (kind) => {
  const h = useServer(kind);
  const raw = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });
  const ipUrl = (path: string) => `http://127.0.0.1:${h.server.port}${path}`;

  it('redirects share links to the game, marked as coming from a share', async () => {
    const response = await raw(`${h.url}/share/g/abc`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/g/abc?fromShare=1');
    const encoded = await raw(`${h.url}/share/g/${encodeURIComponent('odd id/')}`);
    expect(encoded.status).toBe(302);
    expect(encoded.headers.get('location')).toBe('/g/odd%20id%2F?fromShare=1');
    // The link's own query (utm tags) goes along.
    const tagged = await raw(`${h.url}/share/g/abc?utm_source=chat&fromShare=0`);
    expect(tagged.headers.get('location')).toBe('/g/abc?utm_source=chat&fromShare=1');
  });

  it('sends pages on another host to the canonical one, but never API calls', async () => {
    const canonical = `http://localhost:${h.server.port}`;
    const page = await raw(ipUrl('/g/x?y=1'));
    expect(page.status).toBe(301);
    expect(page.headers.get('location')).toBe(`${canonical}/g/x?y=1`);
    const head = await raw(ipUrl('/community'), { method: 'HEAD' });
    expect(head.status).toBe(301);
    expect(head.headers.get('location')).toBe(`${canonical}/community`);
    // A share link on the wrong host goes to the canonical host first, then on to the game.
    const share = await raw(ipUrl('/share/g/abc'));
    expect(share.status).toBe(301);
    expect(share.headers.get('location')).toBe(`${canonical}/share/g/abc`);

    for (const path of ['/api/health', '/api/config', '/api/games/pizza-demo']) {
      const api = await raw(ipUrl(path));
      expect(api.status, path).toBe(200);
    }
    const apiPost = await raw(ipUrl('/api/games/claim'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [] }),
    });
    expect(apiPost.status).not.toBe(301);
    expect(apiPost.status).toBe(401);

    // On the canonical host nothing moves.
    const home = await raw(`${canonical}/g/x?y=1`);
    expect(home.status).not.toBe(301);
    expect(home.headers.get('location')).toBeNull();
  });

  /** A game with no owner, as a legacy game from before accounts. */
  async function ownerlessGame(): Promise<string> {
    const id = `legacy${tag()}`;
    await h.server.database.db.insert(game).values({
      id,
      slug: id,
      ownerId: null,
      prompt: 'A legacy game',
      items: [
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B' },
        { id: 'c', label: 'C' },
      ],
    });
    await h.server.database.db.insert(gameTally).values({ gameId: id, tally: emptyTally() });
    return id;
  }

  async function ownersOf(ids: string[]): Promise<Map<string, string | null>> {
    const rows = await h.server.database.db
      .select({ id: game.id, ownerId: game.ownerId })
      .from(game)
      .where(inArray(game.id, ids));
    return new Map(rows.map((row) => [row.id, row.ownerId]));
  }

  it('claims only owner-less games, never the demo game or anyone else’s', async () => {
    const legacy = await ownerlessGame();
    const legacyToo = await ownerlessGame();
    const someoneElse = await h.user('Other Owner');
    const theirs = await h.createGame(someoneElse);
    const claimer = await h.user('Claimer');
    const claimerId = (await h.me(claimer)).id;

    const response = await claimer.request<ClaimBody>('POST', '/api/games/claim', {
      ids: [legacy, DEMO_GAME.id, theirs.id, 'no-such-game', legacyToo],
    });
    expect(response.status).toBe(200);
    expect([...response.body.claimed].sort()).toEqual([legacy, legacyToo].sort());

    const owners = await ownersOf([legacy, legacyToo, DEMO_GAME.id, theirs.id]);
    expect(owners.get(legacy)).toBe(claimerId);
    expect(owners.get(legacyToo)).toBe(claimerId);
    expect(owners.get(DEMO_GAME.id)).toBeNull();
    expect(owners.get(theirs.id)).toBe((await h.me(someoneElse)).id);
    const view = await h.getGame(claimer, legacy);
    expect(view.body.game).toMatchObject({ isOwner: true, ownerName: 'Claimer' });

    // Claimed once: nobody else can take it afterwards.
    const late = await h.user('Late Claimer');
    const again = await late.request<ClaimBody>('POST', '/api/games/claim', { ids: [legacy] });
    expect(again.body).toEqual({ claimed: [] });
    expect((await ownersOf([legacy])).get(legacy)).toBe(claimerId);
    const [demo] = await h.server.database.db.select().from(game).where(eq(game.id, DEMO_GAME.id));
    expect(demo?.ownerName).toBe(DEMO_GAME.ownerName);
  });

  it('refuses guests and people without a session, and more than 20 ids', async () => {
    const legacy = await ownerlessGame();
    const guest = await h.guest();
    for (const client of [guest, h.anonymous()]) {
      const response = await client.request('POST', '/api/games/claim', { ids: [legacy] });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(errorOf('unauthenticated', 'Not signed in'));
    }
    expect((await ownersOf([legacy])).get(legacy)).toBeNull();

    const claimer = await h.user('Greedy');
    const many = [legacy, ...Array.from({ length: 20 }, (_, i) => `nothing-${i}`)];
    const tooMany = await claimer.request('POST', '/api/games/claim', { ids: many });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual(errorOf('invalid-argument', 'At most 20 games at a time'));
    expect((await ownersOf([legacy])).get(legacy)).toBeNull();

    for (const body of [{}, { ids: 'abc' }, { ids: [1, 2] }]) {
      const response = await claimer.request('POST', '/api/games/claim', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    // Exactly 20 is fine.
    const twenty = await claimer.request<ClaimBody>('POST', '/api/games/claim', {
      ids: many.slice(0, 20),
    });
    expect(twenty.status).toBe(200);
    expect(twenty.body).toEqual({ claimed: [legacy] });
    expect(
      (await claimer.request<ClaimBody>('POST', '/api/games/claim', { ids: [] })).body,
    ).toEqual({ claimed: [] });
  });
});
