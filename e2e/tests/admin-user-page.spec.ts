// The user page /admin/users/:id: an admin sees one investor's deposit, investment, ticket and audit entry,
// each section read from its own service; a large balance adjustment one admin requested waits on the page
// (that admin's Approve disabled, with why) until a second admin approves it in another browser context, and
// the balance follows. Axe on the page and at phone width.
import type { Browser } from '@playwright/test';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { supportOperations } from '@cropvest/contracts/support/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  client,
  apiLogin,
  createPlan,
  expect,
  fundedVerifiedInvestor,
  settled,
  stack,
  test,
  acknowledgement,
  openSignedIn,
  secondAdmin,
} from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';

async function adminContext(browser: Browser, email: string, password: string) {
  return openSignedIn(browser, { email, password });
}

test('an admin reads a user on one page; a second admin approves a large balance adjustment there', async ({
  browser,
}, info) => {
  // Fixtures through the API: a funded, verified investor with an investment and a ticket, and a second admin.
  const investor = await fundedVerifiedInvestor('500');
  const investorId = (await apiLogin(investor.email, investor.password)).user.id;
  const plan = await createPlan(`User page barley ${Date.now()}`);
  await expect
    .poll(
      async () =>
        (
          await client().call(plansOperations.invest, {
            token: investor.accessToken,
            body: { planId: plan.id, ...(await acknowledgement(plan.id)), slotsPurchased: 1 },
          })
        ).status,
    )
    .toBe(201);
  const ticket = await client().call(supportOperations.createTicket, {
    token: investor.accessToken,
    body: {
      subject: 'Where is my harvest report?',
      category: 'investment',
      priority: 'medium',
      description: 'I would like to see the report for my barley plan.',
    },
  });
  expect(ticket.status).toBe(201);
  // Five more deposits, declared and waiting: the deposits section then has a second page.
  for (let n = 1; n <= 5; n += 1)
    expect(
      (
        await client().call(walletOperations.createDeposit, {
          token: investor.accessToken,
          body: { amount: `${n}` },
        })
      ).status,
    ).toBe(201);

  const person = await secondAdmin('Second Page Admin');
  const firstAdmin = await apiLogin(stack().adminEmail, stack().adminPassword);

  // The first admin sets the balance 25,000 higher: at the threshold, so it waits for another admin.
  const held = await client().ok(identityOperations.updateAdminUser, {
    token: firstAdmin.accessToken,
    path: { id: investorId },
    body: { balance: '25400', balanceReason: 'Harvest bonus from the cooperative' },
  });
  expect(held).toMatchObject({
    balance: '400.00000000',
    balanceAdjustment: { status: 'awaiting_second_approval' },
  });

  const first = await adminContext(browser, stack().adminEmail, stack().adminPassword);
  const second = await adminContext(browser, person.email, person.password);
  try {
    const page = first.page;
    await page.goto(`/admin/users/${investorId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Funded Investor' })).toBeVisible();
    await expect(page.getByText(investor.email)).toBeVisible();
    await expect(page.getByTestId('user-balance')).toHaveText('400.00 USDT');

    const section = (name: string) => page.getByRole('region', { name });
    // Newest first, five to a page: the approved 500 USDT deposit is on the second page, in the address.
    const deposits = section('Deposits');
    await expect(deposits).toContainText('6 in all');
    await expect(deposits.getByRole('row')).toHaveCount(6);
    await deposits
      .getByRole('navigation', { name: 'Pages of deposits' })
      .getByRole('button', { name: 'Next' })
      .click();
    await expect(page).toHaveURL(/[?&]deposits=2/);
    await expect(deposits).toContainText('500.00 USDT');
    await expect(deposits.getByRole('row')).toHaveCount(2);
    await expect(section('Investments')).toContainText(plan.title);
    await expect(section('Support tickets')).toContainText('Where is my harvest report?');
    await expect(section('KYC submissions')).toContainText(/approved/i);
    const adjustments = section('Balance adjustments');
    await expect(adjustments).toContainText('+25,000.00 USDT');
    await expect(adjustments).toContainText('Awaiting second approval');
    // The requester cannot give the second approval, and is told why.
    const ownApprove = adjustments.getByRole('button', { name: /^Approve/ });
    await expect(ownApprove).toBeDisabled();
    await expect(adjustments).toContainText('You requested this adjustment; another admin must approve it.');
    // The audit entry of the request arrives through the bus.
    await expect(async () => {
      await page.reload();
      await expect(section('Audit entries')).toContainText('first approval', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: info.outputPath('user-page.png'), fullPage: true });

    // The second admin approves on the same page, in their own browser.
    const other = second.page;
    await other.goto(`/admin/users/${investorId}`);
    const pending = other.getByRole('region', { name: 'Balance adjustments' });
    await pending.getByRole('button', { name: /^Approve/ }).click();
    const confirm = other.getByRole('alertdialog', { name: 'Approve Balance Adjustment' });
    await expect(confirm).toContainText('+25,000.00 USDT');
    await confirm.getByRole('button', { name: 'Approve' }).click();
    await expect(other.getByText('Balance adjustment applied', { exact: true })).toBeVisible();
    await expect(pending).toContainText('Applied');
    await expect(pending).toContainText('2nd approval: Second Page Admin');
    await expect(other.getByTestId('user-balance')).toHaveText('25,400.00 USDT');

    // Phone width: the page never scrolls sideways (tables scroll in their own box).
    await other.setViewportSize({ width: 375, height: 812 });
    await settled(other);
    expect(await other.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeViolations(other)).toEqual([]);
    await other.screenshot({ path: info.outputPath('user-page-375.png'), fullPage: true });
  } finally {
    await first.context.close();
    await second.context.close();
  }
});
