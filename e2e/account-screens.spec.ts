/**
 * The account screens at phone and desktop widths (screenshots to look at), the login gate's
 * choices, and the small rules around them: no Google when it is not configured, a cancelled
 * provider sign-in in plain words, and /login sending a signed-in person straight on.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { browserAvailable, screenshot, useAppInBrowser } from './support/harness';
import { alertText, registerThroughUi, sessionOf, settle } from './support/account';
import { DESKTOP, MOBILE, newVisitor, uniqueEmail } from './support/web';

describe.runIf(browserAvailable())('account screens in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  it('shows an honest empty dev outbox before any mail', async () => {
    const { context, page } = await newVisitor(browser, server, {
      viewport: MOBILE,
      readsOutbox: true,
    });
    await page.goto('/dev/outbox');
    await page.getByRole('heading', { name: 'Nothing in the outbox yet' }).waitFor();
    await page
      .getByText('This page exists only while Crowned runs without a mail server')
      .waitFor();
    await screenshot(page, 'outbox-empty-375');
    await context.close();
  });

  for (const [viewport, width] of [
    [MOBILE, 375],
    [DESKTOP, 1280],
  ] as const) {
    it(`renders every account screen at ${width} px`, async () => {
      const { context, page } = await newVisitor(browser, server, { viewport, readsOutbox: true });
      const email = uniqueEmail(`shots${width}`);

      await page.goto('/account');
      await page.getByRole('heading', { name: 'Sign in to Crowned' }).waitFor();
      // Google is not configured on this server: no button for it.
      expect(await page.getByRole('button', { name: /Google/ }).count()).toBe(0);
      await settle(page);
      await screenshot(page, `account-signed-out-${width}`);

      await registerThroughUi(page, { name: `Shots ${width}`, email, password: 'shots password' });
      await page.goto('/account');
      await page.getByRole('heading', { name: `Hi, Shots ${width}` }).waitFor();
      await page.getByText('Email and password').waitFor();
      await settle(page);
      await screenshot(page, `account-signed-in-${width}`);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Sign in to Crowned' }).waitFor();

      // Login with a target, after the e-mail step told how this address signs in.
      await page.goto('/login?next=%2Fcreate');
      await page.getByText('Sign in or create an account to continue.').waitFor();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).focus();
      await page.getByText('This email signs in with a password.').waitFor();
      await settle(page);
      await screenshot(page, `login-${width}`);

      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
      await settle(page);
      await screenshot(page, `forgot-sent-${width}`);

      await page.goto('/login/gate?next=%2Fg%2Fpizza-demo%2Fplay');
      await page.getByRole('heading', { name: 'Join the game' }).waitFor();
      await settle(page);
      await screenshot(page, `login-gate-${width}`);

      await page.goto('/account/reset?token=not-a-real-token');
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await settle(page);
      await screenshot(page, `reset-${width}`);

      await page.goto('/account/reset?error=INVALID_TOKEN');
      await page.getByRole('heading', { name: 'This reset link does not work' }).waitFor();
      await settle(page);
      await screenshot(page, `reset-invalid-${width}`);

      await page.goto('/dev/outbox');
      await page.getByTestId('outbox-message').first().waitFor();
      await settle(page);
      await screenshot(page, `outbox-${width}`);
      await context.close();
    });
  }

  it('the gate lets a guest into a game, and offers only accounts elsewhere', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    await page.goto('/login/gate?next=%2Fg%2Fpizza-demo%2Fplay');
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await page.waitForURL((url) => url.pathname === '/g/pizza-demo/play');
    expect((await sessionOf(page))?.user?.isAnonymous).toBe(true);

    await page.goto('/login/gate?next=%2Fcreate');
    await page.getByRole('heading', { name: 'Sign in to continue' }).waitFor();
    expect(await page.getByRole('button', { name: 'Continue as guest' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Continue with email' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/create');
    // Still the guest: the form offers the account that keeps their rankings.
    await page.getByText('your rankings come with you').waitFor();
    await context.close();
  });

  it('words a cancelled provider sign-in, and sends a signed-in person on from /login', async () => {
    const { context, page } = await newVisitor(browser, server);
    await page.goto('/login?error=access_denied');
    expect(await alertText(page)).toBe('Sign-in was cancelled.');

    await registerThroughUi(page, {
      name: 'Ivo',
      email: uniqueEmail('ivo'),
      password: 'ivo password 1',
    });
    await page.goto('/login?next=%2Fg%2Fpizza-demo%2Fplay');
    await page.waitForURL((url) => url.pathname === '/g/pizza-demo/play');
    // A /login or /account target becomes home (SPEC §2).
    await page.goto('/login?next=%2Faccount');
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});
