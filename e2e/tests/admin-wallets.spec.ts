// Wallet Settings and Payment Methods in the browser: one card per network, each saying whether the chain service
// watches it and its USDT contract; an admin edits the TRC-20 address (the checksum error for a typo, the warning
// about investors' next deposits), the change lands in the history and on the investor's Deposit screen;
// switching TRC-20 off for withdrawals takes the form off the investor's Withdraw screen. ERC-20 deposits are
// refused while its address is inactive, accepted once it is active again, and an address that takes deposits
// cannot be deactivated. Axe scans, 1440 px and the phone widths on both admin screens. The wallets and the
// payment methods are platform-wide: the journeys set what they need first and restore it at the end.
import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2';
import { createBase58check } from '@scure/base';
import type { Page } from '@playwright/test';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  test,
  expect,
  client,
  apiLogin,
  createInvestor,
  stack,
  settled,
  stackAdmin,
  startSignedIn,
} from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';

const tron = createBase58check(sha256);
const tronAddress = () => tron.encode(Uint8Array.from([0x41, ...randomBytes(20)]));
const withBadChecksum = (address: string) => `${address.slice(0, -1)}${address.endsWith('a') ? 'b' : 'a'}`;

const adminToken = async () => (await apiLogin(stack().adminEmail, stack().adminPassword)).accessToken;
/** The card of one network on Wallet Settings ("USDT · TRON (TRC-20)"). */
const walletCard = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `USDT · ${title}` }) });
const setErc20 = async (changes: { isActive?: boolean; deposits?: boolean }) => {
  const token = await adminToken();
  if (changes.deposits !== undefined) {
    const methods = await client().call(walletOperations.updatePaymentMethods, {
      token,
      body: { network: 'ERC20', deposits: changes.deposits, withdrawals: false },
    });
    expect(methods.status, JSON.stringify(methods.body)).toBe(200);
  }
  if (changes.isActive !== undefined) {
    const wallet = await client().call(walletOperations.updateWalletSettings, {
      token,
      body: {
        address: stack().localChains.networks.ERC20.platformAddress,
        networkType: 'ERC20',
        isActive: changes.isActive,
      },
    });
    expect(wallet.status, JSON.stringify(wallet.body)).toBe(200);
  }
};
const setTrc20Withdrawals = async (withdrawals: boolean) => {
  const result = await client().call(walletOperations.updatePaymentMethods, {
    token: await adminToken(),
    body: { network: 'TRC20', deposits: true, withdrawals },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
};

/** No axe violation at 1440 px, and nothing wider than a 390 or 375 px phone. */
async function accessibleOnPhone(page: Page, shot: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await settled(page);
  await page.screenshot({ path: test.info().outputPath(`${shot}-1440.png`), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  for (const width of [390, 375]) {
    await page.setViewportSize({ width, height: 844 });
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`${shot}-${width}.png`), fullPage: true });
  }
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.afterAll(async () => {
  await setTrc20Withdrawals(true);
  await setErc20({ deposits: false, isActive: true });
});

test('an admin changes the deposit address and switches TRC-20 withdrawals off; the investor screens follow', async ({
  page,
  context,
  browser,
}) => {
  await context.grantPermissions(['clipboard-write']);
  const before = tronAddress();
  const after = tronAddress();
  const saved = await client().call(walletOperations.updateWalletSettings, {
    token: await adminToken(),
    body: { address: before, networkType: 'TRC20', isActive: true },
  });
  expect(saved.status).toBe(200);

  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/wallets');
  await expect(page.getByRole('heading', { level: 1, name: 'Wallet Settings' })).toBeVisible();
  const tron = walletCard(page, 'TRON (TRC-20)');
  await expect(tron.getByText(before, { exact: true })).toBeVisible();
  await expect(tron.getByText('Active', { exact: true })).toBeVisible();
  // The chain service watches every local network: each card says so and names its USDT contract.
  for (const [title, network] of [
    ['TRON (TRC-20)', 'TRC20'],
    ['Ethereum (ERC-20)', 'ERC20'],
    ['BNB Smart Chain (BEP-20)', 'BEP20'],
  ] as const) {
    const card = walletCard(page, title);
    await expect(card).toContainText('Monitored on chain');
    await expect(card).toContainText(/Yes: deposits on .+ are verified on chain/);
    await expect(card).toContainText(stack().localChains.networks[network].usdtContract);
  }
  await tron.getByRole('button', { name: 'Copy the TRON (TRC-20) wallet address' }).click();
  await expect(page.getByText('Wallet address copied to clipboard', { exact: true })).toBeVisible();
  await accessibleOnPhone(page, 'wallets');

  await tron.getByRole('button', { name: 'Edit the TRON (TRC-20) wallet' }).click();
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
  await expect(page.getByText('Wallet address updated successfully', { exact: true })).toBeVisible();
  await expect(tron.getByText(after, { exact: true })).toBeVisible();
  const history = page.getByRole('table', { name: /Changes of the platform wallet/ });
  await expect(history.getByRole('row').nth(1)).toContainText(before);
  await expect(history.getByRole('row').nth(1)).toContainText(after);
  await page.screenshot({ path: test.info().outputPath('wallet-history-1440.png'), fullPage: true });
  // At phone width the history is one card per change, whole on screen: nothing scrolls sideways (issue 27).
  await page.setViewportSize({ width: 390, height: 844 });
  const historyCards = page.getByRole('list', { name: /Changes of the platform wallet/ });
  await expect(historyCards.getByRole('listitem').first()).toContainText(after);
  const cards = await historyCards.boundingBox();
  expect(cards && cards.x >= 0 && cards.x + cards.width <= 390).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath('wallet-history-390.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

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
  await accessibleOnPhone(page, 'payment-methods');

  const investor = await createInvestor('Wallet Follower');
  const investorContext = await browser.newContext();
  const investorPage = await investorContext.newPage();
  await startSignedIn(investorPage, investor);
  await investorPage.goto('/investor/deposit');
  await expect(investorPage.getByText(after, { exact: true })).toBeVisible();
  await investorPage.goto('/investor/withdraw');
  await expect(investorPage.getByText(/TRC-20 withdrawals are switched off at the moment/)).toBeVisible();
  await expect(investorPage.getByRole('form', { name: 'Withdrawal request' })).toHaveCount(0);
  await investorContext.close();
});

test('ERC-20 deposits are switched on in Payment Methods once its address is active in Wallet Settings', async ({
  page,
}) => {
  // The stack seeds the local chain's address on every network; ERC-20 starts inactive and not taking deposits.
  await setErc20({ deposits: false, isActive: false });
  await startSignedIn(page, stackAdmin());

  await page.goto('/admin/wallets/methods');
  const ethereum = page.getByRole('listitem').filter({ hasText: 'USDT · Ethereum (ERC-20)' });
  const deposits = ethereum.getByRole('switch', { name: 'Deposits' });
  await expect(deposits).not.toBeChecked();
  await expect(ethereum).toContainText('Needs an active platform wallet address on this network');
  await expect(ethereum.getByRole('switch', { name: 'Withdrawals' })).toBeDisabled();
  // No active address: the wallet refuses, and says why.
  await deposits.click();
  await expect(
    page.getByText('Add an active ERC-20 wallet address before accepting deposits on ERC-20', {
      exact: true,
    }),
  ).toBeVisible();
  await expect(deposits).not.toBeChecked();

  await page.goto('/admin/wallets');
  const card = walletCard(page, 'Ethereum (ERC-20)');
  await expect(card.getByText('Inactive', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Edit the Ethereum (ERC-20) wallet' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Wallet' });
  await expect(dialog.getByLabel('Wallet Address')).toHaveValue(
    stack().localChains.networks.ERC20.platformAddress,
  );
  await dialog.getByRole('switch', { name: /Active/ }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Wallet address updated successfully', { exact: true })).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();

  await page.goto('/admin/wallets/methods');
  await expect(ethereum).toContainText(
    'Switch on to show investors the platform wallet address on this network',
  );
  await deposits.click();
  await expect(page.getByText('Ethereum (ERC-20) accepted for deposits', { exact: true })).toBeVisible();
  await expect(deposits).toBeChecked();
  await expect(ethereum).toContainText('Investors are shown the platform wallet address on this network');
  // Withdrawals stay TRC-20 only.
  await expect(ethereum.getByRole('switch', { name: 'Withdrawals' })).toBeDisabled();
  const methods = await client().ok(walletOperations.paymentMethods, { token: await adminToken() });
  expect(methods).toContainEqual({ network: 'ERC20', deposits: true, withdrawals: false });

  // An investor can now claim a deposit on ERC-20.
  const investor = await createInvestor('Ethereum Depositor');
  const session = await apiLogin(investor.email, investor.password);
  const claimed = await client().ok(walletOperations.createDeposit, {
    token: session.accessToken,
    body: { amount: '5', network: 'ERC20' },
  });
  expect(claimed.network).toBe('ERC20');

  // Taking deposits, its address cannot be deactivated: the wallet's refusal shows under the switch.
  await page.goto('/admin/wallets');
  await card.getByRole('button', { name: 'Edit the Ethereum (ERC-20) wallet' }).click();
  await expect(dialog).toContainText('Ethereum (ERC-20) takes deposits: switch them off in Payment Methods');
  await dialog.getByRole('switch', { name: /Active/ }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    dialog.getByText(
      'ERC-20 takes deposits; switch them off in Payment Methods before deactivating its address',
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('switch', { name: /Active/ })).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: test.info().outputPath('wallet-refused-1280.png') });
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
});
