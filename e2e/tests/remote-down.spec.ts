import { test, expect, signIn, signOut, stack } from '../support/fixtures.ts';
import { axeClean } from '../support/a11y.ts';

test.describe('a remote that is down', () => {
  test('the landing remote failing shows its message while the shell still signs people in', async ({
    page,
  }) => {
    await page.route('**/remotes/landing/**', (route) => route.abort());
    await page.goto('/');
    await expect(
      page.getByRole('alert').filter({ hasText: 'The landing page could not be loaded' }),
    ).toBeVisible();
    await axeClean(page, false);

    await page.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, stack().adminEmail, stack().adminPassword);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });

  test('the investor remote failing keeps the sidebar and sign-out working', async ({ page }) => {
    await page.route('**/remotes/investor/**', (route) => route.abort());
    await signIn(page, stack().investorEmail, stack().investorPassword);
    await expect(
      page.getByRole('alert').filter({ hasText: 'The investor area could not be loaded' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Investor navigation' })).toBeVisible();
    await axeClean(page, false);
    await signOut(page);
  });
});
