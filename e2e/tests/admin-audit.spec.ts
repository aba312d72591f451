// Audit Logs end to end: an admin approves a deposit from a known address; the entry appears in the audit trail
// with that IP address and the deposit's details, the chain shows as verified, the filters (action, target,
// date range) narrow the list through the address, then axe and phone width (375 px).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  client,
  apiLogin,
  createInvestor,
  expect,
  settled,
  stack,
  test,
  stackAdmin,
  startSignedIn,
} from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';
import { ListView } from '../support/pages.ts';

/** An address of this run's own, so the entry shown is provably the one this approval made. */
const ADMIN_IP = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

/** An investor's deposit, approved by the admin from ADMIN_IP; returns the deposit's id. */
async function approvedDeposit(): Promise<string> {
  const investor = await createInvestor('Audit Trail Investor');
  const session = await apiLogin(investor.email, investor.password);
  const deposit = await client().ok(walletOperations.createDeposit, {
    token: session.accessToken,
    body: { amount: '42.5' },
  });
  const admin = await apiLogin(stack().adminEmail, stack().adminPassword);
  const approved = await client().call(walletOperations.reviewDeposit, {
    token: admin.accessToken,
    ip: ADMIN_IP,
    path: { id: deposit.id },
    body: { status: 'approved' },
  });
  expect(approved.status).toBe(200);
  // The entry reaches identity's log through the bus.
  await expect
    .poll(
      async () =>
        (
          await client().ok(identityOperations.auditLogs, {
            token: admin.accessToken,
            query: { targetId: deposit.id },
          })
        ).total,
    )
    .toBe(1);
  return deposit.id;
}

test('a deposit approval is in the audit trail with its IP and details, and the chain verifies', async ({
  page,
}, info) => {
  const depositId = await approvedDeposit();
  await startSignedIn(page, stackAdmin());
  await page.goto(`/admin/settings/audit?target=${depositId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Logs' })).toBeVisible();
  await settled(page);

  const banner = page.getByRole('region', { name: 'Audit chain verification' });
  await expect(banner.getByText('Chain verified')).toBeVisible();
  await expect(banner.getByText(/All [\d,]+ entries verify/)).toBeVisible();

  const table = page.getByRole('table', { name: 'Audit trail, newest first' });
  const row = table.getByRole('row').filter({ hasText: 'Deposit approved' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(ADMIN_IP);
  await expect(row).toContainText(stack().adminEmail);
  await new ListView(page, 'entry', 'entries').found(1);
  await page.screenshot({ path: info.outputPath('audit-desktop.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  await row.getByRole('button', { name: /^Details/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Audit entry #\d+$/ });
  await expect(dialog).toContainText(ADMIN_IP);
  await expect(dialog).toContainText(depositId);
  await expect(dialog.getByLabel('Entry details')).toContainText('"amount": "42.50000000"');
  await expect(dialog.getByText('Previous hash')).toBeVisible();
  await page.screenshot({ path: info.outputPath('audit-dialog-desktop.png') });
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  // Filters live in the address: the action picked in the list, then a date range after today empties it.
  await page.getByLabel('Action', { exact: true }).click();
  await page.getByRole('option', { name: 'Deposit rejected' }).click();
  await expect(page).toHaveURL(/action=deposit_reject/);
  await expect(page.getByText('No entries match these filters')).toBeVisible();
  await page.getByLabel('Action', { exact: true }).click();
  await page.getByRole('option', { name: 'Deposit approved' }).click();
  await expect(row).toHaveCount(1);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From (UTC)').fill(tomorrow);
  await expect(page).toHaveURL(new RegExp(`from=${tomorrow}`));
  await expect(page.getByText('No entries match these filters')).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel('From (UTC)').fill(today);
  await expect(row).toHaveCount(1);
  // A target nobody acted on.
  await page.goto(`/admin/settings/audit?target=${randomUUID()}`);
  await expect(page.getByText('No entries match these filters')).toBeVisible();
});

test('the audit trail at phone width (375 px)', async ({ page }, info) => {
  const depositId = await approvedDeposit();
  await page.setViewportSize({ width: 375, height: 800 });
  await startSignedIn(page, stackAdmin());
  await page.goto(`/admin/settings/audit?target=${depositId}`);
  await settled(page);
  await expect(page.getByText('Chain verified')).toBeVisible();
  // At phone width each entry is a card (issue 27), not a row of a table scrolled sideways.
  const row = page.getByRole('listitem').filter({ hasText: 'Deposit approved' });
  await expect(row).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: info.outputPath('audit-375.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  await row.getByRole('button', { name: /^Details/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Audit entry #\d+$/ });
  await expect(dialog).toContainText(ADMIN_IP);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: info.outputPath('audit-dialog-375.png') });
  expect(await axeViolations(page)).toEqual([]);
});

/**
 * Changes one audit entry as the table's owner would, past the append-only trigger (switched off and on again in
 * the same transaction), then runs `check` and puts the entry back whatever happens.
 */
async function withTamperedEntry(
  depositId: string,
  check: (entry: { id: string; seq: string }) => Promise<void>,
) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const asOwner = async (ip: string | null, id: string) => {
    await client.query('BEGIN');
    await client.query('ALTER TABLE identity.audit_logs DISABLE TRIGGER audit_logs_append_only');
    await client.query('UPDATE identity.audit_logs SET ip_address = $1 WHERE id = $2', [ip, id]);
    await client.query('ALTER TABLE identity.audit_logs ENABLE TRIGGER audit_logs_append_only');
    await client.query('COMMIT');
  };
  try {
    const { rows } = await client.query(
      'SELECT id, seq::text AS seq, ip_address FROM identity.audit_logs WHERE target_id = $1',
      [depositId],
    );
    const entry = rows[0] as { id: string; seq: string; ip_address: string | null };
    await asOwner('198.51.100.66', entry.id);
    try {
      await check(entry);
    } finally {
      await asOwner(entry.ip_address, entry.id);
    }
  } finally {
    await client.end();
  }
}

test('an entry edited in the database shows the chain as broken at that entry', async ({ page }, info) => {
  const depositId = await approvedDeposit();
  await startSignedIn(page, stackAdmin());
  await withTamperedEntry(depositId, async (entry) => {
    await page.goto(`/admin/settings/audit?target=${depositId}`);
    await settled(page);
    const banner = page.getByRole('region', { name: 'Audit chain verification' });
    await expect(banner.getByText('Chain broken')).toBeVisible();
    await expect(banner).toContainText(`Entry #${entry.seq} does not verify`);
    await expect(banner).toContainText(entry.id);
    await expect(banner).toContainText('its content was changed after it was recorded');
    await page.screenshot({ path: info.outputPath('audit-broken-desktop.png'), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: `Details of entry #${entry.seq}` }).click();
    await expect(page.getByRole('dialog')).toContainText('The chain check stops at this entry');
    await page.keyboard.press('Escape');
  });
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByText('Chain verified')).toBeVisible();
});
