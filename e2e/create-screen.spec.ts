/**
 * The create screen in Chromium (SPEC §2 Create screen, §4 Create flow, §5): item rows, the
 * greyed-but-pressable Create button and its quips, the settings dialog and its layout, the
 * Publish to Community switch, creating with rules and the publish choice, and the draft that
 * survives a sign-in (decision 0006).
 */
import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SETTINGS_STACK_BREAKPOINT_PX } from '../src/domain/limits';
import { game } from '../src/server/db/schema';
import { TOO_FEW_QUIPS } from '../src/web/create/quips';
import type { TestServer } from '../test/support/server';
import { browserAvailable, screenshot, useAppInBrowser } from './support/harness';
import {
  DESKTOP,
  MOBILE,
  PASSWORD,
  here,
  newVisitor,
  registerByApi,
  signInOnLoginPage,
  signOutByApi,
  uniqueEmail,
  viewportScreenshot,
  type Visitor,
} from './support/web';

const DRAFT_KEY = 'crowned.pendingStart';
const NO_RULES = 'Results show as soon as people rank';
const ACCOUNT_FOR_CREATE = `/account?next=${encodeURIComponent('/create')}`;
const PLAY_URL = /\/g\/([A-Za-z0-9]{10})\/play$/;

type GameBody = {
  game: {
    id: string;
    prompt: string;
    items: { label: string }[];
    sizeLimit: number | null;
    deadlineAt: number | null;
    resultsLocked: boolean;
    isOwner: boolean;
  };
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A local time `days` from today at hh:mm, as epoch ms and as a datetime-local value. */
function localTime(days: number, hours: number, minutes = 0): { at: number; value: string } {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hours, minutes);
  const value =
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(hours)}:${pad(minutes)}`;
  return { at: date.getTime(), value };
}

const itemInputs = (page: Page) => page.locator('.item-rows input');
const itemValues = (page: Page) =>
  itemInputs(page).evaluateAll((els) => els.map((el) => (el as HTMLInputElement).value));
const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
const createButton = (page: Page) => page.getByRole('button', { name: 'Create', exact: true });
const gear = (page: Page) => page.getByRole('button', { name: 'Game settings' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Game settings' });
const summary = (page: Page) => page.getByTestId('rules-summary');
const rulesDot = (page: Page) => page.getByTestId('rules-dot');
const publishSwitch = (page: Page) => page.getByRole('switch', { name: 'Publish to Community' });
const storedDraft = (page: Page) =>
  page.evaluate((key) => {
    const raw = sessionStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as { prompt: string; pressed: boolean });
  }, DRAFT_KEY);

async function openCreate(page: Page): Promise<void> {
  await page.goto('/create');
  await page.getByRole('heading', { name: 'Create a rank' }).waitFor();
}

async function fillForm(page: Page, prompt: string, items: string[]): Promise<void> {
  await page.getByLabel('What are we ranking?').fill(prompt);
  for (const [index, item] of items.entries()) {
    const input = page.getByLabel(`Item ${index + 1}`, { exact: true });
    if ((await input.count()) === 0) await page.getByRole('button', { name: 'Add item' }).click();
    await input.fill(item);
  }
}

/** Opens the settings dialog, types the rules, and closes it with Done. */
async function setRules(page: Page, rules: { deadline?: string; players?: string }) {
  await gear(page).click();
  await dialog(page).waitFor();
  if (rules.deadline !== undefined) {
    await page.getByLabel('After a date and time').fill(rules.deadline);
  }
  if (rules.players !== undefined) {
    await page.getByLabel('After a number of players').fill(rules.players);
  }
  await dialog(page).getByRole('button', { name: 'Done' }).click();
  await dialog(page).waitFor({ state: 'detached' });
}

/**
 * The whole page as a person would see it on a screen tall enough for it: the viewport grows to
 * the page's height first, so the fixed header and bottom navigation sit at its top and bottom.
 */
async function shot(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await screenshot(page, name);
  await page.setViewportSize(viewport);
}

const domDisabled = (button: Locator) =>
  button.evaluate((el) => (el as HTMLButtonElement).disabled);

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box');
  return found;
}

/** The game as its owner's API shows it, and the publish choice stored with it. */
async function createdGame(page: Page, server: TestServer, id: string) {
  const response = await page.request.get(`/api/games/${id}`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as GameBody;
  const [row] = await server.database.db
    .select({ publishRequested: game.publishRequested })
    .from(game)
    .where(eq(game.id, id));
  return { ...body.game, publishRequested: row?.publishRequested };
}

/** Creates an account on the /account form a guest sees (it opens on "Create account"). */
async function registerOnAccountPage(page: Page, name: string): Promise<void> {
  await page.getByLabel('Display name').fill(name);
  await page.getByLabel('Email').fill(uniqueEmail(name.toLowerCase()));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.locator('form').getByRole('button', { name: 'Create account' }).click();
}

async function landOnPlay(page: Page): Promise<string> {
  await page.waitForURL(PLAY_URL, { timeout: 20_000 });
  const id = PLAY_URL.exec(new URL(page.url()).pathname)?.[1];
  if (!id) throw new Error(`not a play route: ${page.url()}`);
  await page.getByTestId('rank-list').waitFor();
  return id;
}

describe.runIf(browserAvailable())('create screen', () => {
  let server: TestServer;
  let browser: Browser;

  useAppInBrowser((app) => ({ server, browser } = app));

  async function member(viewport = DESKTOP): Promise<Visitor & { email: string }> {
    const visitor = await newVisitor(browser, server, { viewport });
    const account = await registerByApi(visitor.page, server, 'Maker');
    await openCreate(visitor.page);
    return { ...visitor, email: account.email };
  }

  it('starts with 3 empty rows and edits them: Enter, remove, Add item, select on focus', async () => {
    const { context, page } = await member();
    expect(await itemValues(page)).toEqual(['', '', '']);
    expect(await page.getByLabel('Item 1', { exact: true }).getAttribute('placeholder')).toBe(
      'e.g., Cool Ranch Doritos',
    );

    await fillForm(page, 'Best snack', ['Chips', 'Nuts', 'Pretzels']);
    // Enter on a row that is not the last moves on without adding one.
    await page.getByLabel('Item 1', { exact: true }).press('Enter');
    expect(await focusedLabel(page)).toBe('Item 2');
    expect(await itemInputs(page).count()).toBe(3);
    // Enter on the last filled row adds a row and focuses it...
    await page.getByLabel('Item 3', { exact: true }).press('Enter');
    await expect.poll(() => itemInputs(page).count()).toBe(4);
    await expect.poll(() => focusedLabel(page)).toBe('Item 4');
    // ...but not on an empty last row.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    expect(await itemInputs(page).count()).toBe(4);
    expect(await focusedLabel(page)).toBe('Item 4');

    await page.getByRole('button', { name: 'Remove item 2 (Nuts)' }).click();
    expect(await itemValues(page)).toEqual(['Chips', 'Pretzels', '']);
    await page.getByRole('button', { name: 'Add item' }).click();
    await expect.poll(() => itemValues(page)).toEqual(['Chips', 'Pretzels', '', '']);
    expect(await focusedLabel(page)).toBe('Item 4');

    // Focusing a filled row selects its text: by script and by click.
    const selection = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLInputElement;
        return [el.getAttribute('aria-label'), el.selectionStart, el.selectionEnd];
      });
    await page.getByLabel('Item 2', { exact: true }).focus();
    expect(await selection()).toEqual(['Item 2', 0, 'Pretzels'.length]);
    await page.getByLabel('Item 1', { exact: true }).click();
    expect(await selection()).toEqual(['Item 1', 0, 'Chips'.length]);
    await context.close();
  });

  it('greys the Create button but keeps it pressable, with a quip toast for about 2.2 s', async () => {
    const { context, page } = await member(MOBILE);
    const button = createButton(page);
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    // Not `disabled`: a disabled button would take no click. (Playwright's isDisabled and its
    // click checks count aria-disabled too, so the property is read and the mouse clicks.)
    expect(await domDisabled(button)).toBe(false);
    // Scrolled to the middle of the screen, as a person would, clear of the bottom navigation.
    await button.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const { x, y, width, height } = await box(button);
    // Nothing (the bottom navigation, say) covers it where the mouse lands.
    expect(
      await button.evaluate(
        (el, point) => el.contains(document.elementFromPoint(point.x, point.y)),
        { x: x + width / 2, y: y + height / 2 },
      ),
    ).toBe(true);
    await page.mouse.click(x + width / 2, y + height / 2);
    const toast = page.locator('[data-sonner-toast]');
    await toast.waitFor();
    expect(TOO_FEW_QUIPS).toContain((await toast.textContent())?.trim());
    await viewportScreenshot(page, 'create-greyed-toast-375');
    await toast.waitFor({ state: 'detached', timeout: 6000 });
    expect(new URL(page.url()).pathname).toBe('/create');

    // Two items are not enough; a prompt and three are.
    await fillForm(page, 'Best snack', ['Chips', 'Nuts']);
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    await page.getByLabel('Item 3', { exact: true }).fill('Pretzels');
    await expect.poll(() => button.getAttribute('aria-disabled')).toBeNull();
    await page.getByLabel('What are we ranking?').fill('  ');
    await expect.poll(() => button.getAttribute('aria-disabled')).toBe('true');
    await context.close();
  });

  it('opens the settings dialog from the gear; Escape closes it; the dot and summary follow the rules', async () => {
    const { context, page } = await member();
    await fillForm(page, 'Best snack', ['Chips', 'Nuts', 'Pretzels']);
    expect(await summary(page).textContent()).toBe(NO_RULES);
    expect(await rulesDot(page).count()).toBe(0);
    await shot(page, 'create-1280');

    await gear(page).click();
    await dialog(page).waitFor();
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => focusedLabel(page)).toBe('Game settings');

    // With the keyboard: Enter on the gear opens it.
    await page.keyboard.press('Enter');
    await dialog(page).waitFor();
    const tomorrow = localTime(1, 18);
    await page.getByLabel('After a number of players').fill('5');
    await page.getByLabel('After a date and time').fill(tomorrow.value);
    const dialogSummary = dialog(page).locator('.settings-dialog__summary');
    await expect
      .poll(() => dialogSummary.textContent())
      .toMatch(/^Results unlock after 5 players or (tomorrow|today) at 18:00$/);
    await viewportScreenshot(page, 'create-settings-1280');
    const [deadline, players] = [
      page.getByTestId('rule-deadline'),
      page.getByTestId('rule-players'),
    ];
    const [d, p] = [await box(deadline), await box(players)];
    expect(Math.abs(d.y - p.y)).toBeLessThan(2);
    expect(p.x).toBeGreaterThanOrEqual(d.x + d.width);
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => focusedLabel(page)).toBe('Game settings');
    expect(await summary(page).textContent()).toMatch(
      /after 5 players or (tomorrow|today) at 18:00/,
    );
    await rulesDot(page).waitFor();

    // Values the server would ignore are called out and make no rule.
    await gear(page).click();
    await page.getByLabel('After a date and time').fill(localTime(-1, 9).value);
    await page.getByLabel('After a number of players').fill('0');
    await dialog(page).getByText('This time has passed, so it will be ignored.').waitFor();
    await dialog(page).getByText('This needs at least 1 player, so it will be ignored.').waitFor();
    expect(await dialogSummary.textContent()).toBe(NO_RULES);
    await viewportScreenshot(page, 'create-settings-ignored-1280');
    await page.keyboard.press('Escape');
    expect(await summary(page).textContent()).toBe(NO_RULES);
    expect(await rulesDot(page).count()).toBe(0);

    // Clearing: a rule set, then cleared.
    await setRules(page, { players: '3', deadline: '' });
    expect(await summary(page).textContent()).toBe('Results unlock after 3 players');
    await rulesDot(page).waitFor();
    await gear(page).click();
    await dialog(page).getByRole('button', { name: 'Clear rules' }).click();
    expect(await page.getByLabel('After a number of players').inputValue()).toBe('');
    await dialog(page).getByRole('button', { name: 'Done' }).click();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await summary(page).textContent()).toBe(NO_RULES);
    expect(await rulesDot(page).count()).toBe(0);
    await context.close();
  });

  it(`stacks the two rules below ${SETTINGS_STACK_BREAKPOINT_PX} px`, async () => {
    expect(MOBILE.width).toBeLessThan(SETTINGS_STACK_BREAKPOINT_PX);
    const { context, page } = await member(MOBILE);
    await fillForm(page, 'Best snack', ['Chips', 'Nuts', 'Pretzels']);
    await setRules(page, { players: '5' });
    await rulesDot(page).waitFor();
    await shot(page, 'create-375');
    await gear(page).click();
    await dialog(page).waitFor();
    const [d, p] = [
      await box(page.getByTestId('rule-deadline')),
      await box(page.getByTestId('rule-players')),
    ];
    expect(p.y).toBeGreaterThanOrEqual(d.y + d.height);
    expect(Math.abs(d.x - p.x)).toBeLessThan(2);
    // Nothing sticks out of the dialog or the screen.
    const content = await box(dialog(page));
    expect(content.x).toBeGreaterThanOrEqual(0);
    expect(content.x + content.width).toBeLessThanOrEqual(MOBILE.width);
    expect(p.x + p.width).toBeLessThanOrEqual(content.x + content.width);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await viewportScreenshot(page, 'create-settings-375');
    await context.close();
  });

  it('flips the publish switch with the keyboard and shows its tooltip on focus, hover and tap', async () => {
    const { context, page } = await member(MOBILE);
    const toggle = publishSwitch(page);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await viewportScreenshot(page, 'create-publish-focus-375');
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await page.getByText('Publish to Community', { exact: true }).click();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');

    // The info button sits in the label's line, just before the switch.
    await toggle.focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedLabel(page)).toBe('About publishing to Community');
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toContain('publicly on the Community page');
    expect(await tooltip.textContent()).toContain('My Ranks');
    await page.keyboard.press('Escape');
    await tooltip.waitFor({ state: 'detached' });

    const info = page.getByRole('button', { name: 'About publishing to Community' });
    await page.getByRole('heading', { name: 'Create a rank' }).hover();
    await info.hover();
    await tooltip.waitFor();
    await page.getByRole('heading', { name: 'Create a rank' }).click();
    await tooltip.waitFor({ state: 'detached' });

    // A click (a tap on a touch screen, which never hovers) opens it too, and it stays open.
    await info.click();
    await tooltip.waitFor();
    await page.waitForTimeout(300);
    expect(await tooltip.isVisible()).toBe(true);
    await viewportScreenshot(page, 'create-publish-info-375');
    await context.close();
  });

  it("shows 'Creating…' while busy, lands on play, and the game has the rules and publish choice", async () => {
    const { context, page } = await member();
    await fillForm(page, 'Best pasta shape', ['Penne', 'Fusilli', 'Farfalle', 'Rigatoni']);
    await publishSwitch(page).click();
    const deadline = localTime(2, 20, 30);
    await setRules(page, { players: '4', deadline: deadline.value });

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/games', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    const button = page.getByRole('button', { name: /^(Create|Creating…)$/ });
    await button.click();
    await page.getByRole('button', { name: 'Creating…' }).waitFor();
    expect(await domDisabled(button)).toBe(true);
    release();

    const id = await landOnPlay(page);
    const created = await createdGame(page, server, id);
    expect(created).toMatchObject({
      prompt: 'Best pasta shape',
      sizeLimit: 4,
      deadlineAt: deadline.at,
      resultsLocked: true,
      isOwner: true,
      publishRequested: true,
    });
    expect(created.items.map((item) => item.label)).toEqual([
      'Penne',
      'Fusilli',
      'Farfalle',
      'Rigatoni',
    ]);
    expect(await storedDraft(page)).toBeNull();
    await context.close();
  });

  it('creates without rules and unpublished by default', async () => {
    const { context, page } = await member();
    await fillForm(page, 'Best tea', ['Green', 'Black', 'Oolong']);
    await createButton(page).click();
    const id = await landOnPlay(page);
    expect(await createdGame(page, server, id)).toMatchObject({
      sizeLimit: null,
      deadlineAt: null,
      resultsLocked: false,
      publishRequested: false,
    });
    await context.close();
  });

  it('lets a guest compose, sends them to sign in on Create, and creates the draft after', async () => {
    const { context, page } = await newVisitor(browser, server, { viewport: MOBILE });
    const guest = await page.request.post('/api/auth/sign-in/anonymous', {
      data: {},
      headers: { origin: server.url },
    });
    expect(guest.ok()).toBe(true);
    await openCreate(page);
    expect(new URL(page.url()).pathname).toBe('/create');
    await page.getByText('You will sign in or create an account when you press Create.').waitFor();

    await fillForm(page, 'Best board game', ['Chess', 'Go', 'Catan']);
    await publishSwitch(page).click();
    await setRules(page, { players: '3' });
    await createButton(page).click();

    await page.waitForURL((url) => url.pathname === '/account');
    expect(here(page)).toBe(ACCOUNT_FOR_CREATE);
    await page.getByText('Your draft is kept.').first().waitFor();
    expect(await storedDraft(page)).toMatchObject({ prompt: 'Best board game', pressed: true });

    await registerOnAccountPage(page, 'Gwen');

    const id = await landOnPlay(page);
    const created = await createdGame(page, server, id);
    expect(created).toMatchObject({
      prompt: 'Best board game',
      sizeLimit: 3,
      deadlineAt: null,
      resultsLocked: true,
      isOwner: true,
      publishRequested: true,
    });
    expect(created.items.map((item) => item.label)).toEqual(['Chess', 'Go', 'Catan']);
    expect(await storedDraft(page)).toBeNull();
    await context.close();
  });

  it('keeps the draft when the session ends while composing, and creates it after sign-in', async () => {
    const { context, page, email } = await member();
    await fillForm(page, 'Best season', ['Spring', 'Summer', 'Autumn', 'Winter']);
    await setRules(page, { players: '2' });
    // Signed out elsewhere: this page does not know yet.
    await signOutByApi(page, server);
    await createButton(page).click();

    await page.waitForURL((url) => url.pathname === '/account');
    expect(here(page)).toBe(ACCOUNT_FOR_CREATE);
    await page.getByText('Your session has ended.', { exact: false }).first().waitFor();
    expect(await storedDraft(page)).toMatchObject({ prompt: 'Best season', pressed: true });
    await signInOnLoginPage(page, { id: '', name: 'Maker', email, password: PASSWORD });

    const id = await landOnPlay(page);
    expect(await createdGame(page, server, id)).toMatchObject({
      prompt: 'Best season',
      sizeLimit: 2,
      publishRequested: false,
    });
    expect(await storedDraft(page)).toBeNull();
    await context.close();
  });

  it('fills in an unpressed draft after the gate sent the person to sign in, without creating it', async () => {
    const { context, page, email } = await member(MOBILE);
    await fillForm(page, 'Best pet', ['Cat', 'Dog', 'Fish']);
    await publishSwitch(page).click();
    await setRules(page, { players: '7' });
    await signOutByApi(page, server);
    let creates = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/games') {
        creates += 1;
      }
    });
    // Next time the session is read (here: a reload) the gate sends them to sign in.
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(here(page)).toBe(`/login?next=${encodeURIComponent('/create')}`);
    await signInOnLoginPage(page, { id: '', name: 'Maker', email, password: PASSWORD });

    await page.waitForURL((url) => url.pathname === '/create');
    await page.getByRole('heading', { name: 'Create a rank' }).waitFor();
    expect(await page.getByLabel('What are we ranking?').inputValue()).toBe('Best pet');
    expect(await itemValues(page)).toEqual(['Cat', 'Dog', 'Fish']);
    expect(await publishSwitch(page).getAttribute('aria-checked')).toBe('true');
    expect(await summary(page).textContent()).toBe('Results unlock after 7 players');
    // Not pressed: not created. The page stays, the button waits, nothing was sent.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/create');
    expect(await createButton(page).textContent()).toBe('Create');
    expect(creates).toBe(0);
    await context.close();
  });

  it('shows the draft and the error when the automatic create fails, and creates it on a retry', async () => {
    const { context, page } = await newVisitor(browser, server);
    await page.request.post('/api/auth/sign-in/anonymous', {
      data: {},
      headers: { origin: server.url },
    });
    await openCreate(page);
    await fillForm(page, 'Best fruit', ['Mango', 'Kiwi', 'Fig']);
    await createButton(page).click();
    await page.waitForURL((url) => url.pathname === '/account');

    await page.route('**/api/games', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await route.fulfill({
        status: 503,
        json: { error: { code: 'unavailable', message: 'Down for a moment' } },
      });
    });
    await registerOnAccountPage(page, 'Fay');
    await page.waitForURL((url) => url.pathname === '/create');
    const alert = page.locator('.form-error[role="alert"]');
    await expect.poll(() => alert.textContent()).toContain('Down for a moment');
    expect(await alert.textContent()).toContain('Your draft is back');
    expect(await page.getByLabel('What are we ranking?').inputValue()).toBe('Best fruit');
    expect(await itemValues(page)).toEqual(['Mango', 'Kiwi', 'Fig']);
    expect(await storedDraft(page)).toMatchObject({ prompt: 'Best fruit', pressed: false });

    await page.unroute('**/api/games');
    await createButton(page).click();
    const id = await landOnPlay(page);
    expect((await createdGame(page, server, id)).prompt).toBe('Best fruit');
    await context.close();
  });
});
