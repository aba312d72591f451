// Every screen of both signed-in areas renders in Spanish and in the right-to-left pseudo-locale (decisions 0124,
// 0128): each catalogue loads when its screen first renders in the language, so a screen whose messages fail to
// load or format would show the area's "could not be loaded" panel or log React's or FormatJS's error.
import type { Page } from '@playwright/test';
import { test, expect, settled, stackAdmin, stackInvestor, startSignedIn } from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';

/** Errors a screen in another language must not log: React's, and FormatJS's missing or broken messages. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /React|@formatjs|MISSING_|FORMAT_ERROR|INVALID_CONFIG/.test(text))
      errors.push(text);
  });
  return errors;
}

/**
 * Opens every screen the sidebar links to (every group opened first), each through the sidebar: its heading shows,
 * the area's "could not be loaded" panel does not, and nothing scrolls sideways (a layout that ignores the reading
 * direction pushes content off the page). With `axe`, axe finds nothing on each (issue 27 item 7).
 */
async function visitEverySidebarScreen(page: Page, navigation: string, axe: boolean) {
  const nav = page.getByRole('navigation', { name: navigation });
  await expect(nav.getByRole('link').first()).toBeVisible();
  const closed = nav.locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  const hrefs = await nav
    .getByRole('link')
    .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(5);
  for (const href of hrefs) {
    await nav.locator(`a[href="${href}"]`).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('remote-unavailable')).toHaveCount(0);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${href} scrolls sideways`,
    ).toBe(true);
    if (axe) {
      await settled(page);
      expect(await axeViolations(page), href ?? '').toEqual([]);
    }
  }
  return hrefs.length;
}

// Axe runs on the investor's screens right to left only, where the layout differs most from English: about 2 s
// a screen on a loaded machine, it would double the journey's time in Spanish for markup that is the same.
test('every investor screen in Spanish, then right to left', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await startSignedIn(page, stackInvestor());
  await page.goto('/investor/dashboard?lang=es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await visitEverySidebarScreen(page, 'Navegación del inversor', false);

  await page.goto('/investor/dashboard?lang=ar-XB');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const sidebarName = await page.getByRole('navigation').first().getAttribute('aria-label');
  await visitEverySidebarScreen(page, sidebarName ?? '', true);
  expect(errors).toEqual([]);
});

// Axe runs on the admin's screens in Spanish; right to left each screen is opened and measured only.
test('every admin screen in Spanish, then right to left', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/dashboard?lang=es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await visitEverySidebarScreen(page, 'Navegación de administración', true);

  await page.goto('/admin/dashboard?lang=ar-XB');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const sidebarName = await page.getByRole('navigation').first().getAttribute('aria-label');
  await visitEverySidebarScreen(page, sidebarName ?? '', false);
  expect(errors).toEqual([]);
});
