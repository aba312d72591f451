// Manage Investors: two new investors with known balances move the API's summary by their count and money,
// and the cards show what the API answered the screen; a search by part of a name or by a user id finds
// one, the order by balance puts the richer first, and the View dialog shows the investor, then the real ban
// state (reason and date) after a ban made elsewhere. Axe on the list and the dialog; 375 px without sideways
// scroll.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { identityOperations } from '@cropvest/contracts/identity/api';
import type { InvestorSummary } from '@cropvest/contracts/identity/admin-users';
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
import { answerTo } from '../support/calls.ts';
import { axeViolations } from '../support/a11y.ts';
import { ListView } from '../support/pages.ts';

/** "1250.75000000" → 125075000000n (hundred-millionths), so balances are compared without floats. */
const units = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(`${whole}${fraction.padEnd(8, '0').slice(0, 8)}`);
};

/** How the screens print money: "1,250.75 USDT" (Intl formats the decimal string exactly). */
const usdt = (amount: string): string =>
  `${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount as `${number}`)} USDT`;

/** Letters only, so a name search for it cannot also match a uuid or an email's digits. */
const uniqueWord = () =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 6)
    .replace(/^./, (letter) => letter.toUpperCase())
    .padEnd(6, 'q');

/** A new investor whose approved deposit makes their balance `amount`. */
async function investorWith(name: string, amount: string, adminToken: string) {
  const person = await createInvestor(name);
  const session = await apiLogin(person.email, person.password);
  const deposit = await client().ok(walletOperations.createDeposit, {
    token: session.accessToken,
    body: { amount },
  });
  const approved = await client().call(walletOperations.reviewDeposit, {
    token: adminToken,
    path: { id: deposit.id },
    body: { status: 'approved' },
  });
  expect(approved.status).toBe(200);
  return { ...person, id: session.user.id, amount };
}

/** Manage Investors' list: its search box, its "N investors found" line. */
const investors = (page: Page) => new ListView(page, 'investor');

test('an admin finds, orders and views investors; the totals are the API’s', async ({ page }, info) => {
  const admin = await apiLogin(stack().adminEmail, stack().adminPassword);
  const summary = async () =>
    client().ok(identityOperations.adminInvestorSummary, { token: admin.accessToken });
  const before = await summary();

  // The richer one registers first and sorts second by name, so newest, name and balance orders all differ.
  const word = uniqueWord();
  const rich = await investorWith(`Basil Furrow ${word}`, '1250.75', admin.accessToken);
  const modest = await investorWith(`Aurora Furrow ${word}`, '80.25', admin.accessToken);
  await expect
    .poll(async () => {
      const listed = await client().ok(identityOperations.adminUsers, {
        token: admin.accessToken,
        query: { role: 'investor', q: word },
      });
      return listed.map((user) => [user.id, units(user.balance)]).sort();
    })
    .toEqual(
      [
        [rich.id, units(rich.amount)],
        [modest.id, units(modest.amount)],
      ].sort(),
    );
  // At least our two and their money: an earlier journey's last balance event may still be arriving (the exact
  // sums are the API suite's to check, admin-user-list.int.test.ts).
  const after = await summary();
  expect(after.investors - before.investors).toBeGreaterThanOrEqual(2);
  expect(units(after.combinedBalance) - units(before.combinedBalance)).toBeGreaterThanOrEqual(
    units('1331.00'),
  );

  await startSignedIn(page, stackAdmin());
  const answered = page.waitForResponse(answerTo(identityOperations.adminInvestorSummary));
  await page.goto('/admin/investors');
  const shown = (await (await answered).json()) as InvestorSummary;
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Investors' })).toBeVisible();
  expect(shown.investors).toBeGreaterThanOrEqual(after.investors);
  await expect(page.getByTestId('investor-count')).toHaveText(
    new Intl.NumberFormat('en-US').format(shown.investors),
  );
  await expect(page.getByTestId('investor-combined')).toHaveText(usdt(shown.combinedBalance));
  await expect(page.getByTestId('investor-average')).toHaveText(usdt(shown.averageBalance));

  const cards = page.getByRole('list', { name: 'Investors' }).getByRole('listitem');
  // Part of one name, in other letter case: that investor only.
  await investors(page).search('Search investors', `ora furrow ${word.toLowerCase()}`);
  await investors(page).found(1);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(modest.name);
  await expect(cards.first()).toContainText('80.25 USDT');
  // A whole user id.
  await investors(page).search('Search investors', rich.id);
  await investors(page).found(1);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(rich.name);

  // Both, newest first; then by balance, the richer first; then by name. The order is in the address.
  await investors(page).search('Search investors', word);
  await investors(page).found(2);
  await expect(cards.first()).toContainText(modest.name);
  const order = page.getByRole('combobox', { name: 'Sort by' });
  await order.click();
  await page.getByRole('option', { name: 'Balance (highest first)' }).click();
  await expect(page).toHaveURL(/[?&]sort=-balance/);
  await expect(cards.first()).toContainText(rich.name);
  await expect(cards.first()).toContainText('1,250.75 USDT');
  await order.click();
  await page.getByRole('option', { name: 'Name (A–Z)' }).click();
  await expect(page).toHaveURL(/[?&]sort=name/);
  await expect(cards.first()).toContainText(modest.name);
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('investors.png'), fullPage: true });

  // View by keyboard: the dialog shows every field; Escape closes it and gives the focus back.
  const richCard = cards.filter({ hasText: rich.name });
  const view = richCard.getByRole('button', { name: `View ${rich.name}` });
  await view.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Investor Details' });
  const detail = (term: string) =>
    dialog.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(detail('Name')).toHaveText(rich.name);
  await expect(detail('Email')).toHaveText(rich.email);
  await expect(detail('Balance')).toHaveText('1,250.75 USDT');
  await expect(detail('Member since')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(detail('User ID')).toContainText(rich.id);
  await expect(dialog.getByRole('button', { name: `Copy the user id of ${rich.name}` })).toBeVisible();
  await expect(detail('Role')).toHaveText(/^investor$/i);
  await expect(detail('Status')).toHaveText('Active');
  await expect(detail('Last updated')).toHaveText(/\d{4}/);
  await expect(dialog.getByRole('link', { name: 'Open user page' })).toHaveAttribute(
    'href',
    `/admin/users/${rich.id}`,
  );
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(view).toBeFocused();

  // Banned elsewhere: the dialog reads the investor again and shows the ban; the card follows.
  const reason = `Chargeback under review ${word}`;
  const banned = await client().call(identityOperations.banUser, {
    token: admin.accessToken,
    path: { id: rich.id },
    body: { isBanned: true, reason },
  });
  expect(banned.status).toBe(200);
  await view.click();
  await expect(detail('Status')).toContainText('Banned');
  await expect(detail('Status')).toContainText(`Reason: ${reason}`);
  await expect(detail('Status')).toContainText(/Banned [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await page.screenshot({ path: info.outputPath('investor-banned.png') });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(richCard.getByText('Banned', { exact: true })).toBeVisible();

  // Nothing matches: the search's own empty state.
  await investors(page).search('Search investors', `nobody ${word}`);
  await investors(page).found(0);
  await new ListView(page, 'investor').nothingFound();
  await expect(page.getByText(`matches “nobody ${word}”`)).toBeVisible();

  // Phone width: no sideways scroll, and the cards still read.
  await investors(page).search('Search investors', word);
  await page.setViewportSize({ width: 375, height: 812 });
  await settled(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('investors-375.png'), fullPage: true });
});
