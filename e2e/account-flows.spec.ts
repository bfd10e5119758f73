/**
 * Accounts in a real browser: register, sign out, reset the password through the dev outbox and
 * sign in with the new one; the friendly errors of SPEC §8; the sign-in method lookup; changing
 * the display name; and a guest who plays, then registers and keeps their ranking.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { browserAvailable, useAppInBrowser } from './support/harness';
import { alertText, registerThroughUi, sessionOf } from './support/account';
import { MOBILE, newVisitor, uniqueEmail } from './support/web';

type OutboxBody = { messages: { to: string; subject: string; links: string[]; at: number }[] };
type GameBody = { mySubmission: { ranking: string[]; partial: boolean } | null };

describe.runIf(browserAvailable())('accounts in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  it('register → sign out → forgot password → reset via the dev outbox → sign in', async () => {
    const { context, page } = await newVisitor(browser, server, { readsOutbox: true });
    const email = uniqueEmail('dana');
    await registerThroughUi(page, { name: 'Dana', email, password: 'first password 1' });
    expect(new URL(page.url()).pathname).toBe('/');

    await page.goto('/account');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Hi, Dana');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Crowned' }).waitFor();
    expect((await sessionOf(page))?.user).toBeUndefined();

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();

    // The same mail, as the API shows it: one reset link for this address.
    // Read from this machine: page.request carries the simulated proxy header, which it refuses.
    const outbox = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as OutboxBody;
    const mail = outbox.messages.find(
      (message) => message.to === email && message.subject === 'Reset your Crowned password',
    );
    expect(mail?.links).toHaveLength(1);

    // On a laptop: the page tells where the mail went; the link there is followed.
    await page.getByRole('link', { name: 'dev outbox' }).click();
    await page.waitForURL('**/dev/outbox');
    await page
      .getByRole('link', { name: `Open link from “Reset your Crowned password” to ${email}` })
      .click();
    await page.waitForURL(/\/account\/reset\?token=/);

    await page.getByLabel('New password', { exact: true }).fill('second password 2');
    await page.getByLabel('Confirm new password', { exact: true }).fill('second password 2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL(/\/login\?notice=password-reset/);
    await page.getByText('Your password has been changed.').waitFor();

    // The old password no longer works; the new one does.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first password 1');
    await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await alertText(page)).toBe('Incorrect password.');
    await page.getByLabel('Password', { exact: true }).fill('second password 2');
    await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await sessionOf(page))?.user?.email).toBe(email);

    // The link is used up: opening it again (signed out) says so and offers a new one.
    await context.clearCookies();
    await page.goto(mail!.links[0]!);
    await page.getByRole('heading', { name: 'This reset link does not work' }).waitFor();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await context.close();
  });

  it('shows "Incorrect password." and tells an unknown address to create an account', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    const email = uniqueEmail('erin');
    await registerThroughUi(page, { name: 'Erin', email, password: 'erin password 1' });
    await context.clearCookies();

    await page.goto('/login?next=%2Fmyranks');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).focus();
    await page.getByText('This email signs in with a password.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('not my password');
    await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await alertText(page)).toBe('Incorrect password.');

    // An address without an account: the lookup says so, and signing in switches to creating one.
    const stranger = uniqueEmail('stranger');
    await page.getByLabel('Email').fill(stranger);
    await page.getByLabel('Password', { exact: true }).focus();
    await page.getByText('No account found for that email.').waitFor();
    await page.getByLabel('Password', { exact: true }).fill('whatever password');
    await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: 'No account found for that email.' })
      .waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe(await page.getByLabel('Display name').getAttribute('id'));
    expect(await page.getByLabel('Email').inputValue()).toBe(stranger);

    // Signing in with the right password goes to the ?next target.
    await page.getByRole('group').getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('erin password 1');
    await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/myranks');
    await context.close();
  });

  it('shows "That email is already in use." when registering a taken address', async () => {
    const { context, page } = await newVisitor(browser, server);
    const email = uniqueEmail('fay');
    await registerThroughUi(page, { name: 'Fay', email, password: 'fay password 1' });
    await context.clearCookies();

    await page.goto('/account');
    await page.getByRole('button', { name: 'Create account' }).first().click();
    await page.getByLabel('Display name').fill('Fay again');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('another password');
    await page.getByText('That email already has an account.').waitFor();
    await page.locator('form').getByRole('button', { name: 'Create account' }).click();
    expect(await alertText(page)).toBe('That email is already in use.');
    expect((await sessionOf(page))?.user).toBeUndefined();
    await context.close();
  });

  it('changes the display name and the password', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    await registerThroughUi(page, {
      name: 'Gus',
      email: uniqueEmail('gus'),
      password: 'gus password 1',
    });
    await page.goto('/account');
    await page.getByRole('heading', { name: 'Hi, Gus' }).waitFor();
    const field = page.getByRole('textbox', { name: 'Display name' });
    expect(await field.inputValue()).toBe('Gus');
    await field.fill('  Gustav the Great ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Display name updated').waitFor();
    await page.getByRole('heading', { name: 'Hi, Gustav the Great' }).waitFor();
    expect((await sessionOf(page))?.user?.name).toBe('Gustav the Great');

    await page.reload();
    await page.getByRole('heading', { name: 'Hi, Gustav the Great' }).waitFor();

    // The password too, with the current one asked for first.
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByLabel('Current password').fill('not gus password');
    await page.getByLabel('New password').fill('gus password 2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    expect(await alertText(page)).toBe('Incorrect password.');
    await page.getByLabel('Current password').fill('gus password 1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Password changed.').waitFor();
    await context.close();
  });

  it('a guest plays, registers, and still owns the submission', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    await page.goto('/g/pizza-demo/play');
    await page.getByTestId('rank-list').waitFor();
    await page.getByRole('button', { name: 'Submit ranking' }).click();
    await page.waitForURL(/\/g\/[^/]+\/results$/);
    const resultsUrl = new URL(page.url()).pathname;
    // The viewer's own card (its words depend on how many have ranked).
    await page.getByTestId('you-vs-crowd').waitFor();

    const asGuest = (await (await page.request.get('/api/games/pizza-demo')).json()) as GameBody;
    expect(asGuest.mySubmission?.partial).toBe(false);
    const guestSession = await sessionOf(page);
    expect(guestSession?.user?.isAnonymous).toBe(true);

    await page.goto('/account');
    await page.getByText('your rankings come with you').waitFor();
    // A guest is offered the new account first.
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    const email = uniqueEmail('hana');
    await page.getByLabel('Display name').fill('Hana');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('hana password 1');
    await page.locator('form').getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname !== '/account');

    const session = await sessionOf(page);
    expect(session?.user?.email).toBe(email);
    expect(session?.user?.isAnonymous).toBeFalsy();
    const asMember = (await (await page.request.get('/api/games/pizza-demo')).json()) as GameBody;
    expect(asMember.mySubmission?.ranking).toEqual(asGuest.mySubmission?.ranking);

    await page.goto(resultsUrl);
    // The viewer's own card (its words depend on how many have ranked).
    await page.getByTestId('you-vs-crowd').waitFor();
    await context.close();
  });
});
