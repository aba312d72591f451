// A deposit's and a withdrawal's own pages (issue 27 item 4, decision 0121): the investor opens a pending deposit
// from Transaction History and reads its facts; the admin opens it from Manage Deposits and approves it there, with
// the queue's own dialog; the investor's page, open all along, shows it approved without a reload. The same for a
// withdrawal the admin rejects with a reason the investor's page then shows, with the money returned. Every page
// at 1440 px and 390 px under axe, the dialogs included; the back links keep the lists' addresses.
import type { Page } from '@playwright/test';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  apiLogin,
  client,
  createInvestor,
  expect,
  fundedVerifiedInvestor,
  openSignedIn,
  settled,
  stackAdmin,
  startSignedIn,
  test,
  withdrawByApi,
} from '../support/fixtures.ts';
import { DESKTOP, PHONE, axeViolations } from '../support/a11y.ts';

const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

async function checked(page: Page) {
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

const facts = (page: Page) => page.getByRole('main').locator('dl');

test("the admin approves a deposit from its page; the investor's open page shows it approved", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const investor = await createInvestor(`Detail Depositor ${Date.now()}`);
  const session = await apiLogin(investor.email, investor.password);
  const deposit = await client().ok(walletOperations.createDeposit, {
    token: session.accessToken,
    body: { amount: '75' },
  });

  await page.setViewportSize(PHONE);
  await startSignedIn(page, investor);
  await page.goto('/investor/history?type=deposits');
  await page.getByRole('link', { name: /: details$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/investor/deposits/${deposit.id}\\?from=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Deposit of 75.00 USDT' })).toBeVisible();
  await expect(facts(page)).toContainText('None given');
  await expect(facts(page)).toContainText(deposit.id);
  await expect(facts(page)).not.toContainText('Approved on');
  await checked(page);
  await page.screenshot({ path: test.info().outputPath('deposit-investor-390.png'), fullPage: true });
  let reloads = 0;
  page.on('load', () => (reloads += 1));

  const admin = await openSignedIn(browser, stackAdmin(), { viewport: DESKTOP });
  try {
    const desk = admin.page;
    await desk.goto(`/admin/deposits?q=${encodeURIComponent(investor.email)}`);
    const of = `the 75.00 USDT deposit of ${investor.name}`;
    await desk.getByRole('link', { name: `Details of ${of}` }).click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Deposit of 75.00 USDT' })).toBeVisible();
    await expect(desk.getByRole('main')).toContainText(investor.email);
    await checked(desk);
    await desk.screenshot({ path: test.info().outputPath('deposit-admin-1440.png'), fullPage: true });
    await desk.getByRole('button', { name: new RegExp(`^Approve ${of}`) }).click();
    const dialog = desk.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    expect(await axeViolations(desk)).toEqual([]);
    await dialog.getByRole('button', { name: /^Approve/ }).click();
    await expect(dialog).toBeHidden();
    await expect(facts(desk)).toContainText('Approved on');
    await expect(desk.getByRole('button', { name: new RegExp(`^Approve ${of}`) })).toBeHidden();

    await desk.setViewportSize(PHONE);
    await checked(desk);
    await desk.screenshot({ path: test.info().outputPath('deposit-admin-390.png'), fullPage: true });
    // Back to the queue as the admin left it (the search kept).
    await desk.getByRole('main').getByRole('link', { name: 'Manage Deposits' }).click();
    await expect(desk).toHaveURL(/\/admin\/deposits\?q=/);
  } finally {
    await admin.context.close();
  }

  // The investor's page, open all along, shows the approval by itself.
  await expect(facts(page)).toContainText('Approved on');
  await expect(facts(page)).toContainText('The CropVest team');
  expect(reloads, 'the page was reloaded').toBe(0);
  await page.setViewportSize(DESKTOP);
  await checked(page);
  await page.screenshot({ path: test.info().outputPath('deposit-investor-1440.png'), fullPage: true });
  await page.getByRole('main').getByRole('link', { name: 'Transaction History' }).click();
  await expect(page).toHaveURL(/\/investor\/history\?type=deposits/);

  // An unknown (or someone else's) deposit: the framed not-found.
  await page.goto('/investor/deposits/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await checked(page);
});

test("the admin rejects a withdrawal from its page; the investor's open page shows the reason", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const investor = await fundedVerifiedInvestor('60');
  const withdrawalId = await withdrawByApi(investor.accessToken, '40', TRON_ADDRESS);

  await page.setViewportSize(DESKTOP);
  await startSignedIn(page, investor);
  await page.goto('/investor/history?type=withdrawals');
  await page.getByRole('link', { name: /: details$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/investor/withdrawals/${withdrawalId}\\?from=`));
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawal of 40.00 USDT' })).toBeVisible();
  await expect(facts(page)).toContainText(TRON_ADDRESS);
  await expect(page.getByText('Waiting for the CropVest team to review it.')).toBeVisible();
  await checked(page);
  await page.screenshot({ path: test.info().outputPath('withdrawal-investor-1440.png'), fullPage: true });
  let reloads = 0;
  page.on('load', () => (reloads += 1));

  const admin = await openSignedIn(browser, stackAdmin(), { viewport: PHONE });
  try {
    const desk = admin.page;
    await desk.goto(`/admin/withdrawals?q=${encodeURIComponent(investor.email)}`);
    await desk.getByRole('link', { name: /^Details of the 40\.00 USDT withdrawal of / }).click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Withdrawal of 40.00 USDT' })).toBeVisible();
    await checked(desk);
    await desk.screenshot({ path: test.info().outputPath('withdrawal-admin-390.png'), fullPage: true });
    await desk.getByRole('button', { name: /^Reject the 40\.00 USDT withdrawal/ }).click();
    const dialog = desk.getByRole('dialog', { name: 'Reject Withdrawal' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Rejection reason (optional)').fill('The address failed our screening');
    expect(await axeViolations(desk)).toEqual([]);
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog).toBeHidden();
    await expect(desk.getByRole('main')).toContainText('Reason: The address failed our screening');
    await desk.setViewportSize(DESKTOP);
    await checked(desk);
    await desk.screenshot({ path: test.info().outputPath('withdrawal-admin-1440.png'), fullPage: true });
  } finally {
    await admin.context.close();
  }

  await expect(page.getByText('The address failed our screening')).toBeVisible();
  await expect(page.getByText('Returned: the amount went back to your available balance.')).toBeVisible();
  expect(reloads, 'the page was reloaded').toBe(0);
  await page.setViewportSize(PHONE);
  await checked(page);
  await page.screenshot({ path: test.info().outputPath('withdrawal-investor-390.png'), fullPage: true });
});
