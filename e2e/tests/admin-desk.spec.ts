// The admin's desk: a deposit the chain has not verified approved from the queue after viewing its proof (the
// confirmation names the verdict); a deposit the chain verified above the auto-credit ceiling approved by an admin
// who sees "Verified" and the claimed amount beside the credited one; a small one the chain credited itself (its
// row and audit entry say "Chain verification"); a large deposit and a large withdrawal that need a second admin
// (two browser contexts); the payout's transaction id checked in the browser; a withdrawal rejected with a reason
// the investor then reads in their notifications; both screens under axe, at 1440 px and at phone width.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { CHAIN_ACTOR_ID, type NetworkName } from '@cropvest/contracts/chain/networks';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  client,
  apiLogin,
  chains,
  createInvestor,
  expect,
  fundedVerifiedInvestor,
  stack,
  settled,
  test,
  uniqueEmail,
  openSignedIn,
  secondAdmin,
  stackAdmin,
  startSignedIn,
  withdrawByApi,
} from '../support/fixtures.ts';
import { isCallOf } from '../support/calls.ts';
import { axeViolations } from '../support/a11y.ts';
import { ListView } from '../support/pages.ts';

/** A 1×1 PNG that a browser really decodes (the viewer must show it, not a broken image). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/** An investor's pending deposit with a proof uploaded for real. */
async function depositWithProof(amount: string) {
  const investor = await createInvestor('Desk Depositor');
  const session = await apiLogin(investor.email, investor.password);
  const ticket = await client().ok(walletOperations.uploadTicket, {
    token: session.accessToken,
    body: { purpose: 'deposit-proof' },
  });
  // The signed upload address the ticket gave, sent the image's bytes as they are.
  const put = await client().raw('PUT', ticket.uploadURL, {
    rawBody: PNG,
    headers: { 'content-type': 'image/png' },
  });
  expect(put.status).toBe(200);
  const deposit = await client().ok(walletOperations.createDeposit, {
    token: session.accessToken,
    body: { amount, txid: randomBytes(32).toString('hex'), screenshotUrl: ticket.objectPath },
  });
  return { investor, session, depositId: deposit.id };
}

/**
 * Real USDT sent to the platform's address on a local chain (`sent`), then claimed by a new investor with its
 * transaction id (`claimed`, what they typed); answers once the chain service has verified it.
 */
async function verifiedDeposit(network: NetworkName, sent: string, claimed = sent) {
  const investor = await createInvestor('Chain Depositor');
  const session = await apiLogin(investor.email, investor.password);
  const { txid } = await chains().transfer({
    network,
    to: stack().localChains.networks[network].platformAddress,
    amount: sent,
  });
  const deposit = await client().ok(walletOperations.createDeposit, {
    token: session.accessToken,
    body: { amount: claimed, txid, network },
  });
  const depositId = deposit.id;
  await expect
    .poll(
      async () => {
        const own = await client().ok(walletOperations.myDeposits, {
          token: session.accessToken,
          query: { pageSize: 50 },
        });
        return own.find((entry) => entry.id === depositId)?.chain.status;
      },
      { timeout: 45_000, message: `the chain to verify ${txid}` },
    )
    .toBe('verified');
  return { investor, session, depositId, txid };
}

const balanceOf = async (accessToken: string) =>
  (await client().ok(identityOperations.me, { token: accessToken })).balance;

/** A withdrawal request of `amount` from a funded, verified investor. */
async function pendingWithdrawal(amount: string) {
  const investor = await fundedVerifiedInvestor(amount);
  const withdrawalId = await withdrawByApi(investor.accessToken, amount, TRON_ADDRESS);
  return { investor, withdrawalId };
}

test('an admin approves a deposit the chain has not verified, after viewing its proof and the verdict', async ({
  page,
}) => {
  const { investor, session } = await depositWithProof('75');
  await startSignedIn(page, stackAdmin());
  await page.goto(`/admin/deposits?q=${encodeURIComponent(investor.email)}`);
  await expect(page.getByRole('heading', { name: 'Manage Deposits' })).toBeVisible();
  await new ListView(page, 'deposit').found(1);
  const row = page.getByRole('row').filter({ hasText: investor.email });
  await expect(row).toContainText('75.00 USDT');
  await expect(row).toContainText(/pending/i);
  await expect(row).toContainText('TRC-20');
  // A transaction id no chain knows: looked up, then not found yet (never verified).
  await expect(row).toContainText(/Checking|Not found yet|Not found on chain/);

  await row.getByRole('button', { name: /View Proof/ }).click();
  const viewer = page.getByRole('dialog', { name: 'Deposit proof' });
  const image = viewer.getByRole('img', { name: /Proof of the 75.00 USDT deposit of Desk Depositor/ });
  await expect(image).toBeVisible();
  // Decoded for real: the object store's link passed the page's Content-Security-Policy.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await viewer.getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: /^Approve/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Approve a deposit the chain has not verified?' });
  await expect(confirm).toContainText(/The chain has not verified this transaction: .+\. Approve anyway\?/);
  await expect(confirm).toContainText('75.00 USDT will be credited');
  // Cancel keeps it pending; the admin asks again and approves anyway.
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText(/pending/i);
  await row.getByRole('button', { name: /^Approve/ }).click();
  await confirm.getByRole('button', { name: 'Approve anyway' }).click();
  await expect(page.getByText('Deposit approved successfully!', { exact: true })).toBeVisible();
  await expect(row).toContainText(/approved/i);
  await expect(row).toContainText(/Credited by: /);
  await expect(row).toContainText('Approved by an admin without a verification.');
  await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  expect(await balanceOf(session.accessToken)).toMatch(/^75\.0+$/);
});

test('a deposit the chain verified above the auto-credit ceiling waits for an admin, who sees "Verified"', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // 1,500 USDT sent (above the default 1,000.00 ceiling), 1,600 typed: the chain's amount is what is credited.
  const { investor, session, txid } = await verifiedDeposit('TRC20', '1500', '1600');
  expect(await balanceOf(session.accessToken)).toMatch(/^0\.0+$/);

  await startSignedIn(page, stackAdmin());
  await page.goto(`/admin/deposits?q=${encodeURIComponent(txid)}`);
  await new ListView(page, 'deposit').found(1);
  const row = page.getByRole('row').filter({ hasText: investor.email });
  await expect(row).toContainText('Verified');
  await expect(row).toContainText('Verified on chain: 1,500.00 USDT received');
  await expect(row).toContainText('1,500.00 USDT');
  await expect(row).toContainText('Claimed 1,600.00 USDT');
  await expect(row).toContainText(/pending/i);
  await expect(
    row.getByRole('button', { name: 'Copy the transaction id of the deposit of Chain Depositor' }),
  ).toBeVisible();
  // The local chains have no explorer: no link to one.
  await expect(row.getByRole('link', { name: /View on explorer/ })).toHaveCount(0);

  await row.getByRole('button', { name: /^Approve/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Approve this deposit?' });
  await expect(confirm).toContainText('Verified on chain: 1,500.00 USDT received');
  await expect(confirm).toContainText(
    'The investor claimed 1,600.00 USDT; 1,500.00 USDT is what is credited.',
  );
  await expect(confirm).not.toContainText('has not verified');
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByText('Deposit approved successfully!', { exact: true })).toBeVisible();
  await expect(row).toContainText(/approved/i);
  await expect(row).toContainText(/Credited by: /);
  await expect(row).not.toContainText('Credited by: Chain verification');
  expect(await balanceOf(session.accessToken)).toMatch(/^1500\.0+$/);
});

test('a small deposit the chain verified is credited by the chain: its row and audit entry say so', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { investor, session, depositId, txid } = await verifiedDeposit('TRC20', '40');
  await expect.poll(() => balanceOf(session.accessToken), { timeout: 15_000 }).toMatch(/^40\.0+$/);

  await startSignedIn(page, stackAdmin());
  await page.goto(`/admin/deposits?q=${encodeURIComponent(txid)}`);
  const row = page.getByRole('row').filter({ hasText: investor.email });
  await expect(row).toContainText(/approved/i);
  await expect(row).toContainText('Verified');
  await expect(row).toContainText('Credited by: Chain verification');
  await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);

  await page.goto(`/admin/settings/audit?admin=${CHAIN_ACTOR_ID}&target=${depositId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Logs' })).toBeVisible();
  const entry = page.getByRole('row').filter({ hasText: 'Deposit approved' });
  await expect(entry).toContainText('Chain verification');
  await expect(entry).not.toContainText('Unknown User');
  await entry.getByRole('button', { name: /Details/ }).click();
  await expect(page.getByRole('dialog', { name: /Audit entry #/ })).toContainText(
    'Chain verification (System',
  );
});

test('a large deposit needs a second admin', async ({ browser }) => {
  test.setTimeout(120_000);
  // At the default 10,000.00 second-approval threshold, and above the auto-credit ceiling.
  const { investor, session, txid } = await verifiedDeposit('TRC20', '10000');
  const other = await secondAdmin('Second Desk Admin');
  const first = await openSignedIn(browser, stackAdmin());
  const second = await openSignedIn(browser, other);
  const rowIn = (page: Page) => page.getByRole('row').filter({ hasText: investor.email });
  try {
    await first.page.goto(`/admin/deposits?q=${encodeURIComponent(txid)}`);
    await expect(rowIn(first.page)).toContainText('Verified');
    await rowIn(first.page)
      .getByRole('button', { name: /Approve \(1 of 2\)/ })
      .click();
    const dialog = first.page.getByRole('alertdialog', { name: 'Approve this deposit?' });
    await expect(dialog).toContainText('This amount needs two admins');
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(first.page.getByText('First approval recorded', { exact: true })).toBeVisible();
    await expect(rowIn(first.page)).toContainText('Awaiting second approval');
    await expect(rowIn(first.page)).toContainText('another admin must approve');
    await expect(rowIn(first.page).getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    expect(await balanceOf(session.accessToken)).toMatch(/^0\.0+$/);

    await second.page.goto(`/admin/deposits?q=${encodeURIComponent(txid)}`);
    await expect(rowIn(second.page)).toContainText('1st approval');
    await rowIn(second.page)
      .getByRole('button', { name: /Approve \(2 of 2\)/ })
      .click();
    await second.page
      .getByRole('alertdialog', { name: 'Approve this deposit?' })
      .getByRole('button', { name: 'Approve', exact: true })
      .click();
    await expect(second.page.getByText('Deposit approved successfully!', { exact: true })).toBeVisible();
    await expect(rowIn(second.page)).toContainText(/approved/i);
    await expect(rowIn(second.page)).toContainText('Credited by: Second Desk Admin');
    expect(await balanceOf(session.accessToken)).toMatch(/^10000\.0+$/);
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

test('several pending deposits are approved at once, several rejected at once; filters and both empty states', async ({
  page,
}) => {
  const first = await depositWithProof('11');
  const second = await depositWithProof('12');
  const third = await depositWithProof('15');
  const fourth = await depositWithProof('16');
  await page.setViewportSize({ width: 1440, height: 900 });
  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/deposits?status=pending&q=Desk%20Depositor');
  await expect(page.getByRole('button', { name: /pending/i, pressed: true })).toBeVisible();
  const choose = async (...investors: { email: string }[]) => {
    for (const investor of investors)
      await page
        .getByRole('row')
        .filter({ hasText: investor.email })
        .getByRole('checkbox', { name: /Select the/ })
        .check();
  };

  // Two approved at once: neither was verified by the chain, so the confirmation says so; both are credited.
  await choose(third.investor, fourth.investor);
  await page.screenshot({ path: test.info().outputPath('deposits-bulk-1440.png'), fullPage: true });
  await page.getByRole('button', { name: 'Approve selected' }).click();
  const approval = page.getByRole('alertdialog', { name: 'Approve 2 deposits?' });
  await expect(approval).toContainText('The chain has not verified any of them.');
  await expect(approval).toContainText("2 deposits will be credited to the investors' balances.");
  await page.screenshot({ path: test.info().outputPath('deposits-bulk-approve-1440.png') });
  expect(await axeViolations(page)).toEqual([]);
  await approval.getByRole('button', { name: 'Approve anyway' }).click();
  await expect(page.getByText('2 deposits approved successfully!', { exact: true })).toBeVisible();
  for (const { investor } of [third, fourth])
    await expect(page.getByRole('row').filter({ hasText: investor.email })).toHaveCount(0);
  expect(await balanceOf(third.session.accessToken)).toMatch(/^15\.0+$/);
  expect(await balanceOf(fourth.session.accessToken)).toMatch(/^16\.0+$/);
  const statuses = page.getByRole('group', { name: 'Filter by status' });
  await statuses.getByRole('button', { name: /^All/ }).click();
  await expect(page.getByRole('row').filter({ hasText: third.investor.email })).toContainText(/approved/i);

  await statuses.getByRole('button', { name: /^Pending/ }).click();
  await choose(first.investor, second.investor);
  await page.getByRole('button', { name: 'Reject selected' }).click();
  const confirm = page.getByRole('alertdialog', { name: /Reject \d+ deposits\?/ });
  await confirm.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('2 deposits rejected successfully!', { exact: true })).toBeVisible();
  for (const { investor } of [first, second])
    await expect(page.getByRole('row').filter({ hasText: investor.email })).toHaveCount(0);

  await page.goto(`/admin/deposits?q=${encodeURIComponent(uniqueEmail('nobody'))}`);
  await new ListView(page, 'deposit').nothingFound();
  await expect(page.getByText('Try adjusting your filters')).toBeVisible();
  await new ListView(page, 'deposit').found(0);
});

test('at phone width every row action of Manage Deposits is in view, and several are rejected from the cards', async ({
  page,
}, info) => {
  const first = await depositWithProof('13');
  const second = await depositWithProof('14');
  await startSignedIn(page, stackAdmin());
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/deposits?status=pending&q=Desk%20Depositor');
  const deposits = new ListView(page, 'deposit');
  const cards = page.getByRole('list', { name: 'Deposits' });
  await expect(cards).toBeVisible();
  await settled(page);
  // Every action of every card (choose, copy, explorer, View Proof, Approve, Reject) lies within the 390 px,
  // and the page itself never scrolls sideways (issue 27).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const actions = cards.getByRole('button').or(cards.getByRole('checkbox')).or(cards.getByRole('link'));
  expect(await actions.count()).toBeGreaterThan(0);
  for (const action of await actions.all()) {
    const box = await action.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, (await action.textContent()) ?? '').toBe(true);
  }
  await deposits.select('pending deposit', first.investor.email, second.investor.email);
  const bulk = page.getByRole('button', { name: 'Reject selected' });
  await expect(bulk).toBeInViewport();
  await page.screenshot({ path: info.outputPath('deposits-bulk-390.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  await bulk.click();
  const confirm = page.getByRole('alertdialog', { name: 'Reject 2 deposits?' });
  expect(await axeViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('2 deposits rejected successfully!', { exact: true })).toBeVisible();
  for (const { investor } of [first, second]) await expect(deposits.rowWith(investor.email)).toHaveCount(0);
  await expect(page.getByText(/pending deposits? selected/)).toHaveCount(0);
});

test('an admin rejects a withdrawal with a reason the investor reads in their notifications', async ({
  page,
}) => {
  const { investor } = await pendingWithdrawal('40');
  await startSignedIn(page, stackAdmin());
  await page.goto(`/admin/withdrawals?q=${encodeURIComponent(investor.email)}`);
  await new ListView(page, 'withdrawal').found(1);
  const row = page.getByRole('row').filter({ hasText: investor.email });
  await expect(row).toContainText('TR7NHqjeKQ…gjLj6t');
  await row.getByRole('button', { name: /^Reject/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject Withdrawal' });
  await dialog.getByLabel('Rejection reason (optional)').fill('  Address not on the allow list  ');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Withdrawal rejected successfully!', { exact: true })).toBeVisible();
  await expect(row).toContainText('Reason: Address not on the allow list');

  await expect
    .poll(async () => {
      const notes = await client().ok(notificationOperations.myNotifications, {
        token: investor.accessToken,
      });
      return notes.map((note) => note.message).join('\n');
    })
    .toContain('Address not on the allow list');
  const me = await client().ok(identityOperations.me, { token: investor.accessToken });
  expect(me.balance).toMatch(/^40\.0+$/);
});

test('a large withdrawal needs a second admin', async ({ browser }) => {
  const { investor } = await pendingWithdrawal('10000');
  const other = await secondAdmin('Second Desk Admin');
  const first = await openSignedIn(browser, stackAdmin());
  const second = await openSignedIn(browser, other);
  const rowIn = (page: Page) => page.getByRole('row').filter({ hasText: investor.email });
  try {
    await first.page.goto(`/admin/withdrawals?q=${encodeURIComponent(investor.email)}`);
    await rowIn(first.page)
      .getByRole('button', { name: /Approve \(1 of 2\)/ })
      .click();
    const dialog = first.page.getByRole('dialog', { name: 'Approve Withdrawal' });
    await expect(dialog).toContainText('needs two admins');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(first.page.getByText('First approval recorded', { exact: true })).toBeVisible();
    await expect(rowIn(first.page)).toContainText('Awaiting second approval');
    await expect(rowIn(first.page)).toContainText('another admin must approve');
    await expect(rowIn(first.page).getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    const held = await client().ok(identityOperations.me, { token: investor.accessToken });
    expect(held.balance).toMatch(/^0\.0+$/);

    await second.page.goto(`/admin/withdrawals?q=${encodeURIComponent(investor.email)}`);
    await expect(rowIn(second.page)).toContainText('1st approval');
    await rowIn(second.page)
      .getByRole('button', { name: /Approve \(2 of 2\)/ })
      .click();
    const secondDialog = second.page.getByRole('dialog', { name: 'Approve Withdrawal' });
    const txidField = secondDialog.getByLabel('Transaction ID (optional)');
    await expect(secondDialog).toContainText(
      "The transaction id of the USDT transfer you sent from the platform's wallet; the platform will verify it on chain.",
    );
    // Not a TRC-20 transaction id: refused in the browser, nothing sent.
    let sent = 0;
    second.page.on('request', (request) => {
      if (
        isCallOf(walletOperations.reviewWithdrawal, request) ||
        isCallOf(walletOperations.recordWithdrawalTxid, request)
      )
        sent++;
    });
    await txidField.fill('  0xdeadbeef  ');
    await secondDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(
      secondDialog.getByText('A TRC-20 transaction id has 64 hexadecimal digits; this one has 8'),
    ).toBeVisible();
    await expect(txidField).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(0);
    // A TRC-20 id typed with 0x and in capitals is stored as TRON writes it.
    const payout = randomBytes(32).toString('hex');
    await txidField.fill(`  0x${payout.toUpperCase()}  `);
    await secondDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(second.page.getByText('Withdrawal approved successfully!', { exact: true })).toBeVisible();
    await expect(rowIn(second.page)).toContainText(/approved/i);
    await expect(rowIn(second.page)).toContainText('2nd approval: Second Desk Admin');
    // An id no chain knows: its payout is looked up, then not found (never verified).
    await expect(rowIn(second.page)).toContainText(payout);
    await expect(rowIn(second.page)).toContainText(
      /Verifying on chain…|Waiting for the transaction to appear|Not found on chain — check the transaction id/,
    );
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

test('accessibility (axe), 1440 px and phone width: both queues', async ({ page }, info) => {
  // Above the second-approval threshold: its wider "Approve (1 of 2)" must still fit the table at 1440 px.
  await depositWithProof('12000');
  await pendingWithdrawal('6');
  await startSignedIn(page, stackAdmin());
  for (const [path, heading] of [
    ['/admin/deposits', 'Manage Deposits'],
    ['/admin/withdrawals', 'Manage Withdrawals'],
  ] as const) {
    const name = path.split('/').pop() as string;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await new ListView(page, name.slice(0, -1)).found();
    await settled(page);
    await page.screenshot({ path: info.outputPath(`${name}-1440.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    // Nothing is clipped at 1440 px (issue 27): the table fits its card, so every row's Approve and Reject are
    // whole on screen without scrolling the table sideways.
    const scroller = page.locator('table').locator('xpath=..');
    expect(await scroller.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
    for (const name of [/^Approve (the|\()/, /^Reject the/]) {
      const button = page.getByRole('button', { name }).first();
      await expect(button).toBeInViewport({ ratio: 1 });
      const [box, frame] = [await button.boundingBox(), await scroller.boundingBox()];
      expect(box && frame && box.x + box.width <= frame.x + frame.width).toBe(true);
    }

    for (const width of [390, 375]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
      // The page never scrolls sideways, and a row's status and decision are on screen without any sideways
      // scroll (issue 27): on a phone each row is a card, and no table scrolls in a box of its own.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expect(page.getByRole('list', { name: heading.replace('Manage ', '') })).toBeVisible();
      await expect(page.locator('table')).toBeHidden();
      for (const name of [/^Approve (the|\()/, /^Reject the/]) {
        const box = await page.getByRole('button', { name }).first().boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      }
      await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
    }
    expect(await axeViolations(page)).toEqual([]);
  }

  // The unverified-deposit confirmation at phone width: its buttons are all on screen.
  await page.goto('/admin/deposits?status=pending');
  await page
    .getByRole('button', { name: /^Approve (the|\()/ })
    .first()
    .click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toBeVisible();
  for (const button of await confirm.getByRole('button').all()) await expect(button).toBeInViewport();
  await page.screenshot({ path: info.outputPath('deposits-approve-375.png') });
  expect(await axeViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
});
