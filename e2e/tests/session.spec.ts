import { identityOperations } from '@cropvest/contracts/identity/api';
import { test, expect, apiLogin, client, createInvestor, signIn, signOut } from '../support/fixtures.ts';
import { answerTo, isCallOf } from '../support/calls.ts';
import { axeClean } from '../support/a11y.ts';

test.describe('session', () => {
  test('an investor signs in, sees the dashboard and signs out back to /login', async ({ page }) => {
    const investor = await createInvestor('Sam Sower');
    await signIn(page, investor.email, investor.password);
    await expect(page).toHaveURL(/\/investor\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Sam Sower' })).toBeVisible();
    await expect(page.getByTestId('sidebar-balance')).toHaveText('0.00 USDT');
    await axeClean(page, false);

    await signOut(page);
    await expect(page.getByText('Logged out successfully!', { exact: true })).toBeVisible();
    await axeClean(page, false);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    // Signed out again: a deep link goes to /login.
    await page.goto('/investor/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    const investor = await createInvestor();
    await page.goto('/login');
    await page.getByLabel('Email').fill(investor.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText(/invalid|incorrect/i, { exact: false }).first()).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await axeClean(page, false);
  });

  test('stored tokens that no longer work are cleared silently', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'expired.or.forged');
      localStorage.setItem('refreshToken', 'unknown-refresh-token');
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Invest in the growing season/ })).toBeVisible();
    expect(
      await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]),
    ).toEqual([null, null]);
  });

  test('a rejected access token is refreshed once and the call retried, keeping the user signed in', async ({
    page,
  }) => {
    const investor = await createInvestor('Rita Refresh');
    const session = await apiLogin(investor.email, investor.password);
    await page.goto('/login');
    await page.evaluate((refreshToken) => {
      localStorage.setItem('accessToken', 'no-longer-valid');
      localStorage.setItem('refreshToken', refreshToken);
    }, session.refreshToken);
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (isCallOf(identityOperations.refresh, response.request())) refreshes.push(response.status());
    });
    await page.goto('/investor/dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome back, Rita Refresh' })).toBeVisible();
    expect(refreshes).toEqual([200]);
    const stored = await page.evaluate(() => [
      localStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
    ]);
    expect(stored[0]).not.toBe('no-longer-valid');
    expect(stored[1]).not.toBe(session.refreshToken); // rotated
  });

  test('a session that can no longer be refreshed ends on the sign-in page saying why', async ({ page }) => {
    const investor = await createInvestor('Sam Session');
    await signIn(page, investor.email, investor.password);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Both tokens stop working while the page is open; the next call fails its refresh.
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'no-longer-valid');
      localStorage.setItem('refreshToken', 'revoked-refresh-token');
    });
    await page
      .getByRole('navigation', { name: 'Investor navigation' })
      .getByRole('link', { name: 'Transaction History' })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your session has ended. Please sign in again.').first()).toBeVisible();
    await axeClean(page, false);
  });

  test('signing out revokes the session on the server', async ({ page }) => {
    const investor = await createInvestor();
    await signIn(page, investor.email, investor.password);
    const refreshToken = await page.evaluate(() => localStorage.getItem('refreshToken'));
    if (!refreshToken) throw new Error('the signed-in page holds no refresh token');
    // The page may reach /login before the server has answered the logout: wait for that answer.
    const loggedOut = page.waitForResponse(answerTo(identityOperations.logout));
    await signOut(page);
    expect((await loggedOut).ok()).toBe(true);
    expect((await client().call(identityOperations.refresh, { body: { refreshToken } })).status).toBe(401);
  });
});
