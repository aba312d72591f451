// The admin command palette (issue 27 item 4, docs/decisions/0111): Ctrl-K opens it anywhere in the admin area, a
// screen is reached with the keyboard, a user found by email and a plan by name lead to their pages, Escape
// returns the focus to the Search button; at phone width the header's button opens it as a full-width sheet,
// a deposit found by its investor's email leads to its list narrowed to it, and axe finds nothing in
// the open palette. An investor's pages have neither the button nor the shortcut.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  client,
  apiLogin,
  createInvestor,
  createPlan,
  expect,
  stackInvestor,
  startSignedIn,
  test,
} from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';

const palette = (page: Page) => page.getByRole('dialog', { name: 'Search the admin area' });
const searchBox = (page: Page) => palette(page).getByRole('combobox', { name: 'Search the admin area' });

test('an admin jumps to a screen and finds a user and a plan with Ctrl-K', async ({ adminPage: page }) => {
  const tag = randomUUID().slice(0, 8);
  const investor = await createInvestor(`Palette ${tag} Person`);
  const plan = await createPlan(`Palette ${tag} sorghum`);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  // A screen, by the sidebar's name, with the arrow keys and Enter.
  await page.keyboard.press('Control+K');
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).fill('deposits');
  const options = palette(page).getByRole('group', { name: 'Screens' }).getByRole('option');
  await expect(options).toHaveText([/^Deposits/, /^Unmatched Deposits/]);
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/deposits\/unmatched$/);
  await expect(palette(page)).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Unmatched Deposits' })).toBeVisible();

  // A user by email: the search goes to the server once typing pauses.
  await page.keyboard.press('Control+K');
  await searchBox(page).fill(investor.email);
  const user = palette(page).getByRole('option', { name: new RegExp(`Palette ${tag} Person`) });
  await expect(user).toBeVisible();
  await expect(user).toContainText(investor.email);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: `Palette ${tag} Person` })).toBeVisible();

  // A plan by name, to its funding page; text that matches nothing says so.
  await page.keyboard.press('Control+K');
  await searchBox(page).fill(`no such ${tag}`);
  await expect(palette(page).getByText(`No results for “no such ${tag}”`)).toBeVisible();
  await searchBox(page).fill(`${tag} SORGHUM`);
  await palette(page)
    .getByRole('option', { name: new RegExp(`Palette ${tag} sorghum`) })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/plans/${plan.id}/funding$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Palette ${tag} sorghum: funding` }),
  ).toBeVisible();

  // Escape closes it and the focus goes back to the button that opened it.
  const trigger = page.getByRole('button', { name: 'Search…' });
  await trigger.click();
  await expect(palette(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette(page)).toBeHidden();
  await expect(trigger).toBeFocused();
});

test('at phone width the header button opens a full-width palette that finds a deposit', async ({
  adminPage: page,
}) => {
  const investor = await createInvestor(`Phone ${randomUUID().slice(0, 8)} Payer`);
  const session = await apiLogin(investor.email, investor.password);
  const deposit = await client().ok(walletOperations.createDeposit, {
    token: session.accessToken,
    body: { amount: '42.5' },
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  await page.getByRole('button', { name: 'Search…' }).click();
  await expect(searchBox(page)).toBeFocused();
  const sheet = await palette(page).boundingBox();
  expect(sheet?.width).toBe(390);
  await searchBox(page).fill(investor.email);
  const found = palette(page).getByRole('option', { name: /42\.50 USDT from Phone/ });
  await expect(found).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await found.click();
  // The deposit's own page (decision 0121), not its queue narrowed to it.
  await expect(page).toHaveURL(new RegExp(`/admin/deposits/${deposit.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Deposit of 42.50 USDT' })).toBeVisible();
  await expect(page.getByText(investor.email).first()).toBeVisible();
});

test('an investor has no palette: no Search button, and Ctrl-K does nothing', async ({ page }) => {
  await startSignedIn(page, stackInvestor());
  await page.goto('/investor/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Control+K');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Search…' })).toHaveCount(0);
});
