/**
 * The authorization matrix (issue 11): every route of the app, as its router has them, against
 * every kind of caller (no session, guest, user, owner, admin), with the status each must get.
 * Bodies are valid, so validation does not hide what authorization decides; ids are those of a
 * real game and rank owned by the owner. A route added without an entry here, an entry for a
 * route that is gone, or a status that changes fails the test.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '../../src/domain/game';
import { user as userTable } from '../../src/server/db/schema/auth';
import type { TestClient } from '../support/client';
import { tag } from '../support/client';
import { testDatabases } from '../support/server';
import { useServer } from './harness';

const ROLES = ['none', 'guest', 'user', 'owner', 'admin'] as const;
type Role = (typeof ROLES)[number];
/** Expected statuses in ROLES order: none, guest, user, owner, admin. */
type Statuses = [none: number, guest: number, user: number, owner: number, admin: number];

/** What a route's requests work on: games and a rank owned by the owner. */
type Fixture = {
  /** Open, unpublished. */
  game: GameView;
  /** Published; `rankId` is its community rank. */
  published: GameView;
  rankId: string;
  /** A live room over `game`, its lobby open. */
  roomCode: string;
  /** Open, its ballot duels. */
  duelGame: GameView;
};

type Ids = { ownerHandle: string; userId: string };

type Entry = {
  expect: Statuses;
  /** The request's path (params filled in) and body; by default the route's path as is. */
  request?: (
    fx: Fixture,
    role: Role,
    ids: Ids,
  ) => { path?: string; body?: unknown; /** A text/csv body instead. */ csv?: string };
  /** A new fixture for each role (the request changes or removes it); else one per route. */
  freshPerRole?: boolean;
  /** An event stream: only its status is read. */
  stream?: boolean;
};

const gamePath = (fx: Fixture, suffix = '') => `/api/games/${fx.game.id}${suffix}`;
const rankPath = (fx: Fixture, suffix = '') => `/api/community/${fx.rankId}${suffix}`;
const roomPath = (fx: Fixture, suffix = '') => `/api/rooms/${fx.roomCode}${suffix}`;
/** A host's action on the fixture's room (in its lobby): the host alone, 409 out of phase. */
const roomAction = (action: string, owner: number): Entry => ({
  expect: [401, 403, 403, owner, 403],
  request: (fx) => ({ path: roomPath(fx, `/${action}`) }),
});
const newGameBody = () => ({ prompt: `Matrix ${tag()}`, items: ['Alpha', 'Bravo', 'Charlie'] });

/** Every concrete route: `METHOD path` as the router has it -> statuses per role. */
const ROUTES: Record<string, Entry> = {
  'GET /share/g/:id': {
    expect: [302, 302, 302, 302, 302],
    request: (fx) => ({ path: `/share/g/${fx.game.id}` }),
  },
  'GET /og/g/:file{[^/]+\\.png}': {
    expect: [200, 200, 200, 200, 200],
    request: (fx) => ({ path: `/og/g/${fx.game.id}.png` }),
  },
  'GET /embed/embed.js': { expect: [200, 200, 200, 200, 200] },
  // Pictures are public by their hash (images.test.ts serves real ones); none has this one.
  'GET /img/:file': {
    expect: [404, 404, 404, 404, 404],
    request: () => ({ path: `/img/${'0'.repeat(64)}.webp` }),
  },
  // Accounts only; with no file in the body an account gets 400 (images.test.ts uploads).
  'GET /api/images/usage': { expect: [401, 401, 200, 200, 200] },
  'POST /api/images': { expect: [401, 401, 400, 400, 400], request: () => ({ body: {} }) },
  'GET /embed/g/:id': {
    expect: [200, 200, 200, 200, 200],
    request: (fx) => ({ path: `/embed/g/${fx.game.id}` }),
  },
  // Live rooms (issue 27): accounts start them over their own games; anyone reads one; a
  // session joins; the host alone moves it (rooms.test.ts plays one through).
  'POST /api/rooms': {
    expect: [401, 401, 403, 201, 403],
    request: (fx) => ({ body: { gameIds: [fx.game.id], roundSeconds: 30 } }),
  },
  'GET /api/rooms/:code': {
    expect: [200, 200, 200, 200, 200],
    request: (fx) => ({ path: roomPath(fx) }),
  },
  'GET /api/rooms/:code/events': {
    expect: [200, 200, 200, 200, 200],
    stream: true,
    request: (fx) => ({ path: roomPath(fx, '/events') }),
  },
  'POST /api/rooms/:code/join': {
    expect: [401, 201, 201, 201, 201],
    request: (fx, role) => ({ path: roomPath(fx, '/join'), body: { name: `Matrix ${role}` } }),
  },
  'POST /api/rooms/:code/open': roomAction('open', 409),
  'POST /api/rooms/:code/start': roomAction('start', 200),
  'POST /api/rooms/:code/end-round': roomAction('end-round', 409),
  'POST /api/rooms/:code/reveal': roomAction('reveal', 409),
  'POST /api/rooms/:code/next': roomAction('next', 409),
  'POST /api/rooms/:code/close': roomAction('close', 200),
  'GET /api/health': { expect: [200, 200, 200, 200, 200] },
  'GET /api/ready': { expect: [200, 200, 200, 200, 200] },
  // Through a proxy (the test client's x-forwarded-for) no one reads the metrics, not even an
  // admin: loopback only, without METRICS_TOKEN (observability.test.ts).
  'GET /metrics': { expect: [404, 404, 404, 404, 404] },
  'GET /api/config': { expect: [200, 200, 200, 200, 200] },
  'GET /api/account/methods': {
    expect: [200, 200, 200, 200, 200],
    request: () => ({ path: '/api/account/methods?email=someone%40example.test' }),
  },
  'GET /api/dev/outbox': { expect: [200, 200, 200, 200, 200] },
  'GET /api/openapi.json': { expect: [200, 200, 200, 200, 200] },
  'GET /api/docs': { expect: [200, 200, 200, 200, 200] },

  // Games
  'POST /api/games': {
    expect: [401, 401, 201, 201, 201],
    request: () => ({ body: newGameBody() }),
  },
  'DELETE /api/games': { expect: [401, 400, 400, 400, 400] },
  'POST /api/games/claim': {
    expect: [401, 401, 200, 200, 200],
    request: () => ({ body: { ids: [] } }),
  },
  'GET /api/games/:id': {
    expect: [200, 200, 200, 200, 200],
    request: (fx) => ({ path: gamePath(fx) }),
  },
  'PUT /api/games/:id/submission': {
    expect: [401, 200, 200, 200, 200],
    request: (fx) => ({
      path: gamePath(fx, '/submission'),
      body: { ranking: fx.game.items.map((item) => item.id) },
    }),
  },
  'GET /api/games/:id/duel': {
    expect: [401, 200, 200, 200, 200],
    request: (fx) => ({ path: `/api/games/${fx.duelGame.id}/duel` }),
  },
  // Anyone with a session may answer; a pair never offered to them is 409, after that.
  'POST /api/games/:id/duels': {
    expect: [401, 409, 409, 409, 409],
    request: (fx) => {
      const [a, b] = fx.duelGame.items.map((item) => item.id);
      return { path: `/api/games/${fx.duelGame.id}/duels`, body: { a, b, winner: a } };
    },
  },
  'PATCH /api/games/:id/items': {
    expect: [401, 403, 403, 200, 403],
    request: (fx) => ({
      path: gamePath(fx, '/items'),
      body: { items: ['Alpha', 'Bravo', 'Charlie', 'Delta'] },
    }),
  },
  'GET /api/games/:id/webhooks': {
    expect: [401, 403, 403, 200, 403],
    request: (fx) => ({ path: gamePath(fx, '/webhooks') }),
  },
  'POST /api/games/:id/webhooks': {
    expect: [401, 403, 403, 201, 403],
    request: (fx) => ({
      path: gamePath(fx, '/webhooks'),
      body: { url: 'https://example.com/hook' },
    }),
  },
  // No such webhook: the owner hears 404; everyone else is refused before that is looked up.
  'DELETE /api/games/:id/webhooks/:webhookId': {
    expect: [401, 403, 403, 404, 403],
    request: (fx) => ({ path: gamePath(fx, '/webhooks/none') }),
  },
  'PATCH /api/games/:id/webhooks/:webhookId': {
    expect: [401, 403, 403, 404, 403],
    request: (fx) => ({ path: gamePath(fx, '/webhooks/none'), body: { enabled: true } }),
  },
  'GET /api/games/:id/webhooks/:webhookId/deliveries': {
    expect: [401, 403, 403, 404, 403],
    request: (fx) => ({ path: gamePath(fx, '/webhooks/none/deliveries') }),
  },
  'PUT /api/games/:id/ballot': {
    expect: [401, 403, 403, 200, 403],
    freshPerRole: true,
    request: (fx) => ({ path: gamePath(fx, '/ballot'), body: { ballot: { kind: 'top', n: 2 } } }),
  },
  'POST /api/games/:id/ballots': {
    expect: [401, 403, 403, 200, 403],
    request: (fx) => ({
      path: gamePath(fx, '/ballots'),
      csv: `name,submitted_at,1,2,3\r\nAnn,,${fx.game.items.map((item) => item.label).join(',')}\r\n`,
    }),
  },
  'POST /api/games/:id/close': {
    expect: [401, 403, 403, 200, 403],
    freshPerRole: true,
    request: (fx) => ({ path: gamePath(fx, '/close') }),
  },
  'POST /api/games/:id/archive': {
    expect: [401, 403, 403, 200, 403],
    freshPerRole: true,
    request: (fx) => ({ path: gamePath(fx, '/archive'), body: { archived: true } }),
  },
  'DELETE /api/games/:id': {
    expect: [401, 403, 403, 200, 403],
    freshPerRole: true,
    request: (fx) => ({ path: gamePath(fx) }),
  },
  'GET /api/games/:id/results': {
    expect: [403, 403, 403, 200, 403],
    request: (fx) => ({ path: gamePath(fx, '/results') }),
  },
  'GET /api/games/:id/:file{export\\.(?:csv|json)}': {
    expect: [401, 403, 403, 200, 403],
    request: (fx) => ({ path: gamePath(fx, '/export.csv?what=ballots') }),
  },
  'GET /api/games/:id/players': {
    expect: [401, 403, 403, 200, 403],
    request: (fx) => ({ path: gamePath(fx, '/players?limit=5') }),
  },
  'POST /api/games/:id/remix': {
    expect: [401, 401, 201, 201, 201],
    request: (fx) => ({ path: gamePath(fx, '/remix') }),
  },
  'GET /api/games/:id/card': {
    expect: [200, 200, 200, 200, 200],
    request: (fx) => ({ path: gamePath(fx, '/card') }),
  },
  'GET /api/games/:id/closest': {
    expect: [403, 403, 403, 200, 403],
    request: (fx) => ({ path: gamePath(fx, '/closest') }),
  },
  'GET /api/games/:id/events': {
    expect: [200, 200, 200, 200, 200],
    stream: true,
    request: (fx) => ({ path: gamePath(fx, '/events') }),
  },
  'POST /api/games/:id/publish': {
    expect: [401, 403, 403, 200, 403],
    freshPerRole: true,
    request: (fx) => ({ path: gamePath(fx, '/publish'), body: { tags: ['food'] } }),
  },
  'POST /api/games/:id/unpublish': {
    expect: [401, 403, 403, 200, 403],
    freshPerRole: true,
    request: (fx) => ({ path: `/api/games/${fx.published.id}/unpublish` }),
  },

  // Community
  'GET /api/community': { expect: [200, 200, 200, 200, 200] },
  'POST /api/community': {
    expect: [401, 401, 201, 201, 201],
    request: () => ({ body: { title: `Built ${tag()}`, items: ['A', 'B', 'C'] } }),
  },
  'GET /api/community/reports': { expect: [401, 401, 403, 403, 200] },
  'GET /api/community/:rankId': {
    expect: [200, 200, 200, 200, 200],
    request: (fx) => ({ path: rankPath(fx) }),
  },
  'GET /api/community/:rankId/events': {
    expect: [200, 200, 200, 200, 200],
    stream: true,
    request: (fx) => ({ path: rankPath(fx, '/events') }),
  },
  'PUT /api/community/:rankId/like': {
    expect: [401, 401, 200, 200, 200],
    request: (fx) => ({ path: rankPath(fx, '/like'), body: { liked: true } }),
  },
  'POST /api/community/:rankId/report': {
    expect: [401, 401, 202, 202, 202],
    request: (fx) => ({ path: rankPath(fx, '/report'), body: { reason: 'spam' } }),
  },
  'POST /api/community/:rankId/hide': {
    expect: [401, 401, 403, 403, 200],
    request: (fx) => ({ path: rankPath(fx, '/hide'), body: { hidden: true } }),
  },

  // Players
  'GET /api/users/:handle': {
    expect: [200, 200, 200, 200, 200],
    request: (_fx, _role, ids) => ({ path: `/api/users/${ids.ownerHandle}` }),
  },
  'GET /api/me': { expect: [200, 200, 200, 200, 200] },
  'GET /api/me/events': { expect: [401, 200, 200, 200, 200], stream: true },
  'POST /api/me/touch': {
    expect: [401, 200, 200, 200, 200],
    request: () => ({ body: { locale: 'en-GB' } }),
  },
  'POST /api/me/admin-claim': { expect: [401, 401, 200, 200, 200] },
  // A well-formed token nobody was mailed: 400 for every account.
  'POST /api/me/admin-claim/confirm': {
    expect: [401, 401, 400, 400, 400],
    request: () => ({ body: { token: 'A'.repeat(43) } }),
  },
  'PUT /api/me/handle': {
    expect: [401, 401, 200, 200, 200],
    request: () => ({ body: { handle: `m${tag()}` } }),
  },
  'GET /api/me/handle-available': {
    expect: [401, 401, 200, 200, 200],
    request: () => ({ path: `/api/me/handle-available?handle=m${tag()}` }),
  },
  'GET /api/me/activity': { expect: [401, 200, 200, 200, 200] },
  'GET /api/me/games': { expect: [401, 200, 200, 200, 200] },
  'GET /api/me/played': { expect: [401, 200, 200, 200, 200] },
  'GET /api/me/tokens': { expect: [401, 401, 200, 200, 200] },
  'POST /api/me/tokens': {
    expect: [401, 401, 201, 201, 201],
    request: () => ({ body: { name: `Matrix ${tag()}` } }),
  },
  'DELETE /api/me/tokens/:id': {
    expect: [401, 401, 404, 404, 404],
    request: () => ({ path: '/api/me/tokens/none' }),
  },
  // Notifications (decision 0061): anyone signed in, guests too (push only).
  'GET /api/me/notifications': { expect: [401, 200, 200, 200, 200] },
  'PUT /api/me/notifications': {
    expect: [401, 200, 200, 200, 200],
    request: () => ({ body: { closed: 'push' } }),
  },
  'POST /api/me/push-subscriptions': {
    expect: [401, 201, 201, 201, 201],
    request: () => ({
      body: {
        endpoint: `https://push.example.com/${tag()}`,
        keys: { p256dh: `BA${'A'.repeat(85)}`, auth: 'A'.repeat(22) },
      },
    }),
  },
  'DELETE /api/me/push-subscriptions/:subscriptionId': {
    expect: [401, 404, 404, 404, 404],
    request: () => ({ path: '/api/me/push-subscriptions/none' }),
  },
  'DELETE /api/me/push-subscriptions': {
    expect: [401, 200, 200, 200, 200],
    request: () => ({ body: { endpoint: 'https://push.example.com/none' } }),
  },
  'GET /api/push/key': { expect: [200, 200, 200, 200, 200] },
  // Nobody in the matrix made a final ranking of the fixture's game: asking is refused.
  'GET /api/games/:id/notify': {
    expect: [401, 200, 200, 200, 200],
    request: (fx) => ({ path: gamePath(fx, '/notify') }),
  },
  'PUT /api/games/:id/notify': {
    expect: [401, 403, 403, 403, 403],
    request: (fx) => ({ path: gamePath(fx, '/notify'), body: { unlock: true } }),
  },
  // The one-click unsubscribe needs its signed token, not a session.
  'GET /unsubscribe/:token': {
    expect: [400, 400, 400, 400, 400],
    request: () => ({ path: '/unsubscribe/forged.token' }),
  },
  'POST /unsubscribe/:token': {
    expect: [400, 400, 400, 400, 400],
    request: () => ({ path: '/unsubscribe/forged.token' }),
  },

  // Admin
  'GET /api/admin/overview': { expect: [401, 403, 403, 403, 200] },
  'GET /api/admin/users': {
    expect: [401, 403, 403, 403, 200],
    request: () => ({ path: '/api/admin/users?q=user&limit=5' }),
  },
  'POST /api/admin/users/:userId/role': {
    expect: [401, 403, 403, 403, 200],
    request: (_fx, _role, ids) => ({
      path: `/api/admin/users/${ids.userId}/role`,
      body: { role: 'user' },
    }),
  },
  'GET /api/admin/games': {
    expect: [401, 403, 403, 403, 200],
    request: (fx) => ({ path: `/api/admin/games?q=${fx.game.id}` }),
  },
  'DELETE /api/admin/games/:gameId': {
    expect: [401, 403, 403, 403, 200],
    freshPerRole: true,
    request: (fx) => ({ path: `/api/admin/games/${fx.game.id}` }),
  },
  'PUT /api/admin/pictures/:imageId': {
    expect: [401, 403, 403, 403, 404],
    request: () => ({ path: `/api/admin/pictures/${'a'.repeat(64)}`, body: { hidden: true } }),
  },
  'GET /api/admin/audit': { expect: [401, 403, 403, 403, 200] },
  'GET /api/admin/grant-reviews': { expect: [401, 403, 403, 403, 200] },
  'POST /api/admin/grant-reviews/:entryId/keep': {
    expect: [401, 403, 403, 403, 404],
    request: () => ({ path: '/api/admin/grant-reviews/nothing/keep' }),
  },
  'GET /api/admin/analytics': { expect: [401, 403, 403, 403, 200] },

  // Analytics: anyone's browser reports its own visits (202 Accepted).
  'POST /api/analytics': {
    expect: [202, 202, 202, 202, 202],
    request: () => ({ body: { events: [{ name: 'session_start', props: {} }] } }),
  },
  // Crash reports: anyone's browser reports its own failures (202 Accepted, a warn log line).
  'POST /api/client-errors': {
    expect: [202, 202, 202, 202, 202],
    request: () => ({ body: { kind: 'error', message: 'matrix', path: '/' } }),
  },
};

/**
 * Wildcard entries: middleware (no status of their own) and catch-alls. better-auth's endpoints
 * under /api/auth/* are checked through AUTH_ENDPOINTS below; the API's catch-all answers 404.
 */
const WILDCARDS = new Set([
  'ALL /*',
  'ALL /api/*',
  'GET /api/auth/*',
  'POST /api/auth/*',
  'POST /api/me/*',
  'PUT /api/me/*',
  'PATCH /api/me/*',
  'DELETE /api/me/*',
  'POST /api/admin/*',
  'PUT /api/admin/*',
  'PATCH /api/admin/*',
  'DELETE /api/admin/*',
]);

/** The important better-auth endpoints; those that end a session run on a throwaway one. */
const AUTH_ENDPOINTS: Record<string, { body?: unknown; expect: Statuses; throwaway?: boolean }> = {
  'GET /api/auth/get-session': { expect: [200, 200, 200, 200, 200] },
  'POST /api/auth/sign-out': { body: {}, expect: [200, 200, 200, 200, 200], throwaway: true },
  'POST /api/auth/update-user': { body: { name: 'Renamed' }, expect: [401, 200, 200, 200, 200] },
  // Account deletion is not enabled in better-auth (auth.ts): nobody can delete through it.
  'POST /api/auth/delete-user': { body: {}, expect: [401, 404, 404, 404, 404], throwaway: true },
  'GET /api/auth/nonexistent-endpoint': { expect: [404, 404, 404, 404, 404] },
};

describe.each(testDatabases)('authorization matrix on %s', (kind) => {
  const h = useServer(kind);
  const clients = {} as Record<Role, TestClient>;
  const ids = {} as Ids;

  async function makeAdmin(client: TestClient): Promise<void> {
    const me = await h.me(client);
    await h.server.database.db
      .update(userTable)
      .set({ role: 'admin', adminGrantedBy: 'test-seed' })
      .where(eq(userTable.id, me.id));
  }

  async function roleClient(role: Role): Promise<TestClient> {
    if (role === 'none') return h.anonymous();
    if (role === 'guest') return h.guest();
    // Proven e-mails: creating tokens and webhooks needs one (decision 0029).
    const client = await h.verifiedUser(role[0]!.toUpperCase() + role.slice(1));
    if (role === 'admin') await makeAdmin(client);
    return client;
  }

  async function fixture(): Promise<Fixture> {
    const owner = clients.owner;
    const game = await h.createGame(owner);
    const published = await h.createGame(owner);
    const answer = await owner.request<{ game: GameView }>(
      'POST',
      `/api/games/${published.id}/publish`,
      {},
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const room = await owner.request<{ room: { code: string } }>('POST', '/api/rooms', {
      gameIds: [game.id],
    });
    expect(room.status, JSON.stringify(room.body)).toBe(201);
    const opened = await owner.request('POST', `/api/rooms/${room.body.room.code}/open`);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const duelGame = await h.createGame(owner, undefined, undefined, { ballot: { kind: 'duel' } });
    return {
      game,
      duelGame,
      published: answer.body.game,
      rankId: answer.body.game.communityRankId ?? '',
      roomCode: room.body.room.code,
    };
  }

  async function send(
    client: TestClient,
    method: string,
    path: string,
    body: unknown,
    stream: boolean,
  ): Promise<number> {
    if (stream) {
      const events = await client.events(path);
      events.close();
      return events.status;
    }
    if (body instanceof Object && 'csv' in body && typeof body.csv === 'string') {
      const headers = { 'content-type': 'text/csv' };
      return (await client.request(method, path, undefined, { raw: body.csv, headers })).status;
    }
    const payload = body ?? (['GET', 'DELETE'].includes(method) ? undefined : {});
    return (await client.request(method, path, payload, { redirect: 'manual' })).status;
  }

  beforeAll(async () => {
    for (const role of ROLES) clients[role] = await roleClient(role);
    const handle = `owner${tag()}`;
    const set = await clients.owner.request('PUT', '/api/me/handle', { handle });
    expect(set.status).toBe(200);
    ids.ownerHandle = handle;
    ids.userId = (await h.me(clients.user)).id;
  });

  it('has exactly one entry for every route of the app', () => {
    const routes = new Set(h.server.routes.map((route) => `${route.method} ${route.path}`));
    const concrete = [...routes].filter((route) => !WILDCARDS.has(route));
    const missing = concrete.filter((route) => !(route in ROUTES));
    expect(missing, 'routes without an entry in ROUTES (or WILDCARDS)').toEqual([]);
    const gone = Object.keys(ROUTES).filter((route) => !routes.has(route));
    expect(gone, 'entries for routes the app no longer has').toEqual([]);
    const goneWildcards = [...WILDCARDS].filter((route) => !routes.has(route));
    expect(goneWildcards, 'wildcard entries the app no longer has').toEqual([]);
  });

  it('answers every route with the status each role must get', async () => {
    const actual: Record<string, Statuses> = {};
    for (const [route, entry] of Object.entries(ROUTES)) {
      const [method = '', routePath = ''] = route.split(' ');
      const shared = entry.freshPerRole ? undefined : await fixture();
      const statuses: number[] = [];
      for (const role of ROLES) {
        const fx = shared ?? (await fixture());
        // The admin-claim route takes admin away from accounts not on ADMIN_EMAILS: the admin
        // is made one again (in the database, as a grant would) before each of their requests.
        if (role === 'admin') await makeAdmin(clients.admin);
        const request = entry.request?.(fx, role, ids) ?? {};
        statuses.push(
          await send(
            clients[role],
            method,
            request.path ?? routePath,
            request.csv === undefined ? request.body : { csv: request.csv },
            entry.stream ?? false,
          ),
        );
      }
      actual[route] = statuses as Statuses;
    }
    const expected = Object.fromEntries(
      Object.entries(ROUTES).map(([route, e]) => [route, e.expect]),
    );
    expect(actual).toEqual(expected);
    // About 600 requests one after another: a loaded machine needs more than the default minute.
  }, 240_000);

  it('answers better-auth’s important endpoints by role, and unknown API paths 404', async () => {
    const actual: Record<string, Statuses> = {};
    for (const [route, entry] of Object.entries(AUTH_ENDPOINTS)) {
      const [method = '', path = ''] = route.split(' ');
      const statuses: number[] = [];
      for (const role of ROLES) {
        // A session of its own: signing out or deleting the account must not touch the others.
        const client = entry.throwaway ? await roleClient(role) : clients[role];
        statuses.push(await send(client, method, path, entry.body, false));
      }
      actual[route] = statuses as Statuses;
    }
    const expected = Object.fromEntries(
      Object.entries(AUTH_ENDPOINTS).map(([route, e]) => [route, e.expect]),
    );
    expect(actual).toEqual(expected);
    for (const role of ROLES) {
      expect((await clients[role].request('GET', '/api/no-such-route')).status).toBe(404);
      expect((await clients[role].request('POST', '/api/games/x/no-such-route', {})).status).toBe(
        404,
      );
    }
  });
});
