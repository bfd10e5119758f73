/**
 * The Content-Security-Policy in a real browser (issue 11, item 9): the built pages run under
 * it without a single violation, on the way a visitor goes (home, play, submit with confetti,
 * results with live updates, the account page and the dev outbox), and the page's policy carries
 * the hash of the build's inline route-preload script.
 */
import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { inlineScripts } from '../src/server/http/security-headers';
import type { TestServer } from '../test/support/server';
import { browserAvailable, useAppInBrowser } from './support/harness';
import { newVisitor } from './support/web';

type Violation = { directive: string; blocked: string; source: string };

/** Records every CSP violation the page reports, and every console message about CSP. */
async function watchCsp(
  page: Page,
): Promise<{ violations: () => Promise<Violation[]>; console: string[] }> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|content-security-policy/i.test(message.text())) {
      console.push(`${message.type()}: ${message.text()}`);
    }
  });
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { cspViolations: Violation[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push({
        directive: event.violatedDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
      });
    });
  });
  return {
    console,
    violations: () =>
      page.evaluate(
        () => (window as unknown as { cspViolations?: Violation[] }).cspViolations ?? [],
      ),
  };
}

describe.runIf(browserAvailable())('security headers in Chromium', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  it('sends the policy with the inline script hashes, and the other headers', async () => {
    const response = await fetch(`${server.url}/g/pizza-demo/play`);
    const html = await response.text();
    const policy = response.headers.get('content-security-policy') ?? '';
    const scripts = inlineScripts(html).filter((body) => body.trim() !== '');
    expect(scripts.length, 'the route preload script').toBeGreaterThan(0);
    for (const body of scripts) {
      const hash = createHash('sha256').update(body).digest('base64');
      expect(policy).toContain(`'sha256-${hash}'`);
    }
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const api = await fetch(`${server.url}/api/health`);
    expect(api.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('reports no violation on the home, play, results, account and outbox pages', async () => {
    // Motion on: the confetti (drawn in a worker) runs too.
    const { context, page } = await newVisitor(browser, server, {
      reducedMotion: 'no-preference',
      readsOutbox: true,
    });
    const csp = await watchCsp(page);
    const seen: Violation[] = [];
    const visit = async (check: () => Promise<unknown>) => {
      await check();
      // Let late requests (lazy chunks, event streams, confetti) happen.
      await page.waitForTimeout(500);
      seen.push(...(await csp.violations()));
    };

    await visit(async () => {
      await page.goto('/');
      await page.getByRole('heading').first().waitFor();
    });
    await visit(async () => {
      await page.goto('/g/pizza-demo/play');
      await page.getByTestId('rank-list').waitFor();
      await page.getByRole('button', { name: 'Submit ranking' }).click();
      await page.waitForURL(/\/g\/[^/]+\/results$/);
      // The viewer's own card (its words depend on how many have ranked).
      await page.getByTestId('you-vs-crowd').waitFor();
    });
    await visit(async () => {
      await page.reload();
      // The viewer's own card (its words depend on how many have ranked).
      await page.getByTestId('you-vs-crowd').waitFor();
    });
    await visit(async () => {
      await page.goto('/account');
      await page.getByRole('heading', { level: 1 }).waitFor();
    });
    await visit(async () => {
      await page.goto('/dev/outbox');
      await page
        .getByRole('heading', { level: 1 })
        .or(page.getByRole('heading', { level: 2 }))
        .first()
        .waitFor();
    });

    expect(seen).toEqual([]);
    expect(csp.console).toEqual([]);
    await context.close();
  });
});
