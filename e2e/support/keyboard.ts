/** Keyboard-only driving: reach a control with Tab alone, as someone without a mouse would. */
import type { Locator, Page } from 'playwright-core';

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, and fails if it is not reached within
 * `max` presses: a control that Tab never reaches is a control a keyboard user cannot use.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  options: { max?: number; backwards?: boolean } = {},
): Promise<void> {
  await target.waitFor();
  const max = options.max ?? 80;
  for (let presses = 0; presses < max; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
  }
  if (await target.evaluate((element) => element === document.activeElement)) return;
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`Tab did not reach ${String(target)} in ${max} presses; focus is on ${focused}`);
}

/** The page as a keyboard user starts it: focus at the top of the document. */
export async function startAtTop(page: Page): Promise<void> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
}
