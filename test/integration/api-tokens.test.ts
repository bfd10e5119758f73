/**
 * Personal API tokens (issue 15, decision 0024): created, listed and revoked on a cookie session;
 * `Authorization: Bearer` then acts as the token's user within its scope (own games and rankings),
 * judged by the token alone (cookies ignored, no fallback), free of the origin check but not of
 * JSON, rate limited per token across instances, and stored only as a hash.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenView } from '../../src/domain/api-tokens';
import type { ErrorBody } from '../../src/domain/errors';
import { apiToken, user } from '../../src/server/db/schema/auth';
import { hashSecret } from '../../src/server/auth/tokens/secret';
import { TestClient, tag, type ApiResponse } from '../support/client';
import { testDatabases } from '../support/server';
import { useServer, type CreatedBody, type SubmitBody } from './harness';

type Created = { token: ApiTokenView; secret: string };
const PER_MINUTE = 25;

const items = ['Alpha', 'Bravo', 'Charlie'];
const newGame = () => ({ prompt: `Token ${tag()}`, items });

function expectError(response: ApiResponse, status: number, code: string): void {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect((response.body as ErrorBody).error.code).toBe(code);
}

describe.each(testDatabases)('API tokens on %s', (kind) => {
  const h = useServer(kind, { env: { LIMIT_API_TOKEN_REQUESTS_PER_MINUTE: String(PER_MINUTE) } });
  const db = () => h.server.database.db;
  let owner: TestClient;

  /** A client with no cookies that sends `secret` as its bearer. */
  const bearer = (secret: string) => {
    const client = new TestClient(h.url);
    const auth = { authorization: `Bearer ${secret}` };
    return {
      client,
      request: <T = unknown>(method: string, path: string, body?: unknown, headers = {}) =>
        client.request<T>(method, path, body, { headers: { ...auth, ...headers } }),
    };
  };
  const createToken = async (client: TestClient, name = `CI ${tag()}`) => {
    const response = await client.request<Created>('POST', '/api/me/tokens', { name });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };

  beforeAll(async () => {
    owner = await h.verifiedUser('Token Owner');
  });

  it('creates (secret once), lists without secrets or hashes, and revokes only own tokens', async () => {
    const response = await owner.request<Created>('POST', '/api/me/tokens', {
      name: '  Build server  ',
    });
    expect(response.status).toBe(201);
    const { token, secret } = response.body;
    expect(secret).toMatch(/^crw_[A-Za-z0-9_-]{43}$/);
    expect(token).toEqual({
      id: expect.any(String),
      name: 'Build server',
      prefix: secret.slice(0, 8),
      createdAt: expect.any(Number),
      lastUsedAt: null,
    });
    const list = await owner.request<{ tokens: ApiTokenView[] }>('GET', '/api/me/tokens');
    expect(list.status).toBe(200);
    expect(list.body.tokens).toContainEqual(token);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(JSON.stringify(list.body)).not.toContain(hashSecret(secret));

    // Someone else can neither see nor revoke it.
    const other = await h.user('Other');
    const theirs = await other.request<{ tokens: ApiTokenView[] }>('GET', '/api/me/tokens');
    expect(theirs.body.tokens).toEqual([]);
    expectError(await other.request('DELETE', `/api/me/tokens/${token.id}`), 404, 'not-found');
    expect((await bearer(secret).request('GET', '/api/me')).status).toBe(200);

    const revoked = await owner.request('DELETE', `/api/me/tokens/${token.id}`);
    expect(revoked.status).toBe(200);
    const after = await owner.request<{ tokens: ApiTokenView[] }>('GET', '/api/me/tokens');
    expect(after.body.tokens.map((t) => t.id)).not.toContain(token.id);
    expectError(await owner.request('DELETE', `/api/me/tokens/${token.id}`), 404, 'not-found');
  });

  it('validates names and refuses guests, signed-out callers and a 21st token', async () => {
    expectError(
      await owner.request('POST', '/api/me/tokens', { name: '   ' }),
      400,
      'invalid-argument',
    );
    expectError(await owner.request('POST', '/api/me/tokens', {}), 400, 'invalid-argument');
    expectError(
      await owner.request('POST', '/api/me/tokens', { name: 'x'.repeat(51) }),
      400,
      'invalid-argument',
    );
    expect((await owner.request('POST', '/api/me/tokens', { name: 'x'.repeat(50) })).status).toBe(
      201,
    );
    // Names are stored cleaned like every text: NFC, no invisible or bidi characters.
    const cleaned = await owner.request<Created>('POST', '/api/me/tokens', {
      name: ' Cafe\u0301\u200b \u202eCI ',
    });
    expect(cleaned.status).toBe(201);
    expect(cleaned.body.token.name).toBe('Café CI');
    expectError(
      await owner.request('POST', '/api/me/tokens', { name: '\u200b\u200e' }),
      400,
      'invalid-argument',
    );
    const guest = await h.guest();
    expectError(await guest.request('GET', '/api/me/tokens'), 401, 'unauthenticated');
    expectError(
      await guest.request('POST', '/api/me/tokens', { name: 'g' }),
      401,
      'unauthenticated',
    );
    expectError(await h.anonymous().request('GET', '/api/me/tokens'), 401, 'unauthenticated');

    const many = await h.verifiedUser('Many');
    for (let i = 0; i < 20; i++) await createToken(many, `t${i}`);
    const refused = await many.request<ErrorBody>('POST', '/api/me/tokens', { name: 'one more' });
    expectError(refused, 429, 'resource-exhausted');
    expect(refused.body.error.message).toMatch(/20 API tokens/);
  });

  it('keeps only the hash: the row holds neither the secret nor anything but its prefix', async () => {
    const { token, secret } = await createToken(owner);
    const [row] = await db().select().from(apiToken).where(eq(apiToken.id, token.id));
    expect(row).toBeDefined();
    expect(row!.tokenHash).toBe(hashSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret.slice(8));
    expect(row!.prefix).toBe(secret.slice(0, 8));
  });

  it('acts as its user: reads the profile, creates a game, submits a ranking, closes it, lists My Ranks', async () => {
    const { secret, token } = await createToken(owner);
    const api = bearer(secret);
    const me = await api.request<{ profile: { id: string; name: string } }>('GET', '/api/me');
    expect(me.status).toBe(200);
    const ownerProfile = await h.me(owner);
    expect(me.body.profile.id).toBe(ownerProfile.id);

    const created = await api.request<CreatedBody>('POST', '/api/games', newGame());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const game = created.body.game;
    expect(game.isOwner).toBe(true);
    expect(game.ownerName).toBe('Token Owner');
    const ranking = game.items.map((item) => item.id);
    const submitted = await api.request<SubmitBody>('PUT', `/api/games/${game.id}/submission`, {
      ranking,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.submissionCount).toBe(1);
    // The cookie session sees the same account's ranking.
    expect((await h.getGame(owner, game.id)).body.mySubmission).not.toBeNull();
    expect((await api.request('POST', `/api/games/${game.id}/close`)).status).toBe(200);
    const mine = await api.request<{ games: { id: string }[] }>('GET', '/api/me/games');
    expect(mine.status).toBe(200);
    expect(mine.body.games.map((g) => g.id)).toContain(game.id);
    expect((await api.request('GET', '/api/me/played')).status).toBe(200);

    const [row] = await db().select().from(apiToken).where(eq(apiToken.id, token.id));
    expect(row!.lastUsedAt).not.toBeNull();
  });

  it('is judged by the token alone: cookies are ignored, a bad token is 401 with no fallback', async () => {
    const other = await h.user('Cookie Holder');
    const { secret } = await createToken(owner);
    const ownerId = (await h.me(owner)).id;
    // Cookie of `other` + bearer of `owner`: the owner, never a mix.
    const mixed = await other.request<{ profile: { id: string } }>('GET', '/api/me', undefined, {
      headers: { authorization: `Bearer ${secret}` },
    });
    expect(mixed.body.profile.id).toBe(ownerId);
    // A bearer with a session cookie on a cookie-only route: refused, not served as the cookie.
    expectError(
      await other.request('GET', '/api/me/tokens', undefined, {
        headers: { authorization: `Bearer ${secret}` },
      }),
      403,
      'permission-denied',
    );
    for (const value of [
      'Bearer crw_' + 'A'.repeat(43),
      'Bearer nonsense',
      'Bearer ',
      `Bearer ${secret}x`,
      `bearer ${secret.slice(0, -1)}`,
    ]) {
      const response = await other.request('GET', '/api/me', undefined, {
        headers: { authorization: value },
      });
      expectError(response, 401, 'unauthenticated');
      expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    }
  });

  it('stops working at once when revoked (and when its user is deleted)', async () => {
    const { secret, token } = await createToken(owner);
    const api = bearer(secret);
    expect((await api.request('GET', '/api/me/games')).status).toBe(200);
    expect((await owner.request('DELETE', `/api/me/tokens/${token.id}`)).status).toBe(200);
    expectError(await api.request('GET', '/api/me/games'), 401, 'unauthenticated');

    const leaving = await h.verifiedUser('Leaving');
    const theirs = await createToken(leaving);
    const leavingId = (await h.me(leaving)).id;
    await db().delete(user).where(eq(user.id, leavingId));
    expectError(await bearer(theirs.secret).request('GET', '/api/me'), 401, 'unauthenticated');
  });

  it('reaches only its scope: no token routes, sign-in or account changes, admin routes even for an admin', async () => {
    const admin = await h.verifiedUser('Token Admin');
    const adminId = (await h.me(admin)).id;
    await db()
      .update(user)
      .set({ role: 'admin', adminGrantedBy: 'test-seed' })
      .where(eq(user.id, adminId));
    const { secret, token } = await createToken(admin);
    const api = bearer(secret);
    // The cookie session may (the admin role is real).
    expect((await admin.request('GET', '/api/admin/overview')).status).toBe(200);
    const denied: [string, string, unknown?][] = [
      ['GET', '/api/admin/overview'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/me/tokens'],
      ['POST', '/api/me/tokens', { name: 'sneaky' }],
      ['DELETE', `/api/me/tokens/${token.id}`],
      ['GET', '/api/auth/get-session'],
      ['POST', '/api/auth/sign-out', {}],
      ['POST', '/api/auth/change-password', { currentPassword: 'x', newPassword: 'y' }],
      ['POST', '/api/auth/delete-user', {}],
      ['PUT', '/api/me/handle', { handle: `h${tag()}` }],
      ['POST', '/api/me/admin-claim'],
      ['POST', '/api/games/claim', { ids: [] }],
      ['GET', '/api/games/anything/webhooks'],
      ['POST', '/api/games/anything/webhooks', { url: 'https://example.test/' }],
      ['PATCH', '/api/games/anything/webhooks/any', { enabled: true }],
      ['GET', '/api/community/reports'],
      ['POST', '/api/analytics', { events: [] }],
    ];
    for (const [method, path, body] of denied) {
      const response = await api.request<ErrorBody>(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope"');
      expect(response.body.error).toMatchObject({
        code: 'permission-denied',
        message: expect.stringMatching(/own games and rankings/),
      });
    }
    // The token still exists and still works within its scope.
    expect((await api.request('GET', '/api/me')).status).toBe(200);
  });

  it('skips the origin check for bearer requests, but still requires JSON bodies', async () => {
    const { secret } = await createToken(owner);
    const api = bearer(secret);
    const evil = { origin: 'https://evil.example' };
    const created = await api.request<CreatedBody>('POST', '/api/games', newGame(), evil);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The same origin with the cookie session is refused, as before.
    expectError(
      await owner.request('POST', '/api/games', newGame(), { headers: evil }),
      403,
      'permission-denied',
    );
    const form = await api.client.request('POST', '/api/games', undefined, {
      raw: 'prompt=x',
      headers: {
        authorization: `Bearer ${secret}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expectError(form, 400, 'invalid-argument');
  });

  it('rate limits each token (429), counted in the database, without touching other tokens', async () => {
    const limited = await h.verifiedUser('Busy');
    const first = await createToken(limited);
    const second = await createToken(limited);
    const api = bearer(first.secret);
    for (let i = 0; i < PER_MINUTE; i++) {
      const response = await api.request('GET', '/api/me');
      expect(response.status, `request ${i + 1}`).toBe(200);
    }
    const refused = await api.request('GET', '/api/me');
    expectError(refused, 429, 'resource-exhausted');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await bearer(second.secret).request('GET', '/api/me')).status).toBe(200);
    // The cookie session is not the token's limit.
    expect((await limited.request('GET', '/api/me')).status).toBe(200);
  });
});
