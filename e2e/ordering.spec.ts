/**
 * Ordering the items in Chromium: five people reach the same ranking five ways (a mouse drag, a
 * touch drag, the Move up / Move down buttons, tap-to-place, and the keyboard alone, submit
 * included), checked
 * through the API and the combined results; screen-reader announcements for each way; a
 * 200-item list on a phone ordered by tap-to-place; and the Submit ranking bar in sight, above
 * the bottom navigation, at 375 and 1280 px wide and at 200% zoom.
 */
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { browserAvailable, useAppInBrowser } from './support/harness';
import { mouseDragOnto, touchDragOnto } from './support/drag';
import {
  MOBILE,
  newVisitor,
  nextVisitor,
  registerByApi,
  viewportScreenshot,
  type Visitor,
} from './support/web';

const LAPTOP = { width: 1280, height: 800 };

type CreatedGame = { id: string; items: { id: string; label: string }[] };

/** The items, and the ranking every way must reach: Crêpes first, Granola third. */
const ITEMS = ['Pancakes', 'Waffles', 'Crêpes', 'French toast', 'Granola'];
const TARGET = ['Crêpes', 'Pancakes', 'Granola', 'Waffles', 'French toast'];

/** A game made by a new owner, the next person in the spec's one browser context. */
async function createGame(
  person: Visitor,
  server: TestServer,
  prompt: string,
  items: string[],
): Promise<{ owner: Visitor; game: CreatedGame }> {
  const owner = await nextVisitor(person, server);
  await registerByApi(owner.page, server, 'Owner');
  const response = await owner.page.request.post('/api/games', {
    data: { prompt, items },
    headers: { origin: server.url },
  });
  expect(response.status()).toBe(201);
  const { game } = (await response.json()) as { game: CreatedGame };
  return { owner, game };
}

async function labelsOnPage(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="rank-item"] .rank-row__label')
    .evaluateAll((labels) => labels.map((label) => label.textContent ?? ''));
}

async function openPlay(page: Page, gameId: string): Promise<void> {
  await page.goto(`/g/${gameId}/play`);
  await page.getByTestId('rank-list').waitFor();
  await page.evaluate(() => document.fonts.ready);
}

/** The ranking the server holds for this person, as item labels. */
async function submittedRanking(page: Page, game: CreatedGame): Promise<string[]> {
  const response = await page.request.get(`/api/games/${game.id}`);
  const body = (await response.json()) as {
    mySubmission: { ranking: string[]; partial: boolean } | null;
  };
  expect(body.mySubmission?.partial).toBe(false);
  const labels = new Map(game.items.map((item) => [item.id, item.label]));
  return (body.mySubmission?.ranking ?? []).map((id) => labels.get(id) ?? id);
}

async function submitWithClick(page: Page, gameId: string): Promise<void> {
  await page.getByRole('button', { name: 'Submit ranking' }).click();
  await page.waitForURL((url) => url.pathname === `/g/${gameId}/results`);
}

/** What the polite status region (buttons, tap-to-place) last said. */
async function statusText(page: Page): Promise<string> {
  return ((await page.getByTestId('rank-status').textContent()) ?? '').trim();
}

/** What dnd-kit's live region (drags) last said. */
async function dragAnnouncement(page: Page): Promise<string> {
  return ((await page.locator('[id^="DndLiveRegion"]').textContent()) ?? '').trim();
}

/** Presses Tab until the focused element's accessible label or text matches. */
async function tabTo(page: Page, wanted: RegExp, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(
      () =>
        document.activeElement?.getAttribute('aria-label') ??
        document.activeElement?.textContent?.trim() ??
        '',
    );
    if (wanted.test(focused)) return;
  }
  throw new Error(`Tab never reached ${wanted}`);
}

/**
 * Whether the element is what a person hits at its centre and near its edges (not the bottom
 * navigation, its round Create button, or anything else over it), and where it is against the
 * navigation's top edge.
 */
async function coverage(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const points = [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + rect.width / 2, rect.bottom - 3],
      [rect.left + 20, rect.top + rect.height / 2],
      [rect.right - 20, rect.top + rect.height / 2],
    ] as const;
    const hit = points.map(([x, y]) => {
      const found = document.elementFromPoint(x, y);
      return found === element || element.contains(found);
    });
    const nav = document.querySelector('[data-testid="bottom-nav"]');
    const create = nav?.querySelector('.bottom-nav__create');
    const navTop = Math.min(
      nav?.getBoundingClientRect().top ?? Infinity,
      create?.getBoundingClientRect().top ?? Infinity,
    );
    return {
      hit,
      top: rect.top,
      bottom: rect.bottom,
      navTop,
      viewportHeight: window.innerHeight,
    };
  });
}

/** Whether a tap at the element's centre (or `edge`: 4 px above its bottom) lands on it. */
async function tappable(page: Page, name: string | RegExp, edge = false): Promise<boolean> {
  return page.getByRole('button', { name }).evaluate((button, nearBottom) => {
    const rect = button.getBoundingClientRect();
    const y = nearBottom ? rect.bottom - 4 : rect.top + rect.height / 2;
    const found = document.elementFromPoint(rect.left + rect.width / 2, y);
    return found === button || button.contains(found);
  }, edge);
}

/** The Submit ranking button is in the viewport, above the navigation, and nothing covers it. */
async function expectSubmitClear(page: Page): Promise<void> {
  const seen = await coverage(page, 'submit-button');
  expect(seen.hit).toEqual([true, true, true, true]);
  expect(seen.top).toBeGreaterThanOrEqual(0);
  expect(seen.bottom).toBeLessThanOrEqual(seen.navTop);
  expect(seen.bottom).toBeLessThanOrEqual(seen.viewportHeight);
}

describe.runIf(browserAvailable())('ordering the items in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));
  // One browser context for the whole file: each person in turn (nextVisitor), none at once.
  let person!: Visitor;
  beforeAll(async () => {
    person = await newVisitor(browser, server);
  });

  it('mouse drag, touch drag, buttons, tap-to-place and the keyboard alone all reach one ranking', async () => {
    const { owner, game } = await createGame(person, server, 'Best breakfast', ITEMS);
    expect(game.items.map((item) => item.label)).toEqual(ITEMS);

    // 1. A mouse drag by the handle, animations on.
    const dragger = await nextVisitor(owner, server, {
      viewport: LAPTOP,
      reducedMotion: 'no-preference',
    });
    await openPlay(dragger.page, game.id);
    await mouseDragOnto(dragger.page, 'Crêpes', 'Pancakes');
    await expect
      .poll(() => labelsOnPage(dragger.page))
      .toEqual(['Crêpes', 'Pancakes', 'Waffles', 'French toast', 'Granola']);
    await expect
      .poll(() => dragAnnouncement(dragger.page))
      .toBe('Crêpes moved to position 1 of 5.');
    await mouseDragOnto(dragger.page, 'Granola', 'Waffles');
    await expect.poll(() => labelsOnPage(dragger.page)).toEqual(TARGET);
    await submitWithClick(dragger.page, game.id);
    expect(await submittedRanking(dragger.page, game)).toEqual(TARGET);

    // 1b. A finger: long-press the handle, then slide, on a phone.
    const finger = await nextVisitor(dragger, server, { viewport: MOBILE });
    await openPlay(finger.page, game.id);
    await touchDragOnto(finger.page, 'Crêpes', 'Pancakes');
    await expect
      .poll(() => labelsOnPage(finger.page))
      .toEqual(['Crêpes', 'Pancakes', 'Waffles', 'French toast', 'Granola']);
    await touchDragOnto(finger.page, 'Granola', 'Waffles');
    await expect.poll(() => labelsOnPage(finger.page)).toEqual(TARGET);
    await submitWithClick(finger.page, game.id);
    expect(await submittedRanking(finger.page, game)).toEqual(TARGET);

    // 2. The Move up / Move down buttons, on a phone.
    const presser = await nextVisitor(finger, server, { viewport: MOBILE });
    await openPlay(presser.page, game.id);
    for (let i = 0; i < 2; i++) {
      await presser.page.getByRole('button', { name: 'Move Crêpes up' }).click();
    }
    expect(await statusText(presser.page)).toBe('Crêpes moved to position 1 of 5.');
    for (let i = 0; i < 2; i++) {
      await presser.page.getByRole('button', { name: 'Move Granola up' }).click();
    }
    await expect.poll(() => labelsOnPage(presser.page)).toEqual(TARGET);
    // The first row cannot go up: it says so, and pressing it anyway changes nothing.
    const topUp = presser.page.getByRole('button', { name: 'Move Crêpes up' });
    expect(await topUp.getAttribute('aria-disabled')).toBe('true');
    await topUp.click({ force: true });
    expect(await labelsOnPage(presser.page)).toEqual(TARGET);
    await submitWithClick(presser.page, game.id);
    expect(await submittedRanking(presser.page, game)).toEqual(TARGET);

    // 3. Tap-to-place, on a phone: tap Crêpes, tap Pancakes; Granola picked, cancelled twice
    // (tapped again, then Escape), then placed on Waffles.
    const tapper = await nextVisitor(presser, server, { viewport: MOBILE });
    await openPlay(tapper.page, game.id);
    const hint = tapper.page.getByTestId('placing-hint');
    await tapper.page.getByRole('button', { name: 'Pick up Crêpes, position 3 of 5' }).click();
    expect(await statusText(tapper.page)).toMatch(/^Picked up Crêpes, position 3 of 5\./);
    expect(await hint.textContent()).toContain('Moving Crêpes');
    await viewportScreenshot(tapper.page, 'play-tap-to-place-375');
    await tapper.page
      .getByRole('button', { name: 'Place Crêpes at position 1, where Pancakes is' })
      .click();
    await expect
      .poll(() => labelsOnPage(tapper.page))
      .toEqual(['Crêpes', 'Pancakes', 'Waffles', 'French toast', 'Granola']);
    expect(await statusText(tapper.page)).toBe('Crêpes moved to position 1 of 5.');
    expect(await hint.count()).toBe(0);

    await tapper.page.getByRole('button', { name: /^Pick up Granola/ }).click();
    await tapper.page.getByRole('button', { name: /^Put Granola down/ }).click();
    expect(await statusText(tapper.page)).toBe('Cancelled. Granola stays in position 5 of 5.');
    expect(await hint.count()).toBe(0);
    await tapper.page.getByRole('button', { name: /^Pick up Granola/ }).click();
    await hint.waitFor();
    await tapper.page.keyboard.press('Escape');
    await hint.waitFor({ state: 'detached' });
    expect(await labelsOnPage(tapper.page)).toEqual([
      'Crêpes',
      'Pancakes',
      'Waffles',
      'French toast',
      'Granola',
    ]);
    await tapper.page.getByRole('button', { name: /^Pick up Granola/ }).click();
    // The Move buttons still work while an item is picked up: they put it down first.
    await tapper.page.getByRole('button', { name: 'Move Waffles down' }).click();
    expect(await hint.count()).toBe(0);
    await tapper.page.getByRole('button', { name: 'Move Waffles up' }).click();
    await tapper.page.getByRole('button', { name: /^Pick up Granola/ }).click();
    await tapper.page
      .getByRole('button', { name: /^Place Granola at position 3, where Waffles/ })
      .click();
    await expect.poll(() => labelsOnPage(tapper.page)).toEqual(TARGET);
    await submitWithClick(tapper.page, game.id);
    expect(await submittedRanking(tapper.page, game)).toEqual(TARGET);

    // 4. The keyboard alone, from the page's start to Submit: Crêpes by a keyboard drag of its
    // handle, Granola by tap-to-place with Enter.
    const typist = await nextVisitor(tapper, server, { viewport: LAPTOP });
    await openPlay(typist.page, game.id);
    await tabTo(typist.page, /^Drag Crêpes$/);
    for (const key of ['Space', 'ArrowUp', 'ArrowUp', 'Space']) {
      await typist.page.keyboard.press(key);
      await typist.page.waitForTimeout(150); // a person's pace between key presses
    }
    await expect
      .poll(() => labelsOnPage(typist.page))
      .toEqual(['Crêpes', 'Pancakes', 'Waffles', 'French toast', 'Granola']);
    await expect.poll(() => dragAnnouncement(typist.page)).toBe('Crêpes moved to position 1 of 5.');
    await tabTo(typist.page, /^Pick up Granola/);
    await typist.page.keyboard.press('Enter');
    // Shift+Tab back up the list to Waffles' place, as a keyboard user would.
    for (let i = 0; i < 12; i++) {
      await typist.page.keyboard.press('Shift+Tab');
      const label = await typist.page.evaluate(() =>
        document.activeElement?.getAttribute('aria-label'),
      );
      if (label?.startsWith('Place Granola at position 3')) break;
    }
    await typist.page.keyboard.press('Enter');
    await expect.poll(() => labelsOnPage(typist.page)).toEqual(TARGET);
    // Focus follows the placed item.
    expect(
      await typist.page.evaluate(() => document.activeElement?.getAttribute('aria-label')),
    ).toBe('Pick up Granola, position 3 of 5');
    await tabTo(typist.page, /^Submit ranking$/);
    await typist.page.keyboard.press('Enter');
    await typist.page.waitForURL((url) => url.pathname === `/g/${game.id}/results`);
    expect(await submittedRanking(typist.page, game)).toEqual(TARGET);

    // Five identical rankings: the combined result is that ranking.
    await expect
      .poll(() => typist.page.getByTestId('submission-count').textContent())
      .toMatch(/^5\b/);
    const consensus = await typist.page
      .getByTestId('result-item')
      .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-item-id')));
    const ids = new Map(game.items.map((item) => [item.label, item.id]));
    expect(consensus).toEqual(TARGET.map((label) => ids.get(label)));
  });

  it("keeps a drag that begins before the drags' code has loaded (decision 0069's replay)", async () => {
    const { owner, game } = await createGame(person, server, 'Best breakfast, early', ITEMS);
    const moved = ['Crêpes', 'Pancakes', 'Waffles', 'French toast', 'Granola'];
    /** A visitor whose drags' code (rank-drag) is held back until `release` is called. */
    const heldBack = async (previous: Visitor, viewport: { width: number; height: number }) => {
      const visitor = await nextVisitor(previous, server, { viewport });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = false;
      await visitor.page.route(/\/assets\/rank-drag-[^/]*\.js$/, async (route) => {
        asked = true;
        await held;
        await route.continue();
      });
      await openPlay(visitor.page, game.id);
      const centre = async (name: string) => {
        const found = await visitor.page
          .getByRole('button', { name: `Drag ${name}`, exact: true })
          .boundingBox();
        if (!found) throw new Error(`No handle for ${name}`);
        return { x: found.x + found.width / 2, y: found.y + found.height / 2 };
      };
      /** The press has asked for the code, which is held: then let it come, and dnd-kit in. */
      const arrive = async () => {
        await expect.poll(() => asked).toBe(true);
        expect(await visitor.page.locator('[id^="DndLiveRegion"]').count()).toBe(0);
        release();
        await visitor.page.locator('[id^="DndLiveRegion"]').waitFor({ state: 'attached' });
      };
      return { ...visitor, centre, arrive };
    };

    // A mouse: pressed on Crêpes' handle and moved a little before the code is in.
    const mouse = await heldBack(owner, LAPTOP);
    const from = await mouse.centre('Crêpes');
    const to = await mouse.centre('Pancakes');
    await mouse.page.mouse.move(from.x, from.y);
    await mouse.page.mouse.down();
    await mouse.page.mouse.move(from.x, from.y - 8, { steps: 2 });
    await mouse.arrive();
    await mouse.page.mouse.move(to.x, to.y, { steps: 12 });
    await mouse.page.waitForTimeout(150);
    await mouse.page.mouse.up();
    await expect.poll(() => labelsOnPage(mouse.page)).toEqual(moved);

    // A finger: the long press begins before the code is in.
    const finger = await heldBack(mouse, MOBILE);
    await finger.page
      .getByRole('button', { name: 'Drag Crêpes', exact: true })
      .evaluate((element) => element.scrollIntoView({ block: 'center' }));
    const start = await finger.centre('Crêpes');
    const end = await finger.centre('Pancakes');
    const cdp = await finger.page.context().newCDPSession(finger.page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [at] : [] });
    await touch('touchStart', start);
    await finger.arrive();
    await finger.page.waitForTimeout(350);
    for (let i = 1; i <= 12; i++) {
      await touch('touchMove', { x: start.x, y: start.y + ((end.y - start.y) * i) / 12 });
      await finger.page.waitForTimeout(16);
    }
    await finger.page.waitForTimeout(150);
    await touch('touchEnd');
    await cdp.detach();
    await expect.poll(() => labelsOnPage(finger.page)).toEqual(moved);

    // The keyboard: Space and two Up arrows before the code is in, Space to drop after.
    const keys = await heldBack(finger, LAPTOP);
    await keys.page.getByRole('button', { name: 'Drag Crêpes', exact: true }).focus();
    await keys.page.keyboard.press('Space');
    await keys.page.keyboard.press('ArrowUp');
    await keys.page.keyboard.press('ArrowUp');
    await keys.arrive();
    await expect.poll(() => dragAnnouncement(keys.page)).toBe('Crêpes is over position 1 of 5.');
    await keys.page.keyboard.press('Space');
    await expect.poll(() => labelsOnPage(keys.page)).toEqual(moved);
  });

  it('orders a 200-item list on a phone by tap-to-place, the hint in sight all the way', async () => {
    const many = Array.from({ length: 200 }, (_, i) => `Contender ${i + 1}`);
    const { owner, game } = await createGame(person, server, 'Two hundred', many);
    const player = await nextVisitor(owner, server, { viewport: MOBILE });
    await openPlay(player.page, game.id);
    const { page } = player;

    // The last item, picked at the bottom of the list, is placed at the top.
    const last = page.getByRole('button', { name: 'Pick up Contender 200, position 200 of 200' });
    await last.scrollIntoViewIfNeeded();
    // (How fast a tap re-renders 200 rows is the benchmark's to measure, not a test's.)
    await last.click();
    await page.getByTestId('placing-hint').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await coverage(page, 'placing-hint').then((seen) => seen.hit)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    await viewportScreenshot(page, 'play-200-placing-375');
    await page
      .getByRole('button', { name: 'Place Contender 200 at position 1, where Contender 1 is' })
      .click();
    const order = await labelsOnPage(page);
    expect(order.slice(0, 3)).toEqual(['Contender 200', 'Contender 1', 'Contender 2']);
    expect(order).toHaveLength(200);
    expect(await statusText(page)).toBe('Contender 200 moved to position 1 of 200.');

    // The end of the long list scrolls clear of the submit bar and the navigation.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await tappable(page, 'Pick up Contender 199, position 200 of 200', true)).toBe(true);
    await expectSubmitClear(page);
  });

  it('keeps Submit ranking in sight above the bottom navigation at 375, 1280 and 200% zoom', async () => {
    const many = Array.from({ length: 14 }, (_, i) => `Topping ${i + 1}`);
    const { owner, game } = await createGame(person, server, 'Best pizza topping', many);

    for (const [name, viewport] of [
      ['375', MOBILE],
      ['1280', LAPTOP],
    ] as const) {
      const visitor = await nextVisitor(owner, server, { viewport });
      await openPlay(visitor.page, game.id);
      await expectSubmitClear(visitor.page);
      // People's own text (the prompt, the items) sets its own direction, e.g. Arabic or Hebrew.
      expect(await visitor.page.locator('h1').getAttribute('dir')).toBe('auto');
      expect(
        await visitor.page
          .locator('.rank-row__label')
          .evaluateAll((labels) => labels.map((label) => label.getAttribute('dir'))),
      ).toEqual(many.map(() => 'auto'));
      await viewportScreenshot(visitor.page, `play-submit-bar-${name}`);
      // Half way down and at the very end, too.
      await visitor.page.evaluate(() =>
        window.scrollTo(0, document.documentElement.scrollHeight / 3),
      );
      await expectSubmitClear(visitor.page);
      await visitor.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expectSubmitClear(visitor.page);
      await viewportScreenshot(visitor.page, `play-submit-bar-end-${name}`);
      // The last item clears the bar: it can be tapped.
      expect(await tappable(visitor.page, /^Pick up Topping 14,/, true)).toBe(true);
      // Tabbing down the list from the top: each row reached scrolls clear of the bar.
      await visitor.page.evaluate(() => window.scrollTo(0, 0));
      await visitor.page.getByRole('button', { name: 'Move Topping 1 down' }).focus();
      for (const n of [4, 8, 12]) {
        await tabTo(visitor.page, new RegExp(`^Pick up Topping ${n},`));
        expect(await tappable(visitor.page, new RegExp(`^Pick up Topping ${n},`), true)).toBe(true);
      }
    }

    // 200% zoom: the CSS viewport of a 1280×800 screen halves to 640×400, drawn at twice the
    // pixels. The picked-up hint makes the bar taller; the button still clears the navigation.
    const zoomed = await nextVisitor(owner, server, { viewport: { width: 640, height: 400 } });
    const cdp = await zoomed.context.newCDPSession(zoomed.page);
    await cdp.send('Emulation.setDeviceMetricsOverride', {
      width: 640,
      height: 400,
      deviceScaleFactor: 2,
      mobile: false,
    });
    await openPlay(zoomed.page, game.id);
    await expectSubmitClear(zoomed.page);
    await zoomed.page.getByRole('button', { name: /^Pick up Topping 2,/ }).click();
    await zoomed.page.getByTestId('placing-hint').waitFor();
    await expectSubmitClear(zoomed.page);
    await viewportScreenshot(zoomed.page, 'play-submit-bar-zoom-200');
    await cdp.detach();
  });
});
