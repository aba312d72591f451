// Export Data end to end (issue 13 sections 5 and 7): the admin exports pending deposits, sees the export
// complete, and the saved file holds as many rows as the deposit list counts, this journey's own deposit among
// them; a reversed range is refused in the form; an export held on its way is cancelled and says so; axe finds
// nothing; phone width (375 px) does not scroll sideways.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { EXPORT_COLUMNS, EXPORT_RANGE_REVERSED } from '@cropvest/contracts/reports/export-datasets';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import type { DepositStatus } from '@cropvest/contracts/wallet/model';
import { exportOperations } from '@cropvest/contracts/reports/exports-api';
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
import { onPathOf } from '../support/calls.ts';
import { axeViolations } from '../support/a11y.ts';

const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

let depositId = '';

test.beforeAll(async () => {
  const { email, password } = await createInvestor('Export Investor');
  const session = await apiLogin(email, password);
  const deposit = await client().ok(walletOperations.createDeposit, {
    token: session.accessToken,
    body: { amount: '42.12345678' },
  });
  depositId = deposit.id;
});

/** How many deposits in `status` the admin list counts (its X-Total-Count). */
async function listedDeposits(status: DepositStatus): Promise<number> {
  const admin = await apiLogin(stack().adminEmail, stack().adminPassword);
  const response = await client().call(walletOperations.adminDeposits, {
    token: admin.accessToken,
    query: { status, pageSize: 1 },
  });
  expect(response.status).toBe(200);
  return Number(response.headers.get('x-total-count'));
}

test('Export Data: pending deposits saved with the list’s row count, a reversed range refused, a held export cancelled; axe and 375 px', async ({
  page,
}, info) => {
  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/reports/export');
  await expect(page.getByRole('heading', { level: 1, name: 'Export Data' })).toBeVisible();
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);

  // Deposits is the first choice; keep the pending ones of today.
  await expect(page.getByLabel('Dataset', { exact: true })).toHaveText('Deposits');
  await page.getByLabel('Status', { exact: true }).click();
  await page.getByRole('option', { name: 'Pending' }).click();
  await page.getByLabel('From', { exact: true }).fill(today);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`cropvest-deposits-${today}.csv`);
  const records = parse(await readFile(await download.path(), 'utf8')) as string[][];
  expect(records[0]).toEqual([...EXPORT_COLUMNS.deposits]);
  const rows = records.slice(1);
  expect(rows.map((row) => row[0])).toContain(depositId);
  expect(rows.find((row) => row[0] === depositId)?.[4]).toBe('42.12345678');
  expect(rows.every((row) => row[6] === 'pending')).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Export complete' })).toHaveText(
    new RegExp(
      `^Export complete: ${rows.length} rows? \\(.+\\) saved as cropvest-deposits-${today}\\.csv\\.$`,
    ),
  );
  // Everything pending is from today or earlier: without the day, the list counts what the file holds.
  await page.getByLabel('From', { exact: true }).fill('');
  const unbounded = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const all = parse(await readFile(await (await unbounded).path(), 'utf8')) as string[][];
  expect(all.length - 1).toBe(await listedDeposits('pending'));
  await page.screenshot({ path: info.outputPath('export-desktop.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  // A range that ends before it starts is refused in the form, before any request.
  await page.getByLabel('From', { exact: true }).fill(today);
  await page.getByLabel('To', { exact: true }).fill(yesterday);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByText(EXPORT_RANGE_REVERSED)).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('');

  // An export held before its answer arrives: Cancel aborts it and the screen says nothing was saved.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const exportPath = onPathOf(exportOperations.exportDeposits);
  await page.route(exportPath, async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByRole('button', { name: 'Exporting…' })).toBeDisabled();
  await page.screenshot({ path: info.outputPath('export-running.png') });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'cancelled' })).toHaveText(
    'Export cancelled after 0 rows. Nothing was saved.',
  );
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeFocused();
  release();
  await page.unroute(exportPath);

  await page.setViewportSize({ width: 375, height: 800 });
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: info.outputPath('export-375.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
});
