/** Helpers for the account specs: accounts made through the /account form, alerts, sessions. */
import type { Page } from 'playwright-core';

/** Creates an account through the /account form; ends signed in, wherever the app went next. */
export async function registerThroughUi(
  page: Page,
  account: { name: string; email: string; password: string },
): Promise<void> {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Create account' }).first().click();
  await page.getByLabel('Display name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.locator('form').getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname !== '/account');
}

/** The message in the form's alert region, once there is one. */
export async function alertText(page: Page): Promise<string> {
  const alert = page.locator('.form-error[role="alert"]').filter({ hasText: /\S/ }).first();
  await alert.waitFor();
  return (await alert.textContent())?.trim() ?? '';
}

type SessionBody = { user?: { name: string; email: string; isAnonymous?: boolean | null } } | null;

/** The session as the server sees it for this browser. */
export async function sessionOf(page: Page): Promise<SessionBody> {
  const response = await page.request.get('/api/auth/get-session');
  return (await response.json()) as SessionBody;
}

/** Lets fonts load and toasts fade, so a screenshot shows the page itself. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.locator('[data-sonner-toast]').waitFor({ state: 'detached', timeout: 10_000 });
}
