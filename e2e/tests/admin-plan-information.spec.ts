// A plan's information in the admin area (issue 25 items 1, 6 and 7; decisions 0092, 0093): an admin records an
// operator with a past season (a loss), writes the key information sheet of a plan that has none, publishes it
// incomplete (version 1), completes it (version 2 in the versions list, version 1 still readable as it was),
// publishes a field report with a photo and an adverse-event report (highlighted), and verifies the photo's
// SHA-256 against the hash-chained audit log. The Security tab shows the three investing gates, labelled, in the
// state the server holds; one is toggled and straight back without saving, so no other journey is affected. Axe at
// 1440 and 390 px, the dialogs included; no sideways scrolling on a phone.
import path from 'node:path';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { fieldReportOperations } from '@cropvest/contracts/plans/field-reports-api';
import {
  client,
  apiLogin,
  createPlan,
  expect,
  stack,
  test,
  stackAdmin,
  startSignedIn,
} from '../support/fixtures.ts';
import { checkedScreen } from '../support/a11y.ts';

const PHOTO = path.resolve(import.meta.dirname, '../fixtures/id-front.png');

const SECTIONS: [label: string, value: string][] = [
  ['Location', 'Mogotio, Baringo County, Kenya'],
  ['Crop', 'Sorghum (Gadam)'],
  ['Area (hectares)', '120.5'],
  ['Expected yield', '2.8 t/ha, about 337 t in all, from the last three seasons of the same fields'],
  ['Expected price', '310 USD/t, the buyer’s contract price'],
  ['Offtake buyer', 'East Africa Maltings'],
  ['Insurance and what it covers', 'Area-yield index insurance covering drought below 70 % of the yield'],
  ['Main risks', 'Drought, fall armyworm and a lower price at harvest. Investors can lose money.'],
  ['What happens if the crop fails', 'Reserve allocated first, then a postponed payout or a pro rata share.'],
  ['The platform’s own stake', 'None'],
];

test('an operator, a key information sheet in two versions, field reports with a verified photo, and the gates', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const suffix = String(Date.now()).slice(-6);
  const operatorName = `Aberdare Journey Growers ${suffix}`;
  const plan = await createPlan(`Sorghum information ${suffix}`, 1, { keyInformation: false });
  const admin = await apiLogin(stack().adminEmail, stack().adminPassword);

  await page.setViewportSize({ width: 1440, height: 900 });
  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/dashboard');

  // ---- Operators: refused empty, recorded with a past season (a loss), edited ----
  await page.getByRole('button', { name: 'Plans' }).click();
  await page.getByRole('link', { name: 'Operators' }).click();
  await expect(page).toHaveURL(/\/admin\/operators$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Operators' })).toBeVisible();
  await checkedScreen(page, 'operators', 1440);

  await page.getByRole('button', { name: 'New operator' }).first().click();
  const create = page.getByRole('dialog', { name: 'New operator' });
  await create.getByRole('button', { name: 'Add past season' }).click();
  await create.getByRole('button', { name: 'Record operator' }).click();
  for (const message of ['Name is required', 'Country is required', 'Crop is required'])
    await expect(create.getByText(message, { exact: true })).toBeVisible();
  await create.getByLabel('Name').fill(operatorName);
  await create.getByLabel('Country').fill('Kenya');
  await create.getByLabel('Region').fill('Nyandarua County');
  await create.getByLabel('Contact').fill('Grace Wanjiru, +254 20 000 1111');
  const season = create.getByRole('group', { name: 'Season 1' });
  await season.getByLabel('Crop').fill('Sorghum');
  await season.getByLabel('Season').fill('2025 short rains');
  await season.getByLabel('Amount raised').fill('18000');
  await season.getByLabel('Realised return (%)').fill('-4.125');
  await create.getByRole('button', { name: 'Record operator' }).click();
  await expect(
    season.getByText('Realised return must be a percentage with at most 2 decimals', { exact: true }),
  ).toBeVisible();
  await season.getByLabel('Realised return (%)').fill('-4.25');
  // A second row, added and removed again.
  await create.getByRole('button', { name: 'Add past season' }).click();
  await create.getByRole('button', { name: 'Remove season 2' }).click();
  await expect(create.getByRole('group', { name: 'Season 2' })).toHaveCount(0);
  await checkedScreen(page, 'operator-dialog', 1440);
  await create.getByRole('button', { name: 'Record operator' }).click();
  await expect(page.getByText('Operator recorded', { exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: operatorName });
  await expect(row).toContainText('Sorghum, 2025 short rains');
  await expect(row).toContainText('\u22124.25 % (a loss)');

  await row.getByRole('button', { name: `Edit ${operatorName}` }).click();
  const edit = page.getByRole('dialog', { name: `Edit ${operatorName}` });
  await expect(edit.getByLabel('Realised return (%)')).toHaveValue('-4.25');
  await edit.getByLabel('Region').fill('Nyandarua County, Ol Kalou');
  await edit.getByRole('button', { name: 'Save operator' }).click();
  await expect(page.getByText('Operator updated', { exact: true })).toBeVisible();
  await expect(row).toContainText('Nyandarua County, Ol Kalou');

  // ---- The plan's key information sheet: none yet, version 1 incomplete, version 2 complete ----
  await page.goto('/admin/plans');
  await page.getByRole('link', { name: `Key information of ${plan.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/plans/${plan.id}/key-information$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Key information sheet' })).toBeVisible();
  await expect(page.getByText(plan.title, { exact: true })).toBeVisible();
  await expect(page.getByText('No sheet is published yet.', { exact: false })).toBeVisible();
  await expect(page.getByText('No versions yet')).toBeVisible();

  await page.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(page.getByText('Choose the operator the plan’s principal goes to')).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(operatorName) }).check();
  for (const [label, value] of SECTIONS) await page.getByLabel(label, { exact: true }).fill(value);
  await expect(page.getByText('Still blank: fees.', { exact: false })).toBeVisible();
  await checkedScreen(page, 'key-information', 1440);
  await page.getByRole('button', { name: 'Publish version 1' }).click();
  const publish1 = page.getByRole('alertdialog', { name: 'Publish version 1?' });
  await expect(publish1).toContainText('The sheet is incomplete (still blank: fees)');
  await checkedScreen(page, 'key-information-confirm', 1440);
  await publish1.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(page.getByText('Version 1 published', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Edit the sheet (version 1)' })).toBeVisible();

  await page.getByLabel('Fees', { exact: true }).fill('2 % of the proceeds, taken before investors are paid');
  await expect(page.getByText('Every section is written: version 2 will be complete.')).toBeVisible();
  await page.getByRole('button', { name: 'Publish version 2' }).click();
  await page
    .getByRole('alertdialog', { name: 'Publish version 2?' })
    .getByRole('button', { name: 'Publish version 2' })
    .click();
  await expect(page.getByText('Version 2 published', { exact: true })).toBeVisible();
  await expect(page.getByText(/Version 2, published .* by /)).toBeVisible();

  const versions = page.getByRole('table', { name: 'Published versions of the key information sheet' });
  await expect(versions.getByRole('row')).toHaveCount(3);
  await expect(versions.getByRole('row').nth(1)).toContainText('2Current');
  await expect(versions.getByRole('row').nth(1)).toContainText('Complete');
  await expect(versions.getByRole('row').nth(2)).toContainText('Blank: fees');
  await versions.getByRole('button', { name: 'Open version 1' }).click();
  const old = page.getByRole('dialog', { name: 'Version 1' });
  await expect(old).toContainText('Read-only');
  await expect(old.getByRole('list', { name: 'Seasons the operator reported' })).toContainText(
    'Sorghum, 2025 short rains · raised 18,000.00 USDT · realised \u22124.25 % (a loss)',
  );
  await expect(old).toContainText('No harvested plans on CropVest yet.');
  await expect(old.getByRole('definition').filter({ hasText: 'Not written' })).toHaveCount(1);
  await expect(old.getByRole('textbox')).toHaveCount(0);
  await checkedScreen(page, 'key-information-version', 1440);
  await old.getByRole('button', { name: 'Close' }).click();

  // ---- Field reports: refused empty, a report with a photo, an adverse event, the photo verified ----
  await page.getByRole('link', { name: 'Field reports' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/plans/${plan.id}/field-reports$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Field reports' })).toBeVisible();
  await expect(page.getByText('No reports yet')).toBeVisible();
  await page.getByRole('button', { name: 'Publish report' }).click();
  await expect(page.getByText('Choose the stage the report is about')).toBeVisible();
  await expect(page.getByText('Text is required', { exact: true })).toBeVisible();

  await page.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: 'Planted' }).click();
  await page
    .getByLabel('Report', { exact: true })
    .fill('Sown on 118 of the 120.5 hectares after the first rains; good emergence.');
  await page.locator('input[type="file"]').setInputFiles(PHOTO);
  await expect(
    page
      .getByRole('list', { name: 'Photos to publish' })
      .getByRole('img', { name: 'Upload 1: id-front.png' }),
  ).toBeVisible();
  await checkedScreen(page, 'field-report-form', 1440);
  await page.getByRole('button', { name: 'Publish report' }).click();
  await expect(page.getByText('Report published', { exact: true })).toBeVisible();
  const reports = page.getByRole('list', { name: 'Field reports' }).getByRole('article');
  await expect(reports).toHaveCount(1);
  await expect(reports.first().getByRole('img', { name: 'Planted report, 1 of 1' })).toBeVisible();
  await expect(reports.first()).toContainText('uploaded (the photo carries no date of its own)');

  await page.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: 'Adverse event' }).click();
  await page
    .getByLabel('Report', { exact: true })
    .fill('Hail on 14 hectares in the north block; about a tenth of the crop lost.');
  await page.getByRole('button', { name: 'Publish report' }).click();
  await expect(
    page.getByText("The plan's investors are notified and mailed about this adverse event.", { exact: true }),
  ).toBeVisible();
  await expect(reports).toHaveCount(2);
  await expect(reports.first()).toContainText('Adverse event');
  await expect(reports.first()).toHaveClass(/border-danger-border/);
  await expect(reports.nth(1)).not.toHaveClass(/border-danger-border/);

  const timeline = await client().ok(fieldReportOperations.fieldReports, {
    token: admin.accessToken,
    path: { id: plan.id },
  });
  const sha256 = timeline.find((report) => report.stage === 'planted')?.photos[0]?.sha256 as string;
  expect(sha256).toMatch(/^[0-9a-f]{64}$/);
  await reports
    .nth(1)
    .getByRole('button', { name: /^Verify/ })
    .click();
  const verify = page.getByRole('dialog', { name: 'Verify this report' });
  // The audit entry follows through the bus within seconds.
  await expect
    .poll(
      async () => {
        if (await verify.getByText('Not in the audit log yet').isVisible())
          await verify.getByRole('button', { name: 'Check again' }).click();
        return verify.getByText('Intact', { exact: true }).isVisible();
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await expect(verify).toContainText(`SHA-256 now: ${sha256}`);
  await expect(verify.getByRole('list', { name: 'Photos checked' })).toContainText('Matches the audit log');
  await checkedScreen(page, 'field-report-verify', 1440);
  await verify.getByRole('button', { name: 'Close' }).click();

  // ---- The Security tab's gates: present, labelled, as the server holds them; toggled and back, unsaved ----
  const gates = (await client().ok(identityOperations.adminSettings, { token: admin.accessToken })).security;
  await page.goto('/admin/settings/security');
  await expect(page.getByRole('heading', { name: 'Security Settings' })).toBeVisible();
  const switches: [name: string, key: keyof typeof gates][] = [
    ['Require a Complete Key Information Sheet', 'requireKeyInformation'],
    ['Require Acknowledging the Key Information Sheet', 'requireKeyInformationAcknowledgement'],
    ['Require the Suitability Questionnaire', 'requireSuitabilityCheck'],
  ];
  for (const [name, key] of switches)
    await expect(page.getByRole('switch', { name })).toHaveAttribute('aria-checked', String(gates[key]));
  await expect(
    page.getByRole('switch', { name: 'Require a Complete Key Information Sheet' }),
  ).toHaveAccessibleDescription(/takes investments only while its current key information sheet/);
  const acknowledgement = page.getByRole('switch', {
    name: 'Require Acknowledging the Key Information Sheet',
  });
  const before = String(gates.requireKeyInformationAcknowledgement);
  await acknowledgement.click();
  await expect(acknowledgement).toHaveAttribute('aria-checked', before === 'true' ? 'false' : 'true');
  await acknowledgement.click();
  await expect(acknowledgement).toHaveAttribute('aria-checked', before);
  await checkedScreen(page, 'security-gates', 1440);
  expect(
    (await client().ok(identityOperations.adminSettings, { token: admin.accessToken })).security,
  ).toEqual(gates);

  // ---- A phone: the three pages and a dialog, nothing sideways ----
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/operators');
  await expect(page.getByRole('heading', { level: 1, name: 'Operators' })).toBeVisible();
  await checkedScreen(page, 'operators', 390);
  await page.getByRole('button', { name: 'New operator' }).first().click();
  await page
    .getByRole('dialog', { name: 'New operator' })
    .getByRole('button', { name: 'Add past season' })
    .click();
  await checkedScreen(page, 'operator-dialog', 390);
  await page.keyboard.press('Escape');
  await page.goto(`/admin/plans/${plan.id}/key-information`);
  await expect(page.getByRole('heading', { name: 'Edit the sheet (version 2)' })).toBeVisible();
  await checkedScreen(page, 'key-information', 390);
  await page.goto(`/admin/plans/${plan.id}/field-reports`);
  await expect(page.getByRole('list', { name: 'Field reports' }).getByRole('article')).toHaveCount(2);
  await checkedScreen(page, 'field-reports', 390);
  await page.getByRole('button', { name: /^Verify the Planted report/ }).click();
  await expect(
    page.getByRole('dialog', { name: 'Verify this report' }).getByText('Intact', { exact: true }),
  ).toBeVisible();
  await checkedScreen(page, 'field-report-verify', 390);
});
