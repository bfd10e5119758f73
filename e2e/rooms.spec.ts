/**
 * A live room played through in real browsers (issue 27, decisions 0055, 0056, 0063): one room,
 * one host and three phones. The host starts the room from the owner panel and runs it from the
 * presenter page (1920×1080, by mouse and keyboard; it fits 1920×1080 and 1280×720 without
 * scrolling) and from a remote, a phone-sized page of the same account. Three phones (375 × 812,
 * a browser each) join, one by typing the code in lower case on /join (the look-alike hint, a
 * code no room has), two by the room's link (a taken nickname refused), and play three rounds to
 * the final podium: a ranking (a finger's drag, the keyboard alone, the mouse), a top 2 and a
 * tier list. A phone is reloaded mid-round, one goes offline and comes back, one's clock reaches
 * the deadline first. The presenter reveals the crowd's order from last to first, the podium has
 * a shared first place, the phones show what the server counts, the end screens link each round's
 * results. axe checks each phase where it stands, in both themes; screenshots in
 * /tmp/shots-rooms/.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import type { TestServer } from '../test/support/server';
import { createGameByApi } from './support/games';
import { browserAvailable, useAppInBrowser } from './support/harness';
import { tabTo } from './support/keyboard';
import {
  accessibleNow,
  atBothSizes,
  ballotOf,
  FULL_HD,
  HD,
  labelsOnPage,
  phaseOf,
  phoneShots,
  revealedOrder,
  roomOf,
  shot,
  tiersOf,
  watchReveal,
} from './support/rooms';
import { mouseDragOnto, touchDragOnto } from './support/drag';
import { goInApp, MOBILE, newVisitor, registerByApi, type Visitor } from './support/web';

const FRUITS = ['Apple', 'Banana', 'Cherry', 'Date'];
const SNACKS = ['Crisps', 'Nuts', 'Popcorn', 'Pretzels', 'Olives'];
const CHEESES = ['Brie', 'Cheddar', 'Gouda', 'Stilton'];

// One room played through, step by step: a step retried alone would find the room moved on.
describe.runIf(browserAvailable())('a live room in Chromium', { retry: 0 }, () => {
  let server!: TestServer;
  let browser!: Browser;
  useAppInBrowser((app) => ({ server, browser } = app));

  let host!: Visitor;
  let presenter!: Page;
  let remote!: Page;
  let fruits!: GameView;
  let snacks!: GameView;
  let cheeses!: GameView;
  let code = '';
  // Ana plays by touch, Bo by the keyboard alone, Cy with the mouse.
  let ana!: Visitor;
  let bo!: Visitor;
  let cy!: Visitor;
  const phones = () => [ana.page, bo.page, cy.page];
  const submitted = (page: Page) => page.getByTestId('room-submitted').textContent();

  /** Focus on no control of the presenter: Space and → then take the room's next step. */
  async function presenterKey(key: ' ' | 'ArrowRight'): Promise<void> {
    await presenter.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await presenter.keyboard.press(key);
  }

  it('starts a room from the owner panel; three phones join by the code and by the link', async () => {
    // The presenter plays its animations: the reveal's order is what is checked.
    host = await newVisitor(browser, server, { viewport: FULL_HD, reducedMotion: 'no-preference' });
    presenter = host.page;
    await registerByApi(presenter, server, 'Hana');
    fruits = await createGameByApi(presenter, server, { prompt: 'Best fruit', items: FRUITS });
    cheeses = await createGameByApi(presenter, server, {
      prompt: 'Cheese tiers',
      items: CHEESES,
      ballot: { kind: 'tiers' },
    });
    snacks = await createGameByApi(presenter, server, {
      prompt: 'Best party snack',
      items: SNACKS,
      ballot: { kind: 'top', n: 2 },
    });

    // Start a room from the owner panel: 300 s rounds, the two other games as rounds 2 and 3.
    await presenter.goto(`/g/${fruits.id}/results`);
    await presenter.getByTestId('start-room').click();
    const dialog = presenter.getByTestId('start-room-dialog');
    await dialog.getByTestId('room-seconds').fill('10');
    await dialog.getByTestId('start-room-submit').click();
    expect(await dialog.getByRole('alert').textContent()).toMatch(/from 30 to 300/);
    await dialog.getByTestId('room-seconds').fill('300');
    await dialog.getByLabel('Best party snack').check();
    await dialog.getByLabel('Cheese tiers').check();
    await shot(presenter, 'start-room-dialog-1920');
    await dialog.getByTestId('start-room-submit').click();
    await presenter.waitForURL(/\/host\/[A-Z2-9]{6}$/);
    code = presenter.url().split('/').pop() ?? '';
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('created');

    // The remote: the same account on a phone-sized page.
    remote = await host.context.newPage();
    await remote.setViewportSize(MOBILE);
    await remote.goto(`/host/${code}/remote`);
    await expect.poll(() => phaseOf(remote, 'remote')).toBe('created');

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
    await accessibleNow(ana.page, '/join', '[data-testid="join-problem"]');
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
    await phoneShots(ana.page, 'join-code');
    await ana.page.keyboard.press('Enter');
    await ana.page.waitForURL((url) => url.pathname === `/j/${code}`);
    await ana.page.getByTestId('room-not-open').waitFor();
    await ana.page.getByTestId('room-nickname').fill('Ana');
    await ana.page.getByTestId('join-room-button').click();
    await expect
      .poll(() => ana.page.getByTestId('join-error').textContent())
      .toContain('not open yet');

    // The presenter opens the lobby by keyboard: the step button is reachable and Enter presses it.
    await presenter.getByTestId('host-open').focus();
    await presenter.keyboard.press('Enter');
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('lobby');
    await expect.poll(() => phaseOf(remote, 'remote')).toBe('lobby');
    expect(await presenter.getByTestId('room-code').first().textContent()).toBe(code);
    expect(await presenter.getByText(`/j/${code}`).count()).toBeGreaterThan(0);
    expect(await presenter.getByTestId('qr-code').isVisible()).toBe(true);

    // The phone that waited sees the lobby open and joins.
    await ana.page.getByTestId('room-not-open').waitFor({ state: 'detached' });
    await phoneShots(ana.page, 'join-nickname');
    await accessibleNow(ana.page, `/j/${code}`, '[data-testid="room-nickname"]');
    await ana.page.getByTestId('join-room-button').click();
    await ana.page.getByTestId('room-lobby').waitFor();
    expect(await ana.page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'You’re in as Ana',
    );
    await expect.poll(() => presenter.getByTestId('lobby-names').textContent()).toContain('Ana');

    // By the link, in lower case: a taken nickname (any case) is refused with the server's words.
    await bo.page.goto(`/j/${code.toLowerCase()}`);
    await bo.page.getByTestId('room-nickname').fill('ANA');
    await bo.page.getByTestId('join-room-button').click();
    await expect
      .poll(() => bo.page.getByTestId('join-error').textContent())
      .toBe('Someone in this room already has this nickname: choose another');
    await bo.page.getByTestId('room-nickname').fill('Bo');
    await bo.page.keyboard.press('Enter');
    await bo.page.getByTestId('room-lobby').waitFor();
    await expect.poll(() => presenter.getByTestId('lobby-names').textContent()).toContain('Bo');

    // A link to a room that does not exist, then the room's own (the app already loaded).
    await cy.page.goto('/j/ZZZZZZ');
    await accessibleNow(cy.page, '/j/ZZZZZZ', 'text=No room has this code');
    await goInApp(cy.page, `/j/${code}`);
    await cy.page.getByTestId('room-nickname').fill('Cy');
    await cy.page.getByTestId('join-room-button').click();
    await cy.page.getByTestId('room-lobby').waitFor();

    // The lobby counts players live, on the presenter and on the phones.
    await expect
      .poll(() => presenter.getByTestId('lobby-count').textContent())
      .toBe('3 players joined');
    await expect
      .poll(() => ana.page.getByTestId('room-player-count').textContent())
      .toBe('3 players in the room');
    await atBothSizes(presenter, 'lobby');
    await presenter.setViewportSize(MOBILE);
    await shot(presenter, 'presenter-lobby-375');
    await presenter.setViewportSize(FULL_HD);
    await shot(remote, 'remote-lobby-375');
    await phoneShots(ana.page, 'lobby');
    await accessibleNow(presenter, `/host/${code}`, '.lobby-qr', 'no-preference');
    await accessibleNow(remote, `/host/${code}/remote`, '[data-testid=remote]');
    await accessibleNow(cy.page, `/j/${code}`, '[data-testid="room-lobby"]');
  }, 300_000);

  it('plays round 1 by touch, keyboard and mouse; the presenter counts; a reloaded phone is back', async () => {
    // The remote starts the round; the presenter and the phones follow.
    await remote.getByTestId('host-start').click();
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('round');
    expect(await presenter.getByTestId('round-prompt').textContent()).toBe('Best fruit');
    expect(await presenter.getByTestId('room-countdown').textContent()).toMatch(
      /^Time left[45]:\d\d/,
    );
    for (const page of phones()) await page.getByTestId('rank-list').waitFor();
    expect(await ana.page.getByRole('heading', { level: 1 }).textContent()).toBe('Best fruit');
    await expect
      .poll(() => ana.page.getByTestId('room-said').textContent())
      .toBe('Round 1 has started.');
    expect(await ana.page.locator('[role="timer"]').textContent()).toMatch(/^[45]:\d\d$/);

    // Ana: a finger drags Cherry to the top.
    await touchDragOnto(ana.page, 'Cherry', 'Apple');
    await expect.poll(() => labelsOnPage(ana.page)).toEqual(['Cherry', 'Apple', 'Banana', 'Date']);
    await phoneShots(ana.page, 'round');
    await ana.page.getByTestId('submit-button').click();
    await ana.page.getByTestId('room-submitted').waitFor();
    expect(await ballotOf(ana.page, fruits)).toEqual(['Cherry', 'Apple', 'Banana', 'Date']);
    await phoneShots(ana.page, 'submitted');
    // The count of who ranked follows the game's live stream on the presenter.
    await expect.poll(() => submitted(presenter)).toBe('1 of 3 have ranked');

    // Bo: the keyboard alone, Cherry by a keyboard drag of its handle, two places up.
    await tabTo(bo.page, bo.page.getByRole('button', { name: 'Drag Cherry', exact: true }));
    for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
      await bo.page.keyboard.press(key);
      await bo.page.waitForTimeout(150); // a person's pace between key presses
    }
    await expect.poll(() => labelsOnPage(bo.page)).toEqual(['Cherry', 'Apple', 'Banana', 'Date']);
    await tabTo(bo.page, bo.page.getByTestId('submit-button'));
    await bo.page.keyboard.press('Enter');
    await bo.page.getByTestId('room-submitted').waitFor();
    expect(await ballotOf(bo.page, fruits)).toEqual(['Cherry', 'Apple', 'Banana', 'Date']);

    // Cy: the phone reloads mid-round and is back in the round; then the mouse drags and clicks.
    await cy.page.reload();
    await cy.page.getByTestId('rank-list').waitFor();
    await accessibleNow(cy.page, `/j/${code}`, '[data-testid="rank-list"]');
    await mouseDragOnto(cy.page, 'Cherry', 'Apple');
    await expect.poll(() => labelsOnPage(cy.page)).toEqual(['Cherry', 'Apple', 'Banana', 'Date']);
    await cy.page.getByRole('button', { name: 'Move Banana up' }).click();
    await expect.poll(() => labelsOnPage(cy.page)).toEqual(['Cherry', 'Banana', 'Apple', 'Date']);
    await cy.page.getByTestId('submit-button').click();
    await cy.page.getByTestId('room-submitted').waitFor();
    expect(await ballotOf(cy.page, fruits)).toEqual(['Cherry', 'Banana', 'Apple', 'Date']);
    await accessibleNow(cy.page, `/j/${code}`, '[data-testid="room-submitted"]');
    await expect.poll(() => submitted(presenter)).toBe('3 of 3 have ranked');
    await expect.poll(() => submitted(remote)).toBe('3 of 3 have ranked');

    // Ana changes her mind before the time's up: the board comes back with her ballot.
    await ana.page.getByRole('button', { name: 'Change my ballot' }).click();
    await expect.poll(() => labelsOnPage(ana.page)).toEqual(['Cherry', 'Apple', 'Banana', 'Date']);
    await ana.page.getByRole('button', { name: 'Move Banana up' }).click();
    await ana.page.getByTestId('submit-button').click();
    await ana.page.getByTestId('room-submitted').waitFor();
    expect(await ballotOf(ana.page, fruits)).toEqual(['Cherry', 'Banana', 'Apple', 'Date']);
    expect(await submitted(presenter)).toBe('3 of 3 have ranked');
    await atBothSizes(presenter, 'round');
    await shot(remote, 'remote-round-375');
  }, 300_000);

  it('reveals the crowd from last to first, a shared first place, each phone as counted', async () => {
    // → on the presenter (focus on no control) ends the round.
    await presenterKey('ArrowRight');
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('ended');
    await expect.poll(() => phaseOf(remote, 'remote')).toBe('ended');
    for (const page of phones()) await page.getByTestId('room-times-up').waitFor();
    expect(await ana.page.getByTestId('room-times-up').textContent()).toContain(
      'Your ballot is in.',
    );

    // The reveal: places appear from the last to the first, the winner after the drum roll.
    await watchReveal(presenter);
    await presenter.getByTestId('host-reveal').click();
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('reveal');
    await presenter.getByTestId('room-podium').waitFor({ timeout: 30_000 });
    const results = (await (
      await presenter.request.get(`/api/games/${fruits.id}/results`)
    ).json()) as { results: { items: { label: string }[] } };
    const crowd = results.results.items.map((item) => item.label);
    expect(crowd).toEqual(['Cherry', 'Banana', 'Apple', 'Date']);
    expect(await revealedOrder(presenter)).toEqual([
      ...crowd.slice(1).reverse(),
      'drumroll',
      crowd[0],
    ]);
    expect(await presenter.getByTestId('reveal-said').textContent()).toBe(
      'The crowd crowned Cherry',
    );
    expect(await presenter.locator('.reveal-row--winner .reveal-row__crown').count()).toBe(1);
    // The podium: Ana and Cy ranked exactly as the crowd and share the first place.
    const podium = await presenter.getByTestId('room-podium').locator('li').allTextContents();
    expect(podium).toEqual([
      '1.Ana1,000 points100% with the crowd',
      '1.Cy1,000 points100% with the crowd',
      expect.stringMatching(/^3\.Bo\d+ points\d+% with the crowd$/),
    ]);
    expect(await presenter.getByTestId('room-leaderboard').textContent()).toContain('Bo');
    await atBothSizes(presenter, 'reveal');
    await expect.poll(() => phaseOf(remote, 'remote')).toBe('reveal');
    await shot(remote, 'remote-reveal-375');
    // The presenter can reload: it comes back into the reveal, the podium shown.
    await presenter.reload();
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('reveal');
    await presenter.getByTestId('room-podium').waitFor({ timeout: 30_000 });
    await accessibleNow(presenter, `/host/${code}`, '[data-testid=room-podium]', 'no-preference');
    await presenter.emulateMedia({ colorScheme: 'dark' });
    await presenter.setViewportSize(HD);
    await shot(presenter, 'presenter-reveal-dark-1280');
    await presenter.emulateMedia({ colorScheme: 'light' });
    await presenter.setViewportSize(FULL_HD);

    // Each phone: its agreement, points and place as the server counts them.
    for (const page of phones()) {
      await page.getByTestId('room-reveal').waitFor();
      const { me, podium: top } = await roomOf(page, code);
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
      expect(await page.getByTestId('room-podium').locator('li').count()).toBe(top.length);
    }
    expect((await roomOf(ana.page, code)).me?.lastRound?.agreement).toBe(100);
    await expect
      .poll(() => ana.page.getByTestId('room-said').textContent())
      .toBe('The results are in.');
    await phoneShots(ana.page, 'reveal');
    await accessibleNow(ana.page, `/j/${code}`, '[data-testid="room-reveal"]');
  }, 300_000);

  it('plays a top 2 in round 2 from the remote; one phone drops off and back, one sits it out', async () => {
    // Cy's phone runs on a clock the test moves: at zero its ballot closes by itself, before any
    // word from the host (a deadline passing sends no event).
    await cy.page.clock.install();
    await cy.page.reload();
    await cy.page.getByTestId('room-reveal').waitFor();
    // Bo's phone drops off the network while the host starts round 2: it says so, and back
    // online it comes into the round it missed the start of.
    await bo.context.setOffline(true);
    await expect.poll(() => bo.page.getByTestId('live-status').textContent()).toBe('Reconnecting…');
    await remote.getByTestId('host-next').click();
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('round');
    await expect
      .poll(() => presenter.getByTestId('round-prompt').textContent())
      .toBe('Best party snack');
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
    await phoneShots(cy.page, 'times-up');

    // Ana taps her two picks; Bo picks his by keys alone.
    for (const label of ['Popcorn', 'Nuts']) {
      await ana.page.getByRole('button', { name: `Add ${label}`, exact: true }).click();
    }
    await ana.page.getByRole('button', { name: 'Submit your top 2' }).click();
    await ana.page.getByTestId('room-submitted').waitFor();
    for (const label of ['Popcorn', 'Crisps']) {
      await tabTo(bo.page, bo.page.getByRole('button', { name: `Add ${label}`, exact: true }));
      await bo.page.keyboard.press('Enter');
    }
    await tabTo(bo.page, bo.page.getByRole('button', { name: 'Submit your top 2' }));
    await bo.page.keyboard.press('Enter');
    await bo.page.getByTestId('room-submitted').waitFor();
    expect(await ballotOf(ana.page, snacks)).toEqual(['Popcorn', 'Nuts']);
    expect(await ballotOf(bo.page, snacks)).toEqual(['Popcorn', 'Crisps']);
    await expect.poll(() => submitted(presenter)).toBe('2 of 3 have ranked');

    // The remote ends the round and reveals; Space on the presenter skips the reveal playing.
    await remote.getByTestId('host-end-round').click();
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('ended');
    await remote.getByTestId('host-reveal').click();
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('reveal');
    await presenterKey(' ');
    await presenter.getByTestId('room-podium').waitFor();
    await cy.page.getByTestId('room-no-ballot').waitFor();
    await ana.page.getByTestId('round-points').waitFor();
  }, 300_000);

  it('plays a tier list in round 3 by the presenter’s keys, then ends with each round’s results', async () => {
    await presenterKey('ArrowRight');
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('round');
    await expect
      .poll(() => presenter.getByTestId('round-prompt').textContent())
      .toBe('Cheese tiers');
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
    await phoneShots(ana.page, 'round-tiers');
    await ana.page.getByRole('button', { name: 'Submit tier list' }).click();
    await ana.page.getByTestId('room-submitted').waitFor();
    // Bo by keys: a number key puts Stilton in S.
    await chip(bo.page, 'Stilton').focus();
    await bo.page.keyboard.press('1');
    await tabTo(bo.page, bo.page.getByTestId('submit-button'));
    await bo.page.keyboard.press('Enter');
    await bo.page.getByTestId('room-submitted').waitFor();
    expect((await tiersOf(ana.page, cheeses))?.[0]).toEqual(['Brie']);
    expect((await tiersOf(bo.page, cheeses))?.[0]).toEqual(['Stilton']);

    // The presenter's → ends the round, and again reveals it; Space shows it all at once.
    await presenterKey('ArrowRight');
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('ended');
    await presenterKey('ArrowRight');
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('reveal');
    await presenterKey(' ');
    await presenter.getByTestId('room-podium').waitFor();
    for (const page of [ana.page, bo.page]) await page.getByTestId('round-points').waitFor();
    expect(await ana.page.getByTestId('room-reveal').textContent()).toContain(
      'That was the last round',
    );

    // Closing asks first, then shows the final podium and each round's results.
    await presenter.getByTestId('host-close').click();
    const confirm = presenter.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Close the room' }).click();
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('closed');
    await expect.poll(() => phaseOf(remote, 'remote')).toBe('closed');
    const links = presenter.getByTestId('round-links').getByRole('link');
    await expect
      .poll(() => links.allTextContents())
      .toEqual(['Round 1: Best fruit', 'Round 2: Best party snack', 'Round 3: Cheese tiers']);
    expect(await links.first().getAttribute('href')).toBe(`/g/${fruits.id}/results`);
    expect(await presenter.getByTestId('room-podium').textContent()).toContain('Ana');
    await shot(presenter, 'presenter-closed-1920');
    await shot(remote, 'remote-closed-375');

    // The phones' end: the final points and place, a link to each round's results.
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
    await phoneShots(ana.page, 'closed');
    await accessibleNow(ana.page, `/j/${code}`, '[data-testid="room-closed"]');
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
