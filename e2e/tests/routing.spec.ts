import { test, expect, createInvestor, settled, signIn, stack, startSignedIn } from '../support/fixtures.ts';
import { axeClean, checkedScreen, axeViolations } from '../support/a11y.ts';

test.describe('routing rules', () => {
  test('a signed-out deep link goes to /login', async ({ page }) => {
    for (const path of ['/investor/deposit', '/admin/dashboard', '/no/such/page']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    }
    await axeClean(page, false);
  });

  test('an investor opening an admin URL gets the 404 page, and / leads to the investor dashboard', async ({
    page,
  }) => {
    const investor = await createInvestor();
    await startSignedIn(page, investor);
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    // Framed like the signed-out pages: the logo leads home, and the way back is offered.
    await expect(page.getByRole('banner').getByRole('link', { name: 'CropVest' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await checkedScreen(page, 'not-found', 390);
    await page.setViewportSize({ width: 1440, height: 900 });
    await checkedScreen(page, 'not-found', 1440);
    await page.goto('/');
    await expect(page).toHaveURL(/\/investor\/dashboard$/);
  });

  test('an admin sees the admin dashboard with the composed figures, and investor URLs are unknown to them', async ({
    page,
  }) => {
    await signIn(page, stack().adminEmail, stack().adminPassword);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    const figures = page.getByTestId('admin-stats');
    for (const label of ['Total Investors', 'Total Deposits', 'Total Withdrawals', 'Active Investments'])
      await expect(figures.getByText(label)).toBeVisible();
    await expect(figures.getByText(/^\d[\d,]*$/).first()).toBeVisible();
    await axeClean(page, false);
    // Only Overview is open; the group of the current page is highlighted.
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'All Users' })).toHaveCount(0);
    await nav.getByRole('button', { name: 'Settings' }).click();
    await nav.getByRole('link', { name: 'Audit Logs' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Logs' })).toBeVisible();
    await axeClean(page, false);
    await page.goto('/investor/dashboard');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await axeClean(page, false);
  });

  test('every investor sidebar link opens a screen, never a blank page', async ({ page }) => {
    const investor = await createInvestor();
    await signIn(page, investor.email, investor.password);
    const nav = page.getByRole('navigation', { name: 'Investor navigation' });
    // The sidebar is built from the investor remote's route list, which arrives after sign-in.
    await expect(nav.getByRole('link')).toHaveCount(9);
    const links = await nav
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
    for (const href of links) {
      await nav.locator(`a[href="${href}"]`).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await settled(page);
      expect(await axeViolations(page), href ?? '').toEqual([]);
    }
  });

  test('the sign-in page and the investor dashboard log no console errors', async ({ page }) => {
    // Chromium reports a bad response header (such as an unknown Permissions-Policy feature) as "Error with …".
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.text().startsWith('Error')) errors.push(message.text());
    });
    const investor = await createInvestor();
    await signIn(page, investor.email, investor.password);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/investor/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
