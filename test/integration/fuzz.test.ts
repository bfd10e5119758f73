/**
 * Fuzzing (issue 11's permanent suite): random JSON values, strings with NUL and broken
 * surrogates, megabyte strings and deep nesting, into every route's body and path parameters,
 * from a signed-in account that owns nothing. The server never answers 5xx, and nothing that
 * belongs to anyone else changes.
 */
import { and, eq, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { game, gameTally, submission } from '../../src/server/db/schema/games';
import { user } from '../../src/server/db/schema/auth';
import { expectTalliesMatchRecount } from '../support/recount';
import { testDatabases } from '../support/server';
import { ids, useServer } from './harness';

/** better-auth's endpoints sit behind one wildcard route: the ones a client sends bodies to. */
const AUTH_ROUTES = [
  'sign-up/email',
  'sign-in/email',
  'update-user',
  'change-password',
  'request-password-reset',
  'reset-password',
  'sign-in/social',
  'link-social',
].map((path) => ({ method: 'POST', path: `/api/auth/${path}` }));

/** Text PostgreSQL cannot store, control characters and other awkward strings. */
const AWKWARD = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil',
  'A\u200BB',
  '../../etc/passwd',
  "'; drop table game; --",
  '%00',
  '__proto__',
  'constructor',
  ' ',
  '',
];
const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(...AWKWARD),
);

const leaf = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(Number.MAX_SAFE_INTEGER),
);

/** Random JSON, sometimes shaped like our bodies (known keys with hostile values). */
const body = fc.oneof(
  fc.jsonValue(),
  fc.dictionary(
    fc.constantFrom(
      'prompt',
      'items',
      'ranking',
      'partial',
      'name',
      'email',
      'password',
      'newPassword',
      'title',
      'tags',
      'publish',
      'handle',
      'archived',
      'reason',
      'ids',
      'admin',
      'sizeLimit',
      'timeLimit',
      '__proto__',
    ),
    fc.oneof(leaf, fc.array(leaf, { maxLength: 5 }), fc.dictionary(nastyString, leaf)),
  ),
);

describe.each(testDatabases)('fuzzing on %s', (kind) => {
  const h = useServer(kind);

  it('never answers 5xx to random bodies and parameters, and changes no one else’s data', async () => {
    const owner = await h.user('Owner');
    const theirs = await h.createGame(owner, ['A', 'B', 'C']);
    const player = await h.guest();
    expect((await h.submit(player, theirs.id, ids(theirs))).status).toBe(200);
    const fuzzer = await h.user('Fuzzer');
    const fuzzerId = (await h.me(fuzzer)).id;
    const db = h.server.database.db;
    // The fuzzer may play the game (a draft of its own, the game's activity time): its own data.
    const saved = async () => ({
      game: (await db.select().from(game).where(eq(game.id, theirs.id))).map(
        ({ lastActivityAt: _activity, ...rest }) => rest,
      ),
      tally: await db.select().from(gameTally).where(eq(gameTally.gameId, theirs.id)),
      rows: await db
        .select()
        .from(submission)
        .where(and(eq(submission.gameId, theirs.id), ne(submission.userId, fuzzerId))),
      owner: await db
        .select()
        .from(user)
        .where(eq(user.id, (await h.me(owner)).id)),
    });
    const before = await saved();

    const routes = [
      ...h.server.routes.filter(
        (route) =>
          route.path.startsWith('/api/') &&
          !route.path.includes('*') &&
          !route.path.endsWith('/events') &&
          ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
      ),
      ...AUTH_ROUTES,
    ];
    expect(routes.length).toBeGreaterThan(20);
    const param = fc.oneof(nastyString, fc.constantFrom(theirs.id, 'pizza-demo'));
    const failures: string[] = [];

    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), param, body, async (route, value, sent) => {
        const path = route.path.replace(/:\w+/g, () => segment(value));
        const withBody = route.method !== 'GET' && route.method !== 'DELETE';
        const res = await fuzzer.request(route.method, path, withBody ? sent : undefined);
        if (res.status >= 500) failures.push(`${route.method} ${path} -> ${res.status}`);
        return res.status < 500;
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 200) },
    );

    // Every awkward string in every route's path parameters, not only where chance puts it.
    for (const route of routes) {
      for (const value of AWKWARD) {
        const path = route.path.replace(/:\w+/g, () => segment(value));
        const res = await fuzzer.request(
          route.method,
          path,
          route.method === 'GET' ? undefined : {},
        );
        if (res.status >= 500) failures.push(`${route.method} ${path} -> ${res.status}`);
      }
    }

    // Sizes and shapes random JSON rarely reaches: a megabyte, deep nesting, broken JSON.
    const raw = [
      JSON.stringify({ prompt: 'x'.repeat(1_000_000), items: ['a', 'b', 'c'] }),
      `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
      `{"ranking":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
      '{"prompt": "unterminated',
      '\u0000',
    ];
    for (const route of routes.filter((r) => r.method !== 'GET' && r.method !== 'DELETE')) {
      for (const payload of raw) {
        const path = route.path.replace(/:\w+/g, () => theirs.id);
        const res = await fuzzer.request(route.method, path, undefined, { raw: payload });
        if (res.status >= 500) failures.push(`${route.method} ${path} (raw) -> ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await saved()).toEqual(before);
    // Whatever the fuzzer's own requests did, every game's tally still equals a recount.
    await expectTalliesMatchRecount(db);
  });
});

/** A path segment for `value`; a lone surrogate (which has no UTF-8) as its encoded bytes. */
function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}
