import { test, expect, createInvestor, signIn } from '../support/fixtures.ts';
import { axeClean } from '../support/a11y.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the investor menu is a drawer at phone width that opens and closes', async ({ page }) => {
  const investor = await createInvestor('Pat Planter');
  await signIn(page, investor.email, investor.password);
  await expect(page.getByRole('heading', { name: 'Welcome back, Pat Planter' })).toBeVisible();
  // The fixed sidebar is hidden on small screens.
  await expect(page.getByRole('navigation', { name: 'Investor navigation' })).toBeHidden();
  await axeClean(page, true);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Investor navigation' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Investor Account')).toBeVisible();
  await axeClean(page, true);
  await drawer.getByRole('button', { name: 'Close menu' }).click();
  await expect(drawer).toBeHidden();

  // Following a link closes the drawer too.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('dialog', { name: 'Investor navigation' })
    .getByRole('link', { name: 'Deposit' })
    .click();
  await expect(page).toHaveURL(/\/investor\/deposit$/);
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible();
  await axeClean(page, true);
});
