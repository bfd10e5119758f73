/** A finger on a touch screen, through the DevTools protocol (Playwright's own taps cannot drag). */
import type { Page } from 'playwright-core';

/**
 * Drags a play row by its handle with a finger: a long press (the TouchSensor waits 200 ms so a
 * swipe still scrolls), then a slide onto the other row.
 */
export async function touchDragOnto(page: Page, label: string, onto: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
  const handle = (name: string) => page.getByRole('button', { name: `Drag ${name}`, exact: true });
  const centre = async (name: string) => {
    const found = await handle(name).boundingBox();
    if (!found) throw new Error(`No handle for ${name}`);
    return { x: found.x + found.width / 2, y: found.y + found.height / 2 };
  };
  // A person scrolls the row into the middle of the screen first, clear of the sticky bar.
  await handle(label).evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const from = await centre(label);
  const to = await centre(onto);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', point?: { x: number; y: number }) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: point ? [{ x: point.x, y: point.y }] : [],
    });
  await touch('touchStart', from);
  await page.waitForTimeout(350);
  for (let i = 1; i <= 12; i++) {
    await touch('touchMove', { x: from.x, y: from.y + ((to.y - from.y) * i) / 12 });
    await page.waitForTimeout(16);
  }
  await page.waitForTimeout(150);
  await touch('touchEnd');
  await cdp.detach();
}
