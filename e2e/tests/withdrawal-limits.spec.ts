// Withdrawal limits (docs/decisions/0099) in the browser: the Withdraw screen shows what remains of the 24-hour and
// 30-day limits before the form and its amount check knows it; a request the wallet finds over the limit (another
// withdrawal took the room meanwhile) is refused with what remains in each window, and the limits are read again; an
// admin raises the investor's limits with a reason on the user page, and above the threshold a second admin approves
// it on a phone. Axe at 1440 and 390 px, the dialogs included.
import type { Browser } from '@playwright/test';
import { withdrawalLimitOperations } from '@cropvest/contracts/wallet/withdrawal-limits-api';
import {
  apiLogin,
  expect,
  fundedVerifiedInvestor,
  secondAdmin,
  stack,
  test,
  startSignedIn,
  openSignedIn,
  withdrawByApi,
} from '../support/fixtures.ts';
import { checkedScreen } from '../support/a11y.ts';
import { onPathOf } from '../support/calls.ts';

const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

async function adminPage(browser: Browser, email: string, password: string, width: number, height: number) {
  return openSignedIn(browser, { email, password }, { viewport: { width, height } });
}

test('the Withdraw screen shows what remains; over the limit is refused; admins raise it with four eyes', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const investor = await fundedVerifiedInvestor('26000');
  const { user } = await apiLogin(investor.email, investor.password);
  // 20,000 of the verified 25,000 a day are asked for already: 5,000 remain today.
  await withdrawByApi(investor.accessToken, '20000', ADDRESS);

  await page.setViewportSize({ width: 1440, height: 900 });
  await startSignedIn(page, investor);
  await page.goto('/investor/withdraw');
  const limits = page.getByRole('region', { name: 'Withdrawal limits' });
  await expect(limits.getByText('24-hour limit', { exact: true })).toBeVisible();
  await expect(limits).toContainText('5,000.00 USDT remains');
  await expect(limits).toContainText('20,000.00 USDT used of 25,000.00 USDT in the last 24 hours');
  await expect(limits).toContainText('80,000.00 USDT remains');
  await expect(limits).toContainText('Limits for your level: Verified identity.');
  await checkedScreen(page, 'withdraw-limits', 1440);

  // The form's own check knows what remains.
  const form = page.getByRole('form', { name: 'Withdrawal request' });
  await form.getByLabel('Amount (USDT)').fill('5000.01');
  await form.getByLabel('TRC-20 wallet address').fill(ADDRESS);
  await form.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(form.getByText('Over your 24-hour withdrawal limit: 5000.00 USDT remains')).toBeVisible();

  // Another withdrawal takes 1,000 of the room while the screen still shows 5,000: the wallet refuses 4,500 and says
  // what remains in each window; the card reads the limits again. The screen's live refresh of the limits is held
  // until the wallet has answered: arriving first, it let the form's own check refuse the amount instead.
  const limitsPath = onPathOf(withdrawalLimitOperations.myWithdrawalLimits);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(limitsPath, async (route) => {
    await held;
    // A read the page gave up meanwhile (a newer one replaced it) is already answered.
    await route.continue().catch(() => undefined);
  });
  await withdrawByApi(investor.accessToken, '1000', ADDRESS);
  await form.getByLabel('Amount (USDT)').fill('4500');
  await form.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(
    form.getByText(
      'This withdrawal is over your withdrawal limit: 4000.00 USDT remains of your 24-hour limit and 79000.00 USDT of your 30-day limit.',
    ),
  ).toBeVisible();
  release();
  await page.unroute(limitsPath);
  await expect(limits).toContainText('4,000.00 USDT remains');
  await page.setViewportSize({ width: 390, height: 844 });
  await checkedScreen(page, 'withdraw-limit-refused', 390);

  // The admin raises the 24-hour limit by 15,000 (at or above the 10,000 threshold): a first approval only.
  const first = await adminPage(browser, stack().adminEmail, stack().adminPassword, 1440, 900);
  await first.page.goto(`/admin/users/${user.id}`);
  const section = first.page.getByRole('region', { name: 'Withdrawal limits' });
  await expect(section).toContainText('4,000.00 USDT remains');
  await expect(section).toContainText('21,000.00 USDT used of 25,000.00 USDT in the last 24 hours');
  await section.getByRole('button', { name: 'Raise limits' }).click();
  const dialog = first.page.getByRole('dialog', { name: 'Raise withdrawal limits' });
  await expect(dialog).toContainText('A raise that adds 10,000.00 USDT or more to either limit waits');
  await dialog.getByLabel('New 24-hour limit (USDT)').fill('40000');
  await dialog.getByRole('button', { name: 'Raise limits' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Harvest proceeds of three plans, confirmed by phone');
  await checkedScreen(first.page, 'limits-raise-dialog', 1440);
  await dialog.getByRole('button', { name: 'Raise limits' }).click();
  await expect(first.page.getByText('First approval recorded', { exact: true })).toBeVisible();
  await expect(section).toContainText('Awaiting second approval');
  await expect(section.getByRole('button', { name: /^Approve/ })).toBeDisabled();
  await expect(section).toContainText('You requested this raise; another admin must approve it.');
  await expect(section).toContainText('4,000.00 USDT remains');
  await checkedScreen(first.page, 'limits-raise-held', 1440);
  await first.context.close();

  // A second admin approves it on a phone: the limits apply at once.
  const person = await secondAdmin('Second Limits Admin');
  const second = await adminPage(browser, person.email, person.password, 390, 844);
  await second.page.goto(`/admin/users/${user.id}`);
  const phoneSection = second.page.getByRole('region', { name: 'Withdrawal limits' });
  await phoneSection.getByRole('button', { name: /^Approve/ }).click();
  const confirm = second.page.getByRole('alertdialog', { name: 'Approve Limit Raise' });
  await expect(confirm).toContainText('Harvest proceeds of three plans, confirmed by phone');
  await checkedScreen(second.page, 'limits-raise-approve', 390);
  await confirm.getByRole('button', { name: 'Approve' }).click();
  // The toast (the user page's audit section words the entries the same way).
  await expect(
    second.page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Withdrawal limits raised', { exact: true }),
  ).toBeVisible();
  await expect(phoneSection).toContainText('19,000.00 USDT remains');
  await expect(phoneSection).toContainText('Raised by an admin above the limits for verified identity');
  await checkedScreen(second.page, 'limits-raised', 390);
  await second.context.close();

  // System Settings → Security: the limits per KYC level; a 24-hour limit above its 30-day limit is refused there.
  const settings = await adminPage(browser, stack().adminEmail, stack().adminPassword, 1440, 900);
  await settings.page.goto('/admin/settings/security');
  const card = settings.page.getByRole('form', { name: 'Withdrawal limits' });
  const verified = card.getByRole('group', { name: 'Verified identity', exact: true });
  const unverified = card.getByRole('group', { name: 'Unverified identity' });
  await expect(verified.getByLabel('24-hour limit (USDT)')).toHaveValue('25000.00');
  await expect(verified.getByLabel('30-day limit (USDT)')).toHaveValue('100000.00');
  await expect(unverified.getByLabel('24-hour limit (USDT)')).toHaveValue('1000.00');
  await unverified.getByLabel('24-hour limit (USDT)').fill('3000.01');
  await card.getByRole('button', { name: 'Save Withdrawal Limits' }).click();
  await expect(
    unverified.getByText('A 24-hour limit must not be above the 30-day limit of its level'),
  ).toBeVisible();
  await checkedScreen(settings.page, 'settings-withdrawal-limits', 1440);
  await settings.page.setViewportSize({ width: 390, height: 844 });
  await checkedScreen(settings.page, 'settings-withdrawal-limits', 390);
  await settings.context.close();

  // The investor's screen shows the raised limit.
  await page.reload();
  await expect(limits).toContainText('19,000.00 USDT remains');
  await expect(limits).toContainText('The platform team raised these limits for your account.');
});
