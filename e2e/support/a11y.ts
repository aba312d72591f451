// The accessibility check every journey runs on its screens (axe.ts: every axe finding, with the first few
// offending elements of each, so a failure says what to fix) and the whole check of a screen at one width.
import type { Page } from '@playwright/test';
import { expect, settled, test } from './fixtures.ts';
import { axeViolations } from './axe.ts';

export { axeViolations } from './axe.ts';

/**
 * A screen as a journey checks it at `width`: drawn (settled), nothing wider than the viewport, a screenshot
 * `<shot>-<width>.png` in the test's output, and no axe finding.
 */
export async function checkedScreen(page: Page, shot: string, width: number): Promise<void> {
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.screenshot({ path: test.info().outputPath(`${shot}-${width}.png`), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
}

/** The two widths every screen is checked at: a desktop and a phone. */
export const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/** The two widths by name, for a journey that switches between them. */
export const [DESKTOP, PHONE] = WIDTHS;

/** Nothing on the page is wider than the viewport: no sideways scrolling. */
export async function noSidewaysScroll(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

/** Drawn, no axe finding, and at phone width no sideways scrolling. */
export async function axeClean(page: Page, phone: boolean): Promise<void> {
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  if (phone) await noSidewaysScroll(page);
}
