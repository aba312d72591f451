// axe as the journeys and `npm run screens` run it. Free of the DOM library's types (its page-side check declares
// the little it reads), so the root TypeScript project, which holds scripts/ without that library, checks it too.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The little of the page's DOM the check below reads (this file is type-checked without the DOM library). */
interface AnimatedPage {
  document: {
    getAnimations(): {
      playState: string;
      effect: { getComputedTiming(): { endTime?: number | string } } | null;
    }[];
  };
}

/**
 * True once no transition or animation with an end is running. Axe measures colours as they are drawn: a button
 * restyled as a tab's content changes, or a hover, fades its background over 150 ms, and a colour caught halfway
 * reads as poor contrast. Endless ones (the landing's rotating hero) are left alone. A function, not an expression:
 * the pages' Content-Security-Policy forbids evaluating strings.
 */
const noFiniteAnimationRunning = () =>
  (globalThis as unknown as AnimatedPage).document
    .getAnimations()
    .every(
      (animation) =>
        animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
    );

/**
 * Every axe finding on the page as drawn, whatever its impact (WCAG 2.2 AA asks for none, issue 27 item 7), with
 * the first few offending elements of each. Drawn means its screen is there (a page heading: a lazily loaded screen
 * measured a moment early read as a page with no main landmark and no h1) and no colour is mid-transition.
 */
export async function axeViolations(page: Page) {
  await expect(page.locator('h1').first()).toBeAttached();
  await page.waitForFunction(noFiniteAnimationRunning);
  // Only the violations are read: axe then skips gathering every passing node, a good part of each run's cost.
  // Legacy mode runs axe whole in the page. The default opens a blank page beside it for each run, to merge the
  // results of cross-origin frames, which these screens do not have: it took half of each check's time.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
  }));
}
