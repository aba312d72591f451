// Browse Plans and My Investments through the browser: a funded, verified investor buys slots in a plan the
// admin created, the balance and the lists follow at once; the ?plan=<id> deep link; axe; phone width.
import type { Page } from '@playwright/test';
import { plansOperations } from '@cropvest/contracts/plans/api';
import {
  test,
  expect,
  client,
  createPlan,
  fundedVerifiedInvestor,
  settled,
  acknowledgement,
  answerSuitability,
  apiLogin,
  createInvestor,
  submitKyc,
  startSignedIn,
} from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';
import { Shell } from '../support/pages.ts';
import { acknowledgeKeyInformation } from '../support/invest-dialog.ts';

let investor: { accessToken: string; email: string; password: string };
let plan: { id: string; title: string };

test.beforeAll(async () => {
  investor = await fundedVerifiedInvestor('1000');
  plan = await createPlan(`Invest wheat ${Date.now()}`);
  // The KYC approval reaches the plans service as an event. Until it has, a purchase is refused with 403;
  // afterwards asking for more slots than the plan has is refused with 400 and buys nothing.
  await expect
    .poll(
      async () =>
        (
          await client().call(plansOperations.invest, {
            token: investor.accessToken,
            body: { planId: plan.id, ...(await acknowledgement(plan.id)), slotsPurchased: 101 },
          })
        ).status,
      { timeout: 20_000 },
    )
    .toBe(400);
});

/** The plan's card on Browse Plans. */
const planCard = (page: Page) => page.getByRole('article', { name: plan.title });

test('an investor buys slots: shortfall note, success toast, balance and My Investments follow at once', async ({
  page,
}) => {
  await startSignedIn(page, investor);
  await page.goto('/investor/dashboard');
  await new Shell(page).navigate('Browse Plans');
  await expect(page.getByRole('region', { name: 'Available Balance' })).toContainText('1,000.00 USDT');

  const card = planCard(page);
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText('100.00 USDT', { exact: true })).toBeVisible(); // slot price
  await expect(card.getByRole('progressbar', { name: 'Slots filled' })).toBeVisible();
  // Escape closes the dialog and gives the focus back to the Invest Now button that opened it.
  await card.getByRole('button', { name: 'Invest Now' }).click();
  await expect(page.getByRole('dialog', { name: `Invest in ${plan.title}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(card.getByRole('button', { name: 'Invest Now' })).toBeFocused();
  await card.getByRole('button', { name: 'Invest Now' }).click();

  const dialog = page.getByRole('dialog', { name: `Invest in ${plan.title}` });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]plan=${plan.id}`));
  const slots = dialog.getByLabel('Number of slots');
  const confirm = dialog.getByRole('button', { name: 'Confirm Investment' });

  // More slots than the plan has: the input clamps to the available slots.
  await slots.fill('500');
  await expect(slots).toHaveValue('100');
  // 0 slots: the field says 1, like the cost.
  await slots.fill('0');
  await expect(slots).toHaveValue('1');
  await expect(dialog.getByTestId('invest-cost')).toHaveText('100.00 USDT');

  // More than the balance covers: 15 × 100 = 1,500 against 1,000.
  await slots.fill('15');
  await expect(dialog.getByTestId('invest-cost')).toHaveText('1,500.00 USDT');
  await expect(dialog.getByText('Insufficient balance. You need 500.00 USDT more.')).toBeVisible();
  await expect(confirm).toBeDisabled();

  // Affordable: 3 slots = 300; projected daily 0.15; compounding (the default Auto compound interest) over 30
  // days, each day half-even to 8 places: 4.53277778 interest, 304.53 at harvest.
  await slots.fill('3');
  await expect(dialog.getByTestId('invest-cost')).toHaveText('300.00 USDT');
  await expect(dialog.getByText(/Insufficient balance/)).toHaveCount(0);
  await expect(dialog.getByText('0.15 USDT', { exact: true })).toBeVisible();
  await expect(dialog.getByText('4.53 USDT', { exact: true })).toBeVisible();
  await expect(dialog.getByText('304.53 USDT', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('invest-terms')).toContainText('Compound interest');
  await expect(dialog.getByText(/stay locked until the harvest/)).toBeVisible();
  await expect(dialog.getByTestId('invest-cancellable-until')).toContainText(
    /You can cancel this investment on My Investments until \w{3} \d{1,2}, \d{4}, 12:00 AM UTC/,
  );
  await expect(confirm).toBeEnabled();
  // The key information sheet must be acknowledged first: its link names the version, the box is asked for.
  await expect(
    dialog.getByRole('link', { name: 'Read the key information sheet (version 1, opens in a new tab)' }),
  ).toHaveAttribute('href', `/investor/plans/${plan.id}#key-information`);
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText('Confirm that you read the key information sheet');
  await expect(dialog).toBeVisible();
  await acknowledgeKeyInformation(dialog);
  await confirm.click();

  await expect(page.getByText('Investment Successful', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Your investment has been created successfully!', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]plan=/);
  // The balance drops without a reload, in the sidebar and on the screen; the plan shows the slots sold.
  await expect(page.getByTestId('sidebar-balance')).toHaveText('700.00 USDT');
  await expect(page.getByRole('region', { name: 'Available Balance' })).toContainText('700.00 USDT');
  await expect(planCard(page).getByText('97 of 100', { exact: true })).toBeVisible();
  await expect(planCard(page).getByRole('progressbar', { name: 'Slots filled' })).toHaveAttribute(
    'aria-valuenow',
    '3',
  );

  await new Shell(page).navigate('My Investments');
  const summary = page.getByRole('region', { name: 'Investment summary' });
  await expect(summary.getByText('300.00 USDT', { exact: true })).toBeVisible();
  const growing = page.getByRole('region', { name: 'Growing Crops' });
  const row = growing.getByRole('listitem').filter({ hasText: plan.title });
  await expect(row.getByText('Growing', { exact: true })).toBeVisible();
  await expect(row.getByText('300.00 USDT', { exact: true })).toBeVisible();
  await expect(row.getByText('0.15 USDT', { exact: true })).toBeVisible(); // daily earnings
  await expect(row.getByText('4.53 USDT', { exact: true })).toBeVisible(); // total return (projected, compound)
  await expect(row.getByText('Compound (daily)', { exact: true })).toBeVisible();
  // The plan's 0.05 % a day reads the same here as on the dashboard (one rate formatter).
  await expect(row.getByText('0.05%', { exact: true })).toBeVisible();
  await expect(row.getByText(/^Cancellable until/)).toBeVisible();
  await expect(row.getByRole('button', { name: `Cancel investment in ${plan.title}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Harvest History' })).toContainText('No harvests yet');
  await page.goto('/investor/dashboard');
  await expect(page.getByRole('main').getByText('0.05%', { exact: true }).first()).toBeVisible();
});

test('without an approved identity check the dialog says so before Confirm: to be done, then under review', async ({
  page,
}) => {
  const newcomer = await createInvestor('Kyc Newcomer');
  const session = await apiLogin(newcomer.email, newcomer.password);
  await answerSuitability(session.accessToken);
  await startSignedIn(page, newcomer);
  await page.goto(`/investor/invest?plan=${plan.id}`);
  const dialog = page.getByRole('dialog', { name: `Invest in ${plan.title}` });
  const note = dialog.getByTestId('invest-kyc-note');
  await expect(note).toContainText('Investing needs an approved identity check.');
  await expect(note.getByRole('link', { name: 'Complete KYC verification in your profile' })).toBeVisible();

  await submitKyc(session.accessToken);
  await page.reload();
  await expect(note).toContainText('Yours is under review; you can invest once it is approved.');
  await expect(note.getByRole('link')).toHaveCount(0);
});

test('the deep link ?plan=<id> opens the plan in the dialog; closing it removes the parameter', async ({
  page,
}) => {
  await startSignedIn(page, investor);
  await page.goto(`/investor/invest?plan=${plan.id}`);
  const dialog = page.getByRole('dialog', { name: `Invest in ${plan.title}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Number of slots')).toHaveValue('1');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/investor\/invest$/);

  // A plan that is not listed says so instead of opening anything.
  await page.goto('/investor/invest?plan=00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('alert')).toContainText('That plan is not open for investment.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show all plans' }).click();
  await expect(page).toHaveURL(/\/investor\/invest$/);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test.describe('accessibility (axe): no violations', () => {
  test('Browse Plans, with and without the invest dialog', async ({ page }) => {
    await startSignedIn(page, investor);
    await page.goto('/investor/invest');
    await expect(planCard(page)).toBeVisible();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);

    await planCard(page).getByRole('button', { name: 'Invest Now' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Number of slots').fill('50');
    await expect(dialog.getByText(/Insufficient balance\. You need/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('My Investments', async ({ page }) => {
    await startSignedIn(page, investor);
    await page.goto('/investor/investments');
    await expect(page.getByRole('heading', { level: 1, name: 'My Investments' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Investment summary' })).toBeVisible();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test('phone width (375 × 812): the plans and the dialog fit, nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await startSignedIn(page, investor);
  await page.goto('/investor/invest');
  await expect(planCard(page)).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await planCard(page).getByRole('button', { name: 'Invest Now' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Measured once the dialog has settled on its purchase step (it first reads the sheet and the answers).
  const confirm = dialog.getByRole('button', { name: 'Confirm Investment' });
  await expect(confirm).toBeAttached();
  await expect
    .poll(async () => {
      const box = await dialog.boundingBox();
      return box !== null && box.x >= 0 && box.x + box.width <= 375;
    })
    .toBe(true);
  await confirm.scrollIntoViewIfNeeded();
  await expect(confirm).toBeInViewport();
  await page.keyboard.press('Escape');

  await page.goto('/investor/investments');
  await expect(page.getByRole('heading', { level: 1, name: 'My Investments' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Investment summary' })).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});
