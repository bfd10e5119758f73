/**
 * Offline play and create (issue 12) in a real browser set offline: a ranking submitted offline
 * is kept on the device, survives a reload, and is sent once the connection returns; the results
 * count it. One server, one browser.
 */
import type { Browser, Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { browserAvailable, useAppInBrowser } from './support/harness';
import {
  DESKTOP,
  MOBILE,
  newVisitor,
  registerByApi,
  viewportScreenshot,
  type Visitor,
} from './support/web';

const OFFLINE_GAME =
  "You're offline — your game is saved on this device and will be created when you're back";
const OFFLINE_RANKING =
  "You're offline — your ranking is saved on this device and will be sent when you're back";

async function createGameByApi(page: Page, server: TestServer, prompt: string): Promise<string> {
  const response = await page.request.post('/api/games', {
    data: { prompt, items: ['Chips', 'Nuts', 'Grapes'] },
    headers: { origin: server.url },
  });
  if (!response.ok()) throw new Error(`create failed: ${response.status()}`);
  return ((await response.json()) as { game: { id: string } }).game.id;
}

async function orderOnPage(page: Page): Promise<string[]> {
  return page
    .getByTestId('rank-item')
    .evaluateAll((rows) =>
      rows.map((row) => row.textContent?.match(/Chips|Nuts|Grapes/)?.[0] ?? ''),
    );
}

async function keptRanking(page: Page, gameId: string): Promise<unknown> {
  return page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown,
    `crowned.pendingRanking.${gameId}`,
  );
}

/** Shows the notice in the viewport and takes a screenshot at both widths. */
async function screenshotBoth(visitor: Visitor, name: string): Promise<void> {
  for (const [size, viewport] of [
    ['375', MOBILE],
    ['1280', DESKTOP],
  ] as const) {
    await visitor.page.setViewportSize(viewport);
    await visitor.page.getByTestId('offline-notice').scrollIntoViewIfNeeded();
    await viewportScreenshot(visitor.page, `${name}-${size}`);
  }
  await visitor.page.setViewportSize(MOBILE);
}

/** The element is on screen and nothing (the navigation, a sticky bar) lies over its middle. */
async function expectUncovered(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  if (!box || !viewport) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  expect(
    await target.evaluate(
      (element, point) => element.contains(document.elementFromPoint(point.x, point.y)),
      { x, y },
    ),
  ).toBe(true);
}

describe.runIf(browserAvailable())('offline in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  it('a ranking submitted offline is kept, survives a reload, is sent when back online', async () => {
    const owner = await newVisitor(browser, server);
    await owner.page.goto('/');
    await registerByApi(owner.page, server, 'Olive');
    const gameId = await createGameByApi(owner.page, server, 'Best offline snack');

    const player = await newVisitor(browser, server, { viewport: MOBILE });
    const { page, context } = player;
    await page.goto(`/g/${gameId}/play`);
    await page.getByTestId('rank-list').waitFor();
    await page.getByRole('button', { name: 'Move Grapes up' }).click();
    await page.getByRole('button', { name: 'Move Grapes up' }).click();
    await expect.poll(() => orderOnPage(page)).toEqual(['Grapes', 'Chips', 'Nuts']);
    await page.getByLabel(/Your name/).fill('Pat');

    // Offline: the page says so (no time is asserted: the machines are shared and noisy), and the
    // ranking is kept on the device.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Submit ranking' }).click();
    const notice = page.getByRole('status').filter({ hasText: OFFLINE_RANKING });
    await notice.waitFor();
    expect((await notice.textContent())?.trim()).toBe(OFFLINE_RANKING);
    await expect.poll(() => keptRanking(page, gameId)).toMatchObject({ name: 'Pat' });
    expect(await page.getByRole('button', { name: 'Submit ranking' }).isEnabled()).toBe(true);
    // Persistent, not a toast: still there a while later.
    await page.waitForTimeout(4_000);
    expect(await notice.isVisible()).toBe(true);
    await screenshotBoth(player, 'offline-play');

    // Back online but the submission cannot get through (a flaky network): it stays kept, and a
    // reload loses nothing: the notice, the order and the name are back.
    let blocked = 0;
    const block = (route: Route) => {
      blocked += 1;
      return route.abort('internetdisconnected');
    };
    await context.route(`**/api/games/${gameId}/submission`, block);
    await context.setOffline(false);
    await expect.poll(() => blocked, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.reload();
    await page.getByTestId('rank-list').waitFor();
    await notice.waitFor();
    expect(await orderOnPage(page)).toEqual(['Grapes', 'Chips', 'Nuts']);
    expect(await page.getByLabel(/Your name/).inputValue()).toBe('Pat');
    // The send tried on opening the page fails (retried a few times), and the copy is kept.
    const before = blocked;
    await expect.poll(() => blocked, { timeout: 10_000 }).toBeGreaterThan(before);
    await page.getByRole('button', { name: 'Submit ranking' }).waitFor({ timeout: 15_000 });
    expect(await keptRanking(page, gameId)).toMatchObject({ name: 'Pat' });
    expect(await notice.isVisible()).toBe(true);

    // The connection really returns: sent, confirmed, on to the results, the copy cleared.
    await context.unroute(`**/api/games/${gameId}/submission`, block);
    await context.setOffline(true);
    await context.setOffline(false);
    await page.waitForURL(new RegExp(`/g/${gameId}/results$`), { timeout: 15_000 });
    await page.getByText('Your ranking was sent.').waitFor();
    await expect.poll(() => page.getByTestId('submission-count').textContent()).toMatch(/^1\b/);
    expect(await keptRanking(page, gameId)).toBeNull();
    const consensus = await page
      .getByTestId('result-item')
      .evaluateAll((rows) => rows.map((row) => row.textContent?.match(/Chips|Nuts|Grapes/)?.[0]));
    expect(consensus).toEqual(['Grapes', 'Chips', 'Nuts']);
    await context.close();
    await owner.context.close();
  });

  it('a game created offline is kept as a draft and created once when back online', async () => {
    const creator = await newVisitor(browser, server, { viewport: MOBILE });
    const { page, context } = creator;
    await page.goto('/');
    await registerByApi(page, server, 'Cora');
    await page.goto('/create');
    await page.getByTestId('level-button').waitFor();
    await page.getByLabel('What are we ranking?').fill('Best rainy day snack');
    await page.getByLabel('Item 1', { exact: true }).fill('Soup');
    await page.getByLabel('Item 2', { exact: true }).fill('Toast');
    await page.getByLabel('Item 3', { exact: true }).fill('Cocoa');

    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/games') {
        posts += 1;
      }
    });
    await context.setOffline(true);
    // Offline, the button says what pressing it will do.
    const createLater = page.getByRole('button', { name: 'Create when back online' });
    await createLater.waitFor();
    await createLater.click();
    const notice = page.getByRole('status').filter({ hasText: OFFLINE_GAME });
    await notice.waitFor();
    expect((await notice.textContent())?.trim()).toBe(OFFLINE_GAME);
    await expectUncovered(page, notice);
    expect(page.url()).toMatch(/\/create$/);
    const draft = () =>
      page.evaluate(() => JSON.parse(sessionStorage.getItem('crowned.pendingStart') ?? 'null'));
    expect(await draft()).toMatchObject({ prompt: 'Best rainy day snack', pressed: true });
    await page.waitForTimeout(3_000);
    expect(await notice.isVisible()).toBe(true);
    await screenshotBoth(creator, 'offline-create');

    // Back online: created once, then on to its play page as a normal create does.
    await context.setOffline(false);
    await page.waitForURL(/\/g\/[A-Za-z0-9]{10}\/play$/, { timeout: 15_000 });
    await page.getByText('Your rank is live!').waitFor();
    await page.getByTestId('rank-list').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Best rainy day snack',
    );
    expect(await draft()).toBeNull();
    // One more 'online' event creates nothing more.
    await context.setOffline(true);
    await context.setOffline(false);
    await page.waitForTimeout(500);
    expect(posts).toBe(1);
    const mine = await page.request.get('/api/me/games');
    const { games } = (await mine.json()) as { games: { title: string }[] };
    expect(games.filter((game) => game.title === 'Best rainy day snack')).toHaveLength(1);
    await context.close();
  });

  it('a reload offline still shows the signed-in account, marked offline, and creates later', async () => {
    const creator = await newVisitor(browser, server, {
      viewport: MOBILE,
      serviceWorkers: 'allow',
    });
    const { page, context } = creator;
    await page.goto('/');
    await registerByApi(page, server, 'Odile');
    await page.goto('/create');
    await page.getByTestId('level-button').waitFor();
    // The service worker in control, so the app itself opens without network.
    await page.evaluate(async () => navigator.serviceWorker.ready);
    await page.reload();
    await page.getByTestId('level-button').waitFor();
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('crowned.lastSession') ?? 'null')),
    ).toMatchObject({ name: 'Odile' });

    await context.setOffline(true);
    await page.reload();
    const account = page.getByTestId('offline-account');
    await account.waitFor();
    expect(await account.innerText()).toMatch(/Odile\s*offline/);
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    await page.getByLabel('What are we ranking?').fill('Best offline board game');
    await page.getByLabel('Item 1', { exact: true }).fill('Chess');
    await page.getByLabel('Item 2', { exact: true }).fill('Go');
    await page.getByLabel('Item 3', { exact: true }).fill('Hex');
    await page.getByRole('button', { name: 'Create when back online' }).click();
    const notice = page.getByRole('status').filter({ hasText: OFFLINE_GAME });
    await notice.waitFor();
    // Not sent to sign in: the remembered account is the one that creates once back.
    expect(new URL(page.url()).pathname).toBe('/create');
    await expectUncovered(page, notice);
    await page.evaluate(() => document.fonts.ready);
    await viewportScreenshot(page, 'offline-signed-in-create-375');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe('rgb(18, 11, 38)');
    await viewportScreenshot(page, 'offline-signed-in-create-dark-375');
    await page.setViewportSize(DESKTOP);
    await expectUncovered(page, notice);
    await viewportScreenshot(page, 'offline-signed-in-create-dark-1280');
    await page.emulateMedia({ colorScheme: 'light' });
    await viewportScreenshot(page, 'offline-signed-in-create-1280');

    // Back online: the server confirms the session, and the game is created.
    await context.setOffline(false);
    await page.waitForURL(/\/g\/[A-Za-z0-9]{10}\/play$/, { timeout: 15_000 });
    await page.getByTestId('level-button').waitFor();
    expect(await account.count()).toBe(0);
    await context.close();
  });

  it('a network that lets nothing through (the browser thinks it is online) signs no one out', async () => {
    const { page, context } = await newVisitor(browser, server, { viewport: MOBILE });
    await page.goto('/');
    await registerByApi(page, server, 'Lior');
    await page.goto('/create');
    await page.getByTestId('level-button').waitFor();
    // No request to the server gets an answer (the session's read among them, the profile's too);
    // navigator.onLine stays true.
    const api = '**/api/**';
    await context.route(api, (route) => route.abort('internetdisconnected'));
    await page.reload();
    const account = page.getByTestId('offline-account');
    await account.waitFor();
    expect(await account.innerText()).toMatch(/Lior\s*offline/);
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    // Answered again: the account as the server knows it, not forgotten meanwhile.
    await context.unroute(api);
    await page.reload();
    await page.getByTestId('level-button').waitFor();
    expect(await account.count()).toBe(0);
    await context.close();
  });

  it('results say "Reconnecting…" while offline, and catch up when back online', async () => {
    const owner = await newVisitor(browser, server, { viewport: MOBILE });
    await owner.page.goto('/');
    await registerByApi(owner.page, server, 'Remy');
    const gameId = await createGameByApi(owner.page, server, 'Best rainy day film');
    const { page, context } = owner;
    await page.goto(`/g/${gameId}/results`);
    const count = page.getByTestId('submission-count');
    await expect.poll(() => count.textContent()).toMatch(/^0\b/);
    const live = page.getByTestId('live-status');
    await expect.poll(() => live.textContent()).toContain('Live');

    await context.setOffline(true);
    const reconnecting = page.getByRole('status').filter({ hasText: 'Reconnecting…' });
    await reconnecting.waitFor({ timeout: 5_000 });
    await viewportScreenshot(page, 'offline-results-375');
    await page.setViewportSize(DESKTOP);
    await viewportScreenshot(page, 'offline-results-1280');

    // Meanwhile another person ranks it.
    const player = await newVisitor(browser, server);
    await player.page.goto(`/g/${gameId}/play`);
    await player.page.getByTestId('rank-list').waitFor();
    await player.page.getByRole('button', { name: 'Submit ranking' }).click();
    await player.page.waitForURL(new RegExp(`/g/${gameId}/results$`));
    await page.waitForTimeout(1_000);
    expect(await count.textContent()).toMatch(/^0\b/);
    expect(await reconnecting.isVisible()).toBe(true);

    // Back online: the stream reconnects, the page catches up, the message goes.
    await context.setOffline(false);
    await expect.poll(() => count.textContent(), { timeout: 10_000 }).toMatch(/^1\b/);
    await reconnecting.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => live.textContent()).toContain('Live');
    expect(await page.getByTestId('result-item').count()).toBe(3);
    await player.context.close();
    await context.close();
  });
});
