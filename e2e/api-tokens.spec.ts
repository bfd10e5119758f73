/**
 * Personal API tokens on /account (issue 15, decision 0024), by keyboard alone: create one with
 * a name, see its secret once and copy it (the copy works as a bearer), find it in the list, and
 * revoke it behind a confirmation (the bearer stops working). Screenshots of the section at 375
 * and 1280 px, light and dark.
 */
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { browserAvailable, screenshot, useAppInBrowser } from './support/harness';
import { tabTo } from './support/keyboard';
import { settle } from './support/account';
import { DESKTOP, MOBILE, newVisitor, registerByApi, verifyEmailByApi } from './support/web';

async function bearerStatus(page: Page, secret: string): Promise<number> {
  const response = await page.request.get('/api/me/games', {
    headers: { authorization: `Bearer ${secret}` },
  });
  return response.status();
}

/** The tokens section in view, at both widths, in the page's current colour scheme. */
async function shootSection(page: Page, name: string): Promise<void> {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.getByTestId('api-tokens').waitFor();
    // From the top, so the fixed bars sit where a person sees them in the full-page shot.
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await screenshot(page, `${name}-${viewport.width}`);
  }
}

describe.runIf(browserAvailable())('API tokens on /account in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  it('creates a token by keyboard, shows and copies its secret once, lists it and revokes it', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: DESKTOP });
    const account = await registerByApi(page, server, 'Tokenkeys');
    await page.goto('/account');
    const section = page.getByTestId('api-tokens');
    await section.getByRole('heading', { name: 'API tokens' }).waitFor();
    // Unconfirmed: the section says what creating a token needs instead of a form (decision 0029).
    await section.getByTestId('api-tokens-verify').waitFor();
    expect(await section.getByLabel('Token name').count()).toBe(0);
    await shootSection(page, 'api-tokens-unverified');
    await page.setViewportSize(DESKTOP);
    await verifyEmailByApi(page, server, account);
    await page.goto('/account');
    await section.getByRole('heading', { name: 'API tokens' }).waitFor();
    await section.getByText('You have no API tokens yet.').waitFor();
    await shootSection(page, 'api-tokens-empty');
    await page.setViewportSize(DESKTOP);

    // Create: Tab to the name field, type, Enter.
    const nameField = section.getByLabel('Token name');
    await tabTo(page, nameField, { max: 120 });
    await page.keyboard.type('Stream overlay');
    await page.keyboard.press('Enter');
    const panel = page.getByTestId('api-token-secret');
    await panel.waitFor();
    expect(await panel.evaluate((element) => element === document.activeElement)).toBe(true);
    await panel.getByText("Copy it now: you won't see it again.").waitFor();
    const secret = await panel.getByLabel('Token').inputValue();
    expect(secret).toMatch(/^crw_[A-Za-z0-9_-]{43}$/);

    // Copy by keyboard: the clipboard holds the secret, and it works as a bearer.
    await tabTo(page, panel.getByRole('button', { name: 'Copy' }));
    await page.keyboard.press('Enter');
    await page.getByText('Token copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    expect(await bearerStatus(page, secret)).toBe(200);

    await shootSection(page, 'api-tokens-secret');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shootSection(page, 'api-tokens-secret-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);

    // Done: the secret is gone for good, focus is back on the name field, the list has it.
    await tabTo(page, panel.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Enter');
    await panel.waitFor({ state: 'detached' });
    expect(await nameField.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await page.getByText(secret).count()).toBe(0);
    const row = section.getByRole('listitem').filter({ hasText: 'Stream overlay' });
    await row.getByText(secret.slice(0, 8)).waitFor();
    await row.getByText(/^Created /).waitFor();
    await row.getByText(/^Last used /).waitFor();
    await shootSection(page, 'api-tokens-list');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shootSection(page, 'api-tokens-list-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);

    // Revoke: the confirmation opens on Cancel; Tab to the red button, Enter.
    await tabTo(page, row.getByRole('button', { name: 'Revoke the token Stream overlay' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Revoke this token?' });
    await dialog.waitFor();
    expect(
      await dialog
        .getByRole('button', { name: 'Cancel' })
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);
    await tabTo(page, dialog.getByRole('button', { name: 'Revoke token' }));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await section.getByText('You have no API tokens yet.').waitFor();
    expect(await bearerStatus(page, secret)).toBe(401);
    await context.close();
  });

  it('says what is wrong with an empty name, without creating anything', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    await verifyEmailByApi(page, server, await registerByApi(page, server, 'Tokenempty'));
    await page.goto('/account');
    const section = page.getByTestId('api-tokens');
    await section.getByText('You have no API tokens yet.').waitFor();
    await section.getByRole('button', { name: 'Create token' }).click();
    await section.getByText('Give the token a name.').waitFor();
    expect(await section.getByRole('listitem').count()).toBe(0);
    await context.close();
  });

  it("shows what the account's pictures take of its space and of its uploads this hour", async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: DESKTOP });
    await registerByApi(page, server, 'Pictured');
    const picture = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#8e44ad' },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await page.request.post('/api/images', {
      multipart: { file: { name: 'purple.jpg', mimeType: 'image/jpeg', buffer: picture } },
      headers: { origin: server.url },
    });
    expect(uploaded.status()).toBe(201);
    await page.goto('/account');
    const section = page.getByTestId('pictures-usage');
    await section.getByRole('heading', { name: 'Pictures' }).waitFor();
    await section.getByText(/^\d+(\.\d)? kB of 500 MB used$/).waitFor();
    await section.getByText('1 of 1,000,000 uploads this hour').waitFor();
    expect(await section.getByRole('meter', { name: 'Space for your pictures' }).count()).toBe(1);
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      await section.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, `account-pictures-${viewport.width}`);
    }
    await context.close();
  });
});
