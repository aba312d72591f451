// The investor's Deposit screen against the real stack and its local chains (docs/decisions/0080, 0081, 0083): USDT
// sent on TRC-20 and claimed by its transaction id is seen verifying, confirming and credited live, the sidebar
// balance rising without a reload; a look-alike token's transaction is refused with the chain's reason; a
// malformed id is refused on its field before anything is sent and a claimed one under it after; with a second
// network taking deposits the investor chooses it by keyboard, sees its address and contract, and claims on it.
// axe at 1440×900 and 390×844, no sideways scrolling at 390, and screenshots of both widths.
import type { Page, Request } from '@playwright/test';
import { chainOperations } from '@cropvest/contracts/chain/api';
import type { ChainNetwork } from '@cropvest/contracts/chain/model';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import type { NetworkName } from '@cropvest/contracts/chain/networks';
import { LocalChainsClient } from '../../scripts/chain/client.ts';
import { axeViolations } from '../support/a11y.ts';
import { readsWhileClockRuns } from '../support/polling.ts';
import {
  apiLogin,
  client,
  createInvestor,
  expect,
  settled,
  stack,
  test,
  startSignedIn,
} from '../support/fixtures.ts';

const chains = () => new LocalChainsClient(stack().localChains.control);
const chainOf = (network: NetworkName) => stack().localChains.networks[network];

async function adminToken(): Promise<string> {
  return (await apiLogin(stack().adminEmail, stack().adminPassword)).accessToken;
}

/** Waits until the chain service's public list (what the screen reads) shows `network` as `expected` says. */
async function networkShows(network: NetworkName, expected: Partial<ChainNetwork>): Promise<void> {
  await expect
    .poll(
      async () => {
        const networks = await client().ok(chainOperations.chainNetworks);
        return networks.find((n) => n.network === network);
      },
      {
        timeout: 20_000,
        message: `GET /api/chain/networks to show ${network} as ${JSON.stringify(expected)}`,
      },
    )
    .toMatchObject(expected);
}

/**
 * The local TRC-20 chain's platform address is the platform's wallet (other journeys set addresses of their own),
 * and only TRC-20 takes deposits.
 */
async function onlyLocalTronDeposits(): Promise<void> {
  const token = await adminToken();
  const address = chainOf('TRC20').platformAddress;
  const saved = await client().call(walletOperations.updateWalletSettings, {
    token,
    body: { address, networkType: 'TRC20', isActive: true },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  for (const network of ['ERC20', 'BEP20'] as const) {
    const method = await client().call(walletOperations.updatePaymentMethods, {
      token,
      body: { network, deposits: false, withdrawals: false },
    });
    expect(method.status, JSON.stringify(method.body)).toBe(200);
  }
  await networkShows('TRC20', { depositAddress: address, acceptsDeposits: true });
  await networkShows('ERC20', { acceptsDeposits: false });
  await networkShows('BEP20', { acceptsDeposits: false });
}

/** The POST /api/deposits requests the page sends, to prove one was or was not sent. */
function depositPosts(page: Page): Request[] {
  const posted: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/deposits')
      posted.push(request);
  });
  return posted;
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test.describe('desktop, 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('USDT sent on TRC-20 and claimed by its transaction id is verified, confirmed and credited live', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    await onlyLocalTronDeposits();
    const tron = chainOf('TRC20');
    const investor = await createInvestor('Chain Depositor', { from: page });
    await startSignedIn(page, investor);
    // The page's timers run on a clock the journey can move (readsWhileClockRuns); it flows as time does.
    await page.clock.install();
    await page.goto('/investor/deposit');
    await expect(page.getByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible();
    await settled(page);

    // One network takes deposits: shown without a choice, with its address, contract and finality.
    await expect(page.getByRole('radiogroup')).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Network' })).toHaveCount(0);
    await expect(page.getByText('TRON (TRC-20)', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(tron.platformAddress, { exact: true })).toBeVisible();
    await expect(
      page.getByRole('img', { name: `QR code of the deposit address ${tron.platformAddress}` }),
    ).toBeVisible();
    await expect(page.getByText(/^Send only USDT \(contract/)).toContainText(
      `Send only USDT (contract ${tron.usdtContract}) on TRON (TRC-20).`,
    );
    await expect(
      page.getByText(/^Credited about \d+ minutes? after your transfer, once it is final \(\d+ blocks?\)\.$/),
    ).toBeVisible();
    await expect(page.getByTestId('sidebar-balance')).toHaveText('0.00 USDT');

    // Nothing may reload the page from here on: the verdicts and the balance arrive by themselves.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    const posted = depositPosts(page);
    const form = page.getByRole('form', { name: 'Deposit request' });
    const txidField = form.getByLabel('Transaction ID');

    // A malformed id is refused under its field, in the contract's words, and nothing is sent.
    await form.getByLabel('Amount (USDT)').fill('150');
    await txidField.fill('tx-123');
    await form.getByRole('button', { name: 'Submit Deposit Request' }).click();
    await expect(
      form.getByText('A transaction id is made of the digits 0-9 and the letters a-f only'),
    ).toBeVisible();
    await expect(txidField).toHaveAttribute('aria-invalid', 'true');
    await txidField.fill('abc123');
    await expect(
      form.getByText('A TRC-20 transaction id has 64 hexadecimal digits; this one has 6'),
    ).toBeVisible();
    expect(posted).toHaveLength(0);

    // The transfer, in a block that stays unconfirmed while blocks are paused; the chain's node is unreachable
    // for a moment, so the claim is seen while it is being verified.
    const control = chains();
    await control.autoBlocks('TRC20', false);
    try {
      const sent = await control.transfer({ network: 'TRC20', to: tron.platformAddress, amount: '150' });
      await control.faults('TRC20', 'down', 30_000);
      await txidField.fill(sent.txid);
      await expect(form.getByText(/A transaction id is made of|hexadecimal digits/)).toHaveCount(0);
      await form.getByRole('button', { name: 'Submit Deposit Request' }).click();
      await expect(page.getByText('Deposit request submitted successfully!', { exact: true })).toBeVisible();
      expect(posted).toHaveLength(1);
      // The id as the contract writes a TRON one: 64 lower-case hex digits.
      expect(posted[0]?.postDataJSON()).toEqual({
        amount: '150.00000000',
        network: 'TRC20',
        txid: sent.txid.replace(/^0x/i, '').toLowerCase(),
      });
      await expect(txidField).toHaveValue('');

      const latest = page.getByTestId('latest-deposit');
      await expect(
        latest.getByRole('heading', { name: 'Your deposit of 150.00 USDT on TRC-20' }),
      ).toBeVisible();
      await expect(latest.getByRole('status')).toHaveText('Verifying on chain…');
      const row = page
        .getByRole('table', { name: 'Your deposits' })
        .getByRole('row')
        .filter({ hasText: sent.txid });
      await expect(row).toContainText('Verifying on chain…');
      await expect(row).toContainText('TRC-20');
      await expect(row).toContainText('pending');
      // No explorer on a local chain: the id is shown, not linked (the row's one link is its deposit's own page).
      await expect(row.locator('a[href^="http"]')).toHaveCount(0);
      await page.screenshot({ path: info.outputPath('deposit-verifying-1440.png'), fullPage: true });

      // The node answers again: found, not final while no block follows.
      await control.faults('TRC20', 'none');
      await expect(latest.getByRole('status')).toContainText(/Confirming: \d+ of \d+ blocks/, {
        timeout: 20_000,
      });
      await expect(
        latest.getByRole('progressbar', { name: /^Confirmations: \d+ of \d+ blocks$/ }),
      ).toBeVisible();
      await expect(row).toContainText(/Confirming: \d+ of \d+ blocks/);
      await expect(page.getByTestId('sidebar-balance')).toHaveText('0.00 USDT');
      await page.screenshot({ path: info.outputPath('deposit-confirming-1440.png'), fullPage: true });

      // Blocks follow: final, verified, credited by the chain; the balance rises without a reload.
      await control.mine('TRC20', 4);
      await expect(latest.getByRole('status')).toHaveText('Credited (verified on chain)', {
        timeout: 20_000,
      });
      await expect(page.getByTestId('sidebar-balance')).toHaveText('150.00 USDT');
      await expect(row).toContainText('approved');
      await expect(row).toContainText('Credited (verified on chain)');
      await expect(row).toContainText('150.00 USDT');
      expect(await page.evaluate(() => (window as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(
        true,
      );

      // Nothing is open any more: the history is no longer polled. The page's clock runs three polling intervals
      // (VERDICT_POLL_MS, 2 s) ahead; one read may still be on its way from the refresh the credit caused.
      const reads = await readsWhileClockRuns(page, '/api/deposits', 2_000);
      expect(reads.length).toBeLessThanOrEqual(1);

      await settled(page);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath('deposit-credited-1440.png'), fullPage: true });

      // The same transaction claimed again: the server's refusal under the transaction id.
      await form.getByLabel('Amount (USDT)').fill('150');
      await txidField.fill(sent.txid);
      await form.getByRole('button', { name: 'Submit Deposit Request' }).click();
      await expect(
        form.getByText('This transaction id has already been claimed by another deposit'),
      ).toBeVisible();
      await expect(txidField).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByTestId('sidebar-balance')).toHaveText('150.00 USDT');
    } finally {
      await control.faults('TRC20', 'none');
      await control.autoBlocks('TRC20', true);
    }
  });

  test("a look-alike token's transaction is refused with the chain's reason and credits nothing", async ({
    page,
  }, info) => {
    await onlyLocalTronDeposits();
    const tron = chainOf('TRC20');
    const investor = await createInvestor('Look Alike', { from: page });
    const sent = await chains().transfer({
      network: 'TRC20',
      token: 'lookalike',
      to: tron.platformAddress,
      amount: '150',
    });
    await startSignedIn(page, investor);
    await page.goto('/investor/deposit');
    const form = page.getByRole('form', { name: 'Deposit request' });
    await form.getByLabel('Amount (USDT)').fill('150');
    await form.getByLabel('Transaction ID').fill(sent.txid);
    await form.getByRole('button', { name: 'Submit Deposit Request' }).click();
    await expect(page.getByText('Deposit request submitted successfully!', { exact: true })).toBeVisible();

    const latest = page.getByTestId('latest-deposit').getByRole('status');
    await expect(latest).toContainText(/^Refused: .*not USDT/, { timeout: 30_000 });
    await expect(latest).toContainText(tron.lookAlikeContract);
    const row = page
      .getByRole('table', { name: 'Your deposits' })
      .getByRole('row')
      .filter({ hasText: sent.txid });
    await expect(row).toContainText('rejected');
    await expect(row).toContainText(/Refused: .*not USDT/);
    await expect(page.getByTestId('sidebar-balance')).toHaveText('0.00 USDT');
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: info.outputPath('deposit-refused-1440.png'), fullPage: true });
  });
});

test.describe('phone, 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('with ERC-20 taking deposits too, the investor chooses it by keyboard and claims on it', async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    await onlyLocalTronDeposits();
    const token = await adminToken();
    const erc = chainOf('ERC20');
    const accept = (deposits: boolean) =>
      client().call(walletOperations.updatePaymentMethods, {
        token,
        body: { network: 'ERC20', deposits, withdrawals: false },
      });
    try {
      expect((await accept(true)).status).toBe(200);
      await networkShows('ERC20', { depositAddress: erc.platformAddress, acceptsDeposits: true });

      const investor = await createInvestor('Two Networks', { from: page });
      await startSignedIn(page, investor);
      await page.goto('/investor/deposit');
      await settled(page);
      const picker = page.getByRole('group', { name: 'Network' });
      const tronChoice = picker.getByRole('radio', { name: /TRC-20/ });
      const ercChoice = picker.getByRole('radio', { name: /ERC-20/ });
      await expect(tronChoice).toBeChecked();
      await expect(picker.getByRole('radio')).toHaveCount(2);
      await expect(page.getByText(chainOf('TRC20').platformAddress, { exact: true })).toBeVisible();
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath('deposit-networks-390.png'), fullPage: true });

      // By keyboard: the arrow keys move the choice; the address, its QR code and the contract follow.
      await tronChoice.focus();
      await page.keyboard.press('ArrowDown');
      await expect(ercChoice).toBeChecked();
      await expect(ercChoice).toBeFocused();
      await expect(page.getByText(erc.platformAddress, { exact: true })).toBeVisible();
      await expect(
        page.getByRole('img', { name: `QR code of the deposit address ${erc.platformAddress}` }),
      ).toBeVisible();
      await expect(page.getByText(/^Send only USDT \(contract/)).toContainText(
        `Send only USDT (contract ${erc.usdtContract}) on Ethereum (ERC-20).`,
      );
      const form = page.getByRole('form', { name: 'Deposit request' });
      await expect(form.getByText('Network: Ethereum (ERC-20)')).toBeVisible();

      // The transaction id is checked for the network chosen.
      const posted = depositPosts(page);
      await form.getByLabel('Amount (USDT)').fill('25');
      await form.getByLabel('Transaction ID').fill('0x1234');
      await form.getByRole('button', { name: 'Submit Deposit Request' }).click();
      await expect(
        form.getByText('A ERC-20 transaction id has 64 hexadecimal digits after 0x; this one has 4'),
      ).toBeVisible();
      expect(posted).toHaveLength(0);
      expect(await axeViolations(page)).toEqual([]);

      // A real ERC-20 transfer, claimed on ERC-20: verified and credited.
      const sent = await chains().transfer({ network: 'ERC20', to: erc.platformAddress, amount: '25' });
      await form.getByLabel('Transaction ID').fill(sent.txid);
      await form.getByRole('button', { name: 'Submit Deposit Request' }).click();
      await expect(page.getByText('Deposit request submitted successfully!', { exact: true })).toBeVisible();
      expect(posted[0]?.postDataJSON()).toMatchObject({ amount: '25.00000000', network: 'ERC20' });
      const latest = page.getByTestId('latest-deposit');
      await expect(
        latest.getByRole('heading', { name: 'Your deposit of 25.00 USDT on ERC-20' }),
      ).toBeVisible();
      await expect(latest.getByRole('status')).toHaveText('Credited (verified on chain)', {
        timeout: 30_000,
      });
      // On a phone the history reads as one card per deposit (the list kit).
      const row = page
        .getByRole('list', { name: 'Your deposits' })
        .getByRole('listitem')
        .filter({ hasText: 'ERC-20' });
      await expect(row).toContainText('Credited (verified on chain)');
      await settled(page);
      expect(await pageWidth(page)).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath('deposit-credited-390.png'), fullPage: true });
      // The history on a phone: the card says the verdict right after the amount.
      await row.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: info.outputPath('deposit-history-390.png') });

      // ERC-20 stops taking deposits while the page still offers it: the server's refusal is the toast.
      expect((await accept(false)).status).toBe(200);
      await form.getByLabel('Amount (USDT)').fill('10');
      await form.getByLabel('Transaction ID').fill('');
      await form.getByRole('button', { name: 'Submit Deposit Request' }).click();
      await expect(
        page.getByText('Deposits on ERC-20 are not accepted at the moment', { exact: true }),
      ).toBeVisible();
    } finally {
      await accept(false);
    }
  });
});
