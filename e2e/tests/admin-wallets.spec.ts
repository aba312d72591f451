// Wallet Management and Payment Methods in the browser: an admin edits the platform address (the checksum error
// for a typo, the warning about investors' next deposits), the change lands in the history and on the
// investor's Deposit screen; switching TRC-20 off for withdrawals takes the form off the investor's Withdraw
// screen. Axe scans and the phone width on both admin screens. The platform wallet and the payment methods are
// platform-wide: the journey sets its own wallet first and switches withdrawals back on at the end.
import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2';
import { createBase58check } from '@scure/base';
import type { Page } from '@playwright/test';
import { test, expect, api, apiLogin, createInvestor, signIn, stack, settled } from '../support/fixtures.ts';
import { seriousViolations } from '../support/a11y.ts';

const tron = createBase58check(sha256);
const tronAddress = () => tron.encode(Uint8Array.from([0x41, ...randomBytes(20)]));
const withBadChecksum = (address: string) => `${address.slice(0, -1)}${address.endsWith('a') ? 'b' : 'a'}`;

const adminToken = async () => (await apiLogin(stack().adminEmail, stack().adminPassword)).accessToken;
const setTrc20Withdrawals = async (withdrawals: boolean) => {
  const result = await api('PUT', '/api/admin/payment-methods', await adminToken(), {
    network: 'TRC20',
    deposits: true,
    withdrawals,
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
};

/** No serious or critical axe violation, and nothing wider than a 375 px phone. */
async function accessibleOnPhone(page: Page, shot: string) {
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 812 });
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath(`${shot}-375.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.afterAll(async () => setTrc20Withdrawals(true));

test('an admin changes the deposit address and switches TRC-20 withdrawals off; the investor screens follow', async ({
  page,
  browser,
}) => {
  const before = tronAddress();
  const after = tronAddress();
  const saved = await api('PUT', '/api/admin/wallet-settings', await adminToken(), {
    address: before,
    networkType: 'TRC20',
    isActive: true,
  });
  expect(saved.status).toBe(200);

  await signIn(page, stack().adminEmail, stack().adminPassword);
  await page.goto('/admin/wallets');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet Settings' })).toBeVisible();
  await expect(page.getByText(before, { exact: true })).toBeVisible();
  await expect(page.getByText('Active', { exact: true })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: test.info().outputPath('wallets.png'), fullPage: true });
  await accessibleOnPhone(page, 'wallets');

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Wallet' });
  const address = dialog.getByLabel('Wallet Address');
  await address.fill(withBadChecksum(after));
  await expect(
    dialog.getByText('This TRC-20 address has an invalid checksum; check it for typing mistakes'),
  ).toBeVisible();
  await address.fill(after);
  await expect(dialog.getByText(/invalid checksum/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();

  const confirm = page.getByRole('alertdialog', { name: 'Change the deposit address?' });
  await expect(confirm.getByText(/Investors' next deposits will go to the new address/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Change Address' }).click();
  await expect(page.getByText('Wallet updated', { exact: true })).toBeVisible();
  await expect(page.getByText(after, { exact: true })).toBeVisible();
  const history = page.getByRole('table', { name: /Changes of the platform wallet/ });
  await expect(history.getByRole('row').nth(1)).toContainText(before);
  await expect(history.getByRole('row').nth(1)).toContainText(after);

  await page.goto('/admin/wallets/methods');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Methods' })).toBeVisible();
  const tronCard = page.getByRole('listitem').filter({ hasText: 'TRON (TRC-20)' });
  const withdrawals = tronCard.getByRole('switch', { name: 'Withdrawals' });
  await expect(withdrawals).toBeChecked();
  await withdrawals.click();
  await expect(page.getByText('TRON (TRC-20) switched off for withdrawals', { exact: true })).toBeVisible();
  await expect(withdrawals).not.toBeChecked();
  // The last deposit network stays on: the switch answers with the rule.
  await tronCard.getByRole('switch', { name: 'Deposits' }).click();
  await expect(page.getByText(/only network accepted for deposits/).first()).toBeVisible();
  await settled(page);
  await page.screenshot({ path: test.info().outputPath('payment-methods.png'), fullPage: true });
  await accessibleOnPhone(page, 'payment-methods');

  const investor = await createInvestor('Wallet Follower');
  const investorContext = await browser.newContext();
  const investorPage = await investorContext.newPage();
  await signIn(investorPage, investor.email, investor.password);
  await investorPage.goto('/investor/deposit');
  await expect(investorPage.getByText(after, { exact: true })).toBeVisible();
  await investorPage.goto('/investor/withdraw');
  await expect(investorPage.getByText(/TRC-20 withdrawals are switched off at the moment/)).toBeVisible();
  await expect(investorPage.getByRole('form', { name: 'Withdrawal request' })).toHaveCount(0);
  await investorContext.close();
});
