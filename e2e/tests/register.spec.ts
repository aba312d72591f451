import { test, expect, uniqueEmail, stack } from '../support/fixtures.ts';
import { axeClean } from '../support/a11y.ts';

test.describe('registration', () => {
  test('a new investor sees every validation message once, the strength meter, then lands on the dashboard', async ({
    page,
  }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await axeClean(page, false);

    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toHaveCount(2);
    await expect(page.getByText('You must accept the terms and conditions')).toBeVisible();
    await axeClean(page, false);

    const password = page.getByLabel('Password', { exact: true });
    for (const [typed, strength] of [
      ['abc', 'Too short'],
      ['abcdef', 'Weak'],
      ['abcdefgh', 'Fair'],
      ['Abcdefg1', 'Strong'],
    ] as const) {
      await password.fill(typed);
      await expect(page.getByTestId('password-strength')).toContainText(strength);
    }
    await axeClean(page, false);

    const name = 'Ada Fieldworth';
    const email = uniqueEmail('register');
    await page.getByLabel('Full Name').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Confirm Password').fill('Abcdefg2');
    await page.getByRole('checkbox', { name: /I agree to the/ }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(0);
    await axeClean(page, false);

    await page.getByLabel('Confirm Password').fill('Abcdefg1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Account created successfully!', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/investor\/dashboard$/);
    // A new account is welcomed, not welcomed back.
    await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${name}` })).toBeVisible();
    await axeClean(page, false);
    expect(
      await page.evaluate(() =>
        Boolean(localStorage.getItem('accessToken') && localStorage.getItem('refreshToken')),
      ),
    ).toBe(true);
  });

  test('an email already in use shows the server message in a toast', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Full Name').fill('Second Comer');
    await page.getByLabel('Email').fill(stack().investorEmail);
    await page.getByLabel('Password', { exact: true }).fill('Harvest-2026');
    await page.getByLabel('Confirm Password').fill('Harvest-2026');
    await page.getByRole('checkbox', { name: /I agree to the/ }).click();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(
      page
        .getByRole('status')
        .or(page.getByRole('alert'))
        .filter({ hasText: /already/i })
        .first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await axeClean(page, false);
  });

  test('the terms checkbox links to the real terms and privacy pages', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await page.goto('/terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await axeClean(page, false);
  });
});
