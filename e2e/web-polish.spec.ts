/**
 * The fixes of issue 14's list that are not tied to one screen: toasts that cover nothing and read
 * at 4.5:1, confetti only for a win, onboarding buttons that stay put, long results lists that
 * show the top ten with "Show all" and a search, and right-to-left text aligned right.
 */
import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import type { TestServer } from '../test/support/server';
import { browserAvailable, screenshot, useAppInBrowser } from './support/harness';
import { DESKTOP, MOBILE, newVisitor, registerByApi, viewportScreenshot } from './support/web';

/** WCAG contrast of two `rgb(...)` colours, as the page computes them. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, bl = 0] = (color.match(/[\d.]+/g) ?? []).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe.runIf(browserAvailable())('web polish in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  async function post<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
    const response = await request.post(url, { data, headers: { origin: server.url } });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as T;
  }

  const toastCases = [
    { viewport: MOBILE, theme: 'light' },
    { viewport: DESKTOP, theme: 'light' },
    { viewport: MOBILE, theme: 'dark' },
  ] as const;
  for (const { viewport, theme } of toastCases) {
    it(`puts toasts above the navigation, clear of the title, readable (${viewport.width} px, ${theme})`, async () => {
      const { page, context } = await newVisitor(browser, server, { viewport });
      await page.emulateMedia({ colorScheme: theme });
      await page.goto('/g/pizza-demo/results');
      const title = page.locator('.game-head__title');
      await title.waitFor();
      await page.getByRole('button', { name: /copy link/i }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Link copied' });
      await toast.waitFor();
      await page.waitForTimeout(500); // its entrance animation
      const box = (await toast.boundingBox())!;
      const nav = (await page.locator('.bottom-nav').boundingBox())!;
      const heading = (await title.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(nav.y);
      expect(box.y).toBeGreaterThan(heading.y + heading.height);
      const colours = await toast.evaluate((element) => {
        const style = getComputedStyle(element);
        return { fg: style.color, bg: style.backgroundColor };
      });
      expect(contrast(colours.fg, colours.bg)).toBeGreaterThanOrEqual(4.5);
      await viewportScreenshot(page, `polish-toast-${viewport.width}-${theme}`);
      await context.close();
    });
  }

  /** Whether canvas-confetti drew on the page within a second and a half of loading. */
  async function confettiOn(page: Page, path: string): Promise<boolean> {
    await page.goto(path);
    await page.waitForTimeout(1500);
    return (await page.locator('body > canvas').count()) > 0;
  }

  it('plays confetti only for a win, on a canvas hidden from assistive technology', async () => {
    const { page, context } = await newVisitor(browser, server, {
      reducedMotion: 'no-preference',
    });
    // Nothing to celebrate on arrival, on Not found or behind a sign-in wall (issue 24 item 13).
    expect(await confettiOn(page, '/')).toBe(false);
    expect(await confettiOn(page, '/no/such/page')).toBe(false);
    await page.getByRole('heading', { name: 'Not found' }).waitFor();
    expect(await confettiOn(page, '/admin')).toBe(false);
    // A submitted ranking is a win.
    await page.goto('/g/pizza-demo/play');
    await page.getByTestId('rank-list').waitFor();
    await page.getByRole('button', { name: 'Submit ranking' }).click();
    const canvas = page.locator('body > canvas');
    await canvas.first().waitFor({ state: 'attached', timeout: 5000 });
    expect(await canvas.first().getAttribute('aria-hidden')).toBe('true');
    // Gone once the burst is over.
    await canvas.first().waitFor({ state: 'detached', timeout: 10_000 });
    await context.close();
  });

  it('keeps the onboarding buttons in place on every slide at 375 px', async () => {
    const { page, context } = await newVisitor(browser, server, {
      viewport: MOBILE,
      onboarded: false,
    });
    await page.goto('/');
    const dialog = page.getByTestId('onboarding');
    await dialog.waitFor();
    const places = async () =>
      Promise.all(
        ['Skip', 'Back', /^(Next|Get started)$/].map(async (name) => {
          const box = (await dialog.getByRole('button', { name }).boundingBox())!;
          return [Math.round(box.x), Math.round(box.y), Math.round(box.width)];
        }),
      );
    // Measured once the dialog's entrance has finished.
    await dialog.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)),
    );
    const first = await places();
    await dialog.getByRole('button', { name: 'Next' }).click();
    expect(JSON.stringify(await places())).toBe(JSON.stringify(first));
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Get started' }).waitFor();
    expect(JSON.stringify(await places())).toBe(JSON.stringify(first));
    await viewportScreenshot(page, 'polish-onboarding-last-375');
    await context.close();
  });

  it('shows the top ten of a long results list, then all of it, and finds an item', async () => {
    const owner = await newVisitor(browser, server, { viewport: MOBILE });
    await registerByApi(owner.page, server, 'Lena');
    const labels = Array.from({ length: 40 }, (_, i) => `Flavour ${i + 1}`);
    labels[33] = 'פיסטוק'; // right to left
    const { game } = await post<{ game: GameView }>(owner.page.request, '/api/games', {
      prompt: 'Forty ice cream flavours',
      items: labels,
    });
    const response = await owner.page.request.put(`/api/games/${game.id}/submission`, {
      data: { ranking: game.items.map((item) => item.id) },
      headers: { origin: server.url },
    });
    expect(response.ok()).toBe(true);

    const { page } = owner;
    await page.goto(`/g/${game.id}/results`);
    const rows = page.getByTestId('result-item');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(10);
    await viewportScreenshot(page, 'polish-results-top-375');

    const search = page.getByRole('searchbox', { name: 'Find an item in the results' });
    await search.fill('flavour 3');
    await page.getByText('10 items match.').waitFor();
    expect(await rows.count()).toBe(10); // 3 and 30–39 but not 34 (now in Hebrew)
    await search.fill('פיסט');
    await expect.poll(() => rows.count()).toBe(1);
    const hebrew = rows.first();
    expect(await hebrew.locator('.result-row__rank').innerText()).toBe('34');
    // Right-to-left text runs right to left: its first letter is at the right of its box.
    const direction = await hebrew
      .locator('bdi')
      .evaluate((element) => getComputedStyle(element).direction);
    expect(direction).toBe('rtl');
    await search.fill('');

    await page.getByRole('button', { name: 'Show all 40 items' }).click();
    expect(await rows.count()).toBe(40);
    await screenshot(page, 'polish-results-all-375');
    await owner.context.close();
  });
});
