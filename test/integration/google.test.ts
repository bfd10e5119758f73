/**
 * Google sign-in against a local OpenID Connect provider (oauth2-mock-server) standing in for
 * Google: the whole redirect dance over real HTTP, a guest keeping their data, and linking.
 */
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, tag, type ApiResponse } from '../support/client';
import { freePort, startTestServer, testDatabases, type TestServer } from '../support/server';

type Me = {
  profile: { id: string; email: string | null; name: string; isAnonymous: boolean } | null;
};

/** Who the provider says signs in next. */
const identity = { sub: '', email: '', name: '', picture: undefined as string | undefined };

/** Signs in (or links) with "Google": start, let the provider answer, follow the callback. */
async function viaGoogle(client: TestClient, start: ApiResponse): Promise<ApiResponse> {
  expect(start.status).toBe(200);
  const authorizeUrl = (start.body as { url: string }).url;
  const authorize = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const callback = authorize.headers.get('location')!;
  expect(callback).toContain('/api/auth/callback/google');
  return client.request('GET', callback, undefined, { redirect: 'manual' });
}

describe.each(testDatabases)('Google sign-in on %s', (kind) => {
  let provider: OAuth2Server;
  let server: TestServer;

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    const port = await freePort();
    await provider.start(port, '127.0.0.1');
    const claims = () => ({
      sub: identity.sub,
      email: identity.email,
      email_verified: true,
      name: identity.name,
      ...(identity.picture === undefined ? {} : { picture: identity.picture }),
    });
    provider.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims()));
    provider.service.on('beforeUserinfo', (response) => {
      response.body = claims();
    });
    server = await startTestServer(kind, {
      env: {
        GOOGLE_CLIENT_ID: 'crowned-test',
        GOOGLE_CLIENT_SECRET: 'crowned-test-secret',
        GOOGLE_ISSUER: provider.issuer.url!,
      },
    });
  });

  afterAll(async () => {
    await server?.close();
    await provider?.stop();
  });

  function nextIdentity(name: string) {
    identity.sub = `google-${tag()}`;
    identity.email = `${name.toLowerCase()}-${tag()}@gmail.test`;
    identity.name = name;
    identity.picture = undefined;
    return identity.email;
  }

  it('is announced in the client config', async () => {
    const config = await new TestClient(server.url).request('GET', '/api/config');
    expect(config.body).toMatchObject({ googleEnabled: true });
  });

  it('signs a new person in and tells the method lookup', async () => {
    const email = nextIdentity('Gina');
    const client = new TestClient(server.url);
    const start = await client.request('POST', '/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/',
    });
    const done = await viaGoogle(client, start);
    expect(done.status).toBe(302);
    const me = await client.request<Me>('GET', '/api/me');
    expect(me.body.profile).toMatchObject({ email, name: 'Gina', isAnonymous: false });
    const methods = await client.request(
      'GET',
      `/api/account/methods?email=${encodeURIComponent(email)}`,
    );
    expect(methods.body).toEqual({ methods: ['google'] });
  });

  it('keeps a Google picture only when it is an https address of at most 2 KB (issue 22)', async () => {
    const image = async (picture: string) => {
      nextIdentity('Pic');
      identity.picture = picture;
      const client = new TestClient(server.url);
      const start = await client.request('POST', '/api/auth/sign-in/social', {
        provider: 'google',
        callbackURL: '/',
      });
      expect((await viaGoogle(client, start)).status).toBe(302);
      const me = await client.request<{ profile: { image: string | null } }>('GET', '/api/me');
      return me.body.profile.image;
    };
    expect(await image('https://lh3.example.test/a/photo=s96-c')).toBe(
      'https://lh3.example.test/a/photo=s96-c',
    );
    expect(await image('http://lh3.example.test/a/photo')).toBeNull();
    expect(await image(`https://lh3.example.test/${'a'.repeat(3000)}`)).toBeNull();
  });

  it('a guest who signs in with Google keeps their submission', async () => {
    nextIdentity('Guido');
    const client = new TestClient(server.url);
    await client.guest();
    const guestId = (await client.request<Me>('GET', '/api/me')).body.profile!.id;
    const game = await client.request<{ game: { items: { id: string }[] } }>(
      'GET',
      '/api/games/pizza-demo',
    );
    const ranking = game.body.game.items.map((item) => item.id).reverse();
    expect(
      (await client.request('PUT', '/api/games/pizza-demo/submission', { ranking })).status,
    ).toBe(200);

    const start = await client.request('POST', '/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/g/pizza-demo/results',
    });
    expect((await viaGoogle(client, start)).status).toBe(302);
    const me = (await client.request<Me>('GET', '/api/me')).body.profile!;
    expect(me.isAnonymous).toBe(false);
    expect(me.id).not.toBe(guestId);
    const after = await client.request<{ mySubmission: { ranking: string[] } | null }>(
      'GET',
      '/api/games/pizza-demo',
    );
    expect(after.body.mySubmission?.ranking).toEqual(ranking);
  });

  it('links Google to a signed-in account; both ways then sign in', async () => {
    const client = new TestClient(server.url);
    const signUp = await client.signUp({ name: 'Linda' });
    const email = (signUp.body as { user: { email: string } }).user.email;
    nextIdentity('Linda G');
    const start = await client.request('POST', '/api/auth/link-social', {
      provider: 'google',
      callbackURL: '/account',
    });
    expect((await viaGoogle(client, start)).status).toBe(302);
    const methods = await client.request(
      'GET',
      `/api/account/methods?email=${encodeURIComponent(email)}`,
    );
    expect((methods.body as { methods: string[] }).methods.sort()).toEqual(['google', 'password']);

    // The linked Google identity now signs in to the same account, on another device.
    const accountId = (await client.request<Me>('GET', '/api/me')).body.profile!.id;
    const elsewhere = new TestClient(server.url);
    const start2 = await elsewhere.request('POST', '/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/',
    });
    expect((await viaGoogle(elsewhere, start2)).status).toBe(302);
    expect((await elsewhere.request<Me>('GET', '/api/me')).body.profile?.id).toBe(accountId);
  });

  it('never joins an account whose own e-mail is unverified (whoever signed up first with it)', async () => {
    // Someone signs up with the address first, with a password; the address's owner then signs
    // in with Google: they must not share that account.
    const email = nextIdentity('Owen');
    const squatter = new TestClient(server.url);
    await squatter.signUp({ name: 'Squatter', email });
    const squatterId = (await squatter.request<Me>('GET', '/api/me')).body.profile!.id;

    const owner = new TestClient(server.url);
    const start = await owner.request('POST', '/api/auth/sign-in/social', {
      provider: 'google',
      callbackURL: '/',
    });
    await viaGoogle(owner, start);
    const me = (await owner.request<Me>('GET', '/api/me')).body.profile;
    expect(me?.id ?? null).not.toBe(squatterId);
    const methods = await owner.request(
      'GET',
      `/api/account/methods?email=${encodeURIComponent(email)}`,
    );
    expect(methods.body).toEqual({ methods: ['password'] });
  });
});

describe('without Google configured', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server?.close());

  it('says so, and refuses a Google sign-in', async () => {
    const client = new TestClient(server.url);
    expect((await client.request('GET', '/api/config')).body).toMatchObject({
      googleEnabled: false,
    });
    const start = await client.request('POST', '/api/auth/sign-in/social', { provider: 'google' });
    expect(start.status).toBeGreaterThanOrEqual(400);
    expect(start.status).toBeLessThan(500);
  });
});
