/**
 * axe-core in a page, as the accessibility spec runs it (issue 14) and any spec may: every
 * combination of light and dark, 375 and 1280 px, serious or critical violations (and a few
 * moderate ones) collected with where they were found, plus reflow (nothing scrolls sideways).
 */
import axe, { type AxeResults } from 'axe-core';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, MOBILE } from './web';

export type Check = { path: string; ready: string };
type Violation = { where: string; rule: string; impact: string; help: string; targets: string[] };

const VIEWPORTS = [MOBILE, DESKTOP];
const THEMES = ['light', 'dark'] as const;

/**
 * axe-core, put into the page once per load (evaluated like a devtools snippet, so the app's CSP
 * does not apply to it) and run for each width and theme: only violations are collected.
 */
async function runAxe(page: Page): Promise<AxeResults> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, {
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    }),
  );
}

/**
 * The violations axe finds twice, a second look a moment after the first: on a loaded machine the
 * first look can catch the page between two styles (a theme switch or a resize half applied),
 * while a real violation is there both times.
 */
async function stableViolations(page: Page): Promise<AxeResults['violations']> {
  const first = await runAxe(page);
  if (first.violations.length === 0) return [];
  await page.waitForTimeout(1000);
  const second = await runAxe(page);
  const seen = new Set(first.violations.map((violation) => violation.id));
  return second.violations.filter((violation) => seen.has(violation.id));
}

/** Waits for what the route shows once loaded, and for no part of it to be busy. */
async function settle(page: Page, ready: string): Promise<void> {
  await page.locator(ready).first().waitFor({ timeout: 15_000 });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .boot-screen'));
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Moderate findings that fail all the same (issue 24): content outside every landmark (the
 * confetti canvas was one) and a heading that skips a level.
 */
const ALWAYS_FAIL = new Set(['region', 'heading-order']);

/** Every combination of width and theme for one page, as the visitor sees it. */
export async function audit(page: Page, check: Check): Promise<Violation[]> {
  await page.goto(check.path);
  return auditAsItIs(page, check);
}

/**
 * The page as it is now, without loading it again (a live room's phase, a state reached by
 * clicks): every combination of width and theme, as `audit`; then the page is given back its
 * size, the light theme and the motion setting it had (`reducedMotion`, default 'reduce').
 */
export async function auditInPlace(
  page: Page,
  check: Check,
  reducedMotion: 'reduce' | 'no-preference' = 'reduce',
): Promise<Violation[]> {
  const size = page.viewportSize();
  // A page behind another of its context (the presenter behind the remote) draws no frames, so
  // its transitions never end: a theme switched there keeps the old background (decision 0063).
  await page.bringToFront();
  const found = await auditAsItIs(page, check);
  await page.emulateMedia({ colorScheme: 'light', reducedMotion });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  if (size) await page.setViewportSize(size);
  return found;
}

async function auditAsItIs(page: Page, check: Check): Promise<Violation[]> {
  const found: Violation[] = [];
  await settle(page, check.ready);
  for (const theme of THEMES) {
    // The app follows the system's scheme when no choice is stored.
    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      // Reflow (WCAG 1.4.10): nothing makes the page scroll sideways. Charts follow a resize a
      // moment later (a ResizeObserver); on a busy machine that moment is long, so the page
      // gets a few seconds to fit before it is measured, and is measured as it is then.
      await page
        .waitForFunction((w) => document.documentElement.scrollWidth <= w, viewport.width, {
          timeout: 5000,
        })
        .catch(() => undefined);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > viewport.width) {
        found.push({
          where: `${check.path} ${theme} ${viewport.width}px`,
          rule: 'reflow',
          impact: 'serious',
          help: `The page is ${width} px wide`,
          targets: [],
        });
      }
      const results = await stableViolations(page);
      for (const violation of results) {
        const serious = violation.impact === 'serious' || violation.impact === 'critical';
        if (!serious && !ALWAYS_FAIL.has(violation.id)) continue;
        found.push({
          where: `${check.path} ${theme} ${viewport.width}px`,
          rule: violation.id,
          impact: violation.impact ?? 'moderate',
          help: violation.help,
          targets: violation.nodes
            .slice(0, 5)
            .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
        });
      }
    }
  }
  return found;
}

export async function auditAll(context: BrowserContext, checks: Check[]): Promise<void> {
  const page = await context.newPage();
  const violations: Violation[] = [];
  for (const check of checks) violations.push(...(await audit(page, check)));
  await page.close();
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}
