/**
 * A person dragging a play row by its handle: with a finger (through the DevTools protocol:
 * Playwright's own taps cannot drag) or with the mouse. Each step waits for the page to show the
 * last one, as a person watches the row, rather than for a fixed time: on a starved machine the
 * page sees the press late (or loads the drags first), and a slide that starts before the row
 * has lifted is a scroll, or no drag at all.
 */
import type { Page } from 'playwright-core';

/** Once the page has drawn what it was sent so far (input is handled before a frame). */
export const drawn = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

/**
 * Once the drags' code takes clicks again: dnd-kit swallows every click for 50 ms after a drag
 * ends (its listener goes on a timer, which a loaded machine runs late); a person's next tap comes
 * later than that. A timer set in the page now runs after dnd-kit's.
 */
export const dropped = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 60)));

/** The row's handle and centres, the row scrolled into the middle of the screen first. */
async function rows(page: Page, label: string, onto: string) {
  const handle = (name: string) => page.getByRole('button', { name: `Drag ${name}`, exact: true });
  const centre = async (name: string) => {
    const found = await handle(name).boundingBox();
    if (!found) throw new Error(`No handle for ${name}`);
    return { x: found.x + found.width / 2, y: found.y + found.height / 2 };
  };
  // A person scrolls the row into the middle of the screen first, clear of the sticky bar.
  await handle(label).evaluate((element) => element.scrollIntoView({ block: 'center' }));
  // Lifted: dnd-kit marks the handle of the row being dragged as pressed.
  const lifted = () => handle(label).and(page.locator('[aria-pressed="true"]')).waitFor();
  return { from: await centre(label), to: await centre(onto), lifted };
}

/**
 * With a finger: a long press (the TouchSensor waits 200 ms so a swipe still scrolls) held until
 * the row lifts, then a slide onto the other row.
 */
export async function touchDragOnto(page: Page, label: string, onto: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const { from, to, lifted } = await rows(page, label, onto);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: point ? [{ x: point.x, y: point.y }] : [],
    });
  await touch('touchStart', from);
  await lifted();
  for (let i = 1; i <= 12; i++) {
    await touch('touchMove', { x: from.x, y: from.y + ((to.y - from.y) * i) / 12 });
    await drawn(page);
  }
  await touch('touchEnd');
  await cdp.detach();
  await dropped(page);
}

/** With the mouse: pressed, moved past the sensor's 5 px until the row lifts, then onto the other. */
export async function mouseDragOnto(page: Page, label: string, onto: string): Promise<void> {
  const { from, to, lifted } = await rows(page, label, onto);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + (to.y > from.y ? 8 : -8), { steps: 2 });
  await lifted();
  await page.mouse.move(to.x, to.y, { steps: 12 });
  // The list follows the pointer on its next frames: the drop lands where it was drawn.
  await drawn(page);
  await page.mouse.up();
  await dropped(page);
}
