// Live data (issue 27 item 1, decision 0105): an investor's pages stay open while an admin, in a browser of
// their own, approves the investor's deposit and rejects their withdrawal; the investor's balance and each
// request's status change without a reload, and the admin's queue shows the investor's new requests as they
// arrive. The investor at 1440 px for the deposit and at 390 px for the withdrawal, axe on every screen.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  client,
  apiLogin,
  approveKyc,
  createInvestor,
  expect,
  settled,
  test,
  stackAdmin,
  startSignedIn,
  withdrawByApi,
} from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';
import { ListView } from '../support/pages.ts';

const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

async function noSeriousViolations(page: Page) {
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
}

/** Fails the journey if the page reloads: every change below must arrive live. */
function forbidReloads(page: Page) {
  let loads = 0;
  const count = () => (loads += 1);
  page.on('load', count);
  return () => {
    page.off('load', count);
    expect(loads, 'the page was reloaded').toBe(0);
  };
}

test('an open investor page follows what an admin does in another browser', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const investor = await createInvestor('Live Investor', { from: page });
  const session = await apiLogin(investor.email, investor.password);
  const search = `?q=${encodeURIComponent(investor.email)}`;

  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const admin = await adminContext.newPage();
  try {
    await startSignedIn(admin, stackAdmin());
    await admin.goto(`/admin/deposits${search}`);
    await new ListView(admin, 'deposit').found(0);
    const adminLoads = forbidReloads(admin);

    // The investor's request reaches the admin's open queue by itself.
    const deposit = await client().call(walletOperations.createDeposit, {
      token: session.accessToken,
      body: { amount: '50', txid: randomBytes(32).toString('hex') },
    });
    expect(deposit.status).toBe(201);
    await new ListView(admin, 'deposit').found(1);

    await page.setViewportSize({ width: 1440, height: 900 });
    await startSignedIn(page, investor);
    await page.goto('/investor/deposit');
    const depositRow = page
      .getByRole('table', { name: 'Your deposits' })
      .getByRole('row')
      .filter({ hasText: '50.00 USDT' });
    await expect(depositRow).toContainText('pending');
    await expect(page.getByTestId('sidebar-balance')).toHaveText('0.00 USDT');
    await noSeriousViolations(page);
    const investorLoads = forbidReloads(page);

    const adminRow = admin.getByRole('row').filter({ hasText: investor.email });
    await adminRow.getByRole('button', { name: /^Approve/ }).click();
    const confirm = admin.getByRole('alertdialog', { name: /Approve/ });
    await expect(confirm).toBeVisible();
    expect(await axeViolations(admin)).toEqual([]);
    await confirm.getByRole('button', { name: /^Approve/ }).click();
    await expect(admin.getByText('Deposit approved successfully!', { exact: true })).toBeVisible();

    // Within a second or two, without a reload: the balance and the status.
    await expect(page.getByTestId('sidebar-balance')).toHaveText('50.00 USDT', { timeout: 3_000 });
    await expect(depositRow).toContainText('approved', { timeout: 3_000 });
    await noSeriousViolations(page);

    // A withdrawal, at phone width: KYC approved, a request sent, then rejected by the admin.
    investorLoads();
    adminLoads();
    await approveKyc(session.accessToken);
    await admin.goto(`/admin/withdrawals${search}`);
    await new ListView(admin, 'withdrawal').found(0);
    const adminQueueLoads = forbidReloads(admin);
    await withdrawByApi(session.accessToken, '20', TRON_ADDRESS);
    await new ListView(admin, 'withdrawal').found(1);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/investor/withdraw');
    const available = page
      .getByText('Available Balance', { exact: true })
      .locator('xpath=following-sibling::p[1]');
    await expect(available).toHaveText('30.00 USDT');
    // On a phone the history reads as one card per withdrawal (the list kit).
    const history = page.getByRole('list', { name: 'Your withdrawals' });
    await expect(history).toContainText('pending');
    await noSeriousViolations(page);
    const withdrawLoads = forbidReloads(page);

    const withdrawalRow = admin.getByRole('row').filter({ hasText: investor.email });
    await withdrawalRow.getByRole('button', { name: /^Reject/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Reject Withdrawal' });
    await dialog.getByLabel('Rejection reason (optional)').fill('Live data check');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(admin.getByText('Withdrawal rejected successfully!', { exact: true })).toBeVisible();
    await noSeriousViolations(admin);

    await expect(available).toHaveText('50.00 USDT', { timeout: 3_000 });
    await expect(history).toContainText('rejected', { timeout: 3_000 });
    await expect(history).not.toContainText('pending');
    await noSeriousViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    withdrawLoads();
    adminQueueLoads();
  } finally {
    await adminContext.close();
  }
});
