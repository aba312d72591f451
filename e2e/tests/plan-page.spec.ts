// A plan's page through the browser (issue 25): the admin disburses principal, records proceeds and publishes a
// field report with a photo and an adverse-event report, all by the API; an investor in the plan opens its page at
// the key information sheet (the Browse Plans link), reads the sheet, the money and the coverage gauge with the
// disbursement's day, the timeline with the adverse report set apart, and a photo's dialog by keyboard; then on a
// phone at the timeline (the My Investments link), and an unknown plan. axe on every state, dialogs included.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { fieldReportOperations } from '@cropvest/contracts/plans/field-reports-api';
import { fundingOperations } from '@cropvest/contracts/plans/funding-api';
import { suitabilityOperations } from '@cropvest/contracts/plans/suitability-api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { AMPLE_SUITABILITY, OPERATOR_FIELDS } from '../../test/support/key-information-sheet.ts';
import { closeConnections, serviceDb } from '../../test/support/connections.ts';
import {
  test,
  expect,
  acknowledgement,
  apiLogin,
  client,
  clientIpOf,
  createPlan,
  fundedVerifiedInvestor,
  settled,
  stack,
  startSignedIn,
} from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';

const PHOTO = readFileSync(new URL('../fixtures/id-front.png', import.meta.url));
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** A day as the screens write it ("Nov 22, 2026", UTC). */
const shown = (isoDay: string) =>
  new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(isoDay));

let investor: { accessToken: string; email: string; password: string };
let plan: { id: string; title: string };
const DISBURSED_ON = day(-1);

/** A photo uploaded by the admin as a plan image, as the field-report form sends it. */
async function uploadedPhoto(adminToken: string): Promise<string> {
  const ticket = await client().ok(walletOperations.uploadTicket, {
    token: adminToken,
    body: { purpose: 'plan-image' },
  });
  const put = await fetch(`${stack().gatewayUrl}${ticket.uploadURL}`, {
    method: 'PUT',
    body: PHOTO,
    headers: { 'content-type': 'image/png', 'x-forwarded-for': clientIpOf(stack().adminEmail) },
  });
  expect(put.status).toBe(200);
  return ticket.objectPath;
}

test.beforeAll(async () => {
  investor = await fundedVerifiedInvestor('1000');
  plan = await createPlan(`Plan page wheat ${Date.now()}`);
  const answered = await client().call(suitabilityOperations.answerSuitability, {
    token: investor.accessToken,
    body: AMPLE_SUITABILITY,
  });
  expect(answered.status).toBe(200);
  // The KYC approval reaches the plans service as an event: until then a purchase is refused.
  let investmentId = '';
  await expect
    .poll(
      async () => {
        const bought = await client().call(plansOperations.invest, {
          token: investor.accessToken,
          body: { planId: plan.id, slotsPurchased: 2, ...(await acknowledgement(plan.id)) },
        });
        investmentId = bought.ok ? bought.body.id : '';
        return bought.status;
      },
      { timeout: 20_000 },
    )
    .toBe(201);
  // Its four days to reconsider over, so its principal may be sent to the operator (decision 0094).
  await serviceDb('plans')('investments')
    .where({ id: investmentId })
    .update({ cancellable_until: serviceDb('plans').raw("now() - interval '1 minute'") });

  const admin = (await apiLogin(stack().adminEmail, stack().adminPassword)).accessToken;
  const disbursed = await client().call(fundingOperations.recordDisbursement, {
    token: admin,
    path: { id: plan.id },
    body: { amount: '150', disbursedOn: DISBURSED_ON, note: 'Seed and fertiliser' },
  });
  expect(disbursed.status).toBe(201);
  const proceeds = await client().call(fundingOperations.recordProceeds, {
    token: admin,
    path: { id: plan.id },
    body: { amount: '120', receivedOn: day(0), buyer: 'Unga Millers Ltd' },
  });
  expect(proceeds.status).toBe(201);
  const planted = await client().call(fieldReportOperations.publishFieldReport, {
    token: admin,
    path: { id: plan.id },
    body: {
      stage: 'planted',
      text: 'All 120 hectares are sown; germination is even.',
      photos: [await uploadedPhoto(admin)],
    },
  });
  expect(planted.status).toBe(201);
  const adverse = await client().call(fieldReportOperations.publishFieldReport, {
    token: admin,
    path: { id: plan.id },
    body: { stage: 'adverse_event', text: 'Hail damaged about a fifth of the crop on the eastern plots.' },
  });
  expect(adverse.status).toBe(201);
});
test.afterAll(closeConnections);

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test('an investor reads the plan page at its key information, its money, and a report photo by keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await startSignedIn(page, investor);
  await page.goto(`/investor/plans/${plan.id}#key-information`);
  await expect(page.getByRole('heading', { level: 1, name: plan.title })).toBeVisible();
  await expect(page).toHaveTitle(`${plan.title} — CropVest`);
  await settled(page);

  // The link's section is where the page opens, focused for a keyboard or screen reader.
  const sheet = page.getByRole('region', { name: 'Key information' });
  await expect(sheet).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('plan-page-1440.png'), fullPage: true });
  await expect(sheet).toBeInViewport();
  await expect(sheet.getByTestId('sheet-version')).toContainText('Version 1, published');
  for (const [term, text] of [
    ['Operator', OPERATOR_FIELDS.name],
    ['Crop', 'Winter wheat'],
    ['Area', '120.00 ha'],
    ['Main risks', 'You may lose part or all of the money you invest.'],
    ['What happens if the crop fails', 'settle pro rata'],
    ["The platform's own stake", 'The platform invests 5 %'],
  ] as const) {
    await expect(sheet.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
    await expect(sheet.getByRole('definition').filter({ hasText: text })).toBeVisible();
  }
  const operator = page.getByRole('region', { name: 'The operator' });
  await expect(operator.getByText('−12.50 % (a loss) realised')).toBeVisible();
  await expect(operator.getByText('+6.40 % realised')).toBeVisible();

  // Where the money goes: raised 200, 150 sent to the operator on its day.
  const money = page.getByRole('region', { name: 'Where the money goes' });
  await expect(money.getByText('200.00 USDT', { exact: true })).toBeVisible();
  await expect(money.getByText('150.00 USDT', { exact: true }).first()).toBeVisible();
  const disbursement = money.getByTestId('disbursement');
  await expect(disbursement).toHaveCount(1);
  await expect(disbursement).toContainText(shown(DISBURSED_ON));
  await expect(disbursement).toContainText('Off chain: no transaction to verify');

  // Where the returns come from: 120 of proceeds against what is due, as a meter, and the payout in words.
  const returns = page.getByRole('region', { name: 'Where the returns come from' });
  await expect(returns.getByRole('meter', { name: 'Harvest coverage' })).toBeVisible();
  await expect(returns.getByText('Proceeds received')).toBeVisible();
  await expect(returns.getByTestId('payout-status')).toContainText('Payout due at harvest');

  // The timeline: newest first, the adverse report said in words.
  const timeline = page.getByRole('region', { name: 'Timeline' });
  const reports = timeline.getByTestId('field-report');
  await expect(reports).toHaveCount(2);
  await expect(reports.first()).toContainText('Adverse event reported');
  await expect(reports.first()).toContainText('may affect the harvest');
  await expect(reports.first()).toContainText('Hail damaged about a fifth');
  await expect(reports.nth(1).getByRole('heading', { name: 'Planted' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // A photo opens larger by keyboard, with its capture time, and closing gives focus back to it.
  const thumbnail = reports.nth(1).getByRole('button', { name: /Open Planted, photo 1 of 1 larger/ });
  await thumbnail.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Planted, photo 1 of 1' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Uploaded');
  await expect(dialog.getByRole('img')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(thumbnail).toBeFocused();

  // Invest goes to Browse Plans' invest dialog for this plan.
  await expect(page.getByRole('link', { name: 'Invest in this plan' })).toHaveAttribute(
    'href',
    `/investor/invest?plan=${plan.id}`,
  );
});

test('on a phone the My Investments link opens the timeline; an unknown plan says so', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await startSignedIn(page, investor);
  await page.goto(`/investor/plans/${plan.id}#timeline`);
  await settled(page);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline).toBeFocused();
  await expect(timeline).toBeInViewport();
  await expect(timeline.getByTestId('field-report').first()).toContainText('Adverse event reported');
  await noSidewaysScroll(page, 390);
  await page.screenshot({ path: test.info().outputPath('plan-page-390.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  await page.goto('/investor/plans/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Plan not found' })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'We cannot show this plan' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Plans' }).last()).toBeVisible();
  await noSidewaysScroll(page, 390);
  expect(await axeViolations(page)).toEqual([]);
});
