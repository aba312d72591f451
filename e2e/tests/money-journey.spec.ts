// The money journey through the browser on the real stack: a new investor (KYC approved by API) deposits
// 1000 USDT with a real proof file, the admin approves it, the sidebar balance shows it; the investor is told
// when slots cost more than the balance, buys 3 slots (300), finds them under Growing Crops, withdraws 100
// (the balance drops to 600 at once); Transaction History lists the three movements signed the way the money moved (decision 0108)
// and its tabs filter; the account statement downloaded through the browser adds up and closes at the balance
// the sidebar shows. Then the History screen at phone width and under axe, and its empty and refused states.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { sha256 } from '@noble/hashes/sha2';
import { createBase58check } from '@scure/base';
import Decimal from 'decimal.js';
import type { Locator, Page } from '@playwright/test';
import {
  STATEMENT_CLOSING_ROW,
  STATEMENT_CSV_COLUMNS,
  STATEMENT_OPENING_ROW,
  STATEMENT_RANGE_TOO_LONG,
} from '@cropvest/contracts/wallet/statement';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { statementOperations } from '@cropvest/contracts/wallet/statement-api';
import {
  test,
  expect,
  client,
  apiLogin,
  approveKyc,
  createInvestor,
  createPlan,
  buyByApi,
  fundedVerifiedInvestor,
  signIn,
  stack,
  settled,
  acknowledgement,
  startSignedIn,
  withdrawByApi,
} from '../support/fixtures.ts';
import { answerTo, isCallOf } from '../support/calls.ts';
import { parseCsv } from '../../test/support/csv.ts';
import { axeViolations } from '../support/a11y.ts';
import { Shell } from '../support/pages.ts';
import { acknowledgeKeyInformation, answerQuestionnaire } from '../support/invest-dialog.ts';

const tron = createBase58check(sha256);
/** A valid TRC-20 (TRON mainnet) address: base58check over 0x41 and 20 random bytes. */
const tronAddress = () => tron.encode(Uint8Array.from([0x41, ...randomBytes(20)]));

/** A small real PNG: the signature, then filler the upload checks do not mind. */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);

const adminToken = async () => (await apiLogin(stack().adminEmail, stack().adminPassword)).accessToken;

/** The rows of the history table on the open tab (desktop width), without the header row. */
const historyRows = (page: Page, tab: string): Locator =>
  page
    .getByRole('table', { name: `Your transactions: ${tab}` })
    .locator('tbody')
    .getByRole('row');

/**
 * An investor with the journey's three movements, made through the API so a check of History needs no other
 * journey to have run: 1,000 deposited and approved, 3 slots bought (300), 100 withdrawn.
 */
async function investorWithMovements(): Promise<{ email: string; password: string }> {
  const investor = await fundedVerifiedInvestor('1000');
  const plan = await createPlan(`History wheat ${Date.now()}`);
  await buyByApi(investor.accessToken, plan.id, 3);
  await withdrawByApi(investor.accessToken, '100', tronAddress());
  return investor;
}

test('the money journey: deposit, approval, invest, withdraw, history and a statement that adds up', async ({
  page,
}) => {
  test.setTimeout(240_000);

  // The admin has a platform wallet set; a plan with slots at 100 USDT is open.
  const platform = await client().call(walletOperations.updateWalletSettings, {
    token: await adminToken(),
    body: { address: tronAddress(), networkType: 'TRC20', isActive: true },
  });
  expect(platform.status, JSON.stringify(platform.body)).toBe(200);
  const plan = await createPlan(`Journey wheat ${Date.now()}`);

  // A new investor whose KYC the admin approved. The approval reaches plans and wallet as an event: probe
  // each with a request that is refused with 403 until then and with 400 (creating nothing) afterwards.
  const investor = await createInvestor('Jules Journey');
  const session = await apiLogin(investor.email, investor.password);
  await approveKyc(session.accessToken);
  await expect
    .poll(
      async () =>
        (
          await client().call(plansOperations.invest, {
            token: session.accessToken,
            body: { planId: plan.id, ...(await acknowledgement(plan.id)), slotsPurchased: 101 },
          })
        ).status,
      { timeout: 30_000 },
    )
    .toBe(400);
  await expect
    .poll(
      async () =>
        (
          await client().call(walletOperations.requestWithdrawal, {
            token: session.accessToken,
            body: { amount: '999999', walletAddress: tronAddress() },
          })
        ).status,
      { timeout: 30_000 },
    )
    .toBe(400);

  await signIn(page, investor.email, investor.password);
  // Every screen is reached the way a person does: the sidebar link, then its heading.
  const shell = new Shell(page);
  const balance = shell.balance;
  await expect(balance).toHaveText('0.00 USDT');

  await test.step('deposit 1000 with a real proof file; the admin approves it', async () => {
    await shell.navigate('Deposit');
    const form = page.getByRole('form', { name: 'Deposit request' });
    await form.getByLabel('Amount (USDT)').fill('1000');
    await form.locator('input[type="file"]').setInputFiles({
      name: 'transfer-proof.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(form.getByText(/· uploaded/)).toBeVisible();
    const created = page.waitForResponse(answerTo(walletOperations.createDeposit));
    await form.getByRole('button', { name: 'Submit Deposit Request' }).click();
    const deposit = (await (await created).json()) as { id: string; screenshotUrl: string };
    expect(deposit.screenshotUrl).toMatch(/deposit-proofs\//);
    await expect(page.getByText('Deposit request submitted successfully!', { exact: true })).toBeVisible();
    await expect(balance).toHaveText('0.00 USDT');

    const approved = await client().call(walletOperations.reviewDeposit, {
      token: await adminToken(),
      path: { id: deposit.id },
      body: { status: 'approved' },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    // /api/auth/me reads its own writes: right after the approval, a reload shows the new balance.
    await page.reload();
    await expect(balance).toHaveText('1,000.00 USDT');
  });

  await test.step('too many slots: the shortfall note and Confirm disabled; then 3 slots', async () => {
    await shell.navigate('Browse Plans');
    const card = page.getByRole('article', { name: plan.title });
    await card.getByRole('button', { name: 'Invest Now' }).click();
    // A first investment: the suitability questions first.
    await answerQuestionnaire(page, plan.title, {
      experience: /^Some/,
      purpose: /^Growing my capital/,
      netWorth: '50000',
    });
    const dialog = page.getByRole('dialog', { name: `Invest in ${plan.title}` });
    const slots = dialog.getByLabel('Number of slots');
    const confirm = dialog.getByRole('button', { name: 'Confirm Investment' });
    await slots.fill('15');
    await expect(dialog.getByText('Insufficient balance. You need 500.00 USDT more.')).toBeVisible();
    await expect(confirm).toBeDisabled();
    await slots.fill('3');
    await expect(dialog.getByTestId('invest-cost')).toHaveText('300.00 USDT');
    await expect(confirm).toBeEnabled();
    await acknowledgeKeyInformation(dialog);
    await confirm.click();
    await expect(page.getByText('Investment Successful', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(balance).toHaveText('700.00 USDT');
  });

  await test.step('My Investments lists it under Growing Crops', async () => {
    await shell.navigate('My Investments');
    const row = page
      .getByRole('region', { name: 'Growing Crops' })
      .getByRole('listitem')
      .filter({ hasText: plan.title });
    await expect(row.getByText('Growing', { exact: true })).toBeVisible();
    await expect(row.getByText('300.00 USDT', { exact: true })).toBeVisible();
  });

  await test.step('withdraw 100: the balance drops to 600 at once', async () => {
    await shell.navigate('Withdraw');
    const form = page.getByRole('form', { name: 'Withdrawal request' });
    await form.getByLabel('Amount (USDT)').fill('100');
    await form.getByLabel('TRC-20 wallet address').fill(tronAddress());
    await form.getByRole('button', { name: 'Request Withdrawal' }).click();
    await expect(page.getByText('Withdrawal request submitted successfully!', { exact: true })).toBeVisible();
    await expect(balance).toHaveText('600.00 USDT');
  });

  await test.step('Transaction History: the three movements, signed by direction, newest first; tabs filter', async () => {
    await shell.navigate('Transaction History');
    await expect(page.getByRole('tab', { name: 'All Transactions', selected: true })).toBeVisible();
    const all = historyRows(page, 'All Transactions');
    await expect(all).toHaveCount(3);
    // Newest first: the withdrawal, the investment, the deposit.
    await expect(all.nth(0)).toContainText('Withdrawal');
    await expect(all.nth(0)).toContainText('−100.00 USDT');
    await expect(all.nth(0)).toContainText('Pending');
    await expect(all.nth(1)).toContainText('Investment');
    await expect(all.nth(1)).toContainText(`${plan.title} · 3 slots`);
    // The investment left the available balance, and its money is growing in the plan (decision 0108).
    await expect(all.nth(1)).toContainText('−300.00 USDT');
    await expect(all.nth(1)).toContainText('Growing');
    await expect(all.nth(2)).toContainText('Deposit');
    await expect(all.nth(2)).toContainText('+1,000.00 USDT');
    await expect(all.nth(2)).toContainText('Approved');

    const tabs: [string, string, string][] = [
      ['Deposits', 'deposits', '+1,000.00 USDT'],
      ['Investments', 'investments', '−300.00 USDT'],
      ['Withdrawals', 'withdrawals', '−100.00 USDT'],
    ];
    for (const [label, type, amount] of tabs) {
      await page.getByRole('tab', { name: label }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]type=${type}(&|$)`));
      await expect(page.getByRole('tab', { name: label, selected: true })).toBeVisible();
      const rows = historyRows(page, label);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(amount);
    }
    // The tab is in the address: Back returns to the previous one, and a reload keeps it.
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Investments', selected: true })).toBeVisible();
    await expect(historyRows(page, 'Investments')).toHaveCount(1);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Investments', selected: true })).toBeVisible();
    await page.getByRole('tab', { name: 'All Transactions' }).click();
    await expect(page).toHaveURL(/\/investor\/history$/);
  });

  await test.step('the CSV statement adds up and closes at the balance the sidebar shows', async () => {
    const statement = page.getByRole('form', { name: 'Account statement' });
    const today = new Date().toISOString().slice(0, 10);
    await expect(statement.getByLabel('From')).toHaveValue(`${today.slice(0, 8)}01`);
    await expect(statement.getByLabel('To')).toHaveValue(today);
    await expect(
      page.getByText(/The statement lists every movement of your available balance/),
    ).toBeVisible();

    const downloading = page.waitForEvent('download');
    await statement.getByRole('button', { name: 'Download CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`cropvest-statement-${today.slice(0, 8)}01-to-${today}.csv`);
    await expect(page.getByText('Statement downloaded', { exact: true })).toBeVisible();
    const rows = parseCsv(await readFile(await download.path(), 'utf8')).filter((row) => row.join('') !== '');

    expect(rows[0]).toEqual([...STATEMENT_CSV_COLUMNS]);
    const opening = rows[1] as string[];
    const closing = rows[rows.length - 1] as string[];
    const movements = rows.slice(2, -1);
    expect(opening[1]).toBe(STATEMENT_OPENING_ROW);
    expect(closing[1]).toBe(STATEMENT_CLOSING_ROW);
    expect(movements.map((row) => [row[1], row[3]])).toEqual([
      ['Deposit', '+1000.00000000'],
      ['Investment', '-300.00000000'],
      ['Withdrawal requested', '-100.00000000'],
    ]);
    // Opening + the movements = closing, and each row's balance follows from the one before.
    let running = new Decimal(opening[4] as string);
    for (const row of movements) {
      running = running.plus(row[3] as string);
      expect(new Decimal(row[4] as string).equals(running)).toBe(true);
    }
    expect(running.equals(new Decimal(closing[4] as string))).toBe(true);
    // The closing balance is the balance in the sidebar: 600.00000000 vs "600.00 USDT".
    expect(closing[4]).toBe('600.00000000');
    const shown = (await balance.textContent())?.replace(/ USDT$/, '').replace(/,/g, '');
    expect(new Decimal(closing[4] as string).toFixed(2)).toBe(shown);
  });

  await test.step('the PDF statement downloads too', async () => {
    const downloading = page.waitForEvent('download');
    await page
      .getByRole('form', { name: 'Account statement' })
      .getByRole('button', { name: 'Download PDF' })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^cropvest-statement-.+\.pdf$/);
    const pdf = await readFile(await download.path());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

test('History at phone width (375 × 812): the movements read as cards, nothing scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await startSignedIn(page, await investorWithMovements());
  await page.goto('/investor/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction History' })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Your transactions: All Transactions' }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toContainText('−100.00 USDT');
  await expect(cards.nth(2)).toContainText('+1,000.00 USDT');
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('accessibility (axe): History with movements, no violations', async ({ page }) => {
  await startSignedIn(page, await investorWithMovements());
  await page.goto('/investor/history');
  await expect(historyRows(page, 'All Transactions')).toHaveCount(3);
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
});

test('a new investor: the empty states, and a statement range the browser refuses', async ({ page }) => {
  const investor = await createInvestor('Nadia New');
  await startSignedIn(page, investor);
  await page.goto('/investor/history');
  await expect(page.getByRole('heading', { name: 'No transactions yet' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Deposit', exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse Plans' })).toBeVisible();
  await page.getByRole('tab', { name: 'Withdrawals' }).click();
  await expect(page.getByRole('heading', { name: 'No withdrawals yet' })).toBeVisible();
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);

  // More than 366 days: refused under To before anything is sent, with the contract's message.
  const sent: string[] = [];
  page.on('request', (request) => {
    if (isCallOf(statementOperations.statement, request)) sent.push(request.url());
  });
  const statement = page.getByRole('form', { name: 'Account statement' });
  await statement.getByLabel('From').fill('2024-01-01');
  await statement.getByLabel('To').fill('2025-06-30');
  await statement.getByRole('button', { name: 'Download PDF' }).click();
  await expect(statement.getByText(STATEMENT_RANGE_TOO_LONG)).toBeVisible();
  await expect(statement.getByLabel('To')).toHaveAttribute('aria-invalid', 'true');
  expect(await axeViolations(page)).toEqual([]);
  expect(sent).toEqual([]);

  // Fixed, it downloads: a statement with no movements still has its opening and closing rows.
  await statement.getByLabel('From').fill('2025-01-01');
  await expect(statement.getByText(STATEMENT_RANGE_TOO_LONG)).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await statement.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('cropvest-statement-2025-01-01-to-2025-06-30.csv');
  const rows = parseCsv(await readFile(await download.path(), 'utf8')).filter((row) => row.join('') !== '');
  expect(rows.map((row) => [row[1], row[4]])).toEqual([
    ['Type', 'Balance (USDT)'],
    [STATEMENT_OPENING_ROW, '0.00000000'],
    [STATEMENT_CLOSING_ROW, '0.00000000'],
  ]);
  expect(sent).toHaveLength(1);
});
