/**
 * Helpers for the live rooms spec (issue 27): screenshots of the presenter and of phones, whether
 * the presenter fits a projector's screen, what a phone shows and what the server holds for its
 * player, and axe on a room's page as it stands in the current phase.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { GameView } from '../../src/domain/game';
import type { RoomView, RoomViewer } from '../../src/domain/rooms';
import { auditInPlace } from './axe';
import { DESKTOP, MOBILE } from './web';

export const ROOM_SHOTS = process.env.ROOM_SHOTS_DIR ?? '/tmp/shots-rooms';
export const FULL_HD = { width: 1920, height: 1080 };
export const HD = { width: 1280, height: 720 };

export type Room = RoomView & RoomViewer;

/** Resolves once every finite animation of the page has finished (endless ones, a pulse, aside). */
async function stillPicture(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/** A screenshot of the viewport once names and places have finished coming in. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(ROOM_SHOTS, { recursive: true });
  await stillPicture(page);
  await page.screenshot({ path: path.join(ROOM_SHOTS, `${name}.png`) });
}

/** Full-page screenshots of a phone at 375 px and, for a moment, at 1280 px. */
export async function phoneShots(page: Page, name: string): Promise<void> {
  mkdirSync(ROOM_SHOTS, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(ROOM_SHOTS, `phone-${name}-375.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: path.join(ROOM_SHOTS, `phone-${name}-1280.png`), fullPage: true });
  await page.setViewportSize(MOBILE);
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
export async function atBothSizes(page: Page, name: string): Promise<void> {
  for (const size of [FULL_HD, HD]) {
    await page.setViewportSize(size);
    await expect.poll(() => fits(page)).toEqual({ ...size, scroll: [size.width, size.height] });
    await shot(page, `presenter-${name}-${size.width}`);
  }
  await page.setViewportSize(FULL_HD);
}

/** The phase a host's page shows: the presenter's or the remote's. */
export async function phaseOf(page: Page, testId: 'presenter' | 'remote'): Promise<string | null> {
  return page.getByTestId(testId).getAttribute('data-phase');
}

/** The labels of a ranking board, top to bottom, as the phone shows them. */
export async function labelsOnPage(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="rank-item"] .rank-row__label')
    .evaluateAll((labels) => labels.map((label) => label.textContent ?? ''));
}

/** The full ranking the server holds for this phone's player, as item labels. */
export async function ballotOf(page: Page, game: GameView): Promise<string[]> {
  const response = await page.request.get(`/api/games/${game.id}`);
  const body = (await response.json()) as {
    mySubmission: { ranking: string[]; partial: boolean } | null;
  };
  expect(body.mySubmission?.partial).toBe(false);
  const labels = new Map(game.items.map((item) => [item.id, item.label]));
  return (body.mySubmission?.ranking ?? []).map((id) => labels.get(id) ?? id);
}

/** The tier list the server holds for this phone's player, as item labels. */
export async function tiersOf(page: Page, game: GameView): Promise<string[][] | undefined> {
  const response = await page.request.get(`/api/games/${game.id}`);
  const body = (await response.json()) as { mySubmission: { tiers?: string[][] } | null };
  const labels = new Map(game.items.map((item) => [item.id, item.label]));
  return body.mySubmission?.tiers?.map((tier) => tier.map((id) => labels.get(id) ?? id));
}

/** The room as this person's session reads it (with their own part). */
export async function roomOf(page: Page, code: string): Promise<Room> {
  const response = await page.request.get(`/api/rooms/${code}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { room: Room }).room;
}

/**
 * axe on a room's page as it stands (the live phase, not a new load of it), in both themes and
 * at 375 and 1280 px; the page then has its size and the light theme back.
 */
export async function accessibleNow(
  page: Page,
  where: string,
  ready: string,
  reducedMotion: 'reduce' | 'no-preference' = 'reduce',
): Promise<void> {
  const found = await auditInPlace(page, { path: where, ready }, reducedMotion);
  expect(found, JSON.stringify(found, null, 2)).toEqual([]);
}

/**
 * Notes, on the presenter, each label the reveal shows in the order it first appears, and the
 * drum roll: read back with `revealedOrder`.
 */
export async function watchReveal(page: Page): Promise<void> {
  await page.evaluate(() => {
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
}

export async function revealedOrder(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { revealed: string[] }).revealed);
}
