// The list kit (issue 27 item 2, docs/decisions/0118): the lists people use most (Manage Deposits, All Users, the
// investor's Transaction History) and the last ones moved onto it (Audit Logs, a user page's sections, Plan
// Analytics) at 1440 px and at 390 px: never a sideways scroll, every row's content and
// actions in view, the count and the pager, and axe with no violation at either width.
import type { Page } from '@playwright/test';
import { identityOperations } from '@cropvest/contracts/identity/api';
import {
  client,
  createPlan,
  expect,
  fundedVerifiedInvestor,
  settled,
  stackAdmin,
  startSignedIn,
  test,
} from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';
import { ListView } from '../support/pages.ts';

/** At each width: nothing scrolls sideways, every button of the list is whole on screen, axe finds nothing. */
async function checkWidths(page: Page, name: string, heading: string, listName: string | RegExp) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const list = page
      .getByRole('table', { name: listName })
      .or(page.getByRole('list', { name: listName }))
      .filter({ visible: true });
    await expect(list).toBeVisible();
    // Every button of the list, measured in one pass: whole within the width.
    const clipped = await list.evaluate(
      (element, right) =>
        [...element.querySelectorAll('button')]
          .map((button) => button.getBoundingClientRect())
          .filter((box) => box.width > 0 && (box.left < 0 || box.right > right)).length,
      width,
    );
    expect(clipped).toBe(0);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  }
}

test('Manage Deposits and All Users at both widths', async ({ page }) => {
  const investor = await fundedVerifiedInvestor('40');
  await startSignedIn(page, stackAdmin());
  await page.goto(`/admin/deposits?q=${encodeURIComponent(investor.email)}`);
  await new ListView(page, 'deposit').found();
  await checkWidths(page, 'deposits', 'Manage Deposits', 'Deposits');

  await page.goto('/admin/users');
  await new ListView(page, 'user').found();
  await checkWidths(page, 'users', 'All Users', 'Users');
});

test("the investor's Transaction History at both widths", async ({ page }) => {
  const investor = await fundedVerifiedInvestor('40');
  await startSignedIn(page, investor);
  await page.goto('/investor/history');
  await expect(page.getByText('40.00 USDT').first()).toBeVisible();
  await checkWidths(page, 'history', 'Transaction History', /^Your transactions/);
});

test("Audit Logs, a user page's sections and Plan Analytics at both widths", async ({ page }) => {
  const investor = await fundedVerifiedInvestor('40');
  const plan = await createPlan(`Kit Analytics ${Date.now()}`);
  const me = await client().ok(identityOperations.me, { token: investor.accessToken });
  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/settings/audit');
  await new ListView(page, 'entry', 'entries').found();
  await checkWidths(page, 'audit', 'Audit Logs', 'Audit trail, newest first');

  await page.goto(`/admin/users/${me.id}`);
  await expect(page.getByRole('heading', { level: 2, name: /^Deposits/ })).toBeVisible();
  await checkWidths(page, 'user-page', 'Funded Investor', /^Deposits$/);

  // Every figure of a plan, its coverage gauge included, fits 1440 px without a sideways scroller.
  await page.goto('/admin/plans/analytics');
  await expect(page.getByText(plan.title).first()).toBeVisible();
  await checkWidths(page, 'analytics', 'Plan Analytics', 'Figures per plan');
  await page.setViewportSize({ width: 1440, height: 900 });
  const scroller = page.getByRole('group', { name: 'Figures per plan', exact: true });
  expect(await scroller.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});
