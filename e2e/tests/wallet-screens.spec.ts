// The investor's Deposit and Withdraw screens against the real stack: the platform wallet set by the admin,
// a deposit with a real proof upload, its approval reaching the balance, the proof link, a withdrawal refused
// in the browser for a bad address and accepted for a good one (the balance drops at once), plus axe scans
// and a phone-width check. The platform wallet is platform-wide: each test sets it first. Deposits verified on
// chain, live, are deposit-chain.spec.ts.
import { randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2';
import { createBase58check } from '@scure/base';
import { chainOperations } from '@cropvest/contracts/chain/api';
import type { ChainNetwork } from '@cropvest/contracts/chain/model';
import { kycOperations } from '@cropvest/contracts/kyc/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  test,
  expect,
  apiLogin,
  client,
  createInvestor,
  stack,
  settled,
  startSignedIn,
} from '../support/fixtures.ts';
import { answerTo, isCallOf, onPathOf } from '../support/calls.ts';
import { axeViolations } from '../support/a11y.ts';
import { Shell } from '../support/pages.ts';

const tron = createBase58check(sha256);
/** A valid TRC-20 (TRON mainnet) address: base58check over 0x41 and 20 random bytes. */
const tronAddress = () => tron.encode(Uint8Array.from([0x41, ...randomBytes(20)]));
/** The same address with its last character changed: still 34 base58 characters, but the checksum fails. */
const withBadChecksum = (address: string) => `${address.slice(0, -1)}${address.endsWith('a') ? 'b' : 'a'}`;
const shortened = (address: string) => `${address.slice(0, 10)}…${address.slice(-6)}`;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);

async function adminToken(): Promise<string> {
  return (await apiLogin(stack().adminEmail, stack().adminPassword)).accessToken;
}

/** 64 random hex digits: a well-formed TRC-20 transaction id that no chain knows (an admin decides it). */
const unknownTxid = () => randomBytes(32).toString('hex');

/**
 * The admin sets the platform's TRC-20 deposit address (PUT /api/admin/wallet-settings); the screen shows what the
 * chain service's network list says, which follows a moment later.
 */
async function setPlatformWallet(address: string): Promise<void> {
  const result = await client().call(walletOperations.updateWalletSettings, {
    token: await adminToken(),
    body: { address, networkType: 'TRC20', isActive: true },
  });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  await expect
    .poll(
      async () =>
        (await client().ok(chainOperations.chainNetworks)).find((n) => n.network === 'TRC20')?.depositAddress,
      { timeout: 20_000 },
    )
    .toBe(address);
}

/** A network as GET /api/chain/networks lists it, for the screen's closed states. */
const listed = (network: 'TRC20' | 'ERC20' | 'BEP20', changes: Partial<ChainNetwork>): ChainNetwork => ({
  network,
  label: { TRC20: 'TRC-20', ERC20: 'ERC-20', BEP20: 'BEP-20' }[network],
  chainName: { TRC20: 'TRON', ERC20: 'Ethereum', BEP20: 'BNB Smart Chain' }[network],
  depositAddress: null,
  acceptsDeposits: false,
  acceptsWithdrawals: false,
  monitored: true,
  usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  decimals: 6,
  confirmations: 19,
  finalitySeconds: 57,
  explorerTxUrl: null,
  ...changes,
});

/** Submits KYC for the investor and has the admin approve it (withdrawals need it by default). */
async function approvedKyc(accessToken: string): Promise<void> {
  const upload = async () => {
    const ticket = await client().ok(walletOperations.uploadTicket, {
      token: accessToken,
      body: { purpose: 'kyc-document' },
    });
    const put = await fetch(`${stack().gatewayUrl}${ticket.uploadURL}`, {
      method: 'PUT',
      body: PNG,
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status).toBe(200);
    return ticket.objectPath;
  };
  const kyc = await client().ok(kycOperations.submitKyc, {
    token: accessToken,
    body: {
      firstName: 'Wanda',
      lastName: 'Wallet',
      dateOfBirth: '1990-05-01',
      nationality: 'Kenyan',
      address: '9 Orchard Road',
      city: 'Nakuru',
      country: 'Kenya',
      postalCode: '20100',
      phoneNumber: '+254 700 000 001',
      idType: 'passport',
      idNumber: 'K1234567',
      idDocumentFrontUrl: await upload(),
      selfieUrl: await upload(),
      proofOfAddressUrl: await upload(),
    },
  });
  const reviewed = await client().call(kycOperations.reviewKyc, {
    token: await adminToken(),
    path: { id: kyc.id },
    body: { status: 'approved', notes: null, rejectionReason: null },
  });
  expect(reviewed.status).toBe(200);
  // The approval reaches the wallet as an event. Probe with a request larger than any balance: 403 while the
  // wallet still waits for the approval, 400 'Insufficient balance' (nothing created) once it knows.
  await expect
    .poll(
      async () =>
        (
          await client().call(walletOperations.requestWithdrawal, {
            token: accessToken,
            body: { amount: '999999', walletAddress: tronAddress() },
          })
        ).status,
      { timeout: 20_000 },
    )
    .toBe(400);
}

test('deposit with a proof, approval, the proof link, then a withdrawal checked in the browser', async ({
  page,
  context,
}) => {
  const platformAddress = tronAddress();
  await setPlatformWallet(platformAddress);
  const investor = await createInvestor('Wanda Wallet');
  const session = await apiLogin(investor.email, investor.password);
  await approvedKyc(session.accessToken);
  await context.grantPermissions(['clipboard-write']);
  // The site's Permissions-Policy refuses clipboard reads (its pages only ever write), so the test records what
  // the page writes instead of reading the clipboard back.
  await page.addInitScript(() => {
    const clipboard = navigator.clipboard;
    const write = clipboard.writeText.bind(clipboard);
    const copied: string[] = [];
    Object.assign(window, { copiedTexts: copied });
    clipboard.writeText = (text: string) => {
      copied.push(text);
      return write(text);
    };
  });

  await startSignedIn(page, investor);
  await page.goto('/investor/deposit');
  await expect(page.getByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible();

  // The platform wallet: address, network, copy button and QR code.
  await expect(page.getByText(platformAddress, { exact: true })).toBeVisible();
  await expect(page.getByText('TRON (TRC-20)', { exact: true }).first()).toBeVisible();
  await expect(
    page.getByRole('img', { name: `QR code of the deposit address ${platformAddress}` }),
  ).toBeVisible();
  await page.getByRole('button', { name: /Copy wallet address/ }).click();
  await expect(page.getByText('Copied!', { exact: true })).toBeVisible();
  await expect(page.getByText('Wallet address copied to clipboard', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { copiedTexts: string[] }).copiedTexts)).toEqual([
    platformAddress,
  ]);

  await expect(page.getByRole('heading', { name: 'No deposits yet' })).toBeVisible();

  // The form: the amount is checked before anything is sent.
  const depositForm = page.getByRole('form', { name: 'Deposit request' });
  await depositForm.getByRole('button', { name: 'Submit Deposit Request' }).click();
  await expect(depositForm.getByText('Amount is required')).toBeVisible();

  const txid = unknownTxid();
  await depositForm.getByLabel('Amount (USDT)').fill('250.50');
  await depositForm.getByLabel('Transaction ID').fill(txid);
  await depositForm.locator('input[type="file"]').setInputFiles({
    name: 'transfer-proof.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(depositForm.getByText('transfer-proof.png', { exact: true })).toBeVisible();
  await expect(depositForm.getByRole('button', { name: 'Remove transfer-proof.png' })).toBeVisible();
  await expect(depositForm.getByText(/· uploaded/)).toBeVisible();

  const created = page.waitForResponse(answerTo(walletOperations.createDeposit));
  await depositForm.getByRole('button', { name: 'Submit Deposit Request' }).click();
  const deposit = await (await created).json();
  expect(deposit.screenshotUrl).toMatch(/^\/objects\/deposit-proofs\//);
  await expect(page.getByText('Deposit request submitted successfully!', { exact: true })).toBeVisible();
  // The form is reset, the history shows the request pending.
  await expect(depositForm.getByLabel('Amount (USDT)')).toHaveValue('');
  await expect(depositForm.getByLabel('Transaction ID')).toHaveValue('');
  const depositRow = page
    .getByRole('table', { name: 'Your deposits' })
    .getByRole('row')
    .filter({ hasText: txid });
  await expect(depositRow).toContainText('250.50 USDT');
  await expect(depositRow).toContainText('pending');
  // No chain knows the transaction: it is looked for, then left to an admin.
  await expect(depositRow).toContainText(
    /Verifying on chain…|Waiting for the transaction to appear|Not found on chain — an admin will review it/,
  );
  await expect(page.getByTestId('sidebar-balance')).toHaveText('0.00 USDT');

  // The admin approves it; after a reload the balance shows it.
  const approved = await client().call(walletOperations.reviewDeposit, {
    token: await adminToken(),
    path: { id: deposit.id },
    body: { status: 'approved' },
  });
  expect(approved.status).toBe(200);
  await page.reload();
  await expect(page.getByTestId('sidebar-balance')).toHaveText('250.50 USDT');
  await expect(depositRow).toContainText('approved');
  await expect(depositRow).toContainText('Approved by an admin');
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);

  // View proof opens a short-lived link to the uploaded file in a new tab.
  const popupPromise = page.waitForEvent('popup');
  await depositRow.getByRole('button', { name: /View proof/ }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/deposit-proofs\//);
  await popup.close();

  // Withdraw: the sidebar link, the balance.
  await new Shell(page).navigate('Withdraw');
  await expect(page.getByText('250.50 USDT').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No withdrawals yet' })).toBeVisible();

  const posted: string[] = [];
  page.on('request', (request) => {
    if (isCallOf(walletOperations.requestWithdrawal, request)) posted.push(request.url());
  });
  const withdrawForm = page.getByRole('form', { name: 'Withdrawal request' });
  const payoutAddress = tronAddress();

  // A wrong checksum and an ERC-20 address are refused in the browser, with the check's message.
  await withdrawForm.getByLabel('Amount (USDT)').fill('100');
  await withdrawForm.getByLabel('TRC-20 wallet address').fill(withBadChecksum(payoutAddress));
  await withdrawForm.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(withdrawForm.getByText(/invalid checksum/)).toBeVisible();
  await withdrawForm.getByLabel('TRC-20 wallet address').fill('0x52908400098527886E0F7030069857D2E4169EE7');
  await withdrawForm.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(withdrawForm.getByText(/only TRC-20 \(TRON\) addresses are supported/)).toBeVisible();
  // More than the balance: 'Insufficient balance' under the amount.
  await withdrawForm.getByLabel('Amount (USDT)').fill('250.51');
  await withdrawForm.getByLabel('TRC-20 wallet address').fill(payoutAddress);
  await withdrawForm.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(withdrawForm.getByText('Insufficient balance')).toBeVisible();
  expect(posted).toEqual([]);

  // A good request: the balance drops at once, the history shows it pending with the shortened address.
  await withdrawForm.getByLabel('Amount (USDT)').fill('100');
  await withdrawForm.getByRole('button', { name: 'Request Withdrawal' }).click();
  await expect(page.getByText('Withdrawal request submitted successfully!', { exact: true })).toBeVisible();
  await expect(page.getByTestId('sidebar-balance')).toHaveText('150.50 USDT');
  expect(posted).toHaveLength(1);
  const withdrawalRow = page
    .getByRole('table', { name: 'Your withdrawals' })
    .getByRole('row')
    .filter({ hasText: '100.00 USDT' });
  await expect(withdrawalRow).toContainText('pending');
  await expect(withdrawalRow).toContainText(shortened(payoutAddress));
  await expect(withdrawalRow.getByTitle(payoutAddress)).toBeVisible();
  await expect(withdrawForm.getByLabel('TRC-20 wallet address')).toHaveValue('');
  expect(await axeViolations(page)).toEqual([]);
});

test('with no network taking deposits, the deposit screen says why and the form is closed', async ({
  page,
}) => {
  // The wallet keeps one network taking deposits at all times (409 LAST_DEPOSIT_NETWORK), so the closed states
  // are shown with the chain service's list answered by the test.
  const address = tronAddress();
  const answer = { networks: [] as ChainNetwork[] };
  await page.route(onPathOf(chainOperations.chainNetworks), (route) =>
    route.fulfill({ json: answer.networks }),
  );
  const investor = await createInvestor();
  await startSignedIn(page, investor);

  // Addresses exist, but no network takes deposits.
  answer.networks = [
    listed('TRC20', { depositAddress: address }),
    listed('ERC20', { depositAddress: null }),
    listed('BEP20', { depositAddress: null }),
  ];
  await page.goto('/investor/deposit');
  await expect(page.getByText('Deposits are paused')).toBeVisible();
  await expect(page.getByText(address)).toHaveCount(0);
  await expect(page.getByText('The form opens when a network takes deposits.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Deposit Request' })).toBeDisabled();
  await expect(page.getByLabel('Amount (USDT)')).toBeDisabled();
  await expect(page.getByLabel('Transaction ID')).toBeDisabled();

  // No address was ever set up.
  answer.networks = [listed('TRC20', { acceptsDeposits: true }), listed('ERC20', {}), listed('BEP20', {})];
  await page.reload();
  await expect(page.getByText('No deposit address is set up yet')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit Deposit Request' })).toBeDisabled();
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
});

test('the deposit history pages on the server, with the page in the address', async ({ page }) => {
  await setPlatformWallet(tronAddress());
  const investor = await createInvestor();
  const session = await apiLogin(investor.email, investor.password);
  // 11 deposits, oldest first: 1.00 ... 11.00 USDT; a page holds 10, newest first.
  for (let amount = 1; amount <= 11; amount++) {
    const created = await client().call(walletOperations.createDeposit, {
      token: session.accessToken,
      body: { amount: String(amount) },
    });
    expect(created.status).toBe(201);
  }
  await startSignedIn(page, investor);
  await page.goto('/investor/deposit');
  const table = page.getByRole('table', { name: 'Your deposits' });
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages.getByText('1–10 of 11')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: '11.00 USDT' })).toBeVisible();
  const oldest = table.getByRole('cell', { name: '1.00 USDT', exact: true });
  await expect(oldest).toHaveCount(0);

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(pages.getByText('11–11 of 11')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the oldest deposit
  await expect(oldest).toHaveCount(1);
  await page.reload();
  await expect(pages.getByText('11–11 of 11')).toBeVisible();
  await pages.getByRole('button', { name: 'Previous' }).click();
  await expect(pages.getByText('1–10 of 11')).toBeVisible();
});

test.describe('accessibility (axe): no violations', () => {
  test('deposit and withdraw screens', async ({ page }) => {
    await setPlatformWallet(tronAddress());
    const investor = await createInvestor();
    await startSignedIn(page, investor);

    await page.goto('/investor/deposit');
    await expect(page.getByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No deposits yet' })).toBeVisible();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    // With the form's messages showing.
    await page.getByRole('button', { name: 'Submit Deposit Request' }).click();
    await expect(page.getByText('Amount is required')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/investor/withdraw');
    await expect(page.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No withdrawals yet' })).toBeVisible();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    await expect(page.getByText('Wallet address is required')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('deposit and withdraw fit the screen without sideways scrolling', async ({ page }) => {
    const address = tronAddress();
    await setPlatformWallet(address);
    const investor = await createInvestor();
    await startSignedIn(page, investor);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

    await page.goto('/investor/deposit');
    await expect(page.getByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible();
    await expect(page.getByText(address, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Submit Deposit Request' })).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(375);

    await page.goto('/investor/withdraw');
    await expect(page.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeVisible();
    await expect(page.getByLabel('TRC-20 wallet address')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request Withdrawal' })).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(375);
  });
});
