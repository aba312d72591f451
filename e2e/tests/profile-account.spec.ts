// The Profile tab and the pages of mailed links against the real stack: the name edited and followed at once,
// an email change that asks for the current password, waits for the link mailed to the new address (read from
// the development mail folder) and takes effect when it is opened; Login Alerts switched off and on; a password
// reset link sent by an admin used on its page; axe scans and phone width.
import type { Page } from '@playwright/test';
import { identityOperations } from '@cropvest/contracts/identity/api';
import {
  test,
  expect,
  apiLogin,
  client,
  createInvestor,
  signIn,
  stack,
  uniqueEmail,
  startSignedIn,
} from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';
import { linkToken, waitForMail } from '../../test/support/mail.ts';

const profileCard = (page: Page) => page.getByRole('tabpanel', { name: 'Profile' });

test('the name saves at once; a new email address needs the password and the link mailed to it', async ({
  page,
}, info) => {
  const investor = await createInvestor('Petra Profile');
  await startSignedIn(page, investor);
  await page.goto('/investor/profile');
  const card = profileCard(page);
  await expect(card.getByText('Investor Account')).toBeVisible();
  await expect(card.getByText(investor.email)).toBeVisible();
  await expect(card.getByText('0.00 USDT')).toBeVisible();
  await expect(card.getByText('PP', { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The name: Cancel keeps it, Save Changes saves it.
  await card.getByRole('button', { name: 'Edit Profile' }).click();
  await card.getByLabel('Full Name').fill('Someone Else');
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByText('Petra Profile')).toBeVisible();
  await card.getByRole('button', { name: 'Edit Profile' }).click();
  await card.getByLabel('Full Name').fill('P');
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card.getByText('Name must be at least 2 characters')).toBeVisible();
  await card.getByLabel('Full Name').fill('Petra Fields');
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible();
  await expect(card.getByText('Petra Fields')).toBeVisible();
  await expect(card.getByText('PF', { exact: true })).toBeVisible();

  // The email: the password is asked for, a wrong one is said under its field.
  const newEmail = uniqueEmail('petra-new');
  await card.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(card.getByLabel('Current Password')).toHaveCount(0);
  await card.getByLabel('Email Address').fill(newEmail);
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card.getByText('Enter your current password to change your email address')).toBeVisible();
  await card.getByLabel('Current Password').fill('not-my-password');
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(card.getByText('Current password is incorrect')).toBeVisible();
  await card.getByLabel('Current Password').fill(investor.password);
  await card.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile Updated', { exact: true })).toBeVisible();
  const waiting = card.getByRole('status').filter({ hasText: 'Confirm your new email address' });
  await expect(waiting).toContainText(newEmail);
  // Until the link is opened the account keeps its address.
  await expect(card.getByText(investor.email)).toBeVisible();
  await page.screenshot({ path: info.outputPath('profile-waiting.png'), fullPage: true });

  // The link from the mail, opened in this signed-in browser.
  const mail = await waitForMail(newEmail, /Confirm your new CropVest email address/);
  await page.goto(`/confirm-email?token=${encodeURIComponent(linkToken(mail, 'confirm-email'))}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your new email address' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm email address' }).click();
  await expect(page.getByRole('status')).toContainText(`Your email address is now ${newEmail}`);

  await page.goto('/investor/profile');
  await expect(card.getByText(newEmail)).toBeVisible();
  await expect(card.getByText('Confirm your new email address')).toHaveCount(0);
  // The old address was told.
  const notice = await waitForMail(investor.email, /Your email address was changed/);
  expect(notice.body).toContain(newEmail);
});

test('Login Alerts switch off and on, and stay so', async ({ page }) => {
  const investor = await createInvestor('Lars Alerts');
  await startSignedIn(page, investor);
  await page.goto('/investor/profile?tab=security');
  const alerts = page.getByRole('switch', { name: 'Tell me about sign-ins from somewhere new' });
  await expect(alerts).toBeChecked();
  await alerts.click();
  await expect(page.getByText('Login alerts off', { exact: true })).toBeVisible();
  await page.reload();
  await expect(alerts).not.toBeChecked();
  await alerts.click();
  await expect(page.getByText('Login alerts on', { exact: true })).toBeVisible();
  await expect(alerts).toBeChecked();
});

test('a password reset link from an admin sets a new password on its page', async ({ page }) => {
  const investor = await createInvestor('Rita Reset');
  const { user } = await apiLogin(investor.email, investor.password);
  const admin = await apiLogin(stack().adminEmail, stack().adminPassword);
  const issued = await client().call(identityOperations.adminResetPassword, {
    token: admin.accessToken,
    path: { id: user.id },
  });
  expect(issued.status).toBe(200);
  const mail = await waitForMail(investor.email, /Reset your CropVest password/);

  await page.goto(`/reset-password?token=${encodeURIComponent(linkToken(mail, 'reset-password'))}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel('New Password', { exact: true }).fill('Fresh-Harvest-7');
  await page.getByLabel('Confirm New Password').fill('Fresh-Harvest-8');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('Fresh-Harvest-7');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed' })).toBeVisible();

  // The link works once.
  await page.reload();
  await page.getByLabel('New Password', { exact: true }).fill('Other-Harvest-9');
  await page.getByLabel('Confirm New Password').fill('Other-Harvest-9');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired').first()).toBeVisible();

  await signIn(page, investor.email, 'Fresh-Harvest-7');
});

test.describe('at phone width', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the Profile tab and the confirmation page fit', async ({ page }, info) => {
    const investor = await createInvestor('Mo Phone');
    await startSignedIn(page, investor);
    await page.goto('/investor/profile');
    await profileCard(page).getByRole('button', { name: 'Edit Profile' }).click();
    await profileCard(page).getByLabel('Email Address').fill(uniqueEmail('mo-new'));
    await expect(profileCard(page).getByLabel('Current Password')).toBeVisible();
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await page.screenshot({ path: info.outputPath('profile-375.png'), fullPage: true });
    await page.goto('/confirm-email?token=not-a-real-one');
    await page.getByRole('button', { name: 'Confirm email address' }).click();
    await expect(page.getByRole('alert')).toContainText('invalid or has expired');
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await page.screenshot({ path: info.outputPath('confirm-email-375.png'), fullPage: true });
  });
});
