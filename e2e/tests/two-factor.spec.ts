// Two-factor sign-in and the Security tab against the real stack (issue 11; docs/decisions/0062-two-factor.md):
// the investor turns two-factor on with a code computed here from the secret the page shows, keeps the
// recovery codes, signs out and back in with a code, then once with a recovery code; a password change signs
// another browser out; a second step left too long goes back to the password; an admin required to use
// two-factor enrols at sign-in; axe scans and phone width.
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { identityOperations } from '@cropvest/contracts/identity/api';
import {
  test,
  expect,
  apiLogin,
  client,
  createInvestor,
  settled,
  signIn,
  stack,
  useOwnDevice,
  signOut,
} from '../support/fixtures.ts';
import { closeConnections, serviceDb } from '../../test/support/connections.ts';
import { axeViolations } from '../support/a11y.ts';

test.afterAll(closeConnections);

const STEP_MS = 30_000;
const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * STEP_MS });

async function openSecurityTab(page: Page) {
  await page.goto('/investor/profile?tab=security');
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await settled(page);
}

async function passwordStep(page: Page, email: string, password: string) {
  await useOwnDevice(page, email);
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
}

test('two-factor: enrol with a scanned secret, then sign in with a code and once with a recovery code', async ({
  page,
}, info) => {
  const investor = await createInvestor('Two Factor');
  await signIn(page, investor.email, investor.password);
  await openSecurityTab(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('security-tab.png'), fullPage: true });

  await page.getByRole('button', { name: 'Turn On Two-Factor' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() as string;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('security-enrol.png'), fullPage: true });

  // A wrong code is refused with the server's words.
  await page.getByLabel('Authentication code').fill(codeAt(secret, 5));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Invalid authentication code', { exact: true })).toBeVisible();
  await page.getByLabel('Authentication code').fill(codeAt(secret));
  await page.getByRole('button', { name: 'Confirm' }).click();
  const codesList = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codesList.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await codesList.getByRole('listitem').allTextContents();
  await page.screenshot({ path: info.outputPath('security-recovery-codes.png'), fullPage: true });
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText('10 of 10 recovery codes left')).toBeVisible();

  // Signing in now asks for a code after the password; the enrolment used this step's code, so the next one.
  await signOut(page);
  await passwordStep(page, investor.email, investor.password);
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('login-code-step.png'), fullPage: true });
  await page.getByLabel('Authentication code').fill(codeAt(secret, 7));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Invalid authentication code', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await page.getByLabel('Authentication code').fill(codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Logged in successfully!', { exact: true })).toBeVisible();

  // …and once with a recovery code instead.
  await signOut(page);
  await passwordStep(page, investor.email, investor.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] as string);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Logged in successfully!', { exact: true })).toBeVisible();
  await openSecurityTab(page);
  await expect(page.getByText('9 of 10 recovery codes left')).toBeVisible();
});

test('a password change signs the other browser out; this device is marked in Device Tracking', async ({
  page,
  browser,
}, info) => {
  const investor = await createInvestor('Password Change');
  const other = await browser.newContext({ baseURL: stack().gatewayUrl });
  const otherPage = await other.newPage();
  await signIn(otherPage, investor.email, investor.password);
  await signIn(page, investor.email, investor.password);
  await openSecurityTab(page);
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  // Registering opened a session too: three in all.
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  await expect(sessions.getByText('This device')).toHaveCount(1);

  await page.getByLabel('Current Password').fill(investor.password);
  await page.getByLabel('New Password', { exact: true }).fill('Harvest-2027');
  await page.getByLabel('Confirm New Password').fill('Harvest-2028');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText("New passwords don't match.")).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('Harvest-2027');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password Updated', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveValue('');
  // Only this session is left.
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await page.screenshot({ path: info.outputPath('security-password-changed.png'), fullPage: true });

  // The other browser's next call is refused and its refresh fails: it lands on the sign-in page.
  await otherPage.goto('/investor/profile?tab=security');
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
});

test('a second step left past its five minutes goes back to the password with the reason', async ({
  page,
}) => {
  const investor = await createInvestor('Slow Second Step');
  const { accessToken } = await apiLogin(investor.email, investor.password);
  const { secret } = await client().ok(identityOperations.startTwoFactorEnrolment, { token: accessToken });
  const confirmed = await client().call(identityOperations.confirmTwoFactorEnrolment, {
    token: accessToken,
    body: { code: codeAt(secret) },
  });
  expect(confirmed.status).toBe(200);

  await passwordStep(page, investor.email, investor.password);
  // The clock moves on: the challenge the page holds expires.
  await serviceDb('identity')('two_factor_challenges')
    .where({ user_id: await apiUserId(accessToken) })
    .update({ expires_at: new Date(Date.now() - 1000) });
  await page.getByLabel('Authentication code').fill(codeAt(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Your sign-in has expired. Please sign in again.').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
});

test('an admin required to use two-factor enrols at sign-in, keeps the codes and reaches the dashboard', async ({
  page,
}, info) => {
  // A stack admin token taken before the setting turns on, to turn it off again whatever happens.
  const stackAdmin = (await apiLogin(stack().adminEmail, stack().adminPassword)).accessToken;
  const saveSecurity = async (enableTwoFactor: boolean) => {
    const saved = await client().call(identityOperations.updateAdminSettings, {
      token: stackAdmin,
      body: { section: 'security', settings: { enableTwoFactor } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  };
  const newcomer = await createInvestor('Newcomer Admin');
  const promoted = await client().call(identityOperations.updateAdminUser, {
    token: stackAdmin,
    path: { id: await userIdOf(newcomer) },
    body: { role: 'admin' },
  });
  expect(promoted.status).toBe(200);
  await saveSecurity(true);
  try {
    await useOwnDevice(page, newcomer.email);
    await page.goto('/login');
    await page.getByLabel('Email').fill(newcomer.email);
    await page.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: info.outputPath('admin-enrol-at-sign-in.png'), fullPage: true });
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() as string;
    await page.getByLabel('Authentication code').fill(codeAt(secret));
    await page.getByRole('button', { name: 'Turn on and sign in' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Logged in successfully!', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  } finally {
    await saveSecurity(false);
  }
});

async function userIdOf(account: { email: string; password: string }): Promise<string> {
  return (await apiLogin(account.email, account.password)).user.id;
}

async function apiUserId(accessToken: string): Promise<string> {
  return (await client().ok(identityOperations.me, { token: accessToken })).id;
}

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the Security tab and the enrolment fit without sideways scrolling', async ({ page }, info) => {
    const investor = await createInvestor('Phone Security');
    await signIn(page, investor.email, investor.password);
    await openSecurityTab(page);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Turn On Two-Factor' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await page.screenshot({ path: info.outputPath('security-375.png'), fullPage: true });
  });
});
