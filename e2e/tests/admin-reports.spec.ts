// The admin report screens end to end (issue 13 sections 4 and 7): each screen opens with its range in the
// address, every chart has a table view, and a chart's CSV holds exactly what its table shows; the harvest
// calendar says which figures are projected; axe finds nothing; phone width (375 px) does not scroll
// sideways. The journey's own deposit and investment make sure there is something to show.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Locator, Page } from '@playwright/test';
import { plansOperations } from '@cropvest/contracts/plans/api';
import {
  client,
  createPlan,
  expect,
  fundedVerifiedInvestor,
  settled,
  test,
  acknowledgement,
  stackAdmin,
  startSignedIn,
} from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';

const DAY_MS = 86_400_000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const today = dayFromNow(0);
const weekAgo = dayFromNow(-6);

/** The card of one chart, by its title. */
const card = (page: Page, title: string): Locator =>
  page.getByTestId(`report-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`);

/** Downloads a chart's CSV and answers its rows (header first). */
async function downloadCsv(page: Page, title: string): Promise<{ filename: string; rows: string[][] }> {
  const downloading = page.waitForEvent('download');
  await card(page, title)
    .getByRole('button', { name: `Download CSV: ${title}` })
    .click();
  const download = await downloading;
  const rows = parse(await readFile(await download.path(), 'utf8')) as string[][];
  return { filename: download.suggestedFilename(), rows };
}

/** The chart's table view: its header cells and its body rows' cells, as shown. */
async function tableOf(page: Page, title: string): Promise<{ header: string[]; rows: string[][] }> {
  const box = card(page, title);
  await box.getByRole('tab', { name: 'Table' }).click();
  const table = box.getByRole('table', { name: title });
  await expect(table).toBeVisible();
  const header = await table.locator('thead th').allTextContents();
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  return { header, rows };
}

/** A chart's CSV has the table's columns and one row per table row, in the same order. */
async function csvMatchesTable(
  page: Page,
  title: string,
  firstColumn: (row: string[]) => string = (r) => r[0] ?? '',
) {
  const table = await tableOf(page, title);
  const csv = await downloadCsv(page, title);
  expect(csv.rows[0]).toEqual(table.header);
  expect(csv.rows.slice(1).map(firstColumn)).toEqual(table.rows.map(firstColumn));
  return csv;
}

let planTitle = '';
let planEndDay = '';

test.beforeAll(async () => {
  // A deposit of 250 today, and two slots of a plan that ends in 29 days: something on every money chart.
  const investor = await fundedVerifiedInvestor('250');
  const plan = await createPlan(`Report sorghum ${Date.now().toString(36)}`);
  planTitle = plan.title;
  planEndDay = dayFromNow(29);
  // The KYC approval reaches plans as an event: wait until the purchase is accepted.
  await expect
    .poll(
      async () =>
        (
          await client().call(plansOperations.invest, {
            token: investor.accessToken,
            body: { planId: plan.id, ...(await acknowledgement(plan.id)), slotsPurchased: 2 },
          })
        ).status,
    )
    .toBe(201);
});

test.beforeEach(async ({ page }) => {
  await startSignedIn(page, stackAdmin());
});

test('Analytics Dashboard: four charts over the range in the address, a table view and a CSV of what it shows', async ({
  page,
}, info) => {
  await page.goto(`/admin/reports?from=${weekAgo}&to=${today}&bucket=day`);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics Dashboard' })).toBeVisible();
  await settled(page);
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(weekAgo);
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(today);
  for (const title of [
    'Deposits, withdrawals and net flow',
    'Money invested and active principal',
    'New investors',
    'KYC funnel',
  ])
    await expect(card(page, title).getByRole('heading', { name: title })).toBeVisible();
  await page.screenshot({ path: info.outputPath('reports-dashboard-desktop.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  const flows = await csvMatchesTable(page, 'Deposits, withdrawals and net flow');
  expect(flows.filename).toBe(`deposits-withdrawals-net-flow_${weekAgo}_${today}.csv`);
  expect(flows.rows[0]).toEqual(['Period start', 'Deposits (USDT)', 'Withdrawals (USDT)', 'Net flow (USDT)']);
  // Seven days, one row each, the amounts as the server sent them; today's deposits include this journey's 250.
  expect(flows.rows.slice(1).map((r) => r[0])).toEqual(
    Array.from({ length: 7 }, (_, i) => dayFromNow(i - 6)),
  );
  const todays = flows.rows.at(-1) as string[];
  expect(todays[1]).toMatch(/^\d+\.\d{8}$/);
  expect(Number(todays[1])).toBeGreaterThanOrEqual(250);

  const funnel = await csvMatchesTable(page, 'KYC funnel');
  expect(funnel.rows.map((r) => r[0])).toEqual(['Step', 'Submitted', 'Pending', 'Approved', 'Rejected']);
  expect(Number(funnel.rows[1]?.[1])).toBeGreaterThanOrEqual(1);

  // Grouping by week goes through the address and redraws the charts.
  await page.getByLabel('Group', { exact: true }).click();
  await page.getByRole('option', { name: 'By week' }).click();
  await expect(page).toHaveURL(/bucket=week/);
  await settled(page);
  const weekly = await tableOf(page, 'New investors');
  expect(weekly.rows.length).toBeLessThanOrEqual(2);
  expect(await axeViolations(page)).toEqual([]);
});

test('Revenue Reports: interest by period and by plan, and the harvest calendar with its projection labelled', async ({
  page,
}, info) => {
  await page.goto(`/admin/reports/revenue?from=${weekAgo}&to=${today}&horizon=90`);
  await expect(page.getByRole('heading', { level: 1, name: 'Revenue Reports' })).toBeVisible();
  await settled(page);
  const calendar = card(page, 'Harvest calendar');
  await expect(calendar.getByTestId('projection-note')).toContainText('Projection:');
  await page.screenshot({ path: info.outputPath('reports-revenue-desktop.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  const harvest = await csvMatchesTable(page, 'Harvest calendar');
  expect(harvest.filename).toBe(`harvest-calendar_${today}_${dayFromNow(89)}.csv`);
  expect(harvest.rows[0]).toEqual([
    'Harvest day',
    'Plans',
    'Investments',
    'Principal (USDT)',
    'Interest accrued (USDT)',
    'Interest to accrue, projected (USDT)',
    'Total due, projected (USDT)',
    'Due from proceeds, projected (USDT)',
    'Held for payout (USDT)',
    'Coverage',
  ]);
  const due = harvest.rows.find((r) => r[0] === planEndDay);
  expect(due).toBeDefined();
  expect(Number(due?.[3])).toBeGreaterThanOrEqual(200);

  const byPlan = await csvMatchesTable(page, 'Interest by plan');
  const mine = byPlan.rows.find((r) => r[0] === planTitle);
  expect(mine?.slice(1)).toEqual(['200.00000000', '0.00000000', '200.00000000', '0.00000000']);
});

test('User Reports and Transaction Reports: their charts download what their tables show', async ({
  page,
}) => {
  await page.goto(`/admin/users/reports?from=${weekAgo}&to=${today}`);
  await expect(page.getByRole('heading', { level: 1, name: 'User Reports' })).toBeVisible();
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  const statuses = await csvMatchesTable(page, 'Verification status');
  expect(statuses.rows.map((r) => r[0])).toEqual([
    'Status',
    'Pending review',
    'Verified',
    'Rejected',
    'Not submitted',
  ]);
  const signUps = await csvMatchesTable(page, 'Sign-ups');
  expect(signUps.rows).toHaveLength(8);

  await page.goto(`/admin/transactions/reports?from=${weekAgo}&to=${today}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction Reports' })).toBeVisible();
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  const requests = await csvMatchesTable(page, 'Requests by type and status', (r) => `${r[0]} ${r[1]}`);
  expect(requests.rows[0]).toEqual(['Type', 'Status', 'Requests', 'Volume (USDT)']);
  expect(requests.rows.some((r) => r[0] === 'deposit' && r[1] === 'approved')).toBe(true);
  const waits = await csvMatchesTable(page, 'Review wait');
  expect(waits.rows.map((r) => r[0])).toEqual(['Type', 'Deposits', 'Withdrawals']);
});

test('a range longer than a year is refused before asking, and the report screens fit a phone (375 px)', async ({
  page,
}, info) => {
  await page.goto(`/admin/reports?from=${dayFromNow(-400)}&to=${today}`);
  await expect(page.getByRole('alert')).toHaveText('A report covers at most 366 days per request');
  await expect(page.getByTestId(/^report-/)).toHaveCount(0);

  await page.setViewportSize({ width: 375, height: 800 });
  for (const [path, name] of [
    ['/admin/reports', 'dashboard'],
    ['/admin/reports/revenue', 'revenue'],
    ['/admin/users/reports', 'users'],
    ['/admin/transactions/reports', 'transactions'],
  ] as const) {
    await page.goto(`${path}?from=${weekAgo}&to=${today}`);
    await settled(page);
    await expect(page.getByTestId(/^report-/).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: info.outputPath(`reports-${name}-375.png`), fullPage: true });
  }
  expect(await axeViolations(page)).toEqual([]);
});
