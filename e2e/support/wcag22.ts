// The WCAG 2.2 AA criteria axe cannot see (issue 27 item 7), measured in the page as a person meets it:
// 2.5.8 Target Size (Minimum) and 2.4.11 Focus Not Obscured (Minimum). The journey wcag-22.spec.ts runs them on
// every main screen at both widths, with the dialog, dragging, help, redundant-entry and authentication checks.
import type { Page } from '@playwright/test';

/** What a person can click, tap or focus. */
const TARGETS = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  '[role="button"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="radio"]',
  '[role="switch"]',
  '[role="menuitem"]',
  '[role="option"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * 2.5.8: every target at least 24 × 24 CSS px, unless it is a link inside a sentence (the inline exception), or
 * the 24 px circle centred on it meets no other target and no other small target's circle (the spacing exception).
 * Answers the offenders, each named so a failure says what to fix.
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const MIN = 24;
    const RADIUS = MIN / 2;
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return (
        box.width > 0 &&
        box.height > 0 &&
        style.visibility !== 'hidden' &&
        style.display !== 'none' &&
        // Visually hidden (sr-only) controls are operated through their visible label.
        !(box.width <= 1 && box.height <= 1) &&
        style.opacity !== '0'
      );
    };
    // A control inside another target (an icon inside a button) is the outer one's business.
    const targets = [...document.querySelectorAll(selector)].filter(
      (element) => visible(element) && !element.parentElement?.closest(selector),
    );
    /** A link inside running text: its size is set by the line it sits in. */
    const inline = (element: Element) => {
      if (element.tagName !== 'A') return false;
      const parent = element.parentElement;
      return (
        !!parent &&
        [...parent.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim())
      );
    };
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} "${(
        element.getAttribute('aria-label') ??
        element.textContent ??
        ''
      )
        .trim()
        .slice(0, 40)}"`;
    const boxes = targets.map((element) => ({ element, box: element.getBoundingClientRect() }));
    const small = boxes.filter(
      ({ element, box }) => (box.width < MIN || box.height < MIN) && !inline(element),
    );
    const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
    /** Distance from a point to a rectangle (0 inside it). */
    const distance = (point: { x: number; y: number }, box: DOMRect) =>
      Math.hypot(
        Math.max(box.left - point.x, 0, point.x - box.right),
        Math.max(box.top - point.y, 0, point.y - box.bottom),
      );
    return small
      .filter(({ element, box }) => {
        const mine = centre(box);
        return boxes.some(
          (other) =>
            other.element !== element &&
            (distance(mine, other.box) < RADIUS ||
              (small.some((s) => s.element === other.element) &&
                Math.hypot(mine.x - centre(other.box).x, mine.y - centre(other.box).y) < MIN)),
        );
      })
      .map(({ element, box }) => `${name(element)} ${Math.round(box.width)}×${Math.round(box.height)}`);
  }, TARGETS);
}

/**
 * 2.4.11: tabbing through the page, no focused control is entirely hidden by something drawn over it (a sticky
 * header, a toast, a cookie bar). Answers the controls that were.
 *
 * Each Tab's focused control is measured by a keyup listener in the page: the browser moves the focus and scrolls
 * it into view while handling the keydown, so at the keyup both are done. One round trip a press instead of two
 * (a press, then a measure): this walk is most of what the WCAG 2.2 journey costs.
 */
export async function obscuredFocus(page: Page, presses = 40): Promise<string[]> {
  // Where focus lands, not where a smooth scroll happens to be a moment after the key (theme.css scrolls
  // smoothly unless motion is reduced).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    const measure = (): string | null => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) return null;
      const box = focused.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return null;
      // Points across the part of the control inside the viewport (a long list's scroll box is taller than the
      // screen), inset from its edges: any one seen means it is not entirely hidden.
      const left = Math.max(box.left, 0);
      const top = Math.max(box.top, 0);
      const width = Math.min(box.right, innerWidth) - left;
      const height = Math.min(box.bottom, innerHeight) - top;
      const points =
        width <= 0 || height <= 0
          ? []
          : [0.5, 0.15, 0.85].flatMap((fx) =>
              [0.5, 0.15, 0.85].map((fy) => ({ x: left + width * fx, y: top + height * fy })),
            );
      const seen = points.some(({ x, y }) => {
        const top = document.elementFromPoint(x, y);
        return !!top && (top === focused || focused.contains(top) || top.contains(focused));
      });
      return seen
        ? null
        : `${focused.tagName.toLowerCase()}${focused.getAttribute('type') ? `[type=${focused.getAttribute('type')}]` : ''} "${(
            focused.getAttribute('aria-label') ??
            (focused.id
              ? document.querySelector(`label[for="${CSS.escape(focused.id)}"]`)?.textContent
              : null) ??
            focused.getAttribute('placeholder') ??
            focused.textContent ??
            ''
          )
            .trim()
            .slice(
              0,
              40,
            )}" at ${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}×${Math.round(box.height)}`;
    };
    const found: string[] = [];
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const finding = measure();
      if (finding) found.push(finding);
    };
    window.addEventListener('keyup', onKeyUp, true);
    (window as unknown as { __obscuredFocus: () => string[] }).__obscuredFocus = () => {
      window.removeEventListener('keyup', onKeyUp, true);
      return found;
    };
  });
  for (let i = 0; i < presses; i++) await page.keyboard.press('Tab');
  return page.evaluate(() => (window as unknown as { __obscuredFocus: () => string[] }).__obscuredFocus());
}
