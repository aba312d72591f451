// Payouts verified on chain (docs/decisions/0080, Withdrawals), as the admin and the investor see them: a withdrawal
// approved with the transaction id of a payout of its exact amount, sent from the platform's TRC-20 address on the
// local chain, turns "Payout verified on chain" on Manage Withdrawals without a reload, and the investor reads "Paid
// — verified on chain"; a payout of a wrong amount shows the chain's reason, red, and is corrected with the right
// id; a withdrawal approved without an id reads "Transfer not verified", the admin adds the id (checked in the
// browser first) and it is verified; a 409 is shown with the server's message; both screens under axe at 1440×900
// and 390×844, with screenshots.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { sumAmounts } from '@cropvest/contracts/money';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  client,
  apiLogin,
  chains,
  expect,
  fundedVerifiedInvestor,
  settled,
  stack,
  test,
  startSignedIn,
  openSignedIn,
  stackAdmin,
  withdrawByApi,
} from '../support/fixtures.ts';
import { isCallOf } from '../support/calls.ts';
import { axeViolations } from '../support/a11y.ts';
import { ListView } from '../support/pages.ts';

/** The investors' TRC-20 address the payouts go to (a valid base58check address the local chain accepts). */
const INVESTOR_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const HINT =
  "The transaction id of the USDT transfer you sent from the platform's wallet; the platform will verify it on chain.";
/** The payout verdict settles within seconds on the local chain; a poll every few seconds shows it. */
const VERDICT_TIMEOUT = 45_000;

type Investor = Awaited<ReturnType<typeof fundedVerifiedInvestor>>;

// The platform's address holds no USDT until deposits arrive: the faucet sends it enough for every payout here.
test.beforeAll(async () => {
  await chains().transfer({
    network: 'TRC20',
    to: stack().localChains.networks.TRC20.platformAddress,
    amount: '1000',
  });
});

/** A funded, verified investor with one pending withdrawal per amount, to the investors' address. */
async function withdrawalsOf(...amounts: string[]) {
  const total = sumAmounts(amounts);
  const investor = await fundedVerifiedInvestor(total);
  const ids: string[] = [];
  for (const amount of amounts) ids.push(await withdrawByApi(investor.accessToken, amount, INVESTOR_ADDRESS));
  return { investor, ids };
}

/** The admin's payout, sent from the platform's TRC-20 address as their own wallet would. */
const payout = async (amount: string) =>
  (await chains().transfer({ network: 'TRC20', from: 'platform', to: INVESTOR_ADDRESS, amount })).txid;

const adminToken = async () => (await apiLogin(stack().adminEmail, stack().adminPassword)).accessToken;

/** Approves through the API (a first admin's approval is enough below the four-eyes threshold). */
async function approve(id: string, txid?: string) {
  const approved = await client().call(walletOperations.reviewWithdrawal, {
    token: await adminToken(),
    path: { id },
    body: { status: 'approved', ...(txid ? { txid } : {}) },
  });
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
}

/** Waits, through the API, until the chain's verdict on the withdrawal's payout is one of `statuses`. */
async function payoutVerdict(investor: Investor, id: string, statuses: string[]) {
  await expect
    .poll(
      async () => {
        const own = await client().ok(walletOperations.myWithdrawals, {
          token: investor.accessToken,
          query: { pageSize: 50 },
        });
        return own.find((withdrawal) => withdrawal.id === id)?.chain.status;
      },
      { timeout: VERDICT_TIMEOUT, message: `the payout of ${id} to be ${statuses.join(' or ')}` },
    )
    .toMatch(new RegExp(`^(${statuses.join('|')})$`));
}

/** Manage Withdrawals searched for the investor; the row of the withdrawal of `amount` (e.g. "25.00 USDT"). */
async function openQueue(page: Page, investor: Investor) {
  await page.goto(`/admin/withdrawals?q=${encodeURIComponent(investor.email)}`);
  await expect(page.getByRole('heading', { name: 'Manage Withdrawals' })).toBeVisible();
  return (amount: string) =>
    page.getByRole('row').filter({ hasText: investor.email }).filter({ hasText: amount });
}

/** Counts the page's own loads from now on: the verdict must arrive without one. */
function countLoads(page: Page) {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

async function investorPage(browser: Browser, investor: Investor) {
  const { context, page } = await openSignedIn(browser, investor);
  await page.goto('/investor/withdraw');
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeVisible();
  return { context, page };
}

test('an admin approves a withdrawal with the id of its payout and sees it verified without a reload; the investor sees it paid', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { investor } = await withdrawalsOf('25');
  const txid = await payout('25');

  await startSignedIn(page, stackAdmin());
  const rowOf = await openQueue(page, investor);
  const row = rowOf('25.00 USDT');
  await expect(row).toContainText(/pending/i);
  await expect(row).toContainText('Paid once approved');
  const loads = countLoads(page);

  await row.getByRole('button', { name: /^Approve/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve Withdrawal' });
  await expect(dialog).toContainText(HINT);
  await dialog.getByLabel('Transaction ID (optional)').fill(txid);
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Withdrawal approved successfully!', { exact: true })).toBeVisible();
  await expect(
    page.getByText('The platform is verifying the payout on chain.', { exact: true }),
  ).toBeVisible();
  await expect(row).toContainText(/approved/i);
  await expect(row).toContainText(txid);

  // The chain looks it up and waits for finality; the page is read again until the verdict settles.
  await expect(row).toContainText(/Payout verified on chain, \d+ confirmations?/, {
    timeout: VERDICT_TIMEOUT,
  });
  await expect(row).toContainText('Verified');
  expect(loads()).toBe(0);
  await expect(
    row.getByRole('button', {
      name: 'Copy the payout transaction id of the 25.00 USDT withdrawal of Funded Investor',
    }),
  ).toBeVisible();
  // The local chain has no explorer (explorerTxUrl is null): no link to one. Verified: no id to add or correct.
  await expect(row.getByRole('link', { name: /View on explorer/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /(Add|Correct) transaction id/ })).toHaveCount(0);

  const own = await investorPage(browser, investor);
  try {
    const history = own.page.getByRole('table', { name: 'Your withdrawals' });
    const paid = history.getByRole('row').filter({ hasText: '25.00 USDT' });
    await expect(paid).toContainText('Paid — verified on chain');
    await expect(paid).toContainText(txid);
    await expect(paid).toContainText(/approved/i);
  } finally {
    await own.context.close();
  }
});

test("a payout of a wrong amount shows the chain's reason, red, until the admin corrects the transaction id", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { investor } = await withdrawalsOf('30');
  const wrong = await payout('29');

  await startSignedIn(page, stackAdmin());
  const row = (await openQueue(page, investor))('30.00 USDT');
  await row.getByRole('button', { name: /^Approve/ }).click();
  const approveDialog = page.getByRole('dialog', { name: 'Approve Withdrawal' });
  await approveDialog.getByLabel('Transaction ID (optional)').fill(wrong);
  await approveDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Withdrawal approved successfully!', { exact: true })).toBeVisible();

  // (The row holds a phone copy too, hidden at this width.)
  const mismatch = row
    .getByText('Payout does not match: The transaction paid 29 USDT; the withdrawal is 30 USDT.')
    .filter({ visible: true });
  await expect(mismatch).toBeVisible({ timeout: VERDICT_TIMEOUT });
  await expect(row).toContainText('Does not match');
  // Prominent: a red box, not a line of grey text.
  await expect(mismatch.locator('xpath=..')).toHaveClass(/border-danger-border/);

  // The right payout, and its id in place of the wrong one (offered as it stands, to fix a typo).
  const right = await payout('30');
  await row.getByRole('button', { name: /^Correct transaction id/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct transaction id' });
  await expect(dialog).toContainText('Now: Payout does not match: The transaction paid 29 USDT');
  await expect(dialog.getByLabel('Transaction ID')).toHaveValue(wrong);
  await dialog.getByLabel('Transaction ID').fill(right);
  await dialog.getByRole('button', { name: 'Save and verify' }).click();
  await expect(page.getByText('Transaction id saved', { exact: true })).toBeVisible();
  await expect(row).toContainText(/Payout verified on chain, \d+ confirmations?/, {
    timeout: VERDICT_TIMEOUT,
  });
  await expect(row).toContainText(right);
  await expect(row).not.toContainText('does not match');
});

test('a withdrawal approved without an id reads "Transfer not verified"; the admin adds the id and it is verified', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { investor } = await withdrawalsOf('20');

  await startSignedIn(page, stackAdmin());
  const row = (await openQueue(page, investor))('20.00 USDT');
  await row.getByRole('button', { name: /^Approve/ }).click();
  await page
    .getByRole('dialog', { name: 'Approve Withdrawal' })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(page.getByText('Withdrawal approved successfully!', { exact: true })).toBeVisible();
  await expect(
    page.getByText("Add the payout's transaction id to the row so the platform can verify it.", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(row).toContainText('Transfer not verified — no transaction id');
  await expect(row).toContainText('Not verified');

  await row.getByRole('button', { name: /^Add transaction id/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Add transaction id' });
  await expect(dialog).toContainText(HINT);
  const field = dialog.getByLabel('Transaction ID');
  // Checked in the browser with the contract's checkTxid('TRC20', …): nothing is sent until it is a TRC-20 id.
  let sent = 0;
  page.on('request', (request) => {
    if (isCallOf(walletOperations.recordWithdrawalTxid, request)) sent++;
  });
  await dialog.getByRole('button', { name: 'Save and verify' }).click();
  await expect(dialog.getByText('Transaction id is required')).toBeVisible();
  await field.fill('0x1234');
  await dialog.getByRole('button', { name: 'Save and verify' }).click();
  await expect(
    dialog.getByText('A TRC-20 transaction id has 64 hexadecimal digits; this one has 4'),
  ).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toBe(0);

  const txid = await payout('20');
  await field.fill(`  0x${txid.toUpperCase()} `);
  await dialog.getByRole('button', { name: 'Save and verify' }).click();
  await expect(page.getByText('Transaction id saved', { exact: true })).toBeVisible();
  expect(sent).toBe(1);
  await expect(row).toContainText(txid);
  await expect(row).toContainText(/Payout verified on chain, \d+ confirmations?/, {
    timeout: VERDICT_TIMEOUT,
  });
  await expect(row.getByRole('button', { name: /(Add|Correct) transaction id/ })).toHaveCount(0);
});

test("an id given while another admin's was being verified is refused with the server's message", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { investor, ids } = await withdrawalsOf('15');
  const [id] = ids as [string];
  await approve(id);

  await startSignedIn(page, stackAdmin());
  const row = (await openQueue(page, investor))('15.00 USDT');
  await row.getByRole('button', { name: /^Add transaction id/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Add transaction id' });
  await expect(dialog).toBeVisible();

  // Meanwhile another admin records the payout, and the chain verifies it.
  const recorded = await client().call(walletOperations.recordWithdrawalTxid, {
    token: await adminToken(),
    path: { id },
    body: { txid: await payout('15') },
  });
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(200);
  await payoutVerdict(investor, id, ['verified']);

  await dialog.getByLabel('Transaction ID').fill(randomBytes(32).toString('hex'));
  await dialog.getByRole('button', { name: 'Save and verify' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This payout is already verified on chain');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // The refusal read the row again: it is verified, with nothing left to add.
  await expect(row).toContainText(/Payout verified on chain/);
  await expect(row.getByRole('button', { name: /Add transaction id/ })).toHaveCount(0);
});

test('accessibility (axe) and screenshots at 1440×900 and 390×844: payouts on both screens', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(150_000);
  const { investor, ids } = await withdrawalsOf('10', '11', '12', '13');
  const [verified, mismatch, noTxid] = ids as [string, string, string, string];
  await approve(verified, await payout('10'));
  await approve(mismatch, await payout('9'));
  await approve(noTxid);
  await payoutVerdict(investor, verified, ['verified']);
  await payoutVerdict(investor, mismatch, ['mismatch']);

  await startSignedIn(page, stackAdmin());
  const rowOf = await openQueue(page, investor);
  await new ListView(page, 'withdrawal').found(4);
  await expect(rowOf('10.00 USDT')).toContainText('Payout verified on chain');
  await expect(rowOf('11.00 USDT')).toContainText('Payout does not match: The transaction paid 9 USDT');
  await expect(rowOf('12.00 USDT')).toContainText('Transfer not verified — no transaction id');
  await expect(rowOf('13.00 USDT')).toContainText(/pending/i);
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await settled(page);
    // The page never scrolls sideways, and on a phone the payout's action is on screen under the user.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const name of [/^Add transaction id/, /^Correct transaction id/]) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    }
    await page.screenshot({ path: info.outputPath(`admin-payouts-${width}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  }

  await page.getByRole('button', { name: /^Correct transaction id/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct transaction id' });
  await expect(dialog).toContainText(HINT);
  for (const button of await dialog.getByRole('button').all()) await expect(button).toBeInViewport();
  await page.screenshot({ path: info.outputPath('admin-payout-txid-390.png') });
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const own = await investorPage(browser, investor);
  try {
    const history = own.page.getByRole('table', { name: 'Your withdrawals' });
    const rowIn = (amount: string) => history.getByRole('row').filter({ hasText: amount });
    await expect(rowIn('10.00 USDT')).toContainText('Paid — verified on chain');
    // Never alarming for the investor: the payout the chain could not match is being checked, its id not shown.
    await expect(rowIn('11.00 USDT')).toContainText('Being checked by our team');
    await expect(rowIn('11.00 USDT')).not.toContainText(/match|wrong/i);
    await expect(rowIn('12.00 USDT')).toContainText('Approved — verification on chain to follow');
    await expect(rowIn('13.00 USDT')).toContainText(/pending/i);
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await own.page.setViewportSize({ width, height });
      await settled(own.page);
      expect(await own.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await own.page.screenshot({ path: info.outputPath(`investor-payouts-${width}.png`), fullPage: true });
      expect(await axeViolations(own.page)).toEqual([]);
    }
  } finally {
    await own.context.close();
  }
});
