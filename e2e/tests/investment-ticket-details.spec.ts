// Detail pages behind list rows (issue 27 item 4): an investor opens an investment from My Investments and reads
// its facts on its own page, and goes back to the list; an investor's ticket is answered by the admin from the
// ticket's page on the admin desk while the investor's ticket page is open, and the answer appears there without a
// reload. An admin opens an investment from its investor's page and sees the investor's cancellation arrive live.
// Each page at 1440 px and 390 px with axe, the admin's response dialog included; an unknown id is framed.
import type { Page } from '@playwright/test';
import {
  apiLogin,
  buyByApi,
  client,
  createInvestor,
  createPlan,
  expect,
  fundedVerifiedInvestor,
  openSignedIn,
  settled,
  stackAdmin,
  startSignedIn,
  test,
} from '../support/fixtures.ts';
import { DESKTOP, PHONE, axeViolations } from '../support/a11y.ts';
import { suitabilityOperations } from '@cropvest/contracts/plans/suitability-api';
import { supportOperations } from '@cropvest/contracts/support/api';

async function checked(page: Page) {
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  // Nothing scrolls sideways, at either width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test('an investment opens from My Investments with its facts, at both widths', async ({ page }) => {
  test.setTimeout(90_000);
  const investor = await fundedVerifiedInvestor('500');
  const plan = await createPlan(`Detail Wheat ${Date.now()}`);
  const bought = await buyByApi(investor.accessToken, plan.id, 2);

  await page.setViewportSize(DESKTOP);
  await startSignedIn(page, investor);
  await page.goto('/investor/investments');
  await page.getByRole('link', { name: new RegExp(`^${plan.title}\\W+investment details$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/investor/investments/${bought.id}\\?from=`));
  await expect(page.getByRole('heading', { level: 1, name: plan.title })).toBeVisible();
  await expect(page.getByText('Your investment of 200.00 USDT in this crop plan.')).toBeVisible();
  const about = page.locator('dl').filter({ hasText: 'Key information acknowledged' });
  await expect(about).toContainText('Version 1');
  await expect(about).toContainText(bought.id);
  await expect(page.getByRole('button', { name: `Cancel investment in ${plan.title}` })).toBeVisible();
  await checked(page);
  await page.screenshot({ path: test.info().outputPath('investment-detail-1440.png'), fullPage: true });

  await page.setViewportSize(PHONE);
  await checked(page);
  await page.screenshot({ path: test.info().outputPath('investment-detail-390.png'), fullPage: true });

  await page.getByRole('main').getByRole('link', { name: 'My Investments' }).click();
  await expect(page).toHaveURL(/\/investor\/investments$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Investments' })).toBeVisible();

  // Someone else's or an unknown investment: the framed not-found, with the way back.
  await page.goto('/investor/investments/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'My Investments' })).toBeVisible();
  await checked(page);
});

test("the admin answers a ticket from its page; the investor's open ticket page shows it", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const investor = await createInvestor('Ticket Opener');
  const session = await apiLogin(investor.email, investor.password);
  const subject = `Harvest question ${Date.now()}`;
  await client().ok(supportOperations.createTicket, {
    token: session.accessToken,
    body: { subject, category: 'investment', priority: 'high', description: 'When is my wheat harvested?' },
  });

  await page.setViewportSize(PHONE);
  await startSignedIn(page, investor);
  await page.goto('/investor/support?tab=tickets');
  await page.getByRole('link', { name: new RegExp(`^${subject}\\W+ticket details$`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText('When is my wheat harvested?')).toBeVisible();
  await checked(page);
  await page.screenshot({ path: test.info().outputPath('ticket-investor-390.png'), fullPage: true });
  let reloads = 0;
  page.on('load', () => (reloads += 1));

  const admin = await openSignedIn(browser, stackAdmin(), { viewport: DESKTOP });
  try {
    const desk = admin.page;
    await desk.goto(`/admin/support?q=${encodeURIComponent(subject)}`);
    await desk.getByRole('link', { name: new RegExp(`^${subject}\\W+ticket page$`) }).click();
    await expect(desk.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await checked(desk);
    await desk.getByRole('button', { name: `Respond to “${subject}”` }).click();
    const dialog = desk.getByRole('dialog', { name: 'Respond to Ticket' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Response').fill('It is harvested in thirty days.');
    expect(await axeViolations(desk)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send Response' }).click();
    await expect(dialog).toBeHidden();
    await expect(desk.getByText('It is harvested in thirty days.')).toBeVisible();
    await expect(desk.getByRole('button', { name: `Update Response to “${subject}”` })).toBeFocused();
    await desk.screenshot({ path: test.info().outputPath('ticket-admin-1440.png'), fullPage: true });

    // The back link returns to the list as the admin left it (the search kept).
    await desk.setViewportSize(PHONE);
    await checked(desk);
    await desk.screenshot({ path: test.info().outputPath('ticket-admin-390.png'), fullPage: true });
    await desk.getByRole('main').getByRole('link', { name: 'Support Tickets' }).click();
    await expect(desk).toHaveURL(new RegExp(`/admin/support\\?q=`));
    await expect(desk.getByRole('link', { name: new RegExp(`^${subject}\\W+ticket page$`) })).toBeVisible();
  } finally {
    await admin.context.close();
  }

  // The investor's page, open all along, shows the answer by itself.
  await expect(page.getByText('It is harvested in thirty days.')).toBeVisible();
  expect(reloads, 'the page was reloaded').toBe(0);
  await page.setViewportSize(DESKTOP);
  await checked(page);
  await page.screenshot({ path: test.info().outputPath('ticket-investor-1440.png'), fullPage: true });
});

test("an admin opens an investment from its investor's page; the investor's cancellation shows there live", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const investor = await fundedVerifiedInvestor('500');
  const investorId = (await apiLogin(investor.email, investor.password)).user.id;
  const plan = await createPlan(`Admin Detail Sorghum ${Date.now()}`);
  const bought = await buyByApi(investor.accessToken, plan.id, 2);

  await page.setViewportSize(DESKTOP);
  await startSignedIn(page, stackAdmin());
  await page.goto(`/admin/users/${investorId}`);
  await page.getByRole('region', { name: 'Investments' }).getByRole('link', { name: plan.title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/investments/${bought.id}\\?from=`));
  await expect(page.getByRole('heading', { level: 1, name: plan.title })).toBeVisible();
  await expect(page.getByText(`200.00 USDT invested by Funded Investor (${investor.email})`)).toBeVisible();
  const status = page.getByRole('region', { name: 'Status' });
  // The badge's word is capitalised by its style.
  await expect(status).toContainText(/^Status\s*active/i);
  await expect(status).toContainText(/Earning 0\.05% a day until its plan ends on/);
  await expect(status).toContainText('The investor may cancel it until');
  const money = page.getByRole('region', { name: 'Money' });
  await expect(money).toContainText('200.00 USDT');
  await expect(money).toContainText('2 slots');
  // Fixed when bought, from the platform's Auto compound interest setting then.
  await expect(money).toContainText(
    bought.compoundInterest ? 'Compounds daily on principal and interest' : 'Simple, on the principal only',
  );
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('Version 1');
  await expect(details).toContainText(bought.id);
  await expect(details.getByRole('link', { name: "The plan's field reports" })).toHaveAttribute(
    'href',
    `/admin/plans/${plan.id}/field-reports`,
  );
  await checked(page);
  await page.screenshot({ path: test.info().outputPath('investment-admin-1440.png'), fullPage: true });
  let reloads = 0;
  page.on('load', () => (reloads += 1));

  // The investor reconsiders within their four days: the admin's open page follows without a reload.
  await client().ok(suitabilityOperations.cancelInvestment, {
    token: investor.accessToken,
    path: { id: bought.id },
  });
  await expect(status).toContainText(/^Status\s*cancelled/i);
  await expect(status).toContainText(/Cancelled on .+: the principal went back to the investor's balance\./);
  expect(reloads, 'the page was reloaded').toBe(0);
  await page.setViewportSize(PHONE);
  await checked(page);
  await page.screenshot({ path: test.info().outputPath('investment-admin-390.png'), fullPage: true });

  // Back to the investor's page; an unknown investment is framed, with the way back.
  await page.getByRole('main').getByRole('link', { name: 'Funded Investor' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${investorId}$`));
  await page.goto('/admin/investments/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'All Users' })).toBeVisible();
  await checked(page);
});
