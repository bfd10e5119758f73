/**
 * A live room's host in a real browser (issue 27, decision 0055): the owner starts a room from
 * the owner panel, runs it from the presenter screen (by mouse and keyboard) and from a remote on
 * a phone-sized page of the same account, while players join and rank through the API. The
 * presenter fits a 1920×1080 and a 1280×720 screen without scrolling; screenshots go to
 * /tmp/shots-ha/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import type { TestServer } from '../test/support/server';
import { audit } from './support/axe';
import { createGameByApi } from './support/games';
import { browserAvailable, newPerson, useAppInBrowser } from './support/harness';
import { MOBILE, newVisitor, registerByApi } from './support/web';

const SHOTS = '/tmp/shots-ha';
const FULL_HD = { width: 1920, height: 1080 };
const HD = { width: 1280, height: 720 };

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  // The picture once names and places have finished coming in (endless ones, a pulse, aside).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Whether the page fits its window: nothing to scroll, either way. */
async function fits(page: Page): Promise<{ width: number; height: number; scroll: number[] }> {
  return page.evaluate(() => ({
    width: window.innerWidth,
    height: window.innerHeight,
    scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight],
  }));
}

/** The presenter at both projector sizes: it fits each without scrolling; a screenshot of each. */
async function atBothSizes(page: Page, name: string): Promise<void> {
  for (const size of [FULL_HD, HD]) {
    await page.setViewportSize(size);
    await expect.poll(() => fits(page)).toEqual({ ...size, scroll: [size.width, size.height] });
    await shot(page, `presenter-${name}-${size.width}`);
  }
  await page.setViewportSize(FULL_HD);
}

type Player = { context: BrowserContext; name: string };

describe.runIf(browserAvailable())("a live room's host in Chromium", () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  /** A guest with a session of their own joins the room by its code. */
  async function joins(code: string, name: string): Promise<Player> {
    const context = await newPerson(browser, server);
    const signIn = await context.request.post('/api/auth/sign-in/anonymous', {
      data: {},
      headers: { origin: server.url },
    });
    expect(signIn.ok()).toBe(true);
    const joined = await context.request.post(`/api/rooms/${code}/join`, {
      data: { name },
      headers: { origin: server.url },
    });
    expect(joined.status(), await joined.text()).toBe(201);
    return { context, name };
  }

  async function ranks(player: Player, game: GameView, order: string[]): Promise<void> {
    const ids = order.map((label) => game.items.find((item) => item.label === label)?.id);
    const response = await player.context.request.put(`/api/games/${game.id}/submission`, {
      data: { ranking: ids },
      headers: { origin: server.url },
    });
    expect(response.status(), await response.text()).toBe(200);
  }

  async function phaseOf(page: Page, testId: 'presenter' | 'remote'): Promise<string | null> {
    return page.getByTestId(testId).getAttribute('data-phase');
  }

  it('runs two rounds from the presenter and the remote, to the final podium', async () => {
    // The presenter plays its animations: the reveal's order is what is checked.
    const host = await newVisitor(browser, server, {
      viewport: FULL_HD,
      reducedMotion: 'no-preference',
    });
    const presenter = host.page;
    await registerByApi(presenter, server, 'Hana');
    const first = await createGameByApi(presenter, server, {
      prompt: 'Best breakfast',
      items: ['Pancakes', 'Waffles', 'Porridge', 'Toast'],
    });
    const second = await createGameByApi(presenter, server, {
      prompt: 'Best season',
      items: ['Spring', 'Summer', 'Autumn'],
    });

    // Start a room from the owner panel: 45 s rounds, the second game as round 2.
    await presenter.goto(`/g/${first.id}/results`);
    await presenter.getByTestId('start-room').click();
    const dialog = presenter.getByTestId('start-room-dialog');
    await dialog.getByTestId('room-seconds').fill('10');
    await dialog.getByTestId('start-room-submit').click();
    expect(await dialog.getByRole('alert').textContent()).toMatch(/from 30 to 300/);
    await dialog.getByTestId('room-seconds').fill('45');
    await dialog.getByLabel('Best season').check();
    await shot(presenter, 'start-room-dialog-1920');
    await dialog.getByTestId('start-room-submit').click();
    await presenter.waitForURL(/\/host\/[A-Z2-9]{6}$/);
    const code = presenter.url().split('/').pop() ?? '';
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('created');

    // The remote: the same account on a phone-sized page.
    const remote = await host.context.newPage();
    await remote.setViewportSize(MOBILE);
    await remote.goto(`/host/${code}/remote`);
    await expect.poll(() => phaseOf(remote, 'remote')).toBe('created');

    // Open the lobby by keyboard: the step button is reachable and Enter presses it.
    await presenter.getByTestId('host-open').focus();
    await presenter.keyboard.press('Enter');
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('lobby');
    await expect.poll(() => phaseOf(remote, 'remote')).toBe('lobby');
    expect(await presenter.getByTestId('room-code').first().textContent()).toBe(code);
    expect(await presenter.getByText(`/j/${code}`).count()).toBeGreaterThan(0);
    expect(await presenter.getByTestId('qr-code').isVisible()).toBe(true);

    // Players join; the presenter shows their names and the count.
    const ana = await joins(code, 'Ana');
    await expect.poll(() => presenter.getByTestId('lobby-names').textContent()).toContain('Ana');
    const bo = await joins(code.toLowerCase(), 'Bo');
    await expect.poll(() => presenter.getByTestId('lobby-names').textContent()).toContain('Bo');
    const cy = await joins(code, 'Cy');
    await expect
      .poll(() => presenter.getByTestId('lobby-count').textContent())
      .toBe('3 players joined');
    await atBothSizes(presenter, 'lobby');
    await presenter.setViewportSize(MOBILE);
    await shot(presenter, 'presenter-lobby-375');
    await presenter.setViewportSize(FULL_HD);
    await shot(remote, 'remote-lobby-375');

    // The remote starts the round; the presenter follows with the prompt and the countdown.
    await remote.getByTestId('host-start').click();
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('round');
    expect(await presenter.getByTestId('round-prompt').textContent()).toBe('Best breakfast');
    expect(await presenter.getByTestId('room-countdown').textContent()).toMatch(/0:[34]\d/);

    // The count of who ranked follows the game's live stream on the presenter, the remote's reads.
    const submitted = (page: Page) => page.getByTestId('room-submitted').textContent();
    await ranks(ana, first, ['Pancakes', 'Waffles', 'Porridge', 'Toast']);
    await expect.poll(() => submitted(presenter)).toBe('1 of 3 have ranked');
    await ranks(bo, first, ['Pancakes', 'Porridge', 'Waffles', 'Toast']);
    await ranks(cy, first, ['Pancakes', 'Waffles', 'Porridge', 'Toast']);
    await expect.poll(() => submitted(presenter)).toBe('3 of 3 have ranked');
    await expect.poll(() => submitted(remote)).toBe('3 of 3 have ranked');
    await atBothSizes(presenter, 'round');
    await shot(remote, 'remote-round-375');

    // → on the presenter (focus on no control) ends the round.
    await presenter.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await presenter.keyboard.press('ArrowRight');
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('ended');
    await expect.poll(() => phaseOf(remote, 'remote')).toBe('ended');

    // The reveal: places appear from the last to the first, the winner after the drum roll.
    await presenter.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { revealed: string[] }).revealed = seen;
      new MutationObserver(() => {
        const labels = Array.from(document.querySelectorAll('[data-testid="reveal-label"]'));
        for (const label of labels) {
          const text = label.textContent ?? '';
          if (!seen.includes(text)) seen.push(text);
        }
        if (document.querySelector('.is-drumroll') && !seen.includes('drumroll')) {
          seen.push('drumroll');
        }
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    await presenter.getByTestId('host-reveal').click();
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('reveal');
    await presenter.getByTestId('room-podium').waitFor({ timeout: 30_000 });
    const results = (await (
      await presenter.request.get(`/api/games/${first.id}/results`)
    ).json()) as {
      results: { items: { label: string }[] };
    };
    const crowd = results.results.items.map((item) => item.label);
    expect(crowd[0]).toBe('Pancakes');
    const revealed = await presenter.evaluate(
      () => (window as unknown as { revealed: string[] }).revealed,
    );
    expect(revealed).toEqual([...crowd.slice(1).reverse(), 'drumroll', crowd[0]]);
    expect(await presenter.getByTestId('reveal-said').textContent()).toBe(
      'The crowd crowned Pancakes',
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

    // Round 2 from the remote; the presenter follows.
    await remote.getByTestId('host-next').click();
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('round');
    await expect
      .poll(() => presenter.getByTestId('round-prompt').textContent())
      .toBe('Best season');
    await ranks(ana, second, ['Summer', 'Spring', 'Autumn']);
    await remote.getByTestId('host-end-round').click();
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('ended');
    await remote.getByTestId('host-reveal').click();
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('reveal');
    // Space skips the reveal that is playing: everything shows at once.
    await presenter.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await presenter.keyboard.press(' ');
    await presenter.getByTestId('room-podium').waitFor();

    // Closing asks first, then shows the final podium and each round's results.
    await presenter.getByTestId('host-close').click();
    const confirm = presenter.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Close the room' }).click();
    await expect.poll(() => phaseOf(presenter, 'presenter')).toBe('closed');
    await expect.poll(() => phaseOf(remote, 'remote')).toBe('closed');
    const links = presenter.getByTestId('round-links').getByRole('link');
    await expect
      .poll(() => links.allTextContents())
      .toEqual(['Round 1: Best breakfast', 'Round 2: Best season']);
    expect(await links.first().getAttribute('href')).toBe(`/g/${first.id}/results`);
    expect(await presenter.getByTestId('room-podium').textContent()).toContain('Ana');
    await shot(presenter, 'presenter-closed-1920');
    await shot(remote, 'remote-closed-375');

    await Promise.all([ana, bo, cy].map((player) => player.context.close()));
    await host.context.close();
  });

  it('is accessible: the presenter and the remote in each theme and width', async () => {
    const host = await newVisitor(browser, server);
    await registerByApi(host.page, server, 'Ida');
    const game = await createGameByApi(host.page, server, {
      prompt: 'Best fruit',
      items: ['Apple', 'Pear', 'Plum'],
    });
    const created = await host.page.request.post('/api/rooms', {
      data: { gameIds: [game.id], roundSeconds: 60 },
      headers: { origin: server.url },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { code } = ((await created.json()) as { room: { code: string } }).room;
    const act = async (action: string) => {
      const response = await host.page.request.post(`/api/rooms/${code}/${action}`, {
        headers: { origin: server.url },
      });
      expect(response.status(), await response.text()).toBe(200);
    };
    await act('open');
    const player = await joins(code, 'Zoe');
    const found = [
      ...(await audit(host.page, { path: `/host/${code}`, ready: '.lobby-qr' })),
      ...(await audit(host.page, { path: `/host/${code}/remote`, ready: '[data-testid=remote]' })),
    ];
    await act('start');
    await ranks(player, game, ['Plum', 'Pear', 'Apple']);
    await act('end-round');
    await act('reveal');
    found.push(
      ...(await audit(host.page, { path: `/host/${code}`, ready: '[data-testid=room-podium]' })),
    );
    // The audit leaves the page dark, at 1280 px: a look at the dark theme.
    await shot(host.page, 'presenter-reveal-dark-1280');
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
    await Promise.all([player.context.close(), host.context.close()]);
  });
});
