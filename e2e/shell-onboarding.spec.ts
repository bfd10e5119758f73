/**
 * The onboarding dialog (SPEC §2 Shell): three slides with Skip, Back, Next, Get started and
 * Try demo; keyboard operable (Escape is Skip); shown until the onboarded flag is stored, on the
 * home and community pages only (a shared game link plays first).
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { browserAvailable, screenshot, useAppInBrowser } from './support/harness';
import { DESKTOP, MOBILE, newVisitor } from './support/web';

const flag = (page: Page) => page.evaluate(() => localStorage.getItem('crowned.onboarded'));

describe.runIf(browserAvailable())('onboarding dialog', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  it('walks through the 3 slides with Next and Back, and Get started stores the flag', async () => {
    const { context, page } = await newVisitor(browser, server, { onboarded: false });
    await page.goto('/');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const title = () => dialog.getByRole('heading').textContent();
    expect(await title()).toBe('Create & Share');
    expect(await dialog.getByRole('button', { name: 'Back' }).isDisabled()).toBe(true);
    // The dialog is named by its slide's title and described by its text.
    expect(await page.getByRole('dialog', { name: 'Create & Share' }).count()).toBe(1);

    await dialog.getByRole('button', { name: 'Next' }).click();
    expect(await title()).toBe('Drag & Drop');
    await dialog.getByRole('button', { name: 'Back' }).click();
    expect(await title()).toBe('Create & Share');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    expect(await title()).toBe('Show Results');
    expect(await dialog.getByRole('button', { name: 'Next' }).count()).toBe(0);
    expect(await flag(page)).toBeNull();

    await dialog.getByRole('button', { name: 'Get started' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await flag(page)).toBe('1');

    // Never again on this device.
    await page.reload();
    await page.getByRole('heading', { name: 'Community', exact: true }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.goto('/community');
    await page.getByRole('heading', { name: 'Community', exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('works from the keyboard: focus starts on Next, Enter moves on, Escape skips', async () => {
    const { context, page } = await newVisitor(browser, server, { onboarded: false });
    await page.goto('/community');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    expect(await focused()).toBe('Next');
    await page.keyboard.press('Enter');
    expect(await dialog.getByRole('heading').textContent()).toBe('Drag & Drop');
    expect(await focused()).toBe('Next');
    await page.keyboard.press('ArrowLeft');
    expect(await dialog.getByRole('heading').textContent()).toBe('Create & Share');
    await page.keyboard.press('ArrowRight');
    expect(await dialog.getByRole('heading').textContent()).toBe('Drag & Drop');
    // Focus stays inside the dialog.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await flag(page)).toBe('1');
    await context.close();
  });

  it('Skip closes it for good', async () => {
    const { context, page } = await newVisitor(browser, server, { onboarded: false });
    await page.goto('/');
    await page.getByRole('dialog').getByRole('button', { name: 'Skip' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await flag(page)).toBe('1');
    await page.reload();
    await page.getByRole('heading', { name: 'Community', exact: true }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('Try demo opens the pizza demo and stores the flag', async () => {
    const { context, page } = await newVisitor(browser, server, { onboarded: false });
    await page.goto('/');
    await page.getByRole('dialog').getByRole('link', { name: 'Try demo' }).click();
    await page.waitForURL((url) => url.pathname === '/g/pizza-demo/play');
    await page.getByTestId('rank-list').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await flag(page)).toBe('1');
    await context.close();
  });

  it('lets someone who opens a shared game play first, and greets them on the home page later', async () => {
    const { context, page } = await newVisitor(browser, server, { onboarded: false });
    await page.goto('/share/g/pizza-demo');
    await page.waitForURL((url) => url.pathname === '/g/pizza-demo/play');
    await page.getByTestId('rank-list').waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('link', { name: 'Crowned home' }).click();
    await page.getByRole('dialog', { name: 'Create & Share' }).waitFor();
    await context.close();
  });

  it('looks right at 375 px and 1280 px', async () => {
    for (const [viewport, name] of [
      [MOBILE, 'onboarding-375'],
      [DESKTOP, 'onboarding-1280'],
    ] as const) {
      const { context, page } = await newVisitor(browser, server, { viewport, onboarded: false });
      await page.goto('/');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await screenshot(page, name);
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.getByRole('button', { name: 'Next' }).click();
      await screenshot(page, `${name}-last`);
      await context.close();
    }
  });
});
