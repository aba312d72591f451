// The accessibility check every journey runs on its screens: axe's serious and critical findings, with the first
// few offending elements of each, so a failure says what to fix; and the whole check of a screen at one width.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, settled, test } from './fixtures.ts';

/**
 * Waits until no transition or animation with an end is running. Axe measures colours as they are drawn: a
 * button restyled as a tab's content changes, or a hover, fades its background over 150 ms, and a colour caught
 * halfway reads as poor contrast. Endless ones (the landing's rotating hero) are left alone.
 */
async function transitionsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

export async function seriousViolations(page: Page) {
  await transitionsSettled(page);
  // Only the violations are read: axe then skips gathering every passing node, a good part of each run's cost.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/**
 * A screen as a journey checks it at `width`: drawn (settled), nothing wider than the viewport, a screenshot
 * `<shot>-<width>.png` in the test's output, and no serious or critical axe finding.
 */
export async function checkedScreen(page: Page, shot: string, width: number): Promise<void> {
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.screenshot({ path: test.info().outputPath(`${shot}-${width}.png`), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
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

/** Drawn, no serious or critical axe finding, and at phone width no sideways scrolling. */
export async function axeClean(page: Page, phone: boolean): Promise<void> {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
  if (phone) await noSidewaysScroll(page);
}
