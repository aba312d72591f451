import { test, expect, createInvestor, settled, stackAdmin, startSignedIn } from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';

test.describe('accessibility (axe): no violations', () => {
  for (const [name, path, heading] of [
    ['landing', '/', /Invest in the growing season/],
    ['login', '/login', /Welcome back/],
    ['register', '/register', /Create your account/],
  ] as const) {
    test(name, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      // The live page, not the landing page's prerendered first screen (which carries the same markup).
      await expect(page.locator('#prerendered-landing')).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('register with its validation messages showing', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('You must accept the terms and conditions')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('investor dashboard', async ({ page }) => {
    const investor = await createInvestor();
    await startSignedIn(page, investor);
    await page.goto('/investor/dashboard');
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('admin dashboard', async ({ page }) => {
    await startSignedIn(page, stackAdmin());
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
