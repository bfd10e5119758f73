/**
 * Results beyond the crowd's order, in a real browser: the head-to-head matrix by keyboard, the
 * owner's downloads, sharing without a share sheet (the link is copied), and remixing a game.
 */
import { copyFile, readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
} from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import type { TestServer } from '../test/support/server';
import {
  browserAvailable,
  newApiPerson,
  screenshot,
  SCREENSHOT_DIR,
  useAppInBrowser,
} from './support/harness';
import {
  DESKTOP,
  MOBILE,
  newVisitor,
  PASSWORD,
  registerByApi,
  viewportScreenshot,
  visitorsInTurn,
  type Visitor,
} from './support/web';

const ITEMS = ['Mushrooms', 'Pineapple', 'Anchovies', 'Olives', 'Basil'];
const PASTA = ['Rigatoni', 'Penne', 'Fusilli', 'Farfalle', 'Spaghetti'];

/** Polls until the expectation holds, for up to 10 s (live updates, refetches under load). */
function poll<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 10_000 });
}

describe.runIf(browserAvailable())('results extras in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  /** People who are never on screen together, one after another in one browser context. */
  const inTurn = visitorsInTurn(() => ({ server, browser }));

  async function api<T>(
    request: APIRequestContext,
    method: 'POST' | 'PUT',
    url: string,
    data: unknown,
  ) {
    const response = await request.fetch(url, {
      method,
      data,
      headers: { origin: server.url },
    });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as T;
  }

  /**
   * Each owner's one browser: every game of theirs opens in a new tab of it (a new browser
   * context with its first page load costs Chromium about four loads in a known one).
   */
  const owners: Record<string, Promise<BrowserContext>> = {};

  /**
   * An owner (`name`) with a game of `items` that one guest per order in `orders` ranked, in a
   * new tab of the owner's browser: close the tab, not the context.
   */
  async function rankedGame(
    viewport: { width: number; height: number },
    name: string,
    prompt: string,
    items: readonly string[],
    orders: readonly (readonly string[])[],
  ): Promise<Visitor & { game: GameView }> {
    owners[name] ??= (async () => {
      const first = await newVisitor(browser, server);
      await registerByApi(first.page, server, name);
      return first.context;
    })();
    const context = await owners[name];
    const owner = { context, page: await context.newPage() };
    await owner.page.setViewportSize(viewport);
    await owner.page.emulateMedia({ reducedMotion: 'reduce' });
    const { game } = await api<{ game: GameView }>(owner.page.request, 'POST', '/api/games', {
      prompt,
      items,
    });
    const id = (label: string) => game.items.find((item) => item.label === label)?.id ?? '';
    for (const order of orders) {
      // A guest who only speaks to the API: no browser needed.
      const guest = await request.newContext({ baseURL: server.url });
      await api(guest, 'POST', '/api/auth/sign-in/anonymous', {});
      await api(guest, 'PUT', `/api/games/${game.id}/submission`, { ranking: order.map(id) });
      await guest.dispose();
    }
    return { ...owner, game };
  }

  /** An owner with a game that guests ranked (Mushrooms wins most duels). */
  function playedGame(viewport = DESKTOP): Promise<Visitor & { game: GameView }> {
    return rankedGame(viewport, 'Olive', 'Best pizza topping', ITEMS, [
      ['Mushrooms', 'Basil', 'Olives', 'Anchovies', 'Pineapple'],
      ['Basil', 'Mushrooms', 'Olives', 'Pineapple', 'Anchovies'],
      ['Mushrooms', 'Olives', 'Basil', 'Anchovies', 'Pineapple'],
      ['Pineapple', 'Mushrooms', 'Basil', 'Olives', 'Anchovies'],
    ]);
  }

  it('opens the head-to-head matrix and moves through it with the keyboard', async () => {
    const owner = await playedGame();
    const { page } = owner;
    await page.goto(`/g/${owner.game.id}/results`);
    await page.getByTestId('result-item').first().waitFor();
    const toggle = page.getByRole('button', { name: 'Head to head' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const grid = page.getByRole('grid');
    await grid.waitFor();
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await focused()).toMatch(/^\d+%Mushrooms over \w+: \d+% of 4 players$/);
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toContain('against itself');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toMatch(/over .*: \d+% of 4 players/);
    await page.keyboard.press('End');
    await screenshot(page, 'results-h2h-1280');
    await page.setViewportSize(MOBILE);
    // The matrix scrolls inside its box; the page itself never gets wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(MOBILE.width);
    await screenshot(page, 'results-h2h-375');
    await owner.page.close();
  });

  it('lets the owner download the ballots as CSV', async () => {
    const owner = await playedGame();
    const { page } = owner;
    await page.goto(`/g/${owner.game.id}/results`);
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Download results' });
    await dialog.waitFor();
    await screenshot(page, 'results-download-1280');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: /Ballots \(CSV\)/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('best-pizza-topping-ballots.csv');
    const text = await readFile((await download.path()) ?? '', 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('name,submitted_at,1,2,3,4,5');
    expect(lines).toHaveLength(5);
    await owner.page.close();
  });

  it('copies the link where there is no share sheet, and remixes into a game of your own', async () => {
    const owner = await playedGame();
    const visitor = await inTurn({ viewport: MOBILE });
    await visitor.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: server.url,
    });
    await registerByApi(visitor.page, server, 'Remy');
    const { page } = visitor;
    // Someone who has not played sees the invitation to rank, with Share and Remix.
    await page.goto(`/g/${owner.game.id}/results`);
    await page.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Link copied').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${server.url}/share/g/${owner.game.id}`,
    );
    await screenshot(page, 'results-remix-375');
    await page.getByRole('button', { name: 'Remix' }).click();
    await page.waitForURL(
      (url) => /^\/g\/[^/]+\/results$/.test(url.pathname) && !url.pathname.includes(owner.game.id),
    );
    await page.getByTestId('owner-panel').waitFor();
    await page.getByText('Remixed from').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Best pizza topping' }).waitFor();
    await page.getByRole('link', { name: 'the original rank' }).click();
    await page.waitForURL((url) => url.pathname === `/g/${owner.game.id}/results`);
    await owner.page.close();
  });

  it('reveals the winners last to first once the players rule unlocks them, once, and a tap skips', async () => {
    // The owner only calls the API.
    const owner = await newApiPerson(server);
    await registerByApi(owner, server, 'Rhea');
    const { game } = await api<{ game: GameView }>(owner, 'POST', '/api/games', {
      prompt: 'Best season',
      items: ['Spring', 'Summer', 'Autumn', 'Winter'],
      sizeLimit: 2,
    });
    const ranking = game.items.map((item) => item.id);
    const players = [];
    for (const viewport of [MOBILE, DESKTOP]) {
      const player = await newVisitor(browser, server, {
        viewport,
        reducedMotion: 'no-preference',
      });
      await api(player.page.request, 'POST', '/api/auth/sign-in/anonymous', {});
      await api(player.page.request, 'PUT', `/api/games/${game.id}/submission`, { ranking });
      players.push(player);
    }
    const [first, second] = players as [Visitor, Visitor];

    // The reveal plays: the top places start hidden and appear, the winner last.
    await first.page.goto(`/g/${game.id}/results`);
    await first.page.getByText('And the crowd’s favourite is…').waitFor();
    const hidden = first.page.getByTestId('result-hidden');
    expect(await hidden.count()).toBeGreaterThan(1);
    await screenshot(first.page, 'results-reveal-375');
    await hidden.first().waitFor({ state: 'detached', timeout: 10_000 });
    await first.page.getByText('Spring wears the crown').waitFor();
    expect(await first.page.getByTestId('result-item').count()).toBe(4);
    // Once per viewer: back on the page, everything shows at once.
    await first.page.reload();
    await first.page.getByTestId('result-item').first().waitFor();
    expect(await hidden.count()).toBe(0);

    // A tap on the list skips it.
    await second.page.goto(`/g/${game.id}/results`);
    await second.page.getByTestId('result-hidden').first().waitFor();
    await second.page.locator('.result-list').click();
    await second.page.getByText('Spring wears the crown').waitFor();
    expect(await second.page.getByTestId('result-hidden').count()).toBe(0);
    await Promise.all([owner.dispose(), ...[first, second].map((v) => v.context.close())]);
  });

  it('tells the first player the crown is theirs for now, and a second one who they agree with', async () => {
    const owner = await inTurn({ viewport: MOBILE });
    await registerByApi(owner.page, server, 'Una');
    const { game } = await api<{ game: GameView }>(owner.page.request, 'POST', '/api/games', {
      prompt: 'Best river',
      items: ['Nile', 'Danube', 'Amazon'],
    });
    const ranking = game.items.map((item) => item.id);
    await api(owner.page.request, 'PUT', `/api/games/${game.id}/submission`, { ranking });
    const { page } = owner;
    await page.goto(`/g/${game.id}/results`);
    const card = page.getByTestId('you-vs-crowd');
    await card.getByText('You’re the first — the crown is yours until someone disagrees').waitFor();
    expect(await card.textContent()).toContain('Your #1, Nile, leads until more rankings come in.');
    expect(await page.getByText(/with the crowd|wears the crown/).count()).toBe(0);
    await screenshot(page, 'results-first-player-375');

    const other = await newApiPerson(server);
    await api(other, 'POST', '/api/auth/sign-in/anonymous', {});
    await api(other, 'PUT', `/api/games/${game.id}/submission`, { ranking });
    await page.setViewportSize(DESKTOP);
    await page.reload();
    await card.getByText('You agree 100% with the other player').waitFor();
    await page.getByText('Nile wears the crown for now').waitFor();
    await screenshot(page, 'results-second-player-1280');
    await other.dispose();
  });

  it('makes a picture of my own ranking to share (downloaded where there is no share sheet)', async () => {
    const owner = await playedGame();
    const player = await inTurn({ viewport: MOBILE });
    await api(player.page.request, 'POST', '/api/auth/sign-in/anonymous', {});
    const order = [...owner.game.items].reverse().map((item) => item.id);
    await api(player.page.request, 'PUT', `/api/games/${owner.game.id}/submission`, {
      ranking: order,
    });
    await player.page.goto(`/g/${owner.game.id}/results`);
    const [download] = await Promise.all([
      player.page.waitForEvent('download'),
      player.page.getByRole('button', { name: 'Share my ranking' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`my-ranking-${owner.game.slug}.png`);
    const file = (await download.path()) ?? '';
    const png = await readFile(file);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 1350]);
    await copyFile(file, path.join(SCREENSHOT_DIR, 'my-ranking-picture.png'));
    await screenshot(player.page, 'results-mine-375');
    await owner.page.close();
  });

  it('switches counting methods by keyboard, says who else wins, and compares you with the crowd', async () => {
    const owner = await inTurn();
    await registerByApi(owner.page, server, 'Hana');
    const { game } = await api<{ game: GameView }>(owner.page.request, 'POST', '/api/games', {
      prompt: 'Best hot drink',
      items: ['Coffee', 'Cocoa', 'Tea'],
    });
    const id = (label: string) => game.items.find((item) => item.label === label)?.id ?? '';
    // Tea beats both head to head (3 to 2) with one first place: instant runoff crowns Coffee.
    const ballots: [string, string[]][] = [
      ['Ann', ['Coffee', 'Tea', 'Cocoa']],
      ['Bob', ['Coffee', 'Tea', 'Cocoa']],
      ['Cid', ['Cocoa', 'Tea', 'Coffee']],
      ['Dee', ['Cocoa', 'Tea', 'Coffee']],
      ['Eve', ['Tea', 'Coffee', 'Cocoa']],
    ];
    // The players rank through the API; Ann looks at her results in the browser later.
    const accounts = [];
    for (const [name, order] of ballots) {
      const player = await newApiPerson(server);
      accounts.push(await registerByApi(player, server, name));
      await api(player, 'PUT', `/api/games/${game.id}/submission`, { ranking: order.map(id) });
      await player.dispose();
    }
    const { page } = owner;
    const firstRow = () => page.getByTestId('result-item').first().locator('.result-row__label');
    await page.goto(`/g/${game.id}/results`);
    await page.getByTestId('result-item').first().waitFor();
    expect(await firstRow().textContent()).toContain('Tea');
    const average = page.getByRole('radio', { name: 'Average position' });
    expect(await average.isChecked()).toBe(true);
    await average.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('radio', { name: 'Instant runoff' }).isChecked()).toBe(true);
    await page.waitForURL((url) => url.searchParams.get('method') === 'irv');
    await poll(async () => (await firstRow().textContent()) ?? '').toContain('Coffee');
    expect(await page.getByTestId('method-explanation').textContent()).toContain(
      'fewest first places drops out',
    );
    expect(await page.getByTestId('method-banner').textContent()).toBe(
      'Instant runoff crowns Coffee',
    );
    expect(await page.getByTestId('method-disagreement').textContent()).toBe(
      'The methods disagree: Coffee by instant runoff; Tea by average position, by Borda count and head to head.',
    );
    await screenshot(page, 'results-methods-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'results-methods-375');
    await page.reload();
    await poll(async () => (await firstRow().textContent()) ?? '').toContain('Coffee');

    // Ann sees where she differs from the crowd and who ranked like her.
    const ann = await inTurn({ viewport: MOBILE });
    await api(ann.page.request, 'POST', '/api/auth/sign-in/email', {
      email: accounts[0]!.email,
      password: PASSWORD,
    });
    await ann.page.goto(`/g/${game.id}/results`);
    await ann.page.getByTestId('my-difference').waitFor();
    expect(await ann.page.getByTestId('my-difference').textContent()).toBe(
      'You put Tea 2nd; the crowd put it 1st.',
    );
    await ann.page.getByTestId('my-closest').waitFor();
    expect(await ann.page.getByTestId('my-closest').textContent()).toBe(
      'Ranked most like you: Bob (100% the same)',
    );
    await ann.page.getByTestId('insight-divisive').waitFor();
    await screenshot(ann.page, 'results-you-375');
  });

  /**
   * Issue 24's pasta game: two players put Rigatoni first, a third puts it last. Penne has the
   * best average position (and Borda points); Rigatoni beats every item head to head and wins
   * the runoff.
   */
  function pastaGame(viewport = DESKTOP): Promise<Visitor & { game: GameView }> {
    const last = [...PASTA.slice(1), 'Rigatoni'];
    return rankedGame(viewport, 'Paola', 'Best pasta shape', PASTA, [PASTA, PASTA, last]);
  }

  it('names one winner under each method: hero, banner and row 1 agree, and says where methods differ', async () => {
    const owner = await pastaGame();
    const { page } = owner;
    await page.goto(`/g/${owner.game.id}/results`);
    await page.getByTestId('result-item').first().waitFor();
    const firstRow = page.getByTestId('result-item').first();
    const verdict = async () => ({
      hero: await page.getByTestId('crown-hero-title').textContent(),
      banner: await page.getByTestId('method-banner').textContent(),
      first: await firstRow.locator('bdi').textContent(),
      place: await firstRow.getAttribute('data-place'),
    });
    const expected = [
      ['Average position', 'Penne', /^Avg\. position 1\.7 · 33% first$/],
      ['Borda count', 'Penne', /^10 points$/],
      ['Schulze', 'Rigatoni', /^Beats 4 · loses to 0 head to head$/],
      ['Instant runoff', 'Rigatoni', /^Wins in round 5 with 3 ballots$/],
    ] as const;
    for (const [method, winner, evidence] of expected) {
      await page.getByRole('radio', { name: method }).check();
      await poll(verdict).toEqual({
        hero: `${winner} wears the crown`,
        banner: `${method} crowns ${winner}`,
        first: winner,
        place: '1',
      });
      expect(await firstRow.getByTestId('row-evidence').textContent()).toMatch(evidence);
      const split = await page.getByTestId('method-disagreement').textContent();
      expect(split).toMatch(/^The methods disagree: /);
      expect(split).toContain('Penne by average position');
      expect(split).toContain('Rigatoni head to head');
      // The runoff's rounds show under instant runoff only.
      expect(await page.getByTestId('irv-rounds').count()).toBe(
        method === 'Instant runoff' ? 1 : 0,
      );
    }
    // Under instant runoff: five rounds, Spaghetti out first; three never-chosen items share 3rd.
    const rounds = page.getByTestId('irv-round');
    expect(await rounds.count()).toBe(5);
    expect(await rounds.first().textContent()).toMatch(/^Round 1Rigatoni.*Spaghettiout0 ballots$/);
    expect(
      await page
        .getByTestId('result-item')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-place'))),
    ).toEqual(['1', '2', '=3', '=3', '=3']);
    await screenshot(page, 'results-irv-1280');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'results-irv-375');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.getByTestId('irv-rounds').scrollIntoViewIfNeeded();
    await viewportScreenshot(page, 'results-irv-rounds-375-dark');
    await page.evaluate(() => window.scrollTo(0, 0));
    await viewportScreenshot(page, 'results-irv-375-dark');
    // Schulze's strongest paths, on demand.
    await page.getByRole('radio', { name: 'Schulze' }).check();
    await firstRow.getByText('Strongest paths').click();
    await firstRow.getByText('Beats Penne: 2 to 0').waitFor();
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'results-schulze-1280-dark');
    await owner.page.close();
  });

  it('puts the results first for the owner on a phone, and folds the owner tools', async () => {
    const owner = await pastaGame(MOBILE);
    const { page } = owner;
    await page.goto(`/g/${owner.game.id}/results`);
    const firstRow = page.getByTestId('result-item').first();
    await firstRow.waitFor();
    await page.getByTestId('method-banner').waitFor();
    await page.evaluate(async () => {
      await document.fonts.ready;
      window.scrollTo(0, 0);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    // All of the first row shows on the first screen, above the bottom bar.
    const box = await firstRow.boundingBox();
    const bar = await page.getByTestId('bottom-nav').boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(bar?.y ?? MOBILE.height);
    // The tools come after the results, open at first; folded, they stay folded.
    const panel = page.getByTestId('owner-panel');
    const toggle = panel.getByRole('button', { name: 'Your rank' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(
      await page.evaluate(() => {
        const list = document.querySelector('.result-list');
        const tools = document.querySelector('[data-testid="owner-panel"]');
        return Boolean(list && tools && list.compareDocumentPosition(tools) & 4);
      }),
    ).toBe(true);
    await screenshot(page, 'results-owner-375');
    await viewportScreenshot(page, 'results-owner-first-screen-375');
    await toggle.click();
    await panel.getByTestId('share-link').waitFor({ state: 'hidden' });
    await page.reload();
    await panel.getByRole('button', { name: 'Your rank', expanded: false }).waitFor();
    expect(await panel.getByTestId('share-link').isVisible()).toBe(false);
    await screenshot(page, 'results-owner-folded-375');
    await toggle.click();
    await panel.getByTestId('share-link').waitFor();
    await owner.page.close();
  });

  it('embeds a live results card in another site’s page', async () => {
    const owner = await playedGame();
    const host = await inTurn({ viewport: MOBILE });
    // Someone else's site, on another origin (a server of its own on this machine).
    const blog = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(
        `<h1>My blog</h1><iframe title="Crowned results" src="${server.url}/embed/g/${owner.game.id}" width="360" height="440"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
    const { port } = blog.address() as AddressInfo;
    await host.page.goto(`http://127.0.0.1:${port}/`);
    const frame = host.page.frameLocator('iframe');
    await frame.getByRole('heading', { name: 'Best pizza topping' }).waitFor();
    expect(await frame.locator('li').count()).toBe(5);
    expect(await frame.locator('[data-meta]').textContent()).toBe('4 players · live');
    await screenshot(host.page, 'embed-in-page-375');
    // A new ranking shows up in the card by itself.
    const player = await newApiPerson(server);
    await api(player, 'POST', '/api/auth/sign-in/anonymous', {});
    await api(player, 'PUT', `/api/games/${owner.game.id}/submission`, {
      ranking: owner.game.items.map((item) => item.id),
    });
    await expect
      .poll(() => frame.locator('[data-meta]').textContent(), { timeout: 20_000 })
      .toBe('5 players · live');
    await host.page.setViewportSize(DESKTOP);
    await host.page.goto(`/embed/g/${owner.game.id}`);
    await screenshot(host.page, 'embed-1280');
    await Promise.all([owner.page.close(), player.dispose()]);
    blog.close();
  });
});
