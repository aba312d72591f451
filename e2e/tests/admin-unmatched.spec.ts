// Unmatched Deposits (docs/decisions/0084) in the browser: USDT sent to the platform without a claim shows up in the
// Transactions group's new screen; an admin finds the investor through the user search, gives a reason, confirms, and
// the investor is credited (their own claim of the transaction is then refused); a large transfer waits for a second
// admin, who approves it at phone width with the keyboard; the list's search and network filter live in the address;
// the empty and error states; axe at 1440 and 390 px, the dialogs included.
import type { Page } from '@playwright/test';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import { unmatchedOperations } from '@cropvest/contracts/chain/unmatched-api';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  client,
  apiLogin,
  chains,
  createInvestor,
  expect,
  stack,
  test,
  openSignedIn,
  secondAdmin,
  stackAdmin,
  startSignedIn,
} from '../support/fixtures.ts';
import { isCallOf, onPathOf } from '../support/calls.ts';
import { checkedScreen } from '../support/a11y.ts';
import { ListView } from '../support/pages.ts';

const SCREEN = '/admin/deposits/unmatched';

const adminToken = async () => (await apiLogin(stack().adminEmail, stack().adminPassword)).accessToken;
const balanceOf = async (accessToken: string) =>
  (await client().ok(identityOperations.me, { token: accessToken })).balance;

/** Real USDT sent to the platform's address with no claim, once the chain service lists it as unmatched. */
async function unmatchedTransfer(network: NetworkName, amount: string): Promise<string> {
  const { txid } = await chains().transfer({
    network,
    to: stack().localChains.networks[network].platformAddress,
    amount,
  });
  const token = await adminToken();
  await expect
    .poll(
      async () =>
        (await client().ok(unmatchedOperations.unmatchedTransfers, { token, query: { q: txid } })).length,
      { timeout: 30_000 },
    )
    .toBe(1);
  return txid;
}

test('an admin assigns a transfer nobody claimed to the investor who sent it, who is credited once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const investor = await createInvestor('Unmatched Sender');
  const session = await apiLogin(investor.email, investor.password);
  const txid = await unmatchedTransfer('TRC20', '41.250001');

  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: 'Transactions' }).click();
  await page.getByRole('link', { name: 'Unmatched Deposits' }).click();
  await expect(page).toHaveURL(new RegExp(`${SCREEN}$`));
  await expect(page.getByRole('heading', { name: 'Unmatched Deposits' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Unmatched Deposits' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  await page.getByLabel('Search transfers').fill(txid);
  await expect(page).toHaveURL(new RegExp(`q=${txid}`));
  await new ListView(page, 'unmatched transfer').found(1);
  const row = page.getByRole('row').filter({ hasText: txid.slice(0, 8) });
  await expect(row).toContainText('TRC-20');
  await expect(row).toContainText('41.250001 USDT');
  await expect(row).toContainText(stack().localChains.networks.TRC20.faucetAddress.slice(0, 8));
  // The local chains have no explorer: no link rather than a broken one.
  await expect(row.getByRole('link', { name: /View on explorer/ })).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await checkedScreen(page, 'unmatched-list', 1440);

  await row.getByRole('button', { name: /Assign to investor/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Assign to investor' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Choose the investor who sent this transfer')).toBeVisible();
  await dialog.getByLabel('Find the investor').fill(investor.email);
  await dialog.getByRole('radio', { name: new RegExp(investor.email) }).check();
  await dialog.getByLabel('Reason').fill('Support ticket: sent from their exchange without claiming');
  await checkedScreen(page, 'unmatched-assign-dialog', 1440);
  await dialog.getByRole('button', { name: 'Continue' }).click();

  const confirm = page.getByRole('alertdialog', { name: 'Assign this transfer?' });
  await expect(confirm).toContainText('41.250001 USDT sent on TRC-20');
  await expect(confirm).toContainText(`Unmatched Sender (${investor.email})`);
  await expect(confirm).toContainText('Reason: Support ticket: sent from their exchange without claiming');
  await checkedScreen(page, 'unmatched-assign-confirm', 1440);
  await confirm.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('Transfer assigned', { exact: true })).toBeVisible();
  await new ListView(page, 'unmatched transfer').nothingFound();
  await new ListView(page, 'unmatched transfer').found(0);

  await expect.poll(() => balanceOf(session.accessToken), { timeout: 15_000 }).toMatch(/^41\.250001/);
  const ownClaim = await client().call(walletOperations.createDeposit, {
    token: session.accessToken,
    body: { txid, amount: '41.25' },
  });
  expect(ownClaim).toMatchObject({ status: 409, body: { code: 'TXID_CLAIMED' } });
});

test('a large transfer waits for a second admin, who approves it on a phone with the keyboard', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const investor = await createInvestor('Large Unmatched Sender');
  const session = await apiLogin(investor.email, investor.password);
  const txid = await unmatchedTransfer('ERC20', '25000.5');
  const other = await secondAdmin('Second Unmatched Admin');
  const first = await openSignedIn(browser, stackAdmin());
  const second = await openSignedIn(browser, other);
  const rowIn = (page: Page) => page.getByRole('row').filter({ hasText: txid.slice(0, 8) });
  try {
    // The first admin assigns it with the keyboard only.
    await first.page.goto(`${SCREEN}?q=${txid}&network=ERC20`);
    await expect(first.page.getByRole('button', { name: 'ERC-20', pressed: true })).toBeVisible();
    // Focus and the key in one step: the list may re-render (its counts arrive) between a separate focus and press.
    await rowIn(first.page)
      .getByRole('button', { name: /Assign to investor/ })
      .press('Enter');
    const dialog = first.page.getByRole('dialog', { name: 'Assign to investor' });
    await expect(dialog.getByLabel('Find the investor')).toBeFocused();
    await first.page.keyboard.type(investor.email);
    const option = dialog.getByRole('radio', { name: new RegExp(investor.email) });
    await expect(option).toBeVisible();
    await first.page.keyboard.press('Tab');
    await expect(option).toBeFocused();
    await first.page.keyboard.press('Space');
    await expect(option).toBeChecked();
    await dialog.getByLabel('Reason').focus();
    await first.page.keyboard.type('Matched by the sender address on file');
    await first.page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await first.page.keyboard.press('Tab');
    await first.page.keyboard.press('Enter');
    const confirm = first.page.getByRole('alertdialog', { name: 'Assign this transfer?' });
    await expect(confirm.getByRole('button', { name: 'Back' })).toBeFocused();
    await first.page.keyboard.press('Tab');
    await first.page.keyboard.press('Enter');
    await expect(first.page.getByText('First approval recorded', { exact: true })).toBeVisible();
    await expect(rowIn(first.page)).toContainText('Awaiting second approval');
    await expect(rowIn(first.page)).toContainText('another admin must approve');
    await expect(rowIn(first.page).getByRole('button', { name: /^Approve/ })).toHaveCount(0);
    await expect(first.page.getByText('1 assignment awaits a second approval.')).toBeVisible();
    expect(await balanceOf(session.accessToken)).toMatch(/^0\.0+$/);

    // The second admin, on a phone: the row's decision sits under its transaction, no sideways scroll needed.
    await second.page.setViewportSize({ width: 390, height: 844 });
    await second.page.goto(`${SCREEN}?q=${txid}`);
    // At phone width the list is one card per transfer (DataTable cardsOnPhone).
    const row = second.page
      .getByRole('list', { name: 'Unmatched transfers' })
      .getByRole('listitem')
      .filter({ hasText: txid.slice(0, 8) });
    await expect(row).toContainText(`To Large Unmatched Sender (${investor.email})`);
    await expect(row).toContainText('Reason: Matched by the sender address on file');
    await checkedScreen(second.page, 'unmatched-awaiting', 390);
    const approve = row.getByRole('button', { name: /Approve \(2 of 2\)/ });
    const box = await approve.boundingBox();
    expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await approve.press('Enter');
    const approval = second.page.getByRole('alertdialog', { name: 'Approve this assignment?' });
    await expect(approval).toContainText('Platform Admin assigned 25,000.50 USDT on ERC-20');
    await checkedScreen(second.page, 'unmatched-approve-confirm', 390);
    await approval.getByRole('button', { name: 'Approve' }).click();
    await expect(second.page.getByText('Assignment approved', { exact: true })).toBeVisible();
    await new ListView(second.page, 'unmatched transfer').nothingFound();
    await expect.poll(() => balanceOf(session.accessToken), { timeout: 15_000 }).toMatch(/^25000\.5/);
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

test('the list before anything arrives, when the chain service fails, and filtered to nothing', async ({
  page,
}) => {
  await startSignedIn(page, stackAdmin());
  const listAndCounts = onPathOf(
    unmatchedOperations.unmatchedTransfers,
    unmatchedOperations.unmatchedTransferCounts,
  );
  await page.route(listAndCounts, (route) =>
    isCallOf(unmatchedOperations.unmatchedTransferCounts, route.request())
      ? route.fulfill({ json: { all: 0, TRC20: 0, ERC20: 0, BEP20: 0, awaitingSecondApproval: 0 } })
      : route.fulfill({ json: [], headers: { 'X-Total-Count': '0' } }),
  );
  await page.goto(SCREEN);
  await expect(page.getByText('No unmatched transfers', { exact: true })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await checkedScreen(page, 'unmatched-empty', 390);
  await page.unroute(listAndCounts);

  const list = onPathOf(unmatchedOperations.unmatchedTransfers);
  await page.route(list, (route) => route.abort());
  await page.goto(`${SCREEN}?network=BEP20`);
  await expect(page.getByText('We could not load the unmatched transfers.')).toBeVisible();
  await page.unroute(list);
  await page.getByRole('button', { name: 'Try again' }).click();
  await new ListView(page, 'unmatched transfer').found();

  await page.getByRole('button', { name: /TRC-20/ }).click();
  await expect(page).toHaveURL(/network=TRC20/);
  await page.getByLabel('Search transfers').fill('no-such-transaction');
  await expect(page).toHaveURL(/q=no-such-transaction/);
  await new ListView(page, 'unmatched transfer').nothingFound();
  await expect(page.getByText('Try adjusting your filters')).toBeVisible();
});
