// Profile & Settings, KYC Verification and Notifications tabs, against the real stack: the investor fills the
// KYC form and uploads real files (e2e/fixtures: two PNGs and a PDF) through the drop zones; the admin reviews
// through the API and the banner changes without a reload (the live notification stream; the fallback poll
// is 30 s, longer than any wait here); after a rejection the investor submits again and the first submission
// stays on record and on screen; the notification switches are kept by the server; axe scans and phone width.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { kycOperations } from '@cropvest/contracts/kyc/api';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import { test, expect, apiLogin, client, createInvestor, stack, startSignedIn } from '../support/fixtures.ts';
import { answerTo, isCallOf } from '../support/calls.ts';
import { axeViolations } from '../support/a11y.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const ID_FRONT = fixture('id-front.png');
const SELFIE = fixture('selfie.png');
const PROOF_PDF = fixture('proof-of-address.pdf');

const BANNER_TEXT = {
  pending: 'Your documents are under review. This may take 1-3 business days.',
  approved: 'Your identity has been verified. You have full access to all platform features.',
  rejected: 'Your KYC submission was rejected. Please contact support for assistance.',
};

const adminToken = async () => (await apiLogin(stack().adminEmail, stack().adminPassword)).accessToken;

const kycForm = (page: Page) => page.getByRole('form', { name: 'KYC submission' });
const banner = (page: Page) => page.locator('[data-kyc-status]');

/** Chooses a file for one drop zone the way a person does: click it, pick the file in the dialog. */
async function chooseFile(page: Page, zone: RegExp, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await kycForm(page).getByRole('button', { name: zone }).click();
  await (await chooser).setFiles(file);
}

async function fillDetails(page: Page, firstName: string): Promise<void> {
  const form = kycForm(page);
  for (const [label, value] of [
    ['First name', firstName],
    ['Last name', 'Mwangi'],
    ['Date of birth', '1988-02-14'],
    ['Nationality', 'Kenyan'],
    ['Address', '4 Harvest Lane'],
    ['City', 'Nakuru'],
    ['Country', 'Kenya'],
    ['Postal code', '20100'],
    ['Phone number', '+254 700 000 000'],
    ['ID number', 'K7654321'],
  ] as const)
    await form.getByLabel(label, { exact: true }).fill(value);
  await form.getByLabel('ID type', { exact: true }).click();
  await page.getByRole('option', { name: 'Passport' }).click();
}

/** Uploads the ID front and the selfie (PNG) and the proof of address (PDF), leaving the back empty. */
async function uploadDocuments(page: Page): Promise<void> {
  const form = kycForm(page);
  await chooseFile(page, /^ID document \(front\)/, ID_FRONT);
  await expect(page.getByText('id-front.png uploaded successfully', { exact: true })).toBeVisible();
  await chooseFile(page, /^Selfie holding your ID/, SELFIE);
  await expect(page.getByText('selfie.png uploaded successfully', { exact: true })).toBeVisible();
  await chooseFile(page, /^Proof of address/, PROOF_PDF);
  await expect(page.getByText('proof-of-address.pdf uploaded successfully', { exact: true })).toBeVisible();
  await expect(form.getByText(/· uploaded/)).toHaveCount(3);
}

async function submitAndSeePending(page: Page): Promise<string> {
  const submitted = page.waitForResponse(answerTo(kycOperations.submitKyc));
  await kycForm(page).getByRole('button', { name: 'Submit for Verification' }).click();
  const response = await submitted;
  expect(response.status()).toBe(201);
  await expect(
    page.getByText('Your KYC documents have been submitted for review.', { exact: true }),
  ).toBeVisible();
  await expect(banner(page)).toHaveAttribute('data-kyc-status', 'pending');
  await expect(banner(page)).toContainText(BANNER_TEXT.pending);
  await expect(banner(page)).toHaveClass(/bg-warning-muted/);
  await expect(kycForm(page)).toHaveCount(0);
  return ((await response.json()) as { id: string }).id;
}

/** Marks the document so a reload (which would lose it) shows up as a failure. */
const markNoReload = (page: Page) => page.evaluate(() => ((window as { kept?: boolean }).kept = true));
const stillSamePage = (page: Page) => page.evaluate(() => (window as { kept?: boolean }).kept === true);

test('KYC: the Missing message, three real files uploaded, pending, then approved by the admin and the banner turns green live', async ({
  page,
}, info) => {
  const investor = await createInvestor('Kamau Kyc');
  await startSignedIn(page, investor);
  await page.goto('/investor/profile?tab=kyc');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile & Settings' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'KYC Verification' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('KYC Verification Required', { exact: true })).toBeVisible();
  await expect(page.getByText('Processing typically takes 1-3 business days.')).toBeVisible();

  // The spec's message names the first missing field by its label, and every missing field is flagged; nothing
  // is sent.
  let posts = 0;
  page.on('request', (r) => {
    if (isCallOf(kycOperations.submitKyc, r)) posts += 1;
  });
  await kycForm(page).getByRole('button', { name: 'Submit for Verification' }).click();
  await expect(
    kycForm(page).getByText('Please fill in all required fields. Missing: First name'),
  ).toBeVisible();
  await expect(kycForm(page).getByText('Last name is required')).toBeVisible();
  await expect(kycForm(page).getByLabel('City')).toHaveAttribute('aria-invalid', 'true');
  await fillDetails(page, 'Kamau');
  await kycForm(page).getByRole('button', { name: 'Submit for Verification' }).click();
  await expect(
    kycForm(page).getByText('Please fill in all required fields. Missing: ID document (front)'),
  ).toBeVisible();
  await expect(kycForm(page).getByText('Proof of address is required')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The selfie takes images only: the PDF is refused before anything is sent.
  await chooseFile(page, /^Selfie holding your ID/, PROOF_PDF);
  // The refusal names the accepted kinds; it once pasted the hint in ("… up to 10 MB.").
  await expect(
    kycForm(page).getByText('This kind of file is not accepted. Choose PNG, JPG, GIF or WEBP.', {
      exact: true,
    }),
  ).toBeVisible();
  await uploadDocuments(page);
  // A finished upload clears its Missing message at once.
  await expect(kycForm(page).getByText(/Missing: ID document \(front\)/)).toHaveCount(0);
  expect(posts).toBe(0);

  const id = await submitAndSeePending(page);
  await expect(page.getByText('Kamau Mwangi', { exact: true })).toBeVisible();
  await expect(page.getByText('Passport', { exact: true })).toBeVisible();
  // The date of birth reads like every other date, not as the raw 1988-02-14.
  await expect(page.getByText('Feb 14, 1988', { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The server holds what was sent: two images and a PDF, sniffed by content, no back side.
  const admin = await adminToken();
  const links = await client().ok(kycOperations.kycDocuments, { token: admin, path: { id } });
  expect(links.front.contentType).toBe('image/png');
  expect(links.selfie.contentType).toBe('image/png');
  expect(links.proofOfAddress.contentType).toBe('application/pdf');
  expect(links.back).toBeNull();
  const stored = await fetch(links.proofOfAddress.url);
  expect(Buffer.from(await stored.arrayBuffer()).equals(readFileSync(PROOF_PDF))).toBe(true);

  await markNoReload(page);
  const approved = await client().call(kycOperations.reviewKyc, {
    token: admin,
    path: { id },
    body: { status: 'approved', notes: 'Documents match.', rejectionReason: null },
  });
  expect(approved.status).toBe(200);
  await expect(banner(page)).toHaveAttribute('data-kyc-status', 'approved');
  await expect(banner(page)).toContainText(BANNER_TEXT.approved);
  await expect(banner(page)).toContainText('Notes: Documents match.');
  await expect(banner(page)).toHaveClass(/bg-success-muted/);
  expect(await stillSamePage(page)).toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('kyc-approved.png'), fullPage: true });
});

test('KYC: a rejection shows the red banner with reason and notes live; the investor submits again and the first submission is kept', async ({
  page,
}, info) => {
  const investor = await createInvestor('Wanjiru Retry');
  await startSignedIn(page, investor);
  await page.goto('/investor/profile?tab=kyc');
  await fillDetails(page, 'Wanjiru');
  await uploadDocuments(page);
  const firstId = await submitAndSeePending(page);

  await markNoReload(page);
  const admin = await adminToken();
  const rejected = await client().call(kycOperations.reviewKyc, {
    token: admin,
    path: { id: firstId },
    body: {
      status: 'rejected',
      rejectionReason: 'The ID photo is blurred.',
      notes: 'Please photograph it in daylight.',
    },
  });
  expect(rejected.status).toBe(200);
  await expect(banner(page)).toHaveAttribute('data-kyc-status', 'rejected');
  await expect(banner(page)).toContainText(BANNER_TEXT.rejected);
  await expect(banner(page)).toContainText('Reason: The ID photo is blurred.');
  await expect(banner(page)).toContainText('Notes: Please photograph it in daylight.');
  await expect(banner(page)).toHaveClass(/bg-danger-muted/);
  expect(await stillSamePage(page)).toBe(true);

  // The form is offered again, empty, and a new submission goes to review.
  await expect(page.getByRole('heading', { name: 'Submit your documents again' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('kyc-rejected.png'), fullPage: true });
  await fillDetails(page, 'Wanjiru');
  await uploadDocuments(page);
  const secondId = await submitAndSeePending(page);
  expect(secondId).not.toBe(firstId);
  // The first one is still shown, with its review.
  const earlier = page.getByRole('list', { name: 'Earlier submissions' });
  await expect(earlier.getByRole('listitem')).toHaveCount(1);
  await expect(earlier).toContainText('rejected');
  await expect(earlier).toContainText('Reason: The ID photo is blurred.');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('kyc-resubmitted.png'), fullPage: true });

  // Both stay on record: the rejected one with its reason, and the new pending one.
  const session = await apiLogin(investor.email, investor.password);
  const history = await client().ok(kycOperations.adminKyc, { token: admin, query: { q: investor.email } });
  const mine = history.filter((record) => record.userId === session.user.id);
  expect(mine.map((record) => [record.id, record.status]).sort()).toEqual(
    [
      [firstId, 'rejected'],
      [secondId, 'pending'],
    ].sort(),
  );
  expect(mine.find((record) => record.id === firstId)?.rejectionReason).toBe('The ID photo is blurred.');
});

test('Notifications: the six switches load from the server and keep their state across a reload', async ({
  page,
}) => {
  const investor = await createInvestor('Njeri Switches');
  await startSignedIn(page, investor);
  await page.goto('/investor/profile?tab=notifications');
  const switchNamed = (name: string) => page.getByRole('switch', { name, exact: true });
  const defaults = {
    'Email Notifications': true,
    'Push Notifications': false,
    'Investment Updates': true,
    'Deposit Confirmations': true,
    'Harvest Alerts': true,
    'Weekly Summary': false,
  };
  for (const [name, on] of Object.entries(defaults))
    await expect(switchNamed(name)).toHaveAttribute('aria-checked', String(on));
  expect(await axeViolations(page)).toEqual([]);

  for (const name of ['Deposit Confirmations', 'Weekly Summary']) {
    const saved = page.waitForResponse(answerTo(notificationOperations.updateNotificationPreferences));
    await switchNamed(name).click();
    expect((await saved).status()).toBe(200);
  }
  await page.reload();
  await expect(switchNamed('Deposit Confirmations')).toHaveAttribute('aria-checked', 'false');
  await expect(switchNamed('Weekly Summary')).toHaveAttribute('aria-checked', 'true');
  await expect(switchNamed('Email Notifications')).toHaveAttribute('aria-checked', 'true');

  const session = await apiLogin(investor.email, investor.password);
  const stored = await client().ok(notificationOperations.notificationPreferences, {
    token: session.accessToken,
  });
  expect(stored).toEqual({
    email: true,
    push: false,
    investment: true,
    deposits: false,
    harvests: true,
    weekly: true,
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the KYC form, its pending banner and the notification switches fit without sideways scrolling', async ({
    page,
  }, info) => {
    const investor = await createInvestor('Phone Kyc');
    await startSignedIn(page, investor);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

    await page.goto('/investor/profile?tab=kyc');
    await expect(page.getByText('KYC Verification Required', { exact: true })).toBeVisible();
    await fillDetails(page, 'Otieno');
    await uploadDocuments(page);
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await page.screenshot({ path: info.outputPath('kyc-form-375.png'), fullPage: true });

    await submitAndSeePending(page);
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await page.screenshot({ path: info.outputPath('kyc-pending-375.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/tab=notifications/);
    await expect(page.getByRole('switch', { name: 'Weekly Summary' })).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await page.screenshot({ path: info.outputPath('notifications-375.png'), fullPage: true });
  });
});
