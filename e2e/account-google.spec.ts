/**
 * 'Continue with Google' and 'Link Google' in a real browser, against a local OpenID Connect
 * provider (oauth2-mock-server) standing in for Google: sign-in lands on the next target, a
 * refusal reads 'Sign-in was cancelled.', the e-mail step knows a Google-only address, linking
 * shows on the account page, and a guest who continues with Google keeps their ranking.
 */
import { OAuth2Server } from 'oauth2-mock-server';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startTestServer, type TestServer } from '../test/support/server';
import { alertText, registerThroughUi, sessionOf, settle } from './support/account';
import { browserAvailable, launchBrowser, screenshot, WEB_ROOT } from './support/harness';
import { startAtTop, tabTo } from './support/keyboard';
import { DESKTOP, MOBILE, newVisitor, uniqueEmail } from './support/web';

/** Who the provider says signs in next, and whether it refuses (the person pressed Cancel). */
const provider = { sub: '', email: '', name: '', refuse: false };

function nextGoogleUser(name: string): string {
  provider.sub = `google-${Math.random().toString(36).slice(2)}`;
  provider.email = uniqueEmail(`${name.toLowerCase()}-g`);
  provider.name = name;
  provider.refuse = false;
  return provider.email;
}

type GameBody = { mySubmission: { ranking: string[] } | null };

describe.runIf(browserAvailable())('Google sign-in in Chromium', () => {
  let oidc: OAuth2Server;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    oidc = new OAuth2Server();
    await oidc.issuer.keys.generate('RS256');
    await oidc.start(await freePort(), '127.0.0.1');
    const claims = () => ({
      sub: provider.sub,
      email: provider.email,
      email_verified: true,
      name: provider.name,
    });
    oidc.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims()));
    oidc.service.on('beforeUserinfo', (response) => {
      response.body = claims();
    });
    oidc.service.on('beforeAuthorizeRedirect', (redirect) => {
      if (!provider.refuse) return;
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
    });
    [server, browser] = await Promise.all([
      startTestServer('pglite', {
        webRoot: WEB_ROOT,
        env: {
          GOOGLE_CLIENT_ID: 'crowned-e2e',
          GOOGLE_CLIENT_SECRET: 'crowned-e2e-secret',
          GOOGLE_ISSUER: oidc.issuer.url!,
        },
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await oidc?.stop();
  });

  it('signs in with Google and lands on the next target', async () => {
    const { context, page } = await newVisitor(browser, server);
    const email = nextGoogleUser('Gina');
    await page.goto('/login?next=%2Fmyranks');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL((url) => url.pathname === '/myranks');
    const session = await sessionOf(page);
    expect(session?.user?.email).toBe(email);
    expect(session?.user?.name).toBe('Gina');

    // Signed out again, the e-mail step knows this address signs in with Google.
    await context.clearCookies();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).focus();
    await page.getByText('This email signs in with Google.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('a guessed password');
    await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await alertText(page)).toBe(
      'This email signs in with Google. Use Continue with Google.',
    );
    await context.close();
  });

  it('continues with Google from the keyboard alone', async () => {
    const { context, page } = await newVisitor(browser, server);
    const email = nextGoogleUser('Kira');
    await page.goto('/login?next=%2Fmyranks');
    await startAtTop(page);
    await tabTo(page, page.getByRole('button', { name: 'Continue with Google' }));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/myranks');
    expect((await sessionOf(page))?.user?.email).toBe(email);
    await context.close();
  });

  it("says 'Sign-in was cancelled.' when the person refuses at Google", async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    nextGoogleUser('Nope');
    provider.refuse = true;
    await page.goto('/login?next=%2Fcreate');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await alertText(page)).toBe('Sign-in was cancelled.');
    // Back where they were, with the target kept and the error code off the address.
    await expect.poll(() => new URL(page.url()).searchParams.has('error')).toBe(false);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/create');
    expect((await sessionOf(page))?.user).toBeUndefined();
    provider.refuse = false;
    await context.close();
  });

  it('links Google to an e-mail account from the account page', async () => {
    const { context, page } = await newVisitor(browser, server);
    await registerThroughUi(page, {
      name: 'Lena',
      email: uniqueEmail('lena'),
      password: 'lena password 1',
    });
    nextGoogleUser('Lena G');
    await page.goto('/account');
    const methods = page.getByRole('region', { name: 'How you sign in' });
    await methods.getByRole('button', { name: 'Link Google' }).click();
    await page.waitForURL((url) => url.pathname === '/account');
    await methods.getByText('Linked').waitFor();
    expect(await methods.getByRole('button', { name: 'Link Google' }).count()).toBe(0);
    await context.close();
  });

  it('a guest who continues with Google keeps their ranking', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    await page.goto('/g/pizza-demo/play');
    await page.getByTestId('rank-list').waitFor();
    await page.getByRole('button', { name: 'Submit ranking' }).click();
    await page.waitForURL(/\/g\/[^/]+\/results$/);
    const asGuest = (await (await page.request.get('/api/games/pizza-demo')).json()) as GameBody;
    expect(asGuest.mySubmission).not.toBeNull();

    const email = nextGoogleUser('Gabe');
    await page.goto('/login/gate?next=%2Fg%2Fpizza-demo%2Fresults');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.waitForURL((url) => url.pathname === '/g/pizza-demo/results');
    const session = await sessionOf(page);
    expect(session?.user?.email).toBe(email);
    expect(session?.user?.isAnonymous).toBeFalsy();
    const asMember = (await (await page.request.get('/api/games/pizza-demo')).json()) as GameBody;
    expect(asMember.mySubmission?.ranking).toEqual(asGuest.mySubmission?.ranking);
    await context.close();
  });

  for (const [viewport, width] of [
    [MOBILE, 375],
    [DESKTOP, 1280],
  ] as const) {
    it(`shows Google on the account screens at ${width} px`, async () => {
      const { context, page } = await newVisitor(browser, server, { viewport });
      await page.goto('/login');
      await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
      await settle(page);
      await screenshot(page, `login-google-${width}`);

      await page.goto('/login/gate?next=%2Fg%2Fpizza-demo%2Fplay');
      await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
      await settle(page);
      await screenshot(page, `login-gate-google-${width}`);

      await registerThroughUi(page, {
        name: `Google ${width}`,
        email: uniqueEmail(`google${width}`),
        password: 'google shots 1',
      });
      await page.goto('/account');
      await page.getByRole('button', { name: 'Link Google' }).waitFor();
      await settle(page);
      await screenshot(page, `account-signed-in-google-${width}`);
      await context.close();
    });
  }
});
