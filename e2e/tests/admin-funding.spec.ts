// The funding desk in the browser (docs/decisions/0091): on a plan an investor bought into, an admin records the
// disbursement of its principal to the operator with an evidence file, then harvest proceeds that fall short of
// what is due, paid on chain and verified by the chain service; at harvest the plan needs a settlement and leads
// the Plan Funding desk; the admin proposes pro rata and is told it waits for a second admin, who approves it at
// phone width with the keyboard; the investor's investment is then harvested with its realised loss, shown on My
// Investments and in Transaction History (decision 0096). The Reserve Fund records a contribution. Axe at 1440
// and 390 px, the dialogs included.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import pg from 'pg';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { fundingOperations } from '@cropvest/contracts/plans/funding-api';
import {
  buyByApi,
  client,
  chains,
  createPlan,
  expect,
  fundedVerifiedInvestor,
  stack,
  test,
  openSignedIn,
  secondAdmin,
} from '../support/fixtures.ts';
import { formatUsdt } from '@cropvest/ui/format';
import { checkedScreen } from '../support/a11y.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const EVIDENCE = readFileSync(path.resolve(import.meta.dirname, '../fixtures/id-front.png'));

/** A browser of the account's own at the given size, signed in; it opens no page yet. */
const signedIn = (browser: Browser, email: string, password: string, width = 1440, height = 900) =>
  openSignedIn(browser, { email, password }, { viewport: { width, height } });

/**
 * Moves a plan and its investments `days` back in time, as the plans suites do (services/plans/test/support.ts
 * shiftBack): its harvest day passes and the investments' four days to reconsider are long over.
 */
async function shiftBack(planId: string, days: number) {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  const interval = `${days} days`;
  try {
    await db.query('BEGIN');
    await db.query(
      `UPDATE plans.plans SET start_date = start_date - $1::interval, end_date = end_date - $1::interval,
              created_at = created_at - $1::interval WHERE id = $2`,
      [interval, planId],
    );
    await db.query(
      `UPDATE plans.investments SET created_at = created_at - $1::interval,
              cancellable_until = cancellable_until - $1::interval WHERE plan_id = $2`,
      [interval, planId],
    );
    await db.query('COMMIT');
  } finally {
    await db.end();
  }
}

/** Runs `npm run accrue` against the stack's database, as an operator would: accrues and harvests ended plans. */
function runAccrual(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/plans/src/accrue.ts'], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`accrue failed: ${output}`))));
  });
}

test('an admin disburses, records short proceeds, and two admins settle the plan pro rata', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const title = `Short Maize ${Date.now().toString(36)}`;
  const plan = await createPlan(title);
  // Answers the suitability questions by API (the gates are on): the purchase below is a person's first.
  const investor = await fundedVerifiedInvestor('500');
  await buyByApi(investor.accessToken, plan.id, 2);
  await shiftBack(plan.id, 32);
  const other = await secondAdmin('Second Funding Admin');

  const first = await signedIn(browser, stack().adminEmail, stack().adminPassword);
  const page = first.page;
  try {
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Plans' }).click();
    await page.getByRole('link', { name: 'Plan Funding' }).click();
    await expect(page).toHaveURL(/\/admin\/plans\/funding$/);
    await expect(page.getByRole('heading', { name: 'Plan Funding' })).toBeVisible();
    const deskRow = page.getByRole('row').filter({ hasText: title });
    await expect(deskRow).toContainText('200.00 USDT');
    await expect(deskRow).toContainText('No harvest proceeds recorded yet');
    await checkedScreen(page, 'funding-desk', 1440);

    await deskRow.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { name: `${title}: funding` })).toBeVisible();
    await expect(page.getByText('No disbursements yet')).toBeVisible();

    // The disbursement: the contract's rules in the browser, then the evidence uploaded as it is chosen.
    await page.getByRole('button', { name: 'Record disbursement' }).click();
    const disbursement = page.getByRole('dialog', { name: 'Record disbursement' });
    await disbursement.getByRole('button', { name: 'Record disbursement' }).click();
    await expect(disbursement.getByText('Amount is required')).toBeVisible();
    await disbursement.getByLabel('Amount').fill('200');
    await disbursement.getByRole('combobox', { name: 'Network' }).click();
    await page.getByRole('option', { name: 'TRC-20' }).click();
    await disbursement.getByLabel('Transaction ID').fill('not-a-transaction');
    await disbursement.getByRole('button', { name: 'Record disbursement' }).click();
    await expect(
      disbursement.getByText('A transaction id is made of the digits 0-9 and the letters a-f only'),
    ).toBeVisible();
    await disbursement.getByRole('combobox', { name: 'Network' }).click();
    await page.getByRole('option', { name: 'Not on chain' }).click();
    await disbursement
      .locator('input[type="file"]')
      .setInputFiles({ name: 'bank-advice.png', mimeType: 'image/png', buffer: EVIDENCE });
    await expect(disbursement.getByText(/· uploaded/)).toBeVisible();
    await disbursement.getByLabel('Note (optional)').fill('Seed and fertiliser for the season');
    await checkedScreen(page, 'funding-disbursement-dialog', 1440);
    await disbursement.getByRole('button', { name: 'Record disbursement' }).click();
    await expect(page.getByText('Disbursement recorded', { exact: true })).toBeVisible();
    const disbursed = page.getByRole('table', { name: 'Disbursements' }).getByRole('row').nth(1);
    await expect(disbursed).toContainText('200.00 USDT');
    await expect(disbursed).toContainText('Off chain');
    await expect(disbursed.getByRole('link', { name: /Evidence/ })).toHaveAttribute('href', /plan-images/);

    // Proceeds short of what the investors are due, paid on chain to the platform's address: the chain verifies it.
    const { txid } = await chains().transfer({
      network: 'TRC20',
      to: stack().localChains.networks.TRC20.platformAddress,
      amount: '150',
    });
    await page.getByRole('button', { name: 'Record proceeds' }).click();
    const proceeds = page.getByRole('dialog', { name: 'Record proceeds' });
    await proceeds.getByLabel('Amount').fill('150');
    await proceeds.getByLabel('Buyer').fill('Unga Millers Ltd');
    await proceeds.getByRole('combobox', { name: 'Network' }).click();
    await page.getByRole('option', { name: 'TRC-20' }).click();
    await proceeds.getByLabel('Transaction ID').fill(txid);
    await checkedScreen(page, 'funding-proceeds-dialog', 1440);
    await proceeds.getByRole('button', { name: 'Record proceeds' }).click();
    await expect(page.getByText('Proceeds recorded', { exact: true })).toBeVisible();
    const received = page.getByRole('table', { name: 'Harvest proceeds' });
    await expect(received).toContainText('Unga Millers Ltd');
    await expect(received).toContainText('TRC-20');
    await expect(received).toContainText('Verified on chain', { timeout: 60_000 });
    await expect(page.getByRole('meter', { name: `Harvest coverage of ${title}` })).toBeVisible();

    // The harvest day arrives: the plan cannot pay what is due and waits for a settlement.
    await runAccrual();
    await expect
      .poll(
        async () =>
          (await client().ok(fundingOperations.planFunding, { path: { id: plan.id } })).payoutStatus,
        {
          timeout: 30_000,
        },
      )
      .toBe('settlement_needed');
    await page.goto('/admin/plans/funding?status=settlement_needed');
    await expect(page.getByText(/needs? a settlement/).first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: title })).toContainText('Settlement needed');
    await checkedScreen(page, 'funding-desk-short', 1440);
    await page.getByRole('link', { name: title }).click();

    await page.getByRole('button', { name: 'Propose settlement' }).click();
    const proposal = page.getByRole('dialog', { name: 'Propose a settlement' });
    await proposal.getByRole('radio', { name: /Postpone the payout/ }).check();
    await expect(proposal.getByLabel('Pay on')).toBeVisible();
    await proposal.getByRole('radio', { name: /Settle pro rata/ }).check();
    await checkedScreen(page, 'funding-settlement-dialog', 1440);
    await proposal.getByRole('button', { name: 'Propose settlement' }).click();
    await expect(page.getByText('Settlement proposed', { exact: true })).toBeVisible();
    await expect(
      page.getByText(/another admin must approve it before anything is paid/).first(),
    ).toBeVisible();
    const proposed = page.getByRole('table', { name: 'Settlements' });
    await expect(proposed).toContainText('Awaiting second approval');
    await expect(proposed).toContainText('You proposed it: another admin must approve or reject it.');
    await expect(proposed.getByRole('button', { name: /Approve/ })).toHaveCount(0);
  } finally {
    await first.context.close();
  }

  // The second admin, on a phone, with the keyboard.
  const second = await signedIn(browser, other.email, other.password, 390, 844);
  try {
    const phone = second.page;
    await phone.goto(`/admin/plans/${plan.id}/funding`);
    await expect(phone.getByRole('heading', { name: `${title}: funding` })).toBeVisible();
    await checkedScreen(phone, 'funding-plan-short', 390);
    const approve = phone.getByRole('button', { name: `Approve (2 of 2) the settlement of ${title}` });
    await approve.focus();
    await approve.press('Enter');
    const confirm = phone.getByRole('alertdialog', { name: 'Approve this settlement?' });
    await expect(confirm).toContainText('Settle pro rata');
    await checkedScreen(phone, 'funding-approve-confirm', 390);
    // Radix starts on Cancel: Tab to Approve.
    await phone.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Approve' })).toBeFocused();
    await phone.keyboard.press('Enter');
    await expect(phone.getByText('Settlement approved', { exact: true })).toBeVisible();
    await expect(phone.getByText('Settled pro rata').first()).toBeVisible();
    await checkedScreen(phone, 'funding-plan-settled', 390);
    await phone.goto('/admin/plans/funding');
    // At phone width each plan is a card (issue 27).
    await expect(phone.getByRole('listitem').filter({ hasText: title })).toContainText('Settled pro rata');
    await checkedScreen(phone, 'funding-desk', 390);
  } finally {
    await second.context.close();
  }

  // The investor's investment: harvested with what the plan held, the rest a realised loss, explained on My
  // Investments at both widths.
  await expect
    .poll(
      async () =>
        (await client().ok(plansOperations.myInvestments, { token: investor.accessToken })).find(
          (investment) => investment.planId === plan.id,
        ),
      { timeout: 30_000 },
    )
    .toMatchObject({ status: 'completed', realisedLoss: expect.stringMatching(/^[1-9]\d*\.\d+$/) });
  const mine = await signedIn(browser, investor.email, investor.password);
  try {
    await mine.page.goto('/investor/investments');
    const crop = mine.page.getByRole('listitem').filter({ hasText: title });
    await expect(crop).toContainText('Realised loss');
    await expect(crop).toContainText(/You were paid 150\.00 USDT of the [\d,.]+ USDT due/);
    await checkedScreen(mine.page, 'funding-investor-loss', 1440);
    await mine.page.setViewportSize({ width: 390, height: 844 });
    await expect(crop).toContainText('realised loss');
    await checkedScreen(mine.page, 'funding-investor-loss', 390);

    // Transaction History shows the loss beside the payout (decision 0096): a card at phone width, a table row
    // on a wide screen, the amount as a loss.
    const lost = (await client().ok(plansOperations.myInvestments, { token: investor.accessToken })).find(
      (investment) => investment.planId === plan.id,
    );
    const lossAmount = `−${formatUsdt(lost!.realisedLoss)}`;
    await mine.page.goto('/investor/history?type=investments');
    const lossCard = mine.page
      .getByRole('list', { name: 'Your transactions: Investments' })
      .getByRole('listitem')
      .filter({ hasText: 'Realised loss' });
    await expect(lossCard).toContainText(
      `${title} · Realised loss: due at harvest, not paid (settled short)`,
    );
    await expect(lossCard).toContainText(lossAmount);
    await expect(
      mine.page.getByRole('listitem').filter({ hasText: `${title} · Harvest payout (principal)` }),
    ).toContainText('+150.00 USDT');
    await checkedScreen(mine.page, 'funding-investor-history', 390);
    await mine.page.setViewportSize({ width: 1440, height: 900 });
    const lossRow = mine.page.getByRole('row').filter({ hasText: 'Realised loss' });
    await expect(lossRow).toContainText(lossAmount);
    await checkedScreen(mine.page, 'funding-investor-history', 1440);
  } finally {
    await mine.context.close();
  }
});

test('reserve: platform money recorded, an allocation above the threshold approved by a second admin', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Reserve Barley ${Date.now().toString(36)}`;
  const plan = await createPlan(title);
  const other = await secondAdmin('Second Funding Admin');
  const first = await signedIn(browser, stack().adminEmail, stack().adminPassword);
  const page = first.page;
  try {
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Plans' }).click();
    await page.getByRole('link', { name: 'Reserve Fund' }).click();
    await expect(page.getByRole('heading', { name: 'Reserve Fund' })).toBeVisible();
    await checkedScreen(page, 'reserve', 1440);

    const source = `Platform fees ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Record contribution' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record contribution' });
    await dialog.getByLabel('Amount').fill('25000');
    await dialog.getByLabel('Source').fill(source);
    await checkedScreen(page, 'reserve-contribution-dialog', 1440);
    await dialog.getByRole('button', { name: 'Record contribution' }).click();
    await expect(page.getByText('Contribution recorded', { exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Contributions' })).toContainText(source);

    // Above the second-approval threshold (10,000.00 by default) the allocation waits for another admin.
    await page.goto(`/admin/plans/${plan.id}/funding`);
    await page.getByRole('button', { name: 'Allocate reserve' }).click();
    const allocation = page.getByRole('dialog', { name: 'Allocate reserve' });
    await allocation.getByLabel('Amount').fill('12000');
    await allocation.getByLabel('Reason').fill('Drought insurance pays out late');
    await checkedScreen(page, 'reserve-allocation-dialog', 1440);
    await allocation.getByRole('button', { name: 'Allocate' }).click();
    await expect(page.getByText('Allocation awaits a second admin', { exact: true })).toBeVisible();
    await page.goto('/admin/reserve');
    const waiting = page.getByRole('row').filter({ hasText: 'Drought insurance pays out late' });
    await expect(waiting).toContainText('Awaiting second approval');
    await expect(waiting).toContainText('You proposed it: another admin must approve or reject it.');
  } finally {
    await first.context.close();
  }

  const second = await signedIn(browser, other.email, other.password, 390, 844);
  try {
    const phone = second.page;
    await phone.goto('/admin/reserve');
    const row = phone.getByRole('listitem').filter({ hasText: 'Drought insurance pays out late' });
    await expect(row.getByRole('link', { name: title })).toBeVisible();
    await checkedScreen(phone, 'reserve-awaiting', 390);
    await row.getByRole('button', { name: /Approve \(2 of 2\)/ }).click();
    const confirm = phone.getByRole('alertdialog', { name: 'Approve this allocation?' });
    await expect(confirm).toContainText(`12,000.00 USDT of the reserve to ${title}`);
    await checkedScreen(phone, 'reserve-approve-confirm', 390);
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(phone.getByText('Allocation approved', { exact: true })).toBeVisible();
    await expect(row).toContainText('Approved');
    await expect
      .poll(
        async () =>
          (await client().ok(fundingOperations.planFunding, { path: { id: plan.id } })).reserveAllocated,
      )
      .toBe('12000.00000000');
  } finally {
    await second.context.close();
  }
});
