/**
 * The Community in Chromium (issue 8): publishing from the create screen puts a rank on / under
 * New; a second person plays and likes it and Popular reorders; the rank page's counts move live;
 * the builder; unpublishing from the owner panel removes it; report -> an admin hides it -> gone;
 * keyboard-only like and tab switching; screenshots at 375 and 1280 px.
 */
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityRank } from '../src/server/db/schema/community';
import { user } from '../src/server/db/schema/auth';
import { startTestServer, type TestServer } from '../test/support/server';
import {
  browserAvailable,
  launchBrowser,
  screenshot,
  SCREENSHOT_DIR,
  WEB_ROOT,
} from './support/harness';
import {
  DESKTOP,
  MOBILE,
  goInApp,
  newVisitor,
  registerByApi,
  uniqueEmail,
  PASSWORD,
  viewportScreenshot,
  type Visitor,
  confirmAdminClaimByMail,
  visitorsInTurn,
} from './support/web';

const ADMIN_EMAIL = uniqueEmail('community-admin');
const PIZZA = 'Best pizza topping';
const PIZZA_ITEMS = ['Pepperoni', 'Mushroom', 'Pineapple', 'Olives'];
const BREAKFAST = 'Best breakfast';

type GameBody = { game: { id: string; communityRankId: string | null; isPublic: boolean } };

const card = (page: Page, title: string) =>
  page.getByTestId('rank-card').filter({ has: page.getByRole('link', { name: title }) });
const cardTitles = (page: Page) =>
  page.locator('[data-testid="rank-card"] .rank-card__title').allTextContents();
const tab = (page: Page, name: 'New' | 'Popular') => page.getByRole('tab', { name });

/** Presses Tab until the focused element matches (keyboard only, as a person would). */
async function tabTo(page: Page, matches: string, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(
      (selector) => document.activeElement?.matches(selector),
      matches,
    );
    if (found) return;
  }
  throw new Error(`Tab never reached ${matches}`);
}

/** Creates a published game through the API from this signed-in page. */
async function publishedGame(
  page: Page,
  server: TestServer,
  prompt: string,
  items: string[],
): Promise<GameBody['game']> {
  const response = await page.request.post('/api/games', {
    data: { prompt, items, publish: true },
    headers: { origin: server.url },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as GameBody).game;
}

/** Screenshots `path` at both widths, opened inside the app the page has loaded. */
async function shoot(page: Page, path: string, name: string, ready: string): Promise<void> {
  await goInApp(page, path);
  for (const [viewport, suffix] of [
    [MOBILE, '375'],
    [DESKTOP, '1280'],
  ] as const) {
    await page.setViewportSize(viewport);
    await page
      .locator(ready)
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(async (error: unknown) => {
        await screenshot(page, `${name}-${suffix}-failed`);
        throw error;
      });
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(200);
    await screenshot(page, `${name}-${suffix}`);
  }
  await page.setViewportSize(DESKTOP);
}

describe.runIf(browserAvailable())('community in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let alice: Visitor;
  let bob: Visitor;
  let pizza: GameBody['game'];
  let breakfast: GameBody['game'];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer('pglite', { webRoot: WEB_ROOT, env: { ADMIN_EMAILS: ADMIN_EMAIL } }),
      launchBrowser(),
    ]);
    alice = await newVisitor(browser, server);
    bob = await newVisitor(browser, server);
    await registerByApi(alice.page, server, 'Alice');
    await registerByApi(bob.page, server, 'Bob');
  });
  /** Visitors who are never on screen together (Alice and Bob keep theirs), in one context. */
  const inTurn = visitorsInTurn(() => ({ server, browser }));
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('publishes from the create screen: the rank is on / under New', async () => {
    const { page } = alice;
    await page.goto('/');
    await page.getByRole('heading', { name: 'No community ranks yet' }).waitFor();
    await screenshot(page, 'community-empty-1280');

    await goInApp(page, '/create');
    await page.getByLabel('What are we ranking?').fill(PIZZA);
    const inputs = page.locator('.item-rows input');
    for (const [i, item] of PIZZA_ITEMS.entries()) {
      if (i >= 3) await page.getByRole('button', { name: 'Add item' }).click();
      await inputs.nth(i).fill(item);
    }
    await page.getByRole('switch', { name: 'Publish to Community' }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/g\/[^/]+\/play$/);
    const gameId = new URL(page.url()).pathname.split('/')[2] ?? '';
    const read = await page.request.get(`/api/games/${gameId}`);
    pizza = ((await read.json()) as GameBody).game;
    expect(pizza.isPublic).toBe(true);

    breakfast = await publishedGame(page, server, BREAKFAST, ['Pancakes', 'Waffles', 'Eggs']);

    await page.goto('/');
    await card(page, BREAKFAST).waitFor();
    expect(await tab(page, 'New').getAttribute('aria-selected')).toBe('true');
    // New: the newest first.
    expect((await cardTitles(page)).slice(0, 2)).toEqual([BREAKFAST, PIZZA]);
    const pizzaCard = card(page, PIZZA);
    expect(await pizzaCard.textContent()).toContain('4 items');
    expect(await pizzaCard.locator('.rank-card__items li').allTextContents()).toEqual([
      '1Pepperoni',
      '2Mushroom',
      '3Pineapple',
    ]);
    expect(await pizzaCard.textContent()).toContain('by Alice');
  });

  it('a second person plays and likes it; Popular reorders; the rank page is live', async () => {
    const { page } = bob;
    await page.goto('/?sort=popular');
    await card(page, PIZZA).waitFor();
    // Nobody played yet: the newest leads Popular too.
    expect((await cardTitles(page)).slice(0, 2)).toEqual([BREAKFAST, PIZZA]);

    await card(page, PIZZA)
      .getByRole('link', { name: `Play ${PIZZA}` })
      .click();
    await page.waitForURL(/\/play$/);
    await page.getByRole('button', { name: 'Submit ranking' }).click();
    await page.waitForURL(/\/results$/);

    await page.goto('/?sort=popular');
    await card(page, PIZZA).waitFor();
    await expect
      .poll(() => cardTitles(page).then((t) => t.slice(0, 2)))
      .toEqual([PIZZA, BREAKFAST]);
    expect(await card(page, PIZZA).getByTestId('play-count').textContent()).toBe('1 play');

    const like = card(page, PIZZA).getByTestId('like-button');
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => like.getByTestId('like-count').textContent()).toBe('1');
    await page.reload();
    await expect
      .poll(() => card(page, PIZZA).getByTestId('like-button').getAttribute('aria-pressed'))
      .toBe('true');

    // The rank page: Bob played, so he sees the crowd's results; Alice's like shows up live.
    await page.goto(`/r/${pizza.communityRankId}`);
    await page.getByRole('heading', { name: PIZZA, level: 1 }).waitFor();
    await page.getByTestId('results-preview').waitFor();
    const likeCount = page.getByTestId('like-count');
    expect(await likeCount.textContent()).toBe('1');
    await page.waitForTimeout(300); // the live stream is open
    const liked = await alice.page.request.put(`/api/community/${pizza.communityRankId}/like`, {
      data: { liked: true },
      headers: { origin: server.url },
    });
    expect(liked.ok()).toBe(true);
    await expect.poll(() => likeCount.textContent(), { timeout: 10_000 }).toBe('2');
  });

  it('asks visitors to sign in to like; a player who has not played sees "Play to see results"', async () => {
    const visitor = await inTurn();
    await visitor.page.goto('/');
    await card(visitor.page, PIZZA).getByTestId('like-button').click();
    const toast = visitor.page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Sign in to like ranks' });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Sign in' }).click();
    await visitor.page.waitForURL((url) => url.pathname === '/account');

    await registerByApi(visitor.page, server, 'Carol');
    await visitor.page.goto(`/r/${breakfast.communityRankId}`);
    await visitor.page.getByTestId('results-locked').waitFor();
    expect(await visitor.page.getByTestId('results-locked').textContent()).toContain(
      'Play to see results',
    );
  });

  it('opens a card title for a signed-out visitor as a read-only preview, results locked, with Play', async () => {
    const visitor = await inTurn({ viewport: MOBILE });
    const { page } = visitor;
    await page.goto('/');
    await card(page, PIZZA).getByRole('link', { name: PIZZA, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/r/${pizza.communityRankId}`);
    await page.getByRole('heading', { level: 1, name: PIZZA }).waitFor();
    // No sign-in wall; the contenders are there, the crowd's results stay behind a play.
    expect(new URL(page.url()).pathname).toBe(`/r/${pizza.communityRankId}`);
    const contenders = page.getByRole('list').filter({ hasText: 'Pineapple' }).first();
    expect(await contenders.innerText()).toContain('Pepperoni');
    await page.getByTestId('results-locked').waitFor();
    expect(await page.getByTestId('results-preview').count()).toBe(0);
    // Nothing private: no address, no report or manage buttons.
    const main = await page.locator('main').innerText();
    expect(main).not.toContain('@example.com');
    expect(await page.getByRole('button', { name: /report/i }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /manage/i }).count()).toBe(0);
    await page.evaluate(() => document.fonts.ready);
    await viewportScreenshot(page, 'community-rank-visitor-375');
    await page.setViewportSize(DESKTOP);
    await viewportScreenshot(page, 'community-rank-visitor-1280');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe('rgb(18, 11, 38)');
    await viewportScreenshot(page, 'community-rank-visitor-dark-1280');
    await page.setViewportSize(MOBILE);
    await viewportScreenshot(page, 'community-rank-visitor-dark-375');
    // The call to play leads to the game, open to visitors.
    await page.getByTestId('results-locked').getByRole('link', { name: 'Play now' }).click();
    await page.waitForURL((url) => url.pathname === `/g/${pizza.id}/play`);
  });

  it('likes and switches tabs with the keyboard only', async () => {
    const { page } = bob;
    await page.goto('/');
    await card(page, BREAKFAST).waitFor();
    await tabTo(page, '[role="tab"]');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('New');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tab(page, 'Popular').getAttribute('aria-selected')).toBe('true');
    await tab(page, 'Popular').scrollIntoViewIfNeeded();
    await viewportScreenshot(page, 'community-keyboard-tab-focus-1280');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Popular');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'popular');
    await expect.poll(() => cardTitles(page).then((t) => t[0])).toBe(PIZZA);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => tab(page, 'New').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => cardTitles(page).then((t) => t[0])).toBe(BREAKFAST);

    // The first like button in New is Breakfast's.
    await tabTo(page, '[data-testid="like-button"]');
    const like = card(page, BREAKFAST).getByTestId('like-button');
    expect(await like.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    await viewportScreenshot(page, 'community-keyboard-like-focus-1280');
    await page.keyboard.press('Space');
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => like.getByTestId('like-count').textContent()).toBe('0');
  });

  it('searches and filters by tag through the URL', async () => {
    const { page } = bob;
    await page.goto('/');
    await card(page, PIZZA).waitFor();
    await page.getByRole('searchbox', { name: 'Search ranks' }).fill('waffles');
    await page.waitForURL((url) => url.searchParams.get('q') === 'waffles');
    await expect.poll(() => cardTitles(page)).toEqual([BREAKFAST]);
    await page.getByRole('searchbox', { name: 'Search ranks' }).fill('zzzznothing');
    await page.getByRole('heading', { name: 'No matches' }).waitFor();
    await page.setViewportSize(MOBILE);
    await page.getByRole('heading', { name: 'No matches' }).scrollIntoViewIfNeeded();
    await viewportScreenshot(page, 'community-no-matches-375');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Clear search' }).last().click();
    await card(page, PIZZA).waitFor();
  });

  it('builds a community rank: checks, then creates and publishes it', async () => {
    const { page } = bob;
    // Found from /create and from the Community list (issue 24 item 9).
    await goInApp(page, '/create');
    const fromCreate = page.getByRole('link', { name: 'build a community rank from a list' });
    expect(await fromCreate.getAttribute('href')).toBe('/builder');
    await goInApp(page, '/community');
    await page.getByRole('link', { name: 'Build a community rank from it' }).click();
    await page.waitForURL((url) => url.pathname === '/builder');
    await page.getByRole('heading', { name: 'Rank builder' }).waitFor();
    // Greyed but pressable (as on /create): it says what is missing.
    await page.getByRole('button', { name: 'Create and publish' }).focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Need a title and at least 3 items' })
      .waitFor();

    await page.getByLabel('Title').fill('Greatest board game');
    const inputs = page.locator('.item-rows input');
    for (const [i, item] of ['Chess', 'Go', 'Catan'].entries()) await inputs.nth(i).fill(item);
    await page.getByRole('button', { name: 'Use 🎮' }).click();
    const tags = page.getByLabel('Tags (optional)');
    await tags.fill('Games');
    await tags.press('Enter');
    await tags.fill('strategy');
    await tags.press('Enter');
    expect(await page.getByRole('list', { name: 'Chosen tags' }).textContent()).toContain('#games');
    await screenshot(page, 'community-builder-filled-1280');
    await page.getByRole('button', { name: 'Create and publish' }).click();
    await page.waitForURL(/\/r\/[^/]+$/);
    await page.getByRole('heading', { name: 'Greatest board game', level: 1 }).waitFor();
    expect(await page.getByRole('list', { name: 'Tags' }).textContent()).toBe('#games#strategy');

    await page.goto('/?tag=games');
    await expect.poll(() => cardTitles(page)).toEqual(['Greatest board game']);
    expect(await page.getByRole('button', { name: '#games' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('unpublishes from the owner panel: the rank leaves the list', async () => {
    const { page } = alice;
    await page.goto(`/g/${pizza.id}/results`);
    const publish = page.getByTestId('publish-button');
    await expect.poll(() => publish.textContent()).toContain('Unpublish');
    await page
      .getByTestId('owner-panel')
      .screenshot({ path: `${SCREENSHOT_DIR}/community-owner-panel-1280.png` });
    await publish.click();
    await expect.poll(() => publish.textContent()).toContain('Publish to Community');
    await page.goto('/');
    await card(page, BREAKFAST).waitFor();
    expect(await card(page, PIZZA).count()).toBe(0);
    // And back: publishing again re-lists the same rank.
    await page.goto(`/g/${pizza.id}/results`);
    await page.getByTestId('publish-button').click();
    await page.getByRole('link', { name: 'View on Community' }).waitFor();
    await page.goto('/');
    await card(page, PIZZA).waitFor();
  });

  it('report -> an admin hides it -> gone from the list, and its page says removed', async () => {
    const { page } = bob;
    await page.goto('/community-cop');
    const breakfastCard = card(page, BREAKFAST);
    await breakfastCard.getByRole('button', { name: `Report ${BREAKFAST}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this rank' });
    await dialog.getByLabel('Offensive').check();
    await dialog.getByLabel('Note (optional)').fill('Not nice');
    await page.setViewportSize(MOBILE);
    await viewportScreenshot(page, 'community-report-dialog-375');
    await page.setViewportSize(DESKTOP);
    await dialog.getByRole('button', { name: 'Report', exact: true }).click();
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'a moderator will take a look' })
      .waitFor();
    expect(await dialog.count()).toBe(0);

    const admin = await inTurn();
    const signUp = await admin.page.request.post('/api/auth/sign-up/email', {
      data: { name: 'Mod', email: ADMIN_EMAIL, password: PASSWORD },
      headers: { origin: server.url },
    });
    const { user: who } = (await signUp.json()) as { user: { id: string } };
    await server.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, who.id));
    const claim = admin.page.waitForResponse((r) => r.url().endsWith('/api/me/admin-claim'));
    await admin.page.goto('/community-cop');
    expect(await (await claim).json()).toMatchObject({ pending: true, sentTo: ADMIN_EMAIL });
    // The role comes with the mailed link, opened in this session (decision 0028).
    await confirmAdminClaimByMail(admin.page, server, ADMIN_EMAIL);
    await admin.page.goto('/community-cop');
    await admin.page.getByRole('heading', { name: 'Report queue' }).waitFor();
    const queue = admin.page.getByTestId('report-queue');
    await queue.waitFor();
    expect(await queue.textContent()).toContain(BREAKFAST);
    expect(await queue.textContent()).toContain('Not nice');
    await expect
      .poll(() => card(admin.page, BREAKFAST).getByTestId('reports-badge').textContent())
      .toBe('1 report');
    await shoot(
      admin.page,
      '/community-cop',
      'community-cop-admin',
      '[data-testid="report-queue"]',
    );

    await card(admin.page, BREAKFAST)
      .getByRole('button', { name: `Hide ${BREAKFAST}` })
      .click();
    await card(admin.page, BREAKFAST).getByTestId('hidden-badge').waitFor();
    await card(admin.page, BREAKFAST)
      .getByRole('button', { name: `Restore ${BREAKFAST}` })
      .waitFor();

    await page.goto('/');
    await card(page, PIZZA).waitFor();
    expect(await card(page, BREAKFAST).count()).toBe(0);
    await page.goto(`/r/${breakfast.communityRankId}`);
    await page.getByRole('heading', { name: 'Rank removed' }).waitFor();
    await goInApp(page, '/r/no-such-rank');
    await page.getByRole('heading', { name: 'Community rank not found' }).waitFor();
  });

  it('screenshots at 375 and 1280 px', async () => {
    const { page } = bob;
    await shoot(page, '/', 'community-home', '[data-testid="rank-card"]');
    await shoot(page, '/community?sort=popular', 'community-list', '[data-testid="rank-card"]');
    await shoot(
      page,
      `/r/${pizza.communityRankId}`,
      'community-rank',
      '[data-testid="results-preview"]',
    );
    await shoot(page, '/builder', 'community-builder', 'form');
    await shoot(page, '/community-cop', 'community-cop', '[data-testid="rank-card"]');
  });

  it('shows 50 ranks a page and loads more', async () => {
    const old = Date.now() - 86_400_000;
    await server.database.db.insert(communityRank).values(
      Array.from({ length: 52 }, (_, i) => ({
        id: `bulk-${i}`,
        title: `Bulk rank ${i}`,
        items: ['One', 'Two', 'Three'],
        creatorName: 'Loader',
        tags: ['bulk'],
        createdAt: new Date(old + i * 1000),
      })),
    );
    const { page } = bob;
    await page.goto('/?tag=bulk');
    await expect.poll(() => page.getByTestId('rank-card').count()).toBe(50);
    expect((await cardTitles(page))[0]).toBe('Bulk rank 51');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => page.getByTestId('rank-card').count()).toBe(52);
    expect((await cardTitles(page)).at(-1)).toBe('Bulk rank 0');
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });

  it('shows skeletons while loading, and an error with Retry', async () => {
    const visitor = await inTurn();
    // Down until the error shows (the client retries transient failures by itself first).
    let down = true;
    await visitor.page.route(/\/api\/community\?/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      if (down) await route.fulfill({ status: 503, body: 'down' });
      else await route.continue();
    });
    await visitor.page.goto('/community');
    await visitor.page.getByTestId('rank-skeletons').waitFor();
    const error = visitor.page
      .getByRole('alert')
      .filter({ hasText: "We couldn't load the Community." });
    await error.waitFor({ timeout: 20_000 });
    down = false;
    await error.getByRole('button', { name: 'Retry' }).click();
    await card(visitor.page, PIZZA).waitFor();
  });

  it('only warns when publishing fails during create', async () => {
    const { page } = alice;
    await page.route(/\/api\/games$/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({
        response,
        json: { ...body, publishError: 'Need at least 3 items to publish' },
      });
    });
    await goInApp(page, '/create');
    await page.getByLabel('What are we ranking?').fill('Best season');
    const inputs = page.locator('.item-rows input');
    for (const [i, item] of ['Spring', 'Summer', 'Autumn'].entries())
      await inputs.nth(i).fill(item);
    await page.getByRole('switch', { name: 'Publish to Community' }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/g\/[^/]+\/play$/);
    await page
      .locator('[data-sonner-toast]')
      .filter({ hasText: 'Your rank is not on the Community yet' })
      .waitFor();
    await page.unroute(/\/api\/games$/);
  });
});
