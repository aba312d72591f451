// Admin plans end to end (issue 13 sections 1 and 7): the Create Investment Plan page refuses an empty form with
// the spec's messages, then creates a plan with an uploaded image; an investor sees it on Browse Plans and buys a
// slot; the admin edits it in the dialog and cannot delete it while the investment is active (Cannot Delete Plan);
// Plan Analytics counts the slot. Axe on each plans screen; at 375 px none scrolls sideways.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { plansOperations } from '@cropvest/contracts/plans/api';
import type { Plan } from '@cropvest/contracts/plans/model';
import {
  client,
  apiLogin,
  expect,
  fundedVerifiedInvestor,
  settled,
  stack,
  test,
  acknowledgement,
  publishKeyInformation,
  stackAdmin,
  startSignedIn,
} from '../support/fixtures.ts';
import { answerTo } from '../support/calls.ts';
import { axeViolations } from '../support/a11y.ts';

const IMAGE = readFileSync(path.resolve(import.meta.dirname, '../fixtures/id-front.png'));
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

const planCard = (page: Page, title: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

test('create a plan with an image, see it as an investor, edit it, and fail to delete it while invested', async ({
  page,
  browser,
}, info) => {
  const title = `Sunflower ${Date.now()}`;
  const edited = `${title} (edited)`;
  const investor = await fundedVerifiedInvestor('500');

  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/plans/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Investment Plan' })).toBeVisible();
  await settled(page);
  for (const section of [
    'Basic Information',
    'Financial Configuration',
    'Availability & Timing',
    'Plan Status',
  ])
    await expect(page.getByRole('group', { name: section })).toBeVisible();
  // The defaults: 30 days, 100 slots, active.
  await expect(page.getByLabel('Duration (days)')).toHaveValue('30');
  await expect(page.getByLabel('Total Slots')).toHaveValue('100');
  await expect(page.getByRole('switch', { name: 'Active' })).toHaveAttribute('aria-checked', 'true');
  expect(await axeViolations(page)).toEqual([]);

  // Empty: the spec's messages under the fields.
  await page.getByRole('button', { name: 'Create Plan' }).click();
  for (const message of [
    'Title must be at least 3 characters',
    'Description must be at least 10 characters',
    'Minimum slot price is required',
    'Start date is required',
    'End date is required',
  ])
    await expect(page.getByText(message, { exact: true })).toBeVisible();

  await page.getByLabel('Plan Title').fill(title);
  await page.getByLabel('Description').fill('Sunflower on dry-land fields, harvested in autumn.');
  await page.getByLabel('Minimum Slot Price (USDT)').fill('100');
  await page.getByLabel('Daily Interest Rate (%)').fill('0.5');
  await page.getByLabel('Start Date').fill(day(5));
  await page.getByLabel('End Date').fill(day(1));
  await page.getByRole('button', { name: 'Create Plan' }).click();
  await expect(page.getByText('End date must be after start date', { exact: true })).toBeVisible();
  await page.getByLabel('Start Date').fill(day(-1));
  await page.getByLabel('End Date').fill(day(40));

  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'sunflower.png', mimeType: 'image/png', buffer: IMAGE });
  await expect(page.getByText('Image uploaded successfully!', { exact: true })).toBeVisible();
  await expect(page.getByText(/· uploaded/)).toBeVisible();
  await page.screenshot({ path: info.outputPath('plans-create-desktop.png'), fullPage: true });
  const created = page.waitForResponse(answerTo(plansOperations.createPlan));
  await page.getByRole('button', { name: 'Create Plan' }).click();
  const plan = (await (await created).json()) as Plan;
  expect(plan.imageUrl).toMatch(/^\/api\/plan-images\//);
  await expect(page.getByText('Plan created successfully!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/plans$/);
  await settled(page);

  const card = planCard(page, title);
  await expect(card.getByTestId('plan-status')).toHaveText('Active');
  await expect(card.getByText('0.5%', { exact: true })).toBeVisible();
  await expect(card.getByText('$100', { exact: true })).toBeVisible();
  await expect(card.getByText('30 days', { exact: true })).toBeVisible();
  await expect(card.getByText('0 / 100', { exact: true })).toBeVisible();
  await expect(card.locator('img')).toHaveJSProperty('complete', true);
  expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // The investor sees it on Browse Plans, with its image, and buys a slot.
  const investorContext = await browser.newContext({ baseURL: stack().gatewayUrl });
  const investorPage = await investorContext.newPage();
  await startSignedIn(investorPage, investor);
  await investorPage.goto('/investor/invest');
  const offered = investorPage.getByRole('article', { name: title });
  await expect(offered).toBeVisible();
  await expect(offered.locator(`img[src="${plan.imageUrl}"]`)).toHaveCount(1);
  await investorContext.close();
  await publishKeyInformation(plan.id);
  const bought = await client().call(plansOperations.invest, {
    token: investor.accessToken,
    body: { planId: plan.id, ...(await acknowledgement(plan.id)), slotsPurchased: 1 },
  });
  expect(bought.status).toBe(201);

  // Edited in the dialog.
  await page.reload();
  await settled(page);
  await planCard(page, title)
    .getByRole('button', { name: `Edit ${title}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Plan' });
  await expect(dialog.getByLabel('Plan Title')).toHaveValue(title);
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel('Plan Title').fill(edited);
  await dialog.getByRole('button', { name: 'Update Plan' }).click();
  await expect(page.getByText('Plan updated successfully!', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  const editedCard = planCard(page, edited);
  await expect(editedCard.getByText('1 / 100', { exact: true })).toBeVisible();

  // Not deletable while the investment is active.
  await editedCard.getByRole('button', { name: `Delete ${edited}` }).click();
  await expect(page.getByText('Cannot Delete Plan', { exact: true })).toBeVisible();
  await expect(
    page.getByText('This plan has active investments. Plan has 1 active investment(s).', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('plans-manage-desktop.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  // Plan Analytics counts the slot and the principal.
  await page.goto('/admin/plans/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Plan Analytics' })).toBeVisible();
  await settled(page);
  const row = page.getByRole('row').filter({ hasText: edited });
  await expect(row).toContainText('1.0% · 1 / 100 slots');
  await expect(row).toContainText('100.00 USDT');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('plans-analytics-desktop.png'), fullPage: true });

  // Phone width: every plans screen fits.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const [address, name, heading] of [
    ['/admin/plans', 'manage', 'Manage Plans'],
    ['/admin/plans/create', 'create', 'Create Investment Plan'],
    ['/admin/plans/analytics', 'analytics', 'Plan Analytics'],
  ] as const) {
    await page.goto(address);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await settled(page);
    await noSidewaysScroll(page);
    await page.screenshot({ path: info.outputPath(`plans-${name}-375.png`), fullPage: true });
  }
});

test('a plan that has no investments is deleted after the confirmation', async ({ page }) => {
  const title = `Deletable lentils ${Date.now()}`;
  const admin = await apiLogin(stack().adminEmail, stack().adminPassword);
  const created = await client().call(plansOperations.createPlan, {
    token: admin.accessToken,
    body: {
      title,
      description: 'Lentils for a plan that is deleted.',
      minSlotPrice: '50',
      dailyInterestRate: '0.2',
      durationDays: 30,
      totalSlots: 10,
      startDate: day(1),
      endDate: day(31),
      isActive: false,
    },
  });
  expect(created.status).toBe(201);

  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/plans');
  await settled(page);
  // One way to add a plan (issue 27): Create Plan's page, not a second "Add Plan" beside it.
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Create Plan' })).toHaveCount(1);
  await expect(main.getByRole('button', { name: 'Add Plan' })).toHaveCount(0);

  // The Active switch: on, and the badge follows.
  const card = planCard(page, title);
  await expect(card.getByTestId('plan-status')).toHaveText('Inactive');
  await card.getByRole('switch', { name: `Active: ${title}` }).click();
  await expect(page.getByText('Plan updated successfully!', { exact: true })).toBeVisible();
  await expect(card.getByTestId('plan-status')).toHaveText('Active');
  await expect(card.getByRole('switch', { name: `Active: ${title}` })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  await card.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this plan?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Plan deleted successfully!', { exact: true })).toBeVisible();
  await expect(planCard(page, title)).toHaveCount(0);
});
