/**
 * Progression and My Ranks in Chromium (issue 9): XP from creating, publishing and playing moves
 * the header and the player page live, and 'Level Up!' pops in a second tab of the same person;
 * achievements unlock with a toast; a handle is chosen (taken, invalid, ok) and shows on the
 * public profile /u/{handle}; My Ranks lists created and played games in two tabs, with this
 * tab's just-created game shown even when the list fails, archive and delete.
 */
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import type { TestServer } from '../test/support/server';
import { browserAvailable, screenshot, useAppInBrowser } from './support/harness';
import {
  DESKTOP,
  MOBILE,
  newVisitor,
  nextVisitor,
  registerByApi,
  sawText,
  viewportScreenshot,
  type Visitor,
} from './support/web';

const ITEMS = ['Pancakes', 'Waffles', 'French toast'];

/** Polls until the expectation holds, for up to 10 s (live updates, refetches under load). */
function poll<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 10_000 });
}

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]', { hasText: text });
}

/** The celebration card (level-up, achievements), when it says `text`. */
function celebration(page: Page, text: string) {
  return page.getByTestId('celebration').filter({ hasText: text });
}

async function createByApi(
  page: Page,
  server: TestServer,
  prompt: string,
  extra: { publish?: boolean } = {},
): Promise<GameView> {
  const response = await page.request.post('/api/games', {
    data: { prompt, items: ITEMS, ...extra },
    headers: { origin: server.url },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { game: GameView }).game;
}

async function submitByApi(
  page: Page,
  server: TestServer,
  game: GameView,
  partial = false,
): Promise<void> {
  const response = await page.request.put(`/api/games/${game.id}/submission`, {
    data: { ranking: game.items.map((item) => item.id), ...(partial ? { partial } : {}) },
    headers: { origin: server.url },
  });
  expect(response.ok()).toBe(true);
}

async function setHandleByApi(page: Page, server: TestServer, handle: string): Promise<void> {
  const response = await page.request.put('/api/me/handle', {
    data: { handle },
    headers: { origin: server.url },
  });
  expect(response.ok()).toBe(true);
}

/** A full-page screenshot of the page itself: fonts in, toasts closed (with their close buttons). */
async function shot(page: Page, name: string): Promise<void> {
  await page.bringToFront();
  await page.evaluate(() => document.fonts.ready);
  const toasts = page.locator('[data-sonner-toast]:not([data-removed="true"])');
  while ((await toasts.count()) > 0) {
    await toasts
      .first()
      .getByRole('button', { name: /close/i })
      .click({ force: true, timeout: 2000 })
      .catch(() => undefined);
  }
  const card = page.getByTestId('celebration');
  if ((await card.count()) > 0) await card.getByRole('button', { name: 'Dismiss' }).click();
  await page.mouse.move(5, (page.viewportSize()?.height ?? 600) / 2);
  await poll(() => page.locator('[data-sonner-toast]').count()).toBe(0);
  await card.waitFor({ state: 'detached' });
  await screenshot(page, name);
}

describe.runIf(browserAvailable())('progression and My Ranks in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));
  // One browser context for the file: each person in turn (nextVisitor).
  let person!: Visitor;
  beforeAll(async () => {
    person = await newVisitor(browser, server);
  });

  it("moves the header and player page live, and pops 'Level Up!' and achievements in a second tab", async () => {
    const { context, page } = await nextVisitor(person, server);
    await registerByApi(page, server, 'Petra');
    const second = await context.newPage();
    await second.emulateMedia({ reducedMotion: 'reduce' });
    await second.goto('/player');
    await second.getByTestId('player-xp').waitFor();
    expect(await second.getByTestId('player-xp').innerText()).toBe('0 / 100 XP');
    expect(await second.getByTestId('achievement-first-play').getAttribute('data-unlocked')).toBe(
      'false',
    );

    // Tab one: create with Publish to Community on (+5, +20), then play it (+10).
    await page.goto('/create');
    await page.getByLabel('What are we ranking?').fill('Best breakfast');
    for (const [index, item] of ITEMS.entries()) {
      await page.getByLabel(`Item ${index + 1}`, { exact: true }).fill(item);
    }
    await page.getByRole('switch', { name: 'Publish to Community' }).click();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/play'));
    await poll(() => second.getByTestId('player-xp').innerText()).toBe('25 / 100 XP');
    await poll(() => sawText(second, 'Achievement unlocked: Publisher')).toBe(true);

    await page.getByRole('button', { name: 'Submit ranking' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/results'));
    await poll(() => second.getByTestId('player-xp').innerText()).toBe('35 / 100 XP');
    await poll(() => sawText(second, 'Achievement unlocked: First Play')).toBe(true);
    expect(await second.getByTestId('achievement-first-play').getAttribute('data-unlocked')).toBe(
      'true',
    );
    // The header has not levelled yet.
    expect(await second.getByTestId('level-button').innerText()).toMatch(/^Lv\. 1\s*0\s*crowns$/);

    // 13 more creates (+65) reach 100 XP: level 2, 5 crowns, in both tabs; 14 games: Collector.
    await second.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    for (let i = 1; i <= 13; i += 1) await createByApi(page, server, `Quick rank ${i}`);
    const levelUp = celebration(page, 'Level Up! You are now Level 2 🎉');
    await levelUp.waitFor({ timeout: 10_000 });
    await celebration(second, 'Level Up! You are now Level 2 🎉').waitFor({ timeout: 10_000 });
    // One card per level-up, not a toast: exactly one in each tab, with the level ring.
    expect(await celebration(second, 'Level Up!').count()).toBe(1);
    expect(await celebration(page, 'Level Up!').count()).toBe(1);
    expect(await toast(page, 'Level Up!').count()).toBe(0);
    expect(await levelUp.getByRole('img', { name: 'Level 2' }).count()).toBe(1);
    // Not modal: focus stays where it was, and it sits in a polite status region.
    expect(
      await page.evaluate(
        () => document.activeElement?.closest('[data-testid]')?.getAttribute('data-testid') ?? null,
      ),
    ).not.toBe('celebration');
    expect(await levelUp.evaluate((card) => card.parentElement?.getAttribute('role'))).toBe(
      'status',
    );
    await viewportScreenshot(page, 'celebration-level-up-1280');
    await second.bringToFront();
    await viewportScreenshot(second, 'celebration-level-up-second-1280');
    await page.bringToFront();
    // The Profile link of the card goes to /player (tab one was on results).
    await levelUp.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/player');
    await levelUp.waitFor({ state: 'detached' });
    await poll(() => sawText(second, 'Achievement unlocked: Collector')).toBe(true);
    await poll(() => second.getByTestId('level-button').innerText()).toMatch(
      /^Lv\. 2\s*5\s*crowns$/,
    );
    expect(await page.getByTestId('level-button').innerText()).toMatch(/^Lv\. 2\s*5\s*crowns$/);
    expect(await second.getByTestId('player-level').innerText()).toBe('Lv. 2');
    expect(await second.getByTestId('player-xp').innerText()).toBe('0 / 135 XP');
    expect(await second.getByTestId('stat-gamesCreated').innerText()).toMatch(/14$/);
    expect(await second.getByTestId('stat-totalXp').innerText()).toMatch(/100$/);
    expect(await second.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    // Recent activity: the last 10 awards, newest first.
    await poll(() => second.getByTestId('activity').locator('li').count()).toBe(10);
    expect(await second.getByTestId('activity').locator('li').first().innerText()).toMatch(
      /\+5 XP\s*Created Quick rank 13/,
    );
    // Unattended, the card leaves by itself (after about 10 s).
    await second.getByTestId('celebration').waitFor({ state: 'detached', timeout: 20_000 });
    // Never the e-mail address on the player page.
    expect(await second.locator('main').innerText()).not.toContain('@example.com');

    await shot(page, 'progression-player-1280');
    await page.setViewportSize(MOBILE);
    await shot(page, 'progression-player-375');

    // A reload (a new snapshot at the same level) announces nothing.
    await second.reload();
    await second.getByTestId('player-xp').waitFor();
    await second.waitForTimeout(1500);
    expect(await second.getByTestId('celebration').count()).toBe(0);
  });

  it('sets a handle (taken, invalid, ok) and shows the public profile /u/{handle}', async () => {
    const other = await nextVisitor(person, server);
    await registerByApi(other.page, server, 'Quinn');
    await setHandleByApi(other.page, server, 'queen_bee');

    const rosa = await nextVisitor(other, server);
    const { page } = rosa;
    await registerByApi(page, server, 'Rosa');
    await createByApi(page, server, 'Best fruit', { publish: true });
    await createByApi(page, server, 'Best pie (private)');
    await page.goto('/player');
    await page.getByRole('button', { name: 'Choose a handle' }).click();
    const input = page.getByLabel('Handle', { exact: true });
    const status = page.getByTestId('handle-status');
    expect(await status.getAttribute('aria-live')).toBe('polite');

    await input.fill('Queen_Bee');
    await poll(() => status.innerText()).toBe('@Queen_Bee is taken');
    await shot(page, 'progression-handle-taken-1280');
    await input.fill('9lives');
    await poll(() => status.innerText()).toBe(
      'Handle must be 3-20 chars, start with a letter, and use letters/numbers/_ only.',
    );
    // Saving anyway: the server refuses it with the same words.
    await page.getByRole('button', { name: 'Save' }).click();
    await poll(() => status.innerText()).toBe(
      'Handle must be 3-20 chars, start with a letter, and use letters/numbers/_ only.',
    );
    await input.fill('rosa_ranks');
    await poll(() => status.innerText()).toBe('@rosa_ranks is available');
    await page.setViewportSize(MOBILE);
    await shot(page, 'progression-handle-available-375');
    await page.setViewportSize(DESKTOP);
    await input.press('Enter');
    await page.getByTestId('player-handle').waitFor();
    expect(await page.getByTestId('player-handle').innerText()).toBe('@rosa_ranks');
    await toast(page, 'Your handle is now @rosa_ranks').waitFor();
    // Focus is back on the button that opened the editor.
    await poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(
      'Edit handle',
    );

    // The handle leads to the public profile.
    await page.getByTestId('player-handle').click();
    await page.waitForURL((url) => url.pathname === '/u/rosa_ranks');
    await page.getByRole('link', { name: 'Your profile' }).waitFor();

    // Anyone (signed out too) sees the public profile: level, crowns, achievements, ranks.
    const visitor = await nextVisitor(rosa, server, { viewport: MOBILE });
    await visitor.page.goto('/u/ROSA_RANKS');
    await visitor.page.getByTestId('public-handle').waitFor();
    expect(await visitor.page.getByTestId('public-handle').innerText()).toBe('@rosa_ranks');
    expect(await visitor.page.getByTestId('player-level').innerText()).toBe('Lv. 1');
    expect(
      await visitor.page.getByTestId('achievement-publisher').getAttribute('data-unlocked'),
    ).toBe('true');
    const ranks = visitor.page.getByTestId('published-ranks');
    await ranks.waitFor();
    expect(await ranks.innerText()).toContain('Best fruit');
    expect(await ranks.innerText()).not.toContain('Best pie');
    expect(await visitor.page.locator('main').innerText()).not.toContain('@example.com');
    await shot(visitor.page, 'progression-public-profile-375');
    await visitor.page.setViewportSize(DESKTOP);
    await shot(visitor.page, 'progression-public-profile-1280');

    await visitor.page.goto('/u/nobody_here');
    await visitor.page.getByRole('heading', { name: 'Player not found' }).waitFor();
    expect(await visitor.page.locator('main').innerText()).toContain('@nobody_here');
    await shot(visitor.page, 'progression-public-profile-404-1280');
  });

  it('lists created and played ranks in two tabs, with pending, archive and delete', async () => {
    const host = await nextVisitor(person, server);
    await registerByApi(host.page, server, 'Hana');
    const finished = await createByApi(host.page, server, 'Best board game');
    const halfway = await createByApi(host.page, server, 'Best card game');
    const listRequest = (url: URL) => url.pathname === '/api/me/games';

    const me: Visitor = await nextVisitor(host, server);
    const { page } = me;
    await registerByApi(page, server, 'Milo');
    await createByApi(page, server, 'Best pasta shape', { publish: true });
    const soupGame = await createByApi(page, server, 'Best soup');
    await submitByApi(page, server, finished);
    await submitByApi(page, server, halfway, true);

    // A game made in this tab shows at once even when the list fails, then once when it loads.
    await page.goto('/create');
    await page.getByLabel('What are we ranking?').fill('Best noodle');
    for (const [index, item] of ITEMS.entries()) {
      await page.getByLabel(`Item ${index + 1}`, { exact: true }).fill(item);
    }
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/play'));
    await page.route(listRequest, (route) => route.abort());
    await page.goto('/myranks');
    const created = page.getByTestId('created-card');
    await page.getByRole('alert').filter({ hasText: "Your ranks didn't load." }).waitFor();
    expect(await created.allInnerTexts()).toEqual([expect.stringContaining('Best noodle')]);
    await page.unroute(listRequest);
    await page.getByRole('button', { name: 'Retry' }).click();
    await poll(() => created.count()).toBe(3);
    expect(await created.locator('.my-card__title').allInnerTexts()).toEqual([
      'Best noodle',
      'Best soup',
      'Best pasta shape',
    ]);
    const pasta = created.filter({ hasText: 'Best pasta shape' });
    expect(await pasta.getByTestId('published-badge').count()).toBe(1);
    expect(await pasta.innerText()).toContain('Open');
    await shot(page, 'progression-myranks-created-1280');

    // Keyboard: the tabs are a real tablist; ArrowRight selects Played.
    const createdTab = page.getByRole('tab', { name: 'Created' });
    const playedTab = page.getByRole('tab', { name: 'Played' });
    expect(await createdTab.getAttribute('aria-selected')).toBe('true');
    await createdTab.focus();
    await page.keyboard.press('ArrowRight');
    await poll(() => playedTab.getAttribute('aria-selected')).toBe('true');
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Played');
    const played = page.getByTestId('played-card');
    await poll(() => played.count()).toBe(2);
    const card = played.filter({ hasText: 'Best card game' });
    expect(await card.innerText()).toContain('In progress');
    expect(await card.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe(
      `/g/${halfway.id}/play`,
    );
    const board = played.filter({ hasText: 'Best board game' });
    expect(await board.innerText()).toContain('Completed');
    expect(await board.getByRole('link', { name: 'See results' }).getAttribute('href')).toBe(
      `/g/${finished.id}/results`,
    );
    await shot(page, 'progression-myranks-played-1280');
    await page.setViewportSize(MOBILE);
    await shot(page, 'progression-myranks-played-375');
    await playedTab.focus();
    await page.keyboard.press('ArrowLeft');
    await poll(() => createdTab.getAttribute('aria-selected')).toBe('true');
    await poll(() => created.count()).toBe(3);
    await shot(page, 'progression-myranks-created-375');

    // The last card's actions are above the bottom navigation once scrolled to the end.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const lastDelete = created.last().getByRole('button', { name: 'Delete' });
    const navTop = await page
      .getByTestId('bottom-nav')
      .evaluate((nav) => nav.getBoundingClientRect().top);
    const deleteBox = await lastDelete.boundingBox();
    expect((deleteBox?.y ?? 0) + (deleteBox?.height ?? 0)).toBeLessThanOrEqual(navTop);
    await page.setViewportSize(DESKTOP);

    // Publish and unpublish from the card: the badge follows, the Community lists it.
    const noodle = created.filter({ hasText: 'Best noodle' });
    await noodle.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Published to Community').waitFor();
    await noodle.getByTestId('published-badge').waitFor();
    const listed = await page.request.get('/api/community?sort=new&q=noodle');
    expect(JSON.stringify(await listed.json())).toContain('Best noodle');
    await noodle.getByRole('button', { name: 'Unpublish' }).click();
    await toast(page, 'Removed from Community').waitFor();
    await noodle.getByTestId('published-badge').waitFor({ state: 'detached' });

    // Archive: gone from the list, found under Archived.
    const soup = created.filter({ hasText: 'Best soup' });
    await soup.getByRole('button', { name: 'Archive' }).click();
    await toast(page, 'Rank archived').waitFor();
    await poll(() => created.count()).toBe(2);
    const archivedFilter = page.getByRole('button', { name: 'Archived' });
    await archivedFilter.click();
    await poll(() => archivedFilter.getAttribute('aria-pressed')).toBe('true');
    await poll(() => created.count()).toBe(1);
    expect(await created.first().innerText()).toContain('Best soup');
    expect(await created.first().getByRole('button', { name: 'Unarchive' }).count()).toBe(1);

    // Delete, after a confirmation.
    await created.first().getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this rank?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('“Best soup”');
    await dialog.getByRole('button', { name: 'Delete rank' }).click();
    await toast(page, 'Rank deleted').waitFor();
    await page.getByRole('heading', { name: 'No archived ranks' }).waitFor();
    expect((await page.request.get(`/api/games/${soupGame.id}`)).status()).toBe(404);
  });

  it('pages the Created list 24 at a time with Load more', async () => {
    const { page } = await nextVisitor(person, server);
    await registerByApi(page, server, 'Pia');
    for (let i = 1; i <= 25; i += 1) await createByApi(page, server, `Rank number ${i}`);
    await page.goto('/myranks');
    const created = page.getByTestId('created-card');
    await poll(() => created.count()).toBe(24);
    expect(await created.first().innerText()).toContain('Rank number 25');
    await page.getByRole('button', { name: 'Load more' }).click();
    await poll(() => created.count()).toBe(25);
    expect(await created.last().innerText()).toContain('Rank number 1');
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
  });

  it('leads somewhere from empty lists', async () => {
    const { page } = await nextVisitor(person, server, { viewport: MOBILE });
    await registerByApi(page, server, 'Nell');
    await page.goto('/myranks');
    await page.getByRole('heading', { name: 'Your ranks will appear here' }).waitFor();
    expect(
      await page.getByRole('link', { name: 'Create your first rank' }).getAttribute('href'),
    ).toBe('/create');
    await shot(page, 'progression-myranks-empty-375');
    await page.getByRole('tab', { name: 'Played' }).click();
    await page.getByRole('heading', { name: 'Ranks you play will appear here' }).waitFor();
    expect(await page.getByRole('link', { name: 'Browse Community' }).getAttribute('href')).toBe(
      '/community',
    );
  });
});
