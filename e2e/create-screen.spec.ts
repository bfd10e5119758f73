/**
 * The create screen in Chromium (SPEC §2 Create screen, §4 Create flow, §5): item rows, the
 * greyed-but-pressable Create button and its quips (one for what is missing, with the field marked
 * and focused), the button kept in view above the bottom navigation, the settings dialog and its
 * layout, the Publish to Community switch, creating with rules and the publish choice, creating
 * with the keyboard alone, and composing before signing in: the draft survives the sign-in and is
 * created after it (decisions 0006 and 0020).
 */
import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SETTINGS_STACK_BREAKPOINT_PX } from '../src/domain/limits';
import { game } from '../src/server/db/schema/games';
import { EMPTY_QUIPS, NO_PROMPT_QUIPS, TOO_FEW_ITEMS_QUIPS } from '../src/web/create/quips';
import { CREATE_SIGN_IN_REASON } from '../src/web/account/sign-in-reason';
import type { TestServer } from '../test/support/server';
import { browserAvailable, screenshot, useAppInBrowser } from './support/harness';
import {
  DESKTOP,
  MOBILE,
  PASSWORD,
  here,
  newVisitor,
  registerByApi,
  sawText,
  signInOnLoginPage,
  signOutByApi,
  uniqueEmail,
  viewportScreenshot,
  settledInView,
  type Visitor,
  visitorsInTurn,
} from './support/web';

const DRAFT_KEY = 'crowned.pendingStart';
const NO_RULES = 'Results show as soon as people rank';
const ACCOUNT_FOR_CREATE = `/account?next=${encodeURIComponent('/create')}`;
const PLAY_URL = /\/g\/([A-Za-z0-9]{10})\/play$/;
/** 1280×800 at 200% browser zoom: the page lays out in half as many CSS pixels each way. */
const ZOOMED = { width: 640, height: 400 };
const LAPTOP = { width: 1280, height: 800 };

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

/** The centre of an element on screen. */
async function centreOf(locator: Locator) {
  const found = await box(locator);
  return { x: found.x + found.width / 2, y: found.y + found.height / 2 };
}

/** Whether a tap at `point` reaches the element (nothing, the navigation say, lies over it). */
const uncoveredAt = (locator: Locator, point: { x: number; y: number }) =>
  locator.evaluate((el, p) => el.contains(document.elementFromPoint(p.x, p.y)), point);

/**
 * Presses the Create button with the mouse where it shows. (Playwright's click waits for a
 * greyed, aria-disabled button to be enabled; a person's click does not.)
 */
async function pressCreate(page: Page): Promise<void> {
  const { x, y } = await centreOf(createButton(page));
  await page.mouse.click(x, y);
}

/** The text of what an element's aria-describedby points to. */
const describedBy = (locator: Locator) =>
  locator.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? `(no #${id})`)
      .join(' '),
  );

const focusedIs = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/** The item rows marked as needing text. */
const invalidItems = (page: Page) =>
  page
    .locator('.item-rows input[aria-invalid="true"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));

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

/** The sign-in screen's reason for being there, once it shows. */
async function reasonShown(page: Page): Promise<string | null> {
  const reason = page.getByTestId('sign-in-reason');
  await reason.waitFor();
  return reason.textContent();
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

  /**
   * People of the tests that end their session or go through sign-in, never on screen together:
   * one after another in one browser context.
   */
  const inTurn = visitorsInTurn(() => ({ server, browser }));

  /** A new account on /create in a browser of its own (for the tests that end its session). */
  async function member(viewport = DESKTOP): Promise<Visitor & { email: string }> {
    const visitor = await inTurn({ viewport });
    const account = await registerByApi(visitor.page, server, 'Maker');
    await openCreate(visitor.page);
    return { ...visitor, email: account.email };
  }

  let maker: Promise<Visitor> | undefined;
  /**
   * A signed-in maker on /create at `viewport`, in a new tab of one browser shared by the tests
   * that only compose and create: a tab of its own starts with no draft (the draft lives in
   * session storage), and a new browser context costs Chromium about four page loads.
   */
  async function makerTab(viewport = DESKTOP): Promise<Page> {
    maker ??= (async () => {
      const visitor = await newVisitor(browser, server);
      await registerByApi(visitor.page, server, 'Maker');
      return visitor;
    })();
    const page = await (await maker).context.newPage();
    await page.setViewportSize(viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openCreate(page);
    return page;
  }

  it('starts with 3 empty rows and edits them: Enter, remove, Add item, select on focus', async () => {
    const page = await makerTab();
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
    await page.close();
  });

  it('spreads a pasted list over the rows, one item per line, with an Undo (create and builder)', async () => {
    const page = await makerTab(MOBILE);
    await page.getByLabel('What are we ranking?').fill('Best topping');
    const paste = async (row: Locator, text: string) => {
      await page.evaluate((copied) => navigator.clipboard.writeText(copied), text);
      await row.focus();
      await page.keyboard.press('ControlOrMeta+V');
    };
    await paste(
      page.getByLabel('Item 1', { exact: true }),
      '- Pepperoni\r\n- Mushroom\n\n  • Olives \n1. Basil\npepperoni\n',
    );
    await expect
      .poll(() => itemValues(page))
      .toEqual(['Pepperoni', 'Mushroom', 'Olives', 'Basil', 'pepperoni']);
    const note = page.getByTestId('pasted-note');
    expect(await note.innerText()).toContain('5 items pasted, one per row.');
    // A repeat is marked as a typed one would be.
    expect(await page.getByLabel('Item 5', { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const viewport of [MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await note.scrollIntoViewIfNeeded();
        await page.evaluate(() => document.fonts.ready);
        await viewportScreenshot(page, `create-pasted-${scheme}-${viewport.width}`);
      }
    }
    await note.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => itemValues(page)).toEqual(['', '', '']);
    expect(await focusedLabel(page)).toBe('Item 1');
    expect(await note.innerText()).toBe('');

    // A single line pastes as text; typed rows are kept and the list goes after them.
    await paste(page.getByLabel('Item 1', { exact: true }), 'Ham\n');
    await expect.poll(() => itemValues(page)).toEqual(['Ham', '', '']);
    await page.getByRole('link', { name: 'build a community rank from a list' }).click();
    await page.getByLabel('Title').waitFor();
    await page.getByLabel('Item 1', { exact: true }).fill('Corn');
    await paste(page.getByLabel('Item 2', { exact: true }), 'Onion\nTuna\nKale\nFeta');
    await expect.poll(() => itemValues(page)).toEqual(['Corn', 'Onion', 'Tuna', 'Kale', 'Feta']);
    expect(await page.getByTestId('pasted-note').innerText()).toContain('4 items pasted');
    // The builder's bar, stuck over the emoji picks: opaque, nothing shows through.
    await page.getByRole('button', { name: 'Undo' }).click();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const viewport of [MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await page.evaluate(() => window.scrollTo(0, 0));
        await viewportScreenshot(page, `builder-bar-${scheme}-${viewport.width}`);
      }
    }
    await page.close();
  });

  it('greys the Create button but keeps it pressable, with a quip toast for about 2.2 s', async () => {
    const page = await makerTab(MOBILE);
    const button = createButton(page);
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    // Not `disabled`: a disabled button would take no click. (Playwright's isDisabled and its
    // click checks count aria-disabled too, so the property is read and the mouse clicks.)
    expect(await domDisabled(button)).toBe(false);
    // Where it shows on arrival, without scrolling: nothing covers it where the mouse lands.
    const centre = await centreOf(button);
    expect(await uncoveredAt(button, centre)).toBe(true);
    await page.mouse.click(centre.x, centre.y);
    const toast = page.locator('[data-sonner-toast]');
    await toast.waitFor();
    // Nothing typed: a quip asking for both.
    expect(EMPTY_QUIPS).toContain((await toast.textContent())?.trim());
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
    await page.close();
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`says what is missing at ${viewport.width} px: a quip for it, the field marked and focused`, async () => {
      const page = await makerTab(viewport);
      const promptInput = page.getByLabel('What are we ranking?');
      const toast = page.locator('[data-sonner-toast]');
      const closeToast = async () => {
        await toast.locator('[data-close-button]').click();
        await toast.waitFor({ state: 'detached' });
      };
      const item = (n: number) => page.getByLabel(`Item ${n}`, { exact: true });
      expect(await promptInput.getAttribute('aria-invalid')).toBeNull();

      // The items are there, the prompt is not.
      await fillForm(page, '', ['Chips', 'Nuts', 'Pretzels']);
      await pressCreate(page);
      await toast.waitFor();
      expect(NO_PROMPT_QUIPS).toContain((await toast.textContent())?.trim());
      expect(await promptInput.getAttribute('aria-invalid')).toBe('true');
      expect(await describedBy(promptInput)).toBe('Say what we are ranking.');
      await expect.poll(() => focusedIs(promptInput)).toBe(true);
      expect(await invalidItems(page)).toEqual([]);
      await viewportScreenshot(page, `create-missing-prompt-${viewport.width}`);
      // Typing a prompt clears the mark.
      await page.keyboard.type('Best snack');
      await expect.poll(() => promptInput.getAttribute('aria-invalid')).toBeNull();
      expect(await promptInput.getAttribute('aria-describedby')).toBeNull();
      await closeToast();

      // The prompt is there, one item is: the two empty rows are marked, the first focused.
      await item(2).fill('');
      await item(3).fill('');
      await pressCreate(page);
      await toast.waitFor();
      expect(TOO_FEW_ITEMS_QUIPS).toContain((await toast.textContent())?.trim());
      expect(await promptInput.getAttribute('aria-invalid')).toBeNull();
      expect(await invalidItems(page)).toEqual(['Item 2', 'Item 3']);
      expect(await describedBy(item(2))).toBe('Add 2 more items.');
      expect(await describedBy(item(3))).toBe('Add 2 more items.');
      await expect.poll(() => focusedLabel(page)).toBe('Item 2');
      await viewportScreenshot(page, `create-missing-items-${viewport.width}`);
      await page.keyboard.type('Nuts');
      await expect.poll(() => invalidItems(page)).toEqual(['Item 3']);
      expect(await describedBy(item(3))).toBe('Add 1 more item.');
      await closeToast();

      // Too few rows to fill (the empty one was removed): a row is added, marked and focused.
      await page.getByRole('button', { name: 'Remove item 3' }).click();
      expect(await itemValues(page)).toEqual(['Chips', 'Nuts']);
      await pressCreate(page);
      await expect.poll(() => itemValues(page)).toEqual(['Chips', 'Nuts', '']);
      await expect.poll(() => focusedLabel(page)).toBe('Item 3');
      expect(await invalidItems(page)).toEqual(['Item 3']);
      expect(TOO_FEW_ITEMS_QUIPS).toContain((await toast.textContent())?.trim());
      await closeToast();

      // Neither: the prompt is focused first, and the rows are marked too.
      await promptInput.fill('');
      await item(2).fill('');
      await pressCreate(page);
      await toast.waitFor();
      expect(EMPTY_QUIPS).toContain((await toast.textContent())?.trim());
      await expect.poll(() => focusedIs(promptInput)).toBe(true);
      expect(await promptInput.getAttribute('aria-invalid')).toBe('true');
      expect(await invalidItems(page)).toEqual(['Item 2', 'Item 3']);
      await page.close();
    });
  }

  it('shows right-to-left text right-aligned (dir="auto" on the prompt and the items)', async () => {
    const page = await makerTab(MOBILE);
    await fillForm(page, 'أفضل وجبة خفيفة', ['رقائق', 'Nuts']);
    const alignment = (label: string) =>
      page
        .getByLabel(label, { exact: true })
        .evaluate((el) => [el.getAttribute('dir'), el.matches(':dir(rtl)')]);
    expect(await alignment('What are we ranking?')).toEqual(['auto', true]);
    expect(await alignment('Item 1')).toEqual(['auto', true]);
    expect(await alignment('Item 2')).toEqual(['auto', false]);
    await page.close();
  });

  // Browser zoom at 200% halves the CSS pixels the page lays out in: 1280×800 becomes 640×400.
  for (const [name, viewport] of [
    ['375×812', MOBILE],
    ['1280×800', LAPTOP],
    ['1280×800 at 200% zoom', ZOOMED],
  ] as const) {
    it(`keeps the Create button in view and clear of the bottom navigation at ${name}`, async () => {
      const page = await makerTab(viewport);
      // A long form: it runs well past the bottom of the screen.
      await fillForm(page, 'Best snack', ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J']);
      const button = createButton(page);
      expect(await page.getByTestId('bottom-nav').isVisible()).toBe(true);

      for (const where of ['top', 'middle', 'end'] as const) {
        await page.evaluate((to) => {
          const max = document.documentElement.scrollHeight - window.innerHeight;
          window.scrollTo(0, to === 'top' ? 0 : to === 'middle' ? max / 2 : max);
        }, where);
        // Really scrolled there: the page is long enough (or this would test nothing).
        const scrollY = await page.evaluate(() => window.scrollY);
        if (where === 'top') expect(scrollY).toBe(0);
        else expect(scrollY, where).toBeGreaterThan(0);
        const b = await box(button);
        const { navTop, headerBottom } = await page.evaluate(() => ({
          // The bar and the round '+' rising above it.
          navTop: Math.min(
            ...[...document.querySelectorAll('.bottom-nav, .bottom-nav__create')].map(
              (el) => el.getBoundingClientRect().top,
            ),
          ),
          headerBottom: document.querySelector('.site-header')?.getBoundingClientRect().bottom,
        }));
        // Wholly on screen, below the header and above the navigation.
        expect(b.y, where).toBeGreaterThanOrEqual(headerBottom ?? Infinity);
        expect(b.y + b.height, where).toBeLessThanOrEqual(navTop);
        // A tap at its centre, and near either end (inside the rounded corners), lands on it.
        for (const point of [
          { x: b.x + b.width / 2, y: b.y + b.height / 2 },
          { x: b.x + 16, y: b.y + b.height / 2 },
          { x: b.x + b.width - 16, y: b.y + b.height / 2 },
        ]) {
          expect(await uncoveredAt(button, point), `${where} ${point.x},${point.y}`).toBe(true);
        }
      }
      if (viewport === MOBILE) await viewportScreenshot(page, 'create-long-375');
      if (viewport === ZOOMED) await viewportScreenshot(page, 'create-zoom-200');
      // Pressed in the middle of the long form, it creates the game.
      await page.evaluate(() => window.scrollTo(0, 150));
      const at = await centreOf(button);
      await page.mouse.click(at.x, at.y);
      await landOnPlay(page);
      await page.close();
    });
  }

  it('opens the settings dialog from the gear; Escape closes it; the dot and summary follow the rules', async () => {
    const page = await makerTab();
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
    await page.close();
  });

  it(`stacks the two rules below ${SETTINGS_STACK_BREAKPOINT_PX} px`, async () => {
    expect(MOBILE.width).toBeLessThan(SETTINGS_STACK_BREAKPOINT_PX);
    const page = await makerTab(MOBILE);
    await fillForm(page, 'Best snack', ['Chips', 'Nuts', 'Pretzels']);
    await setRules(page, { players: '5' });
    await rulesDot(page).waitFor();
    await shot(page, 'create-375');
    await gear(page).click();
    await dialog(page).waitFor();
    await settledInView(page, dialog(page));
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
    await page.close();
  });

  it('flips the publish switch with the keyboard and shows its tooltip on focus, hover and tap', async () => {
    const page = await makerTab(MOBILE);
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
    await settledInView(page, info);
    await info.click();
    await tooltip.waitFor();
    await page.waitForTimeout(300);
    expect(await tooltip.isVisible()).toBe(true);
    await viewportScreenshot(page, 'create-publish-info-375');
    await page.close();
  });

  it("shows 'Creating…' while busy, lands on play, and the game has the rules and publish choice", async () => {
    const page = await makerTab();
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
    await page.close();
  });

  it('creates without rules and unpublished by default', async () => {
    const page = await makerTab();
    await fillForm(page, 'Best tea', ['Green', 'Black', 'Oolong']);
    await createButton(page).click();
    const id = await landOnPlay(page);
    expect(await createdGame(page, server, id)).toMatchObject({
      sizeLimit: null,
      deadlineAt: null,
      resultsLocked: false,
      publishRequested: false,
    });
    await page.close();
  });

  for (const viewport of [MOBILE, DESKTOP]) {
    it(`lets a fresh visitor compose at ${viewport.width} px, sign in on Create with the reason shown, and creates the draft`, async () => {
      // No session at all, never onboarded: someone who opened /create from a link.
      const { context, page } = await newVisitor(browser, server, { viewport, onboarded: false });
      await openCreate(page);
      expect(here(page)).toBe('/create');
      expect(await sawText(page, 'Signing you in…')).toBe(false);
      const session = await page.request.get('/api/auth/get-session');
      expect(await session.json()).toBeNull();
      await page
        .getByText('You will sign in or create an account when you press Create.')
        .waitFor();

      await fillForm(page, 'Best ice cream', ['Vanilla', 'Pistachio', 'Stracciatella']);
      await publishSwitch(page).click();
      if (viewport === MOBILE) await viewportScreenshot(page, 'create-signed-out-375');
      else await shot(page, 'create-signed-out-1280');
      await createButton(page).click();

      await page.waitForURL((url) => url.pathname === '/account');
      expect(here(page)).toBe(ACCOUNT_FOR_CREATE);
      expect(await reasonShown(page)).toBe(CREATE_SIGN_IN_REASON);
      await page.getByRole('heading', { name: 'Sign in to Crowned' }).waitFor();
      expect(await storedDraft(page)).toMatchObject({ prompt: 'Best ice cream', pressed: true });
      await screenshot(page, `create-sign-in-reason-${viewport.width}`);

      // No account yet: they create one, and the reason stays in view.
      await page.locator('.segmented').getByRole('button', { name: 'Create account' }).click();
      expect(await reasonShown(page)).toBe(CREATE_SIGN_IN_REASON);
      await registerOnAccountPage(page, 'Fresh');

      const id = await landOnPlay(page);
      const created = await createdGame(page, server, id);
      expect(created).toMatchObject({
        prompt: 'Best ice cream',
        isOwner: true,
        publishRequested: true,
      });
      expect(created.items.map((item) => item.label)).toEqual([
        'Vanilla',
        'Pistachio',
        'Stracciatella',
      ]);
      expect(await storedDraft(page)).toBeNull();
      await context.close();
    });
  }

  it('composes and creates with the keyboard alone', async () => {
    const page = await makerTab(MOBILE);
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement;
        return el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? el?.id ?? null;
      });
    /** Presses Tab until focus is on the element, counting presses (a bounded walk). */
    const tabTo = async (locator: Locator) => {
      for (let presses = 0; presses < 40; presses++) {
        if (await focusedIs(locator)) return presses;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached it; focus is on ${await focused()}`);
    };

    // From the top of the page, Tab by Tab to the prompt.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page.getByLabel('What are we ranking?'));
    await page.keyboard.type('Best keyboard shortcut');
    // Enter moves on from the prompt and from row to row, and adds a row after the last one.
    await page.keyboard.press('Enter');
    expect(await focusedLabel(page)).toBe('Item 1');
    for (const label of ['Ctrl+C', 'Ctrl+V', 'Ctrl+Z', 'Alt+Tab']) {
      await page.keyboard.type(label);
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => focusedLabel(page)).toBe('Item 5');
    expect(await itemValues(page)).toEqual(['Ctrl+C', 'Ctrl+V', 'Ctrl+Z', 'Alt+Tab', '']);
    // The switch takes Space; the button takes Enter.
    await tabTo(publishSwitch(page));
    await page.keyboard.press('Space');
    expect(await publishSwitch(page).getAttribute('aria-checked')).toBe('true');
    await tabTo(createButton(page));
    await page.keyboard.press('Enter');

    const id = await landOnPlay(page);
    const created = await createdGame(page, server, id);
    expect(created).toMatchObject({ prompt: 'Best keyboard shortcut', publishRequested: true });
    expect(created.items.map((item) => item.label)).toEqual([
      'Ctrl+C',
      'Ctrl+V',
      'Ctrl+Z',
      'Alt+Tab',
    ]);
    await page.close();
  });

  it('lets a guest compose, sends them to sign in on Create, and creates the draft after', async () => {
    const { page } = await inTurn({ viewport: MOBILE });
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
    expect(await reasonShown(page)).toBe(CREATE_SIGN_IN_REASON);
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
  });

  it('keeps the draft when the session ends while composing, and creates it after sign-in', async () => {
    const { page, email } = await member();
    await fillForm(page, 'Best season', ['Spring', 'Summer', 'Autumn', 'Winter']);
    await setRules(page, { players: '2' });
    // Signed out elsewhere: this page does not know yet.
    await signOutByApi(page, server);
    await createButton(page).click();

    await page.waitForURL((url) => url.pathname === '/account');
    expect(here(page)).toBe(ACCOUNT_FOR_CREATE);
    await page.getByText('Your session has ended.', { exact: false }).first().waitFor();
    expect(await reasonShown(page)).toBe(CREATE_SIGN_IN_REASON);
    expect(await storedDraft(page)).toMatchObject({ prompt: 'Best season', pressed: true });
    await signInOnLoginPage(page, { id: '', name: 'Maker', email, password: PASSWORD });

    const id = await landOnPlay(page);
    expect(await createdGame(page, server, id)).toMatchObject({
      prompt: 'Best season',
      sizeLimit: 2,
      publishRequested: false,
    });
    expect(await storedDraft(page)).toBeNull();
  });

  it('fills in a draft that was not pressed after the session ended, and creates nothing by itself', async () => {
    const { page, email } = await member(MOBILE);
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
    const filledIn = async () => {
      await page.getByRole('heading', { name: 'Create a rank' }).waitFor();
      expect(await page.getByLabel('What are we ranking?').inputValue()).toBe('Best pet');
      expect(await itemValues(page)).toEqual(['Cat', 'Dog', 'Fish']);
      expect(await publishSwitch(page).getAttribute('aria-checked')).toBe('true');
      expect(await summary(page).textContent()).toBe('Results unlock after 7 players');
    };
    // Next time the session is read (here: a reload) the page knows: composing goes on, and it
    // says that Create will ask for an account.
    await page.reload();
    await filledIn();
    expect(new URL(page.url()).pathname).toBe('/create');
    await page.getByText('You will sign in or create an account when you press Create.').waitFor();

    // Signing in from elsewhere (a link to the login screen): no promise to create anything.
    await page.goto(`/login?next=${encodeURIComponent('/create')}`);
    await page.getByText('Sign in or create an account to continue.').waitFor();
    expect(await page.getByTestId('sign-in-reason').count()).toBe(0);
    await signInOnLoginPage(page, { id: '', name: 'Maker', email, password: PASSWORD });

    await page.waitForURL((url) => url.pathname === '/create');
    await filledIn();
    // Not pressed: not created. The page stays, the button waits, nothing was sent.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/create');
    expect(await createButton(page).textContent()).toBe('Create');
    expect(creates).toBe(0);
  });

  it('shows the draft and the error when the automatic create fails, and creates it on a retry', async () => {
    const { page } = await inTurn();
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
  });
});
