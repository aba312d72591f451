// The admin's desk: a deposit approved from the queue after viewing its proof; a withdrawal rejected with a
// reason the investor then reads in their notifications; a large withdrawal that needs a second admin (two
// browser contexts); both screens under axe and at phone width.
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import {
  api,
  apiLogin,
  createInvestor,
  expect,
  fundedVerifiedInvestor,
  signIn,
  stack,
  test,
  uniqueEmail,
} from '../support/fixtures.ts';
import { seriousViolations } from '../support/a11y.ts';

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
  const ticket = await api('POST', '/api/objects/upload', session.accessToken, { purpose: 'deposit-proof' });
  const put = await fetch(`${stack().gatewayUrl}${ticket.body.uploadURL}`, {
    method: 'PUT',
    body: PNG,
    headers: { 'content-type': 'image/png' },
  });
  expect(put.status).toBe(200);
  const deposit = await api('POST', '/api/deposits', session.accessToken, {
    amount,
    txid: randomBytes(32).toString('hex'),
    screenshotUrl: ticket.body.objectPath,
  });
  expect(deposit.status).toBe(201);
  return { investor, session, depositId: deposit.body.id as string };
}

/** A withdrawal request of `amount` from a funded, verified investor (KYC reaches the wallet by event). */
async function pendingWithdrawal(amount: string) {
  const investor = await fundedVerifiedInvestor(amount);
  let created: { status: number; body: { id: string } } | undefined;
  await expect
    .poll(async () => {
      created = await api('POST', '/api/withdrawals', investor.accessToken, {
        amount,
        walletAddress: TRON_ADDRESS,
      });
      return created.status;
    })
    .toBe(201);
  return { investor, withdrawalId: (created as { body: { id: string } }).body.id };
}

/** A second admin: a new account promoted by the first admin. */
async function secondAdmin() {
  const person = await createInvestor('Second Desk Admin');
  const first = await apiLogin(stack().adminEmail, stack().adminPassword);
  const me = await apiLogin(person.email, person.password);
  const promoted = await api('PATCH', `/api/admin/users/${me.user.id}`, first.accessToken, { role: 'admin' });
  expect(promoted.status).toBe(200);
  return person;
}

async function adminPage(browser: Browser, email: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email, password);
  return { context, page };
}

test('an admin approves a deposit from the queue after viewing its proof', async ({ page }) => {
  const { investor, session } = await depositWithProof('75');
  await signIn(page, stack().adminEmail, stack().adminPassword);
  await page.goto(`/admin/deposits?q=${encodeURIComponent(investor.email)}`);
  await expect(page.getByRole('heading', { name: 'Manage Deposits' })).toBeVisible();
  await expect(page.getByText('1 deposit found')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: investor.email });
  await expect(row).toContainText('75.00 USDT');
  await expect(row).toContainText(/pending/i);

  await row.getByRole('button', { name: /View Proof/ }).click();
  const viewer = page.getByRole('dialog', { name: 'Deposit proof' });
  const image = viewer.getByRole('img', { name: /Proof of the 75.00 USDT deposit of Desk Depositor/ });
  await expect(image).toBeVisible();
  // Decoded for real: the object store's link passed the page's Content-Security-Policy.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await viewer.getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: /^Approve/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Approve this deposit?' });
  await expect(confirm).toContainText('75.00 USDT will be credited');
  await confirm.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Deposit approved successfully!', { exact: true })).toBeVisible();
  await expect(row).toContainText(/approved/i);
  await expect(row.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  const me = await api('GET', '/api/auth/me', session.accessToken);
  expect(me.body.balance).toMatch(/^75\.0+$/);
});

test('several pending deposits are rejected at once; filters and both empty states', async ({ page }) => {
  const first = await depositWithProof('11');
  const second = await depositWithProof('12');
  await signIn(page, stack().adminEmail, stack().adminPassword);
  await page.goto('/admin/deposits?status=pending&q=desk-');
  await expect(page.getByRole('button', { name: /pending/i, pressed: true })).toBeVisible();
  for (const { investor } of [first, second])
    await page
      .getByRole('row')
      .filter({ hasText: investor.email })
      .getByRole('checkbox', { name: /Select the/ })
      .check();
  await page.getByRole('button', { name: 'Reject selected' }).click();
  const confirm = page.getByRole('alertdialog', { name: /Reject \d+ deposits\?/ });
  await confirm.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('2 deposits rejected successfully!', { exact: true })).toBeVisible();
  for (const { investor } of [first, second])
    await expect(page.getByRole('row').filter({ hasText: investor.email })).toHaveCount(0);

  await page.goto(`/admin/deposits?q=${encodeURIComponent(uniqueEmail('nobody'))}`);
  await expect(page.getByText('No deposits found')).toBeVisible();
  await expect(page.getByText('Try adjusting your filters')).toBeVisible();
  await expect(page.getByText('0 deposits found')).toBeVisible();
});

test('an admin rejects a withdrawal with a reason the investor reads in their notifications', async ({
  page,
}) => {
  const { investor } = await pendingWithdrawal('40');
  await signIn(page, stack().adminEmail, stack().adminPassword);
  await page.goto(`/admin/withdrawals?q=${encodeURIComponent(investor.email)}`);
  await expect(page.getByText('1 withdrawal found')).toBeVisible();
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
      const notes = await api<{ message: string }[]>('GET', '/api/notifications', investor.accessToken);
      return notes.body.map((note) => note.message).join('\n');
    })
    .toContain('Address not on the allow list');
  const me = await api('GET', '/api/auth/me', investor.accessToken);
  expect(me.body.balance).toMatch(/^40\.0+$/);
});

test('a large withdrawal needs a second admin', async ({ browser }) => {
  const { investor } = await pendingWithdrawal('10000');
  const other = await secondAdmin();
  const first = await adminPage(browser, stack().adminEmail, stack().adminPassword);
  const second = await adminPage(browser, other.email, other.password);
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
    const held = await api('GET', '/api/auth/me', investor.accessToken);
    expect(held.body.balance).toMatch(/^0\.0+$/);

    await second.page.goto(`/admin/withdrawals?q=${encodeURIComponent(investor.email)}`);
    await expect(rowIn(second.page)).toContainText('1st approval');
    await rowIn(second.page)
      .getByRole('button', { name: /Approve \(2 of 2\)/ })
      .click();
    const secondDialog = second.page.getByRole('dialog', { name: 'Approve Withdrawal' });
    await secondDialog.getByLabel('Transaction ID (optional)').fill('  0xdeskpaid  ');
    await secondDialog.getByRole('button', { name: 'Approve' }).click();
    await expect(second.page.getByText('Withdrawal approved successfully!', { exact: true })).toBeVisible();
    await expect(rowIn(second.page)).toContainText(/approved/i);
    await expect(rowIn(second.page)).toContainText('2nd approval: Second Desk Admin');
    await expect(rowIn(second.page)).toContainText('Tx: 0xdeskpaid');
  } finally {
    await first.context.close();
    await second.context.close();
  }
});

test('accessibility (axe) and phone width: both queues', async ({ page }, info) => {
  await depositWithProof('5');
  await pendingWithdrawal('6');
  await signIn(page, stack().adminEmail, stack().adminPassword);
  for (const [path, heading] of [
    ['/admin/deposits', 'Manage Deposits'],
    ['/admin/withdrawals', 'Manage Withdrawals'],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByText(/\d+ (deposit|withdrawal)s? found/)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    // The page itself never scrolls sideways (the table scrolls inside its own box).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: info.outputPath(`${path.split('/').pop()}-375.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  }
});
