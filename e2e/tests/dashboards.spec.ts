import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  buyByApi,
  test,
  expect,
  client,
  createPlan,
  fundedVerifiedInvestor,
  signOut,
  stackAdmin,
  startSignedIn,
} from '../support/fixtures.ts';
import { axeClean } from '../support/a11y.ts';

const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

test('the dashboards read the real services: an investment, a pending deposit and a pending withdrawal', async ({
  page,
}) => {
  const investor = await fundedVerifiedInvestor('1000');
  const plan = await createPlan(`Dashboard soy ${Date.now()}`);
  await buyByApi(investor.accessToken, plan.id, 3);
  const deposit = await client().call(walletOperations.createDeposit, {
    token: investor.accessToken,
    body: { amount: '25.5' },
  });
  expect(deposit.status).toBe(201);
  const withdrawal = await client().call(walletOperations.requestWithdrawal, {
    token: investor.accessToken,
    body: { amount: '40', walletAddress: ADDRESS },
  });
  expect(withdrawal.status).toBe(201);

  await startSignedIn(page, investor);
  await page.goto('/investor/dashboard');
  const summary = page.getByRole('region', { name: 'Portfolio summary' });
  // 1000 funded - 300 invested - 40 held for the withdrawal.
  await expect(summary.getByText('660.00 USDT')).toBeVisible();
  await expect(summary.getByText('300.00 USDT')).toBeVisible();
  await expect(page.getByTestId('sidebar-balance')).toHaveText('660.00 USDT');
  // Notifications about the approved deposit and the investment: the Updates button and the sidebar badge.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('link', { name: /Updates/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  const nav = page.getByRole('navigation', { name: 'Investor navigation' });
  await expect(nav.getByRole('link', { name: /Notifications/ }).getByLabel(/unread/)).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: plan.title });
  await expect(row.getByText('Principal')).toBeVisible();
  await expect(row.getByText('0.15 USDT')).toBeVisible(); // daily earnings: 300 × 0.05 / 100
  await expect(row.getByText('4.53 USDT')).toBeVisible(); // projected: 30 days compounding from 0.15
  await axeClean(page, false);

  await signOut(page);
  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Funded Investor').first()).toBeVisible();
  await expect(page.getByText('25.50 USDT').first()).toBeVisible();
  await expect(page.getByText('TR7NHqjeKQ…gjLj6t').first()).toBeVisible();
  await expect(page.getByText(new RegExp(`${plan.title}`)).first()).toBeVisible();
  await axeClean(page, false);

  // A pending row opens the request's own page (issue 27, decision 0121).
  await page
    .getByRole('link', { name: /Funded Investor.*25\.50 USDT/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/deposits\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Deposit of 25.50 USDT' })).toBeVisible();
  await expect(page.getByText(investor.email).first()).toBeVisible();
  await axeClean(page, false);
});
