/**
 * The top items' pictures on the embed card and the share image (issue 26), in Chromium: the
 * embed, framed by another site, shows each leader's thumbnail with its alt text (loaded: the
 * embed's CSP allows our own pictures), keeps the very same picture elements when its refresh
 * reorders the leaders, and passes axe in light and dark at both widths. The share image is kept
 * beside the screenshots to be looked at.
 */
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import axe, { type AxeResults } from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { GameView } from '../src/domain/game';
import type { TestServer } from '../test/support/server';
import { guestPlaysByApi } from './support/games';
import { browserAvailable, SCREENSHOT_DIR, screenshot, useAppInBrowser } from './support/harness';
import { DESKTOP, MOBILE, newVisitor, registerByApi } from './support/web';

const SQUARES = [
  ['Sunflower', '#e1b12c', 'A yellow square'],
  ['Lake', '#2f6fd6', 'A blue square'],
  ['Forest', '#2e8b57', 'A green square'],
] as const;

async function upload(page: Page, server: TestServer, background: string): Promise<string> {
  const bytes = await sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .png()
    .toBuffer();
  const response = await page.request.post('/api/images', {
    multipart: { file: { name: 'square.png', mimeType: 'image/png', buffer: bytes } },
    headers: { origin: server.url },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { image: { id: string } }).image.id;
}

/** Serious or critical axe findings on the page as it is. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }),
  );
  return (results as AxeResults).violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help}`);
}

describe.runIf(browserAvailable())('pictures on the embed and the share image', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  it('shows the leaders’ pictures in an embed on another site, kept through a refresh', async () => {
    const owner = await newVisitor(browser, server, { viewport: MOBILE });
    await registerByApi(owner.page, server, 'Petra');
    const items = [];
    for (const [label, color, alt] of SQUARES) {
      items.push({ label, image: { id: await upload(owner.page, server, color), alt } });
    }
    const created = await owner.page.request.post('/api/games', {
      data: { prompt: 'Prettiest square', items: [...items, 'Desert'] },
      headers: { origin: server.url },
    });
    expect(created.status(), await created.text()).toBe(201);
    const game = ((await created.json()) as { game: GameView }).game;
    await guestPlaysByApi(server, game);

    // Someone else's site frames the card.
    const blog = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html');
      res.end(
        `<h1>My blog</h1><iframe title="Crowned results" src="${server.url}/embed/g/${game.id}" width="360" height="460"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
    const host = await newVisitor(browser, server, { viewport: MOBILE });
    try {
      const { port } = blog.address() as AddressInfo;
      await host.page.goto(`http://127.0.0.1:${port}/`);
      const frame = host.page.frameLocator('iframe');
      const pictures = frame.locator('li img');
      await expect.poll(() => pictures.count(), { timeout: 15_000 }).toBe(3);
      const alts = () => pictures.evaluateAll((all) => all.map((img) => img.getAttribute('alt')));
      expect(await alts()).toEqual(['A yellow square', 'A blue square', 'A green square']);
      // Every one loaded from our origin inside the frame (the embed's CSP allows it).
      await expect
        .poll(() =>
          pictures.evaluateAll((all) =>
            all.every((img) => (img as HTMLImageElement).naturalWidth > 0),
          ),
        )
        .toBe(true);
      await pictures.first().evaluate((img) => img.setAttribute('data-first-seen', 'yes'));
      await screenshot(host.page, 'embed-pictures-375');

      // Two players put the desert first and the forest second: the refresh (every 10 s)
      // reorders the rows, with the same picture elements moved along.
      const [sunflower, lake, forest, desert] = game.items.map((item) => item.id);
      const reordered = {
        ...game,
        items: [desert, forest, lake, sunflower].map((id) =>
          game.items.find((item) => item.id === id)!,
        ),
      };
      await guestPlaysByApi(server, reordered);
      await guestPlaysByApi(server, reordered);
      await expect
        .poll(() => frame.locator('[data-meta]').textContent(), { timeout: 20_000 })
        .toBe('3 players · live');
      expect(await frame.locator('li .label').allTextContents()).toEqual([
        'Desert',
        'Forest',
        'Lake',
        'Sunflower',
      ]);
      expect(await alts()).toEqual(['A green square', 'A blue square', 'A yellow square']);
      expect(await frame.locator('li img[data-first-seen]').getAttribute('alt')).toBe(
        'A yellow square',
      );
      // The leader without a picture keeps the others' labels in line (an empty slot).
      expect(await frame.locator('li:first-child span.thumb[aria-hidden="true"]').count()).toBe(1);
      await screenshot(host.page, 'embed-pictures-refreshed-375');
    } finally {
      await host.context.close();
      blog.close();
    }

    // The card alone, at both widths and in both schemes: axe clean.
    const page = owner.page;
    await page.goto(`/embed/g/${game.id}`);
    await page.locator('li img').first().waitFor();
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const viewport of [MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        expect(await axeViolations(page), `${colorScheme} ${viewport.width}`).toEqual([]);
        await screenshot(page, `embed-pictures-${colorScheme}-${viewport.width}`);
      }
    }

    // The share image, kept beside the screenshots.
    const image = await page.request.get(`/og/g/${game.id}.png`);
    expect(image.status()).toBe(200);
    await writeFile(path.join(SCREENSHOT_DIR, 'og-pictures.png'), await image.body());
    await owner.context.close();
  });
});
