/**
 * The API reference page (/api/docs, issue 15) in a real browser: at 375 and 1280 px, light and
 * dark, it shows every section, never scrolls sideways, runs under the site's CSP without a
 * violation, and axe finds nothing serious. Screenshots are saved for a look.
 */
import axe, { type AxeResults } from 'axe-core';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestServer } from '../test/support/server';
import { browserAvailable, screenshot, useAppInBrowser } from './support/harness';
import { DESKTOP, MOBILE } from './support/web';

describe.runIf(browserAvailable())('the API reference page', () => {
  let server: TestServer;
  let browser: Browser;
  useAppInBrowser((app) => ({ server, browser } = app));

  for (const [label, viewport] of [
    ['375', MOBILE],
    ['1280', DESKTOP],
  ] as const) {
    for (const colorScheme of ['light', 'dark'] as const) {
      it(`reads at ${label} px, ${colorScheme}`, async () => {
        const context = await browser.newContext({ viewport, colorScheme });
        const page = await context.newPage();
        const violations: string[] = [];
        page.on('console', (message) => {
          if (/content security policy/i.test(message.text())) violations.push(message.text());
        });
        const response = await page.goto(`${server.url}/api/docs`);
        expect(response?.status()).toBe(200);
        await expect
          .poll(() => page.locator('h2').allTextContents())
          .toEqual(expect.arrayContaining(['Games', 'Results', 'Community', 'Me', 'Admin']));
        expect(await page.locator('section.op').count()).toBeGreaterThan(50);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBe(0);
        await page.evaluate(axe.source);
        const results = await page.evaluate(() =>
          (window as unknown as { axe: typeof axe }).axe.run(document, {
            resultTypes: ['violations'],
          }),
        );
        const serious = (results as AxeResults).violations.filter(
          (violation) => violation.impact === 'serious' || violation.impact === 'critical',
        );
        expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
        expect(violations).toEqual([]);
        await screenshot(page, `api-docs-${label}-${colorScheme}`);
        await context.close();
      });
    }
  }
});
