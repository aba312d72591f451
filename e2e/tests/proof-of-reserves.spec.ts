// The proof of reserves end to end (docs/decisions/0082): the public page reached from the landing footer shows the
// published root, total and the reserves per network with their addresses; an investor downloads their proof from
// the dashboard's Verify my balance card, sees it verified there, and verifies the downloaded file on the public
// page; a tampered proof is refused with the reason; the admin dashboard's Reserves card shows the latest
// reconciliation per network and Reconcile now runs one. axe, no sideways scrolling at 390 px, and screenshots at
// 1440×900 and 390×844.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { LiabilityProof } from '@cropvest/contracts/chain/proof';
import type { ProofOfReservesReport } from '@cropvest/contracts/chain/reserves';
import { reserveOperations } from '@cropvest/contracts/chain/reserves-api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { formatUsdtPrecise } from '@cropvest/ui/format';
import { axeViolations } from '../support/a11y.ts';
import {
  apiLogin,
  client,
  createInvestor,
  expect,
  openLanding,
  settled,
  stack,
  test,
  stackAdmin,
  startSignedIn,
} from '../support/fixtures.ts';
import { answerTo } from '../support/calls.ts';

const adminToken = async () => (await apiLogin(stack().adminEmail, stack().adminPassword)).accessToken;
const published = () => client().ok(reserveOperations.proofOfReserves);

/** An investor with `amount` credited by the admin (no transfer behind it: the proof counts what the ledger owes). */
async function fundedInvestor(amount: string) {
  const investor = await createInvestor('Proof Investor');
  const session = await apiLogin(investor.email, investor.password);
  const deposit = await client().ok(walletOperations.createDeposit, {
    token: session.accessToken,
    body: { amount },
  });
  const approved = await client().call(walletOperations.reviewDeposit, {
    token: await adminToken(),
    path: { id: deposit.id },
    body: { status: 'approved' },
  });
  expect(approved.status).toBe(200);
  return investor;
}

/** Reconciles and publishes a new proof as the admin, and waits until it is out. */
async function publishProof(): Promise<ProofOfReservesReport> {
  const token = await adminToken();
  expect((await client().call(reserveOperations.reconcileReserves, { token })).status).toBe(200);
  const before = (await published()).builtAt;
  expect((await client().call(reserveOperations.buildProofOfReserves, { token })).status).toBe(202);
  await expect.poll(async () => (await published()).builtAt, { timeout: 30_000 }).not.toBe(before);
  return published();
}

/** An amount as the screens print it, every decimal it has: "1,250.75 USDT". */
const usdt = formatUsdtPrecise;

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The investor's dashboard card downloads their proof and checks it; answers the file's path and contents. */
async function downloadOwnProof(page: Page): Promise<{ path: string; proof: LiabilityProof }> {
  const card = page.getByTestId('verify-balance');
  await expect(card.getByText(/^Latest proof: built /)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Download my proof' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cropvest-proof-\d{4}-\d{2}-\d{2}\.json$/);
  const path = await download.path();
  const proof = JSON.parse(await readFile(path, 'utf8')) as LiabilityProof;
  await expect(card.getByTestId('proof-verdict')).toContainText('Verified');
  return { path, proof };
}

test.describe('desktop, 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the public page from the landing footer shows the published root, total and reserves per network', async ({
    page,
  }, info) => {
    await fundedInvestor('321.5');
    const report = await publishProof();
    await openLanding(page);
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Proof of Reserves' })
      .click();
    await expect(page).toHaveURL(/\/proof-of-reserves$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Proof of Reserves' })).toBeVisible();
    await settled(page);

    await expect(page.getByTestId('root-hash')).toHaveText(report.proof?.rootHash as string);
    const proofSection = page.getByRole('region', { name: 'Published proof of liabilities' });
    await expect(proofSection).toContainText(usdt(report.proof?.total as string));
    for (const network of report.reserves?.networks ?? []) {
      const section = page.getByTestId(`reserves-${network.network}`);
      await expect(section).toContainText(network.usdtContract);
      for (const address of network.addresses) await expect(section).toContainText(address.address);
    }
    await expect(page.getByRole('region', { name: 'What this shows, and what it does not' })).toContainText(
      'It does not show that',
    );
    await page.screenshot({ path: info.outputPath('proof-of-reserves-1440.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  test('an investor downloads their proof, sees it verified, and verifies the file on the public page', async ({
    page,
  }, info) => {
    const investor = await fundedInvestor('1250.75');
    await publishProof();
    await startSignedIn(page, investor);
    await page.goto('/investor/dashboard');
    await settled(page);
    const { path, proof } = await downloadOwnProof(page);
    expect(proof.amount).toBe('1250.75000000');
    await expect(page.getByTestId('verify-balance')).toContainText('1,250.75 USDT owed to account');
    await page
      .getByTestId('verify-balance')
      .screenshot({ path: info.outputPath('verify-my-balance-1440.png') });
    expect(await axeViolations(page)).toEqual([]);

    // The file itself, chosen on the public page.
    await page.getByTestId('verify-balance').getByRole('link', { name: 'Proof of reserves page' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Proof of Reserves' })).toBeVisible();
    await page.getByLabel('Proof file', { exact: true }).setInputFiles(path);
    const verdict = page.getByTestId('proof-verdict');
    await expect(verdict).toContainText('Verified');
    await expect(verdict).toContainText(proof.userId);
  });

  test('a tampered proof is refused with the reason', async ({ page }, info) => {
    const investor = await fundedInvestor('80');
    await publishProof();
    const session = await apiLogin(investor.email, investor.password);
    const proof = await client().ok(reserveOperations.myReserveInclusion, { token: session.accessToken });

    await page.goto('/proof-of-reserves');
    await settled(page);
    const box = page.getByLabel('Proof file (JSON)');
    // Claiming more than was owed.
    await box.fill(JSON.stringify({ ...proof, amount: '8000.00000000' }));
    await page.getByRole('button', { name: 'Verify proof' }).click();
    const verdict = page.getByTestId('proof-verdict');
    await expect(verdict).toContainText('Not verified');
    await expect(verdict).toContainText("The path does not lead to the proof's root");
    await verdict.screenshot({ path: info.outputPath('tampered-proof-1440.png') });
    // Not JSON at all.
    await box.fill('{ "version": 1, ');
    await page.getByRole('button', { name: 'Verify proof' }).click();
    await expect(verdict).toContainText('This is not a proof file: it is not valid JSON.');
    // The real one still verifies.
    await box.fill(JSON.stringify(proof));
    await page.getByRole('button', { name: 'Verify proof' }).click();
    await expect(verdict).toContainText('Verified');
  });

  test('the admin Reserves card shows the latest run per network, and Reconcile now runs one', async ({
    page,
  }, info) => {
    await startSignedIn(page, stackAdmin());
    await page.goto('/admin/dashboard');
    const card = page.getByTestId('reserves');
    await expect(card.getByRole('heading', { level: 2, name: 'Reserves', exact: true })).toBeVisible();
    await settled(page);
    for (const network of ['TRC20', 'ERC20', 'BEP20'])
      await expect(card.getByTestId(`reserves-network-${network}`).filter({ visible: true })).toBeVisible();

    const runs = page.waitForResponse(answerTo(reserveOperations.reconcileReserves, 200));
    await card.getByRole('button', { name: 'Reconcile now' }).click();
    const run = await (await runs).json();
    await expect(page.getByText(/^Reserves reconciled: (covered|short|incomplete)$/)).toBeVisible();
    await expect(card.getByTestId('liabilities-total')).toHaveText(usdt(run.liabilities.total));
    await expect(card).toContainText('asked for by an admin');
    const history = page.getByTestId('report-reserves-and-liabilities-last-90-days');
    await expect(history.getByRole('tab', { name: 'Chart' })).toBeVisible();
    await history.getByRole('tab', { name: 'Table' }).click();
    await expect(history.getByRole('row').filter({ hasText: run.startedAt.slice(0, 10) })).toHaveCount(1);
    await page.screenshot({ path: info.outputPath('admin-reserves-1440.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('phone, 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the public page fits the screen', async ({ page }, info) => {
    await fundedInvestor('42');
    await publishProof();
    await page.goto('/proof-of-reserves');
    await settled(page);
    await expect(page.getByTestId('root-hash')).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: info.outputPath('proof-of-reserves-390.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the investor's Verify my balance card fits the screen", async ({ page }, info) => {
    const investor = await fundedInvestor('42');
    await publishProof();
    await startSignedIn(page, investor);
    await page.goto('/investor/dashboard');
    await settled(page);
    await downloadOwnProof(page);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await page
      .getByTestId('verify-balance')
      .screenshot({ path: info.outputPath('verify-my-balance-390.png') });
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the admin's Reserves card fits the screen", async ({ page }, info) => {
    await startSignedIn(page, stackAdmin());
    await page.goto('/admin/dashboard');
    await settled(page);
    await expect(page.getByTestId('reserves-status')).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: info.outputPath('admin-reserves-390.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
});
