/**
 * Helpers for the shell specs: visitors with or without onboarding done, accounts made through
 * the API, sign-in through the login screen, and a record of texts that flashed on screen.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { user } from '../../src/server/db/schema/auth';
import { playerProgress } from '../../src/server/db/schema/progression';
import { publish } from '../../src/server/realtime/hub';
import type { TestServer } from '../../test/support/server';
import { newPerson, nextPerson, screenshot, SCREENSHOT_DIR } from './harness';

export const MOBILE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };
export const PASSWORD = 'correct horse battery';

let counter = 0;
export function uniqueEmail(who: string): string {
  counter += 1;
  return `${who}-${Date.now().toString(36)}-${counter}@example.com`;
}

export type Visitor = { context: BrowserContext; page: Page };

/**
 * One person's browser. `onboarded` (default true) stores the onboarding flag before any page
 * runs, so the dialog does not cover the page; `reducedMotion` (default 'reduce') keeps
 * screenshots free of confetti and half-finished transitions.
 */
export async function newVisitor(
  browser: Browser,
  server: TestServer,
  options: {
    viewport?: { width: number; height: number };
    onboarded?: boolean;
    reducedMotion?: 'reduce' | 'no-preference';
    serviceWorkers?: 'allow' | 'block';
    /** The person opens /dev/outbox in the page (newPerson). */
    readsOutbox?: boolean;
  } = {},
): Promise<Visitor> {
  const context = await newPerson(
    browser,
    server,
    options.viewport ?? DESKTOP,
    options.serviceWorkers,
    options.readsOutbox,
  );
  if (options.onboarded ?? true) {
    await context.addInitScript(() => {
      window.localStorage.setItem('crowned.onboarded', '1');
    });
  }
  // Every text that enters the page, even for a moment, is noted: a gate's 'Signing you in…'
  // lasts one render before the redirect.
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { seenTexts: string[] }).seenTexts = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of Array.from(record.addedNodes)) {
          const text = node.textContent?.trim();
          if (text) seen.push(text);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: options.reducedMotion ?? 'reduce' });
  return { context, page };
}

/**
 * The next person in this visitor's browser context (see `nextPerson`): no cookies, no stored
 * data, an address of their own, a new page with the same options. For a spec's people who never
 * need to be on screen at the same time.
 */
export async function nextVisitor(
  visitor: Visitor,
  server: TestServer,
  options: {
    viewport?: { width: number; height: number };
    reducedMotion?: 'reduce' | 'no-preference';
  } = {},
): Promise<Visitor> {
  const page = await nextPerson(visitor.context, server);
  if (options.viewport) await page.setViewportSize(options.viewport);
  await page.emulateMedia({ reducedMotion: options.reducedMotion ?? 'reduce' });
  return { context: visitor.context, page };
}

/**
 * A spec's people who are never on screen together, one after another in one browser context
 * (`nextVisitor`): each call gives the next person, the first in a new context (`newVisitor`'s
 * defaults). A test that closes the context gets a new one on the next call.
 */
export function visitorsInTurn(
  app: () => { browser: Browser; server: TestServer },
): (options?: {
  viewport?: { width: number; height: number };
  reducedMotion?: 'reduce' | 'no-preference';
}) => Promise<Visitor> {
  let shared: Visitor | undefined;
  return async (options = {}) => {
    const { browser, server } = app();
    const wanted = { viewport: DESKTOP, ...options };
    if (shared) {
      shared = await nextVisitor(shared, server, wanted);
    } else {
      const visitor = await newVisitor(browser, server, wanted);
      visitor.context.on('close', () => {
        if (shared?.context === visitor.context) shared = undefined;
      });
      shared = visitor;
    }
    return shared;
  };
}

/** Whether `text` appeared on the page at any moment since it loaded. */
export async function sawText(page: Page, text: string): Promise<boolean> {
  return page.evaluate(
    (wanted) =>
      (window as unknown as { seenTexts?: string[] }).seenTexts?.some((t) => t.includes(wanted)) ??
      false,
    text,
  );
}

/** The page's path + query + hash. */
export function here(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}${url.hash}`;
}

export type Account = { id: string; name: string; email: string; password: string };

/**
 * Registers through the API from the page's context (or an API person): it is then signed in.
 */
export async function registerByApi(
  who: Page | APIRequestContext,
  server: TestServer,
  name: string,
): Promise<Account> {
  const email = uniqueEmail(name.toLowerCase());
  const requests = 'request' in who ? who.request : who;
  const response = await requests.post('/api/auth/sign-up/email', {
    data: { name, email, password: PASSWORD },
    headers: { origin: server.url },
  });
  if (!response.ok())
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { id: body.user.id, name, email, password: PASSWORD };
}

/**
 * Proves the account's e-mail from the page's context: follows the link its sign-up mailed (read
 * from the dev outbox), so this session is the verifying one (creating API tokens and webhooks
 * needs that, decision 0029).
 */
export async function verifyEmailByApi(
  page: Page,
  server: TestServer,
  account: Account,
): Promise<void> {
  // Read as a developer on this machine would (the page's requests carry a forwarding header,
  // which the outbox refuses).
  const outbox = await fetch(`${server.url}/api/dev/outbox`);
  if (!outbox.ok) throw new Error(`outbox: ${outbox.status}`);
  const { messages } = (await outbox.json()) as {
    messages: { to: string; links: string[] }[];
  };
  const link = messages
    .filter((message) => message.to === account.email)
    .flatMap((message) => message.links)
    .findLast((url) => url.includes('/api/auth/verify-email'));
  if (!link) throw new Error(`no verification mail to ${account.email}`);
  const verified = await page.request.get(link);
  if (!verified.ok()) throw new Error(`verification failed: ${verified.status()}`);
}

export async function signOutByApi(page: Page, server: TestServer): Promise<void> {
  const response = await page.request.post('/api/auth/sign-out', {
    data: {},
    headers: { origin: server.url },
  });
  if (!response.ok()) throw new Error(`sign-out failed: ${response.status()}`);
}

/** Signs in on the login screen the page is showing. */
export async function signInOnLoginPage(page: Page, account: Account): Promise<void> {
  const email = page.getByLabel('Email');
  await email.waitFor({ timeout: 15_000 }).catch(async (error: unknown) => {
    throw new Error(
      `No sign-in form at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 500)}`,
      { cause: error },
    );
  });
  await email.fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.locator('form button[type="submit"]').click();
}

/** Changes a player's progress in the database and tells their open streams (as XP awards do). */
export async function setProgress(
  server: TestServer,
  userId: string,
  progress: {
    level?: number;
    xp?: number;
    xpToNext?: number;
    crowns?: number;
    role?: string;
    adminGrantedBy?: string;
  },
): Promise<void> {
  const { db } = server.database;
  const { role, adminGrantedBy, ...rest } = progress;
  if (role !== undefined || adminGrantedBy !== undefined) {
    await db.update(user).set({ role, adminGrantedBy }).where(eq(user.id, userId));
  }
  if (Object.keys(rest).length > 0) {
    await db.update(playerProgress).set(rest).where(eq(playerProgress.userId, userId));
  }
  await publish(db, { type: 'profile', userId });
}

/** Makes the page wide open to scrolling: a tall block at the end of the main area. */
export async function addScrollRoom(page: Page, px = 2000): Promise<void> {
  await page.evaluate((height) => {
    const spacer = document.createElement('div');
    spacer.style.height = `${height}px`;
    spacer.dataset.testid = 'scroll-room';
    document.getElementById('main')?.append(spacer);
  }, px);
}

/** A screenshot of what the viewport shows (fixed bars where a person sees them). */
export async function viewportScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/** Screenshots `name-375` and `name-1280`, each once `ready` is there and fonts have loaded. */
export async function screenshotBothWidths(page: Page, name: string, ready: string): Promise<void> {
  for (const viewport of [MOBILE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.locator(ready).first().waitFor();
    await page.evaluate(async () => {
      window.scrollTo(0, 0);
      await document.fonts.ready;
    });
    await page.waitForTimeout(300);
    await screenshot(page, `${name}-${viewport.width}`);
  }
}

/**
 * Opens the admin claim link last mailed to `email` (read from the dev outbox, from this
 * machine) in this page, the session that asked, and confirms it (decision 0028).
 */
export async function confirmAdminClaimByMail(
  page: Page,
  server: TestServer,
  email: string,
  options: { screenshotName?: string } = {},
): Promise<void> {
  const outbox = (await (await fetch(`${server.url}/api/dev/outbox`)).json()) as {
    messages: { to: string; subject: string; links: string[] }[];
  };
  const link = outbox.messages
    .find((message) => message.to === email && /admin/i.test(message.subject))
    ?.links.find((url) => url.includes('/account/admin-claim#'));
  if (!link) throw new Error(`no admin claim link mailed to ${email}`);
  await page.goto(link);
  await page.getByRole('heading', { name: 'Become an admin' }).waitFor();
  // The secret leaves the address bar at once.
  if (new URL(page.url()).hash !== '') throw new Error('the token stayed in the address bar');
  if (options.screenshotName) {
    await page.getByRole('button', { name: 'Make this account an admin' }).waitFor();
    await screenshotBothWidths(page, options.screenshotName, '.auth-card');
  }
  await page.getByRole('button', { name: 'Make this account an admin' }).click();
  await page.getByText('Done: this account is now an admin.').waitFor();
}

/**
 * Brings `target` into view and waits until the page holds still: fonts loaded, every finite
 * animation or transition finished, and the scroll position unchanged over two animation frames.
 * A scroll event that arrives late (a loaded machine delays it) would otherwise land after the
 * next action: Radix closes a tooltip when its trigger scrolls, and a layout measured while a
 * dialog still grows in is wrong.
 */
export async function settledInView(page: Page, target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime));
    await Promise.allSettled(finite.map((animation) => animation.finished));
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let last = -1;
    for (let still = 0; still < 2;) {
      await frame();
      const y = window.scrollY;
      still = y === last ? still + 1 : 0;
      last = y;
    }
  });
}

/**
 * Goes to `target` inside the app already loaded in the page, as a link would: the router takes
 * the new address without loading the page again. A page load costs Chromium about 0.6 s of CPU
 * (the app boots anew), this about a tenth of it; tests whose subject is not the load itself
 * (what a route shows, where it sends) go on this way after their first load.
 */
export async function goInApp(page: Page, target: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, target);
}
