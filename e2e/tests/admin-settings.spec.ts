// System Settings end to end (issue 13 sections 2 and 6): the tab is in the address; a minimum above the maximum
// is refused in the form and by the server; switching Auto compound interest off is saved (the button reads
// Saving... meanwhile) and the investor's invest dialog projects simple interest at once after; the landing's
// testimonials appear only once an admin adds one with the investor's consent recorded and go when removed;
// the auto-credit of chain-verified deposits switched off and its ceiling saved with the security section; axe on
// every tab; 375 px without sideways scrolling. Platform-wide settings: restored at the end.
import type { Page } from '@playwright/test';
import pg from 'pg';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { testimonialOperations } from '@cropvest/contracts/identity/testimonials-api';
import {
  client,
  apiLogin,
  createInvestor,
  createPlan,
  expect,
  fundedVerifiedInvestor,
  openLanding,
  settled,
  signIn,
  signOut,
  stack,
  test,
  stackAdmin,
  startSignedIn,
} from '../support/fixtures.ts';
import { isCallOf, onPathOf } from '../support/calls.ts';
import { axeViolations } from '../support/a11y.ts';

const adminToken = async () => (await apiLogin(stack().adminEmail, stack().adminPassword)).accessToken;

test.afterAll(async () => {
  const token = await adminToken();
  const security = await client().call(identityOperations.updateAdminSettings, {
    token,
    body: {
      section: 'security',
      settings: { requirePasswordReset: false, autoCreditDeposits: true, autoCreditCeiling: '1000.00' },
    },
  });
  expect(security.status).toBe(200);
  const restored = await client().call(identityOperations.updateAdminSettings, {
    token,
    body: {
      section: 'interest',
      settings: { autoCompoundInterest: true, minimumInvestment: '100', maximumInvestment: '10000' },
    },
  });
  expect(restored.status).toBe(200);
});

async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('the four tabs, a minimum above the maximum refused, and a switch that shows in the invest dialog', async ({
  page,
}, info) => {
  const plan = await createPlan(`Settings barley ${Date.now()}`);
  const investor = await fundedVerifiedInvestor('500');

  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/settings/interest');
  await expect(page.getByRole('heading', { level: 1, name: 'System Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Interest Controls' })).toBeVisible();
  await settled(page);
  await expect(page.getByRole('tab', { name: 'interest' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Default Daily Interest Rate (%)')).toHaveValue('2.50');

  // Minimum above maximum: refused under the field, nothing saved.
  await page.getByLabel('Minimum Investment (USDT)').fill('20000');
  await page.getByRole('button', { name: 'Save Interest Settings' }).click();
  await expect(page.getByText('Minimum investment must be below maximum investment')).toBeVisible();
  // And by the server, as JSON with the same message.
  const token = await adminToken();
  const refused = await client().call(identityOperations.updateAdminSettings, {
    token,
    body: { section: 'interest', settings: { minimumInvestment: '20000' } },
  });
  expect(refused).toMatchObject({
    status: 400,
    body: { message: 'Minimum investment must be below maximum investment' },
  });
  expect((await client().ok(identityOperations.adminSettings, { token })).interest.minimumInvestment).toBe(
    '100.00000000',
  );
  await page.getByLabel('Minimum Investment (USDT)').fill('100');

  // Auto compound interest off; the button reads Saving... while the save is on its way.
  await page.getByRole('switch', { name: 'Auto Compound Interest' }).click();
  await expect(page.getByRole('switch', { name: 'Auto Compound Interest' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const settingsPath = onPathOf(identityOperations.updateAdminSettings);
  await page.route(settingsPath, async (route) => {
    if (isCallOf(identityOperations.updateAdminSettings, route.request())) await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Save Interest Settings' }).click();
  await expect(page.getByRole('button', { name: /Saving\.\.\./ })).toBeDisabled();
  release();
  await expect(page.getByText('Settings updated successfully', { exact: true })).toBeVisible();
  await page.unroute(settingsPath);
  expect((await client().ok(identityOperations.adminSettings, { token })).interest.autoCompoundInterest).toBe(
    false,
  );
  await page.screenshot({ path: info.outputPath('settings-interest-desktop.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  // The other tabs, each from the address or a click.
  await page.getByRole('tab', { name: 'security' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/security$/);
  // A tab clicked with the mouse keeps no keyboard focus ring (issue 27); one reached by the keyboard shows it.
  const ringOf = (name: string) =>
    page.getByRole('tab', { name }).evaluate((tab) => getComputedStyle(tab).boxShadow);
  // Tailwind's ring-2: a 2 px spread shadow (the active tab's own shadow-sm has none).
  const RING = '0px 0px 0px 2px';
  expect(await ringOf('security')).not.toContain(RING);
  await page.getByRole('tab', { name: 'security' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'interest' })).toBeFocused();
  expect(await ringOf('interest')).toContain(RING);
  await page.getByRole('tab', { name: 'security' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/security$/);
  await expect(page.getByRole('switch', { name: 'Audit Sign-in Events' })).toBeVisible();
  await expect(
    page.getByText(
      'Money, access and settings actions are always audited; this switch cannot turn that off.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Periodic Password Reset (every 90 days)' })).toBeVisible();
  await expect(page.getByLabel('Allowed Admin Addresses')).toBeVisible();
  await page.screenshot({ path: info.outputPath('settings-security-desktop.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'general' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByLabel('Platform Name')).toHaveValue('CropVest');
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'audit' }).click();
  await expect(page).toHaveURL(/\/admin\/settings\?tab=audit$/);
  await expect(page.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);

  // The investor's invest dialog now projects simple interest: 100 × 0.05% = 0.05 a day, 1.50 over 30 days.
  await signOut(page);
  await startSignedIn(page, investor);
  await page.goto(`/investor/invest?plan=${plan.id}`);
  const dialog = page.getByRole('dialog', { name: `Invest in ${plan.title}` });
  await expect(dialog.getByTestId('invest-terms')).toContainText('Simple interest');
  await expect(dialog.getByText('1.50 USDT', { exact: true })).toBeVisible();
});

test('testimonials appear on the landing page only once added with consent, and go when removed', async ({
  page,
}, info) => {
  const section = page.getByRole('heading', { name: 'What our investors say' });
  const token = await adminToken();
  const existing = await client().ok(testimonialOperations.adminTestimonials, {
    token,
    query: { pageSize: 200 },
  });
  expect(existing).toEqual([]);
  await openLanding(page);
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  await expect(section).toHaveCount(0);

  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/settings');
  await settled(page);
  await expect(page.getByText('No testimonials', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add Testimonial' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Testimonial' });
  await dialog.getByLabel("Investor's Name").fill('Amina K.');
  await dialog.getByLabel('Location (optional)').fill('Nairobi');
  await dialog.getByLabel('Testimonial').fill('I knew the harvest date and my rate from the first day.');
  await dialog.getByLabel('How Consent Was Given').fill('Signed consent form received by mail');
  await dialog.getByRole('button', { name: 'Add Testimonial' }).click();
  await expect(dialog.getByText("The investor's consent to publish must be recorded")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByLabel('The investor agreed to publish these words with their name').check();
  await dialog.getByRole('button', { name: 'Add Testimonial' }).click();
  await expect(dialog).toBeHidden();
  const list = page.getByRole('list', { name: 'Landing testimonials' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Signed consent form received by mail');
  await page.screenshot({ path: info.outputPath('settings-general-desktop.png'), fullPage: true });

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/admin/settings/security');
  await expect(page.getByLabel('Allowed Admin Addresses')).toBeVisible();
  await settled(page);
  await noSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath('settings-security-375.png'), fullPage: true });
  await page.goto('/admin/settings');
  await expect(page.getByRole('list', { name: 'Landing testimonials' })).toBeVisible();
  await settled(page);
  await noSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath('settings-general-375.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Signing out ends on the sign-in page; the landing is opened once it is there.
  await signOut(page);
  await expect(page.getByText('Logged out successfully!', { exact: true })).toBeVisible();
  await openLanding(page);
  await expect(section).toBeVisible();
  const quote = page.getByRole('listitem').filter({ hasText: 'Amina K.' });
  await expect(quote).toContainText('I knew the harvest date and my rate from the first day.');
  await expect(quote.getByLabel('Rated 5 of 5')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('landing-testimonials-desktop.png') });
  expect(await axeViolations(page)).toEqual([]);

  // Removed: gone from the landing.
  const [entry] = await client().ok(testimonialOperations.adminTestimonials, { token });
  expect(
    (await client().call(testimonialOperations.deleteTestimonial, { token, path: { id: entry!.id } })).status,
  ).toBe(200);
  await openLanding(page);
  await expect(page.getByRole('heading', { name: 'How it works' })).toBeVisible();
  await expect(section).toHaveCount(0);
});

test('Periodic password reset: a password older than 90 days is changed at sign-in before anything else', async ({
  page,
}, info) => {
  const investor = await createInvestor('Old Password Investor');
  const database = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await database.connect();
  try {
    await database.query(
      `UPDATE identity.users SET password_changed_at = now() - interval '91 days' WHERE email = $1`,
      [investor.email],
    );
  } finally {
    await database.end();
  }
  const saved = await client().call(identityOperations.updateAdminSettings, {
    token: await adminToken(),
    body: { section: 'security', settings: { requirePasswordReset: true } },
  });
  expect(saved.status).toBe(200);

  await signIn(page, investor.email, investor.password);
  await expect(page).toHaveURL(/\/change-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
  // Anywhere else first: the server refuses, and the page comes back.
  await page.goto('/investor/history');
  await expect(page).toHaveURL(/\/change-password$/);
  // The page as drawn, not the moment between the redirect and its lazily loaded screen.
  await expect(page.getByRole('heading', { level: 1, name: 'Change your password' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('change-password-desktop.png') });

  await page.getByLabel('Current Password').fill(investor.password);
  await page.getByLabel('New Password', { exact: true }).fill('Harvest-2027-new');
  await page.getByLabel('Confirm New Password').fill('Harvest-2027-new');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Your password has been changed successfully.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/investor\/dashboard$/);
  await page.goto('/investor/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction History' })).toBeVisible();
  await expect(page).toHaveURL(/\/investor\/history$/);
});

test("the security settings' auto-credit of chain-verified deposits: refused when not positive, saved with the section", async ({
  page,
}, info) => {
  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/settings/security');
  const autoCredit = page.getByRole('switch', { name: 'Credit chain-verified deposits automatically' });
  const ceiling = page.getByLabel('Auto-credit ceiling (USDT)');
  await expect(autoCredit).toBeChecked();
  await expect(ceiling).toHaveValue('1000.00');
  await expect(
    page.getByText(
      'A deposit the blockchain verified is credited without an admin up to this amount; above it an admin approves it.',
    ),
  ).toBeVisible();
  await settled(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: info.outputPath('settings-security-1440.png'), fullPage: true });

  // Not positive: refused under the field, nothing sent.
  let sent = 0;
  page.on('request', (request) => {
    if (isCallOf(identityOperations.updateAdminSettings, request)) sent++;
  });
  await ceiling.fill('0');
  await page.getByRole('button', { name: 'Save Security Settings' }).click();
  await expect(page.getByText('Auto-credit ceiling must be positive')).toBeVisible();
  await expect(ceiling).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toBe(0);
  expect(await axeViolations(page)).toEqual([]);

  await ceiling.fill('250.5');
  await autoCredit.click();
  await expect(autoCredit).not.toBeChecked();
  await page.getByRole('button', { name: 'Save Security Settings' }).click();
  await expect(page.getByText('Settings updated successfully', { exact: true })).toBeVisible();
  const saved = (await client().ok(identityOperations.adminSettings, { token: await adminToken() })).security;
  expect(saved).toMatchObject({ autoCreditDeposits: false, autoCreditCeiling: '250.50' });

  // Read back after a reload, as saved.
  await page.reload();
  await expect(autoCredit).not.toBeChecked();
  await expect(ceiling).toHaveValue('250.50');
  await settled(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Save Security Settings' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: info.outputPath('settings-security-390.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
});
