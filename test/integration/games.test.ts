/** Health, creating games, reading them by id and slug, and the seeded demo game. */
import { UNSTORABLE_TEXT_MESSAGE } from '../../src/server/http/validate';
import { request as httpRequest } from 'node:http';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/game';
import { MAX_ITEM_LENGTH, MAX_ITEMS, MAX_PROMPT_LENGTH } from '../../src/domain/limits';
import { game, gameTally } from '../../src/server/db/schema/games';
import { DEMO_GAME, seedDemoGame } from '../../src/server/db/seed';
import { tag } from '../support/client';
import { testDatabases } from '../support/server';
import { errorOf, ids, useServer, type CreatedBody, type GameBody } from './harness';

describe.concurrent.each(testDatabases)('games on %s', (kind) => {
  const h = useServer(kind);

  it('reports health with the database kind', async () => {
    const response = await h.anonymous().request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, database: kind });
  });

  it('answers unknown API routes with a not-found body', async () => {
    const response = await h.anonymous().request('GET', '/api/nope');
    expect(response.status).toBe(404);
    expect(response.body).toEqual(errorOf('not-found', 'No API route GET /api/nope'));
  });

  describe('create', () => {
    it('creates a game: trimmed labels, empties dropped, unique ids, slug from the prompt', async () => {
      const owner = await h.user('Olive Owner');
      const word = tag();
      const response = await owner.request<CreatedBody>('POST', '/api/games', {
        prompt: `  Best Doritos Flavour ${word}!  `,
        items: ['  Nacho Cheese ', '', 'Cool Ranch', '   ', '\tSpicy Sweet Chili\n'],
      });
      expect(response.status).toBe(201);
      const created = response.body.game;
      expect(created).toMatchObject({
        prompt: `Best Doritos Flavour ${word}!`,
        // SPEC §3: a game's title is stored, the prompt it was created with.
        title: `Best Doritos Flavour ${word}!`,
        slug: `best-doritos-flavour-${word}`,
        ownerName: 'Olive Owner',
        isOwner: true,
        category: 'manual',
        sizeLimit: null,
        deadlineAt: null,
        closed: false,
        resultsLocked: false,
        isPublic: false,
        archived: false,
      });
      expect(typeof created.id).toBe('string');
      expect(created.id).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(created.items.map((item) => item.label)).toEqual([
        'Nacho Cheese',
        'Cool Ranch',
        'Spicy Sweet Chili',
      ]);
      expect(created.items.every((item) => Object.keys(item).sort().join() === 'id,label')).toBe(
        true,
      );
      expect(new Set(ids(created)).size).toBe(3);

      // Ids are stable: reading the game again gives the same ones.
      const read = await h.getGame(owner, created.id);
      expect(read.body.game.items).toEqual(created.items);

      // A second game with the same prompt gets its own slug.
      const second = await owner.request<CreatedBody>('POST', '/api/games', {
        prompt: `Best Doritos Flavour ${word}!`,
        items: ['a', 'b', 'c'],
      });
      expect(second.status).toBe(201);
      expect(second.body.game.slug).not.toBe(created.slug);
      expect(second.body.game.slug.startsWith(`best-doritos-flavour-${word}-`)).toBe(true);
      expect(second.body.game.slug).toMatch(/^[a-z0-9-]+$/);
      expect(second.body.game.id).not.toBe(created.id);
    });

    it('makes readable ASCII slugs, with a fallback for prompts without letters', async () => {
      const owner = await h.user();
      const word = tag();
      const accented = await h.createGame(owner, undefined, `Crème brûlée vs. Pâtes ${word}?`);
      expect(accented.slug).toBe(`creme-brulee-vs-pates-${word}`);
      const symbols = await h.createGame(owner, undefined, '🍕 ?! 🍍');
      expect(symbols.slug).toMatch(/^rank(-[a-z0-9]+)?$/);
      const long = await h.createGame(owner, undefined, `${word} ${'word '.repeat(30)}`);
      expect(long.slug.length).toBeLessThanOrEqual(48);
      expect(long.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      for (const created of [accented, symbols, long]) {
        expect((await h.getGame(h.anonymous(), created.slug)).body.game.id).toBe(created.id);
      }
    });

    it('gives concurrent games with one prompt distinct slugs', async () => {
      const owner = await h.user('Racer');
      const prompt = `Same prompt ${tag()}`;
      const responses = await Promise.all(
        Array.from({ length: 5 }, () =>
          owner.request<CreatedBody>('POST', '/api/games', { prompt, items: ['x', 'y', 'z'] }),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
      expect(new Set(responses.map((r) => r.body.game.slug)).size).toBe(5);
    });

    it('refuses without a session (401) and for a guest (401)', async () => {
      const body = { prompt: `Nobody ${tag()}`, items: ['a', 'b', 'c'] };
      const anonymous = await h.anonymous().request('POST', '/api/games', body);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual(errorOf('unauthenticated', MESSAGES.mustSignInToCreate));

      const guest = await h.guest();
      const asGuest = await guest.request('POST', '/api/games', body);
      expect(asGuest.status).toBe(401);
      expect(asGuest.body).toEqual(errorOf('unauthenticated', MESSAGES.mustSignInToCreate));
    });

    it('refuses requests from an untrusted origin (403)', async () => {
      const owner = await h.user();
      const response = await owner.request(
        'POST',
        '/api/games',
        { prompt: `Evil ${tag()}`, items: ['a', 'b', 'c'] },
        { headers: { origin: 'https://evil.example' } },
      );
      expect(response.status).toBe(403);
      expect(response.body).toEqual(
        errorOf('permission-denied', 'Requests from this origin are not allowed'),
      );
    });

    it('answers bad input with 400 and the exact message', async () => {
      const owner = await h.user('Validator');
      const items = ['a', 'b', 'c'];
      const cases: [string, unknown, string][] = [
        ['empty prompt', { prompt: '', items }, MESSAGES.promptRequired],
        ['whitespace prompt', { prompt: ' \t\n ', items }, MESSAGES.promptRequired],
        ['no items', { prompt: 'p', items: [] }, MESSAGES.tooFewItems],
        [
          '2 items after trimming',
          { prompt: 'p', items: ['a', '  ', 'b', ''] },
          MESSAGES.tooFewItems,
        ],
        ['duplicates', { prompt: 'p', items: ['Apple', 'Pear', 'apple'] }, MESSAGES.duplicateItems],
        [
          'duplicates after trim',
          { prompt: 'p', items: [' Pear', 'PEAR ', 'Fig'] },
          MESSAGES.duplicateItems,
        ],
        [
          `${MAX_ITEMS + 1} items`,
          { prompt: 'p', items: Array.from({ length: MAX_ITEMS + 1 }, (_, i) => `item ${i}`) },
          MESSAGES.tooManyItems,
        ],
        [
          'far too many items',
          { prompt: 'p', items: Array.from({ length: 1000 }, (_, i) => `${i}`) },
          MESSAGES.tooManyItems,
        ],
        [
          'prompt too long',
          { prompt: 'p'.repeat(MAX_PROMPT_LENGTH + 1), items },
          MESSAGES.promptTooLong,
        ],
        ['prompt far too long', { prompt: 'p'.repeat(5000), items }, MESSAGES.promptTooLong],
        [
          'item too long',
          { prompt: 'p', items: ['a', 'b', 'c'.repeat(MAX_ITEM_LENGTH + 1)] },
          MESSAGES.itemTooLong,
        ],
        [
          'item far too long',
          { prompt: 'p', items: ['a', 'b', 'c'.repeat(5000)] },
          MESSAGES.itemTooLong,
        ],
        ['prompt is a number', { prompt: 42, items }, MESSAGES.promptRequired],
        ['prompt is null', { prompt: null, items }, MESSAGES.promptRequired],
        [
          'items is a string',
          { prompt: 'p', items: 'a,b,c' },
          'Items must be a list of text or { label, image }',
        ],
        [
          'items is an object',
          { prompt: 'p', items: { 0: 'a' } },
          'Items must be a list of text or { label, image }',
        ],
        [
          'items contain numbers',
          { prompt: 'p', items: ['a', 2, 'c'] },
          'Each item must be text or { label, image: { id, alt } }',
        ],
        [
          'items contain null',
          { prompt: 'p', items: ['a', null, 'c'] },
          'Each item must be text or { label, image: { id, alt } }',
        ],
        ['missing prompt', { items }, MESSAGES.promptRequired],
        ['missing items', { prompt: 'p' }, 'Items must be a list of text or { label, image }'],
        ['empty object', {}, MESSAGES.promptRequired],
        ['body is an array', [], 'Invalid input: expected object, received array'],
      ];
      for (const [name, body, message] of cases) {
        const response = await owner.request('POST', '/api/games', body);
        expect({ name, status: response.status }).toEqual({ name, status: 400 });
        if (name === 'body is an array') {
          // zod's own wording, prefixed with where it is; just check it is a clear 400.
          expect((response.body as { error: { code: string } }).error.code).toBe(
            'invalid-argument',
          );
        } else {
          expect({ name, body: response.body }).toEqual({
            name,
            body: errorOf('invalid-argument', message),
          });
        }
      }
    });

    it('keeps exactly the limits: 200 items and 200/120-character texts are fine', async () => {
      const owner = await h.user();
      const response = await owner.request<CreatedBody>('POST', '/api/games', {
        prompt: `${tag()} ${'p'.repeat(MAX_PROMPT_LENGTH - 9)}`,
        // 250 entries, 50 of them empty: 200 remain after dropping empties.
        items: Array.from({ length: 250 }, (_, i) =>
          i % 5 === 4 ? '  ' : `${'x'.repeat(MAX_ITEM_LENGTH - 4)}${String(i).padStart(4, '0')}`,
        ),
      });
      expect(response.status, JSON.stringify(response.body).slice(0, 200)).toBe(201);
      expect(response.body.game.items).toHaveLength(MAX_ITEMS);
      expect(new Set(ids(response.body.game)).size).toBe(MAX_ITEMS);
    });

    it('refuses bodies that are not JSON', async () => {
      const owner = await h.user();
      const notJson = await owner.request('POST', '/api/games', undefined, {
        raw: '{"prompt": "p", items',
      });
      expect(notJson.status).toBe(400);
      expect(notJson.body).toEqual(errorOf('invalid-argument', 'Request body must be valid JSON'));

      const empty = await owner.request('POST', '/api/games', undefined, {
        headers: { 'content-type': 'application/json' },
      });
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual(errorOf('invalid-argument', 'Request body must be valid JSON'));

      const wrongType = await owner.request('POST', '/api/games', undefined, {
        raw: JSON.stringify({ prompt: 'p', items: ['a', 'b', 'c'] }),
        headers: { 'content-type': 'text/plain' },
      });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body).toEqual(
        errorOf('invalid-argument', 'Request body must be JSON (Content-Type: application/json)'),
      );

      const form = await owner.request('POST', '/api/games', undefined, {
        raw: 'prompt=p&items=a',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBe(400);
      expect(form.body).toEqual(
        errorOf('invalid-argument', 'Request body must be JSON (Content-Type: application/json)'),
      );
    });

    it('refuses a body over 256 KB with 413, with or without a Content-Length', async () => {
      const owner = await h.user();
      const big = JSON.stringify({
        prompt: 'p',
        items: ['a', 'b', 'c'],
        pad: 'x'.repeat(256 * 1024),
      });
      const headers = {
        'content-type': 'application/json',
        origin: h.url,
        'x-forwarded-for': owner.ip,
      };
      // Each on its own connection: the server drops a connection whose body it did not read.
      const declared = await postOnce(h.url, '/api/games', headers, [big], true);
      expect(declared.status).toBe(413);
      // Read raw (not through the test client, which checks and drops the request id).
      const tooLarge = {
        error: {
          ...errorOf('invalid-argument', 'Request body is too large').error,
          requestId: expect.any(String),
        },
      };
      expect(JSON.parse(declared.text)).toEqual(tooLarge);

      // Chunked, so the server cannot trust a declared length.
      const chunks = Array.from({ length: Math.ceil(big.length / 16384) }, (_, i) =>
        big.slice(i * 16384, (i + 1) * 16384),
      );
      const chunked = await postOnce(h.url, '/api/games', headers, chunks, false);
      expect(chunked.status).toBe(413);
      expect(JSON.parse(chunked.text)).toEqual(tooLarge);
    });

    it('ignores unknown extra fields (no owner, visibility or limits from the body)', async () => {
      const owner = await h.user('Real Owner');
      const other = await h.user('Someone Else');
      const response = await owner.request<CreatedBody>('POST', '/api/games', {
        prompt: `Extras ${tag()}`,
        items: ['a', 'b', 'c'],
        id: 'chosen-id',
        slug: 'chosen-slug',
        ownerId: 'someone-else',
        ownerName: 'Impostor',
        isPublic: true,
        closed: true,
        timeLimit: 5,
        resultsLocked: true,
        archived: true,
      });
      expect(response.status).toBe(201);
      expect(response.body.game).toMatchObject({
        ownerName: 'Real Owner',
        isOwner: true,
        isPublic: false,
        closed: false,
        timeLimit: null,
        resultsLocked: false,
        archived: false,
      });
      expect(response.body.game.id).not.toBe('chosen-id');
      expect(response.body.game.slug).not.toBe('chosen-slug');
      const seenByOther = await h.getGame(other, response.body.game.id);
      expect(seenByOther.body.game.isOwner).toBe(false);
    });
  });

  describe('read', () => {
    it('reads a game by id and by slug, for anyone', async () => {
      const owner = await h.user('Reader Owner');
      const created = await h.createGame(owner);
      const byId = await h.getGame(h.anonymous(), created.id);
      const bySlug = await h.getGame(h.anonymous(), created.slug);
      expect(byId.status).toBe(200);
      expect(bySlug.status).toBe(200);
      expect(byId.body).toEqual({
        game: { ...created, isOwner: false },
        submissionCount: 0,
        mySubmission: null,
      });
      expect(bySlug.body).toEqual(byId.body);
      expect((await h.getGame(owner, created.slug)).body.game.isOwner).toBe(true);
    });

    it('answers 404 not-found for an unknown game', async () => {
      for (const id of ['no-such-game', 'ZZZZZZZZZZ', '%20x']) {
        const response = await h.getGame(h.anonymous(), decodeURIComponent(id));
        expect(response.status).toBe(404);
        expect(response.body).toEqual(errorOf('not-found', MESSAGES.gameNotFound));
      }
    });

    // BUG (src/server/games/routes.ts, GameParam): an id or slug over 100 characters is refused
    // by `.max(100, MESSAGES.gameNotFound)` as invalid-argument (400) with the message
    // 'Game not found', instead of the not-found (404) every other unknown game gets.
    // Remove `.fails` once fixed.
    it('answers 404 not-found for an over-long unknown id or slug', async () => {
      const response = await h.getGame(h.anonymous(), 'x'.repeat(101));
      expect(response.body).toEqual(errorOf('not-found', MESSAGES.gameNotFound));
      expect(response.status).toBe(404);
    });

    it('answers 400, not 500, to a NUL or broken Unicode in a path or a body', async () => {
      const owner = await h.user();
      const created = await h.createGame(owner);
      const player = await h.guest();
      const expected = errorOf('invalid-argument', UNSTORABLE_TEXT_MESSAGE);
      for (const path of ['/api/games/%00', '/api/games/a%00b/results']) {
        const response = await player.request('GET', path);
        expect({ path, status: response.status, body: response.body }).toEqual({
          path,
          status: 400,
          body: expected,
        });
      }
      const bodies = [
        { ranking: ids(created), name: 'nul\u0000name' },
        { ranking: [...ids(created).slice(1), '\ud800'] },
      ];
      for (const body of bodies) {
        const response = await h.submit(player, created.id, body.ranking, { name: body.name });
        expect(response.status).toBe(400);
        expect(response.body).toEqual(expected);
      }
      const read = await h.getGame(player, created.id);
      expect(read.body.submissionCount).toBe(0);
    });

    it('shows mySubmission (null before, the ranking after) and the submission count', async () => {
      const owner = await h.user();
      const created = await h.createGame(owner);
      const player = await h.guest();
      const before = await h.getGame(player, created.id);
      expect(before.body.mySubmission).toBeNull();
      expect(before.body.submissionCount).toBe(0);

      const ranking = ids(created).reverse();
      const saved = await h.submit(player, created.id, ranking, { name: '  Pat  ' });
      expect(saved.status).toBe(200);

      const after = await h.getGame(player, created.slug);
      expect(after.body.submissionCount).toBe(1);
      expect(after.body.mySubmission).toEqual({
        ranking,
        name: 'Pat',
        partial: false,
        at: expect.any(Number),
        needsReorder: false,
      });
      // Other viewers see the count, not someone else's ranking.
      const viewer = await h.getGame(owner, created.id);
      expect(viewer.body.submissionCount).toBe(1);
      expect(viewer.body.mySubmission).toBeNull();
    });
  });

  describe('demo game', () => {
    it('is seeded as pizza-demo with at least 5 items', async () => {
      const response = await h.getGame(h.anonymous(), 'pizza-demo');
      expect(response.status).toBe(200);
      expect(response.body.game.slug).toBe('pizza-demo');
      expect(response.body.game.items.length).toBeGreaterThanOrEqual(5);
      expect(new Set(ids(response.body.game)).size).toBe(response.body.game.items.length);
      const results = await h.results(h.anonymous(), 'pizza-demo');
      expect(results.status).toBe(403);
    });

    it('seeding again changes nothing (no duplicate, no reset of submissions)', async () => {
      const player = await h.guest();
      const demo = (await h.getGame(player, 'pizza-demo')).body as GameBody;
      const countBefore = demo.submissionCount;
      const saved = await h.submit(player, 'pizza-demo', ids(demo.game));
      expect(saved.status).toBe(200);

      const db = h.server.database.db;
      await seedDemoGame(db);
      await seedDemoGame(db);

      const [games] = await db.select({ n: count() }).from(game).where(eq(game.id, DEMO_GAME.id));
      const [tallies] = await db
        .select({ n: count() })
        .from(gameTally)
        .where(eq(gameTally.gameId, DEMO_GAME.id));
      expect(games?.n).toBe(1);
      expect(tallies?.n).toBe(1);
      const after = await h.getGame(player, 'pizza-demo');
      expect(after.body.submissionCount).toBe(countBefore + 1);
      expect(after.body.mySubmission?.ranking).toEqual(ids(demo.game));
    });
  });
});

/** One POST on a fresh connection (no keep-alive), with or without a Content-Length. */
function postOnce(
  base: string,
  path: string,
  headers: Record<string, string>,
  chunks: string[],
  withLength: boolean,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const total = chunks.reduce((sum, chunk) => sum + Buffer.byteLength(chunk), 0);
    const req = httpRequest(new URL(path, base), {
      method: 'POST',
      agent: false,
      headers: withLength ? { ...headers, 'content-length': String(total) } : headers,
    });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    // The server may answer and close before it has read everything we send.
    req.on('error', (error) => reject(error));
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });
}
