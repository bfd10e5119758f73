/**
 * Live rooms on players' phones (issue 27): a host's room made through the API, three phones
 * (375 × 812) joining (one by typing the code in lower case on /join, two by the room's link; a
 * taken nickname refused), three rounds played (a ranking by touch drag and by the keyboard, a
 * top 2 by taps, a tier list by tap and by keys), a phone reloaded mid-round, one taken off the
 * network and back, one whose clock reaches the deadline first, the reveal's agreement, points
 * and places as the server counts them, the end screen with each round's results. Screenshots of
 * each phase at 375 and 1280 px in /tmp/shots-hb/, axe on each phase.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import type { RoomView, RoomViewer } from '../src/domain/rooms';
import type { TestServer } from '../test/support/server';
import { auditAll } from './support/axe';
import { createGameByApi } from './support/games';
import { browserAvailable, useAppInBrowser } from './support/harness';
import { tabTo } from './support/keyboard';
import { touchDragOnto } from './support/touch';
import { DESKTOP, MOBILE, newVisitor, registerByApi, type Visitor } from './support/web';

const SHOTS = process.env.ROOM_SHOTS_DIR ?? '/tmp/shots-hb';
const FRUITS = ['Apple', 'Banana', 'Cherry', 'Date'];
const SNACKS = ['Crisps', 'Nuts', 'Popcorn', 'Pretzels', 'Olives'];
const CHEESES = ['Brie', 'Cheddar', 'Gouda', 'Stilton'];

type Room = RoomView & RoomViewer;

/** Full-page screenshots of a phone at 375 px and, for a moment, at 1280 px. */
async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(SHOTS, `${name}-375.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize(MOBILE);
}

async function labelsOnPage(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="rank-item"] .rank-row__label')
    .evaluateAll((labels) => labels.map((label) => label.textContent ?? ''));
}

/** The ballot the server holds for this phone's player, as item labels. */
async function ballotOf(page: Page, game: GameView): Promise<string[]> {
  const response = await page.request.get(`/api/games/${game.id}`);
  const body = (await response.json()) as {
    mySubmission: { ranking: string[]; partial: boolean } | null;
  };
  expect(body.mySubmission?.partial).toBe(false);
  const labels = new Map(game.items.map((item) => [item.id, item.label]));
  return (body.mySubmission?.ranking ?? []).map((id) => labels.get(id) ?? id);
}

/** The room as this person's session reads it (with their own part). */
async function roomOf(page: Page, code: string): Promise<Room> {
  const response = await page.request.get(`/api/rooms/${code}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { room: Room }).room;
}

// One room played through, step by step: a step retried alone would find the room moved on.
describe.runIf(browserAvailable())('live rooms on phones', { retry: 0 }, () => {
  let server!: TestServer;
  let browser!: Browser;
  useAppInBrowser((app) => ({ server, browser } = app));

  let host!: Visitor;
  let fruits!: GameView;
  let snacks!: GameView;
  let cheeses!: GameView;
  let code = '';
  let ana!: Visitor;
  let bo!: Visitor;
  let cy!: Visitor;
  const phones = () => [ana.page, bo.page, cy.page];

  async function act(action: string): Promise<Room> {
    const response = await host.page.request.post(`/api/rooms/${code}/${action}`, {
      headers: { origin: server.url },
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { room: Room }).room;
  }

  it('joins three phones: by the code typed on /join, and by the link', async () => {
    host = await newVisitor(browser, server);
    await registerByApi(host.page, server, 'Quizmaster');
    fruits = await createGameByApi(host.page, server, { prompt: 'Best fruit', items: FRUITS });
    snacks = await createGameByApi(host.page, server, {
      prompt: 'Best party snack',
      items: SNACKS,
      ballot: { kind: 'top', n: 2 },
    });
    cheeses = await createGameByApi(host.page, server, {
      prompt: 'Cheese tiers',
      items: CHEESES,
      ballot: { kind: 'tiers' },
    });
    const created = await host.page.request.post('/api/rooms', {
      data: { gameIds: [fruits.id, snacks.id, cheeses.id], roundSeconds: 300 },
      headers: { origin: server.url },
    });
    expect(created.status()).toBe(201);
    code = ((await created.json()) as { room: { code: string } }).room.code;

    ana = await newVisitor(browser, server, { viewport: MOBILE });
    bo = await newVisitor(browser, server, { viewport: MOBILE });
    cy = await newVisitor(browser, server, { viewport: MOBILE });

    // /join: the field has focus; a character no code has is named at once, with a look-alike.
    await ana.page.goto('/join');
    const field = ana.page.getByTestId('room-code');
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await field.getAttribute('autocapitalize')).toBe('characters');
    await ana.page.keyboard.type('o');
    await expect
      .poll(() => ana.page.getByTestId('join-problem').textContent())
      .toContain('Room codes never use “O”');
    expect(await ana.page.getByTestId('join-problem').textContent()).toContain('“D”');
    await field.fill('');
    // A code no room has: the server's words.
    await ana.page.keyboard.type('zzzzzz');
    await ana.page.keyboard.press('Enter');
    await expect
      .poll(() => ana.page.getByTestId('join-problem').textContent())
      .toBe('No room has this code');
    await field.fill('');
    // Before the lobby opens, the room's page says so and the server refuses the join.
    await ana.page.keyboard.type(`${code.slice(0, 3)}-${code.slice(3)}`.toLowerCase());
    await shots(ana.page, 'join-code');
    await ana.page.keyboard.press('Enter');
    await ana.page.waitForURL((url) => url.pathname === `/j/${code}`);
    await ana.page.getByTestId('room-not-open').waitFor();
    await ana.page.getByTestId('room-nickname').fill('Ana');
    await ana.page.getByTestId('join-room-button').click();
    await expect
      .poll(() => ana.page.getByTestId('join-error').textContent())
      .toContain('not open yet');
    await act('open');
    await ana.page.getByTestId('room-not-open').waitFor({ state: 'detached' });
    await shots(ana.page, 'join-nickname');
    await ana.page.getByTestId('join-room-button').click();
    await ana.page.getByTestId('room-lobby').waitFor();
    expect(await ana.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'You’re in as Ana',
    );

    // By the link: a taken nickname (any case) is refused with the server's sentence.
    await bo.page.goto(`/j/${code.toLowerCase()}`);
    await bo.page.getByTestId('room-nickname').fill('ANA');
    await bo.page.getByTestId('join-room-button').click();
    await expect
      .poll(() => bo.page.getByTestId('join-error').textContent())
      .toBe('Someone in this room already has this nickname: choose another');
    await bo.page.getByTestId('room-nickname').fill('Bo');
    await bo.page.keyboard.press('Enter');
    await bo.page.getByTestId('room-lobby').waitFor();

    await auditAll(cy.context, [
      { path: '/join', ready: '[data-testid="room-code"]' },
      { path: `/j/${code}`, ready: '[data-testid="room-nickname"]' },
      { path: '/j/ZZZZZZ', ready: 'text=No room has this code' },
    ]);
    await cy.page.goto(`/j/${code}`);
    await cy.page.getByTestId('room-nickname').fill('Cy');
    await cy.page.getByTestId('join-room-button').click();
    await cy.page.getByTestId('room-lobby').waitFor();

    // The lobby counts players live.
    await expect
      .poll(() => ana.page.getByTestId('room-player-count').textContent())
      .toBe('3 players in the room');
    await shots(ana.page, 'lobby');
    await auditAll(cy.context, [{ path: `/j/${code}`, ready: '[data-testid="room-lobby"]' }]);
  }, 300_000);

  it('plays round 1 by touch and by keyboard; a reloaded phone comes back into the round', async () => {
    await act('start');
    for (const page of phones()) await page.getByTestId('rank-list').waitFor();
    expect(await ana.page.getByRole('heading', { level: 1 }).textContent()).toBe('Best fruit');
    await expect
      .poll(() => ana.page.getByTestId('room-said').textContent())
      .toBe('Round 1 has started.');
    expect(await ana.page.locator('[role="timer"]').textContent()).toMatch(/^[45]:\d\d$/);

    // Ana: a finger drags Cherry to the top.
    await touchDragOnto(ana.page, 'Cherry', 'Apple');
    await expect.poll(() => labelsOnPage(ana.page)).toEqual(['Cherry', 'Apple', 'Banana', 'Date']);
    await shots(ana.page, 'round');
    await ana.page.getByTestId('submit-button').click();
    await ana.page.getByTestId('room-submitted').waitFor();
    expect(await ballotOf(ana.page, fruits)).toEqual(['Cherry', 'Apple', 'Banana', 'Date']);
    await shots(ana.page, 'submitted');

    // Bo: the keyboard alone, Cherry by a keyboard drag of its handle.
    await tabTo(bo.page, bo.page.getByRole('button', { name: 'Drag Cherry', exact: true }));
    for (const key of ['Space', 'ArrowUp', 'Space']) {
      await bo.page.keyboard.press(key);
      await bo.page.waitForTimeout(150); // a person's pace between key presses
    }
    await expect.poll(() => labelsOnPage(bo.page)).toEqual(['Apple', 'Cherry', 'Banana', 'Date']);
    await tabTo(bo.page, bo.page.getByTestId('submit-button'));
    await bo.page.keyboard.press('Enter');
    await bo.page.getByTestId('room-submitted').waitFor();
    expect(await ballotOf(bo.page, fruits)).toEqual(['Apple', 'Cherry', 'Banana', 'Date']);

    // Cy: the phone reloads mid-round and is back in the round, then submits the order as is.
    await auditAll(cy.context, [{ path: `/j/${code}`, ready: '[data-testid="rank-list"]' }]);
    await cy.page.reload();
    await cy.page.getByTestId('rank-list').waitFor();
    await cy.page.getByTestId('submit-button').click();
    await cy.page.getByTestId('room-submitted').waitFor();
    await auditAll(cy.context, [{ path: `/j/${code}`, ready: '[data-testid="room-submitted"]' }]);

    // Ana changes her mind before the time's up: the board comes back with her ballot.
    await ana.page.getByRole('button', { name: 'Change my ballot' }).click();
    await expect.poll(() => labelsOnPage(ana.page)).toEqual(['Cherry', 'Apple', 'Banana', 'Date']);
    await ana.page.getByRole('button', { name: 'Move Banana up' }).click();
    await ana.page.getByTestId('submit-button').click();
    await ana.page.getByTestId('room-submitted').waitFor();
    expect(await ballotOf(ana.page, fruits)).toEqual(['Cherry', 'Banana', 'Apple', 'Date']);
  }, 300_000);

  it("shows time's up, then each phone's agreement, points and place as the server counts them", async () => {
    await act('end-round');
    for (const page of phones()) await page.getByTestId('room-times-up').waitFor();
    expect(await ana.page.getByTestId('room-times-up').textContent()).toContain(
      'Your ballot is in.',
    );
    await act('reveal');
    for (const page of phones()) {
      await page.getByTestId('room-reveal').waitFor();
      const { me, podium } = await roomOf(page, code);
      expect(me?.lastRound).not.toBeNull();
      await expect
        .poll(() => page.getByTestId('room-agreement').textContent())
        .toBe(`You vs the crowd${Math.round(me?.lastRound?.agreement ?? -1)}%`);
      expect(await page.getByTestId('round-points').textContent()).toBe(
        me?.lastRound?.points.toLocaleString('en-US'),
      );
      expect(await page.getByTestId('total-points').textContent()).toBe(
        me?.points.toLocaleString('en-US'),
      );
      expect(await page.getByTestId('overall-place').textContent()).toMatch(
        new RegExp(`^${me?.place}(st|nd|rd|th) of 3$`),
      );
      expect(await page.getByTestId('room-podium').locator('li').count()).toBe(podium.length);
    }
    await expect
      .poll(() => ana.page.getByTestId('room-said').textContent())
      .toBe('The results are in.');
    await shots(ana.page, 'reveal');
    await auditAll(ana.context, [{ path: `/j/${code}`, ready: '[data-testid="room-reveal"]' }]);
  }, 300_000);

  it('plays a top 2 in round 2; one phone drops off and back, one sits it out', async () => {
    // Cy's phone runs on a clock the test moves: at zero its ballot closes by itself, before any
    // word from the host (a deadline passing sends no event).
    await cy.page.clock.install();
    await cy.page.reload();
    await cy.page.getByTestId('room-reveal').waitFor();
    // Bo's phone drops off the network while the host starts round 2: it says so, and back
    // online it comes into the round it missed the start of.
    await bo.context.setOffline(true);
    await expect.poll(() => bo.page.getByTestId('live-status').textContent()).toBe('Reconnecting…');
    await act('next');
    for (const page of [ana.page, cy.page]) await page.getByTestId('pick-count').waitFor();
    expect(await bo.page.getByTestId('room-reveal').count()).toBe(1);
    await bo.context.setOffline(false);
    await bo.page.getByTestId('pick-count').waitFor();
    await expect.poll(() => bo.page.getByTestId('live-status').textContent()).toBe('');
    await cy.page.clock.fastForward('05:01');
    await cy.page.getByTestId('room-times-up').waitFor();
    await expect.poll(() => cy.page.getByTestId('room-said').textContent()).toBe('Time’s up.');
    expect(await cy.page.getByTestId('room-times-up').textContent()).toContain(
      'You didn’t submit in time',
    );
    await shots(cy.page, 'times-up');
    for (const [page, picks] of [
      [ana.page, ['Popcorn', 'Nuts']],
      [bo.page, ['Popcorn', 'Crisps']],
    ] as const) {
      for (const label of picks) {
        await page.getByRole('button', { name: `Add ${label}`, exact: true }).click();
      }
      await page.getByRole('button', { name: 'Submit your top 2' }).click();
      await page.getByTestId('room-submitted').waitFor();
    }
    expect(await ballotOf(ana.page, snacks)).toEqual(['Popcorn', 'Nuts']);
    await act('end-round');
    await act('reveal');
    await cy.page.getByTestId('room-no-ballot').waitFor();
    await ana.page.getByTestId('round-points').waitFor();
  }, 300_000);

  it('plays a tier list in round 3, then shows the end with each round’s results', async () => {
    await act('next');
    for (const page of phones()) await page.getByText('Sort into tiers').waitFor();
    // Cy's phone, its clock five minutes ahead since round 2, counts the server's time all the same.
    expect(await cy.page.locator('[role="timer"]').textContent()).toMatch(/^[45]:\d\d$/);
    const chip = (page: Page, label: string) =>
      page.locator(
        `.tier-chip[data-item-id="${cheeses.items.find((item) => item.label === label)?.id}"]`,
      );
    // Ana by taps: Brie, then S in the bar.
    await chip(ana.page, 'Brie').click();
    await ana.page.getByRole('button', { name: 'Put Brie in S', exact: true }).first().click();
    await shots(ana.page, 'round-tiers');
    await ana.page.getByRole('button', { name: 'Submit tier list' }).click();
    await ana.page.getByTestId('room-submitted').waitFor();
    // Bo by keys: a number key puts Stilton in S.
    await chip(bo.page, 'Stilton').focus();
    await bo.page.keyboard.press('1');
    await tabTo(bo.page, bo.page.getByTestId('submit-button'));
    await bo.page.keyboard.press('Enter');
    await bo.page.getByTestId('room-submitted').waitFor();
    const tiersOf = async (page: Page) => {
      const response = await page.request.get(`/api/games/${cheeses.id}`);
      const body = (await response.json()) as { mySubmission: { tiers?: string[][] } | null };
      const labels = new Map(cheeses.items.map((item) => [item.id, item.label]));
      return body.mySubmission?.tiers?.map((tier) => tier.map((id) => labels.get(id)));
    };
    expect((await tiersOf(ana.page))?.[0]).toEqual(['Brie']);
    expect((await tiersOf(bo.page))?.[0]).toEqual(['Stilton']);
    await act('end-round');
    await act('reveal');
    for (const page of [ana.page, bo.page]) await page.getByTestId('round-points').waitFor();
    expect(await ana.page.getByTestId('room-reveal').textContent()).toContain(
      'That was the last round',
    );

    await act('close');
    for (const page of phones()) await page.getByTestId('room-closed').waitFor();
    const { me } = await roomOf(ana.page, code);
    expect(await ana.page.getByTestId('final-points').textContent()).toBe(
      me?.points.toLocaleString('en-US'),
    );
    expect(await ana.page.getByTestId('final-place').textContent()).toMatch(
      new RegExp(`^${me?.place}(st|nd|rd|th) of 3$`),
    );
    expect(await ana.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Thanks for playing!',
    );
    await shots(ana.page, 'closed');
    await auditAll(ana.context, [{ path: `/j/${code}`, ready: '[data-testid="room-closed"]' }]);
    // A link to each round's results, on the game's own results page.
    await ana.page.getByRole('link', { name: 'Round 1 results' }).click();
    await ana.page.waitForURL((url) => url.pathname === `/g/${fruits.id}/results`);
    await ana.page.goBack();
    await ana.page.getByRole('link', { name: 'Round 2 results' }).click();
    await ana.page.waitForURL((url) => url.pathname === `/g/${snacks.id}/results`);
    await ana.page.goBack();
    await ana.page.getByRole('link', { name: 'Round 3 results' }).click();
    await ana.page.waitForURL((url) => url.pathname === `/g/${cheeses.id}/results`);
  }, 300_000);
});
