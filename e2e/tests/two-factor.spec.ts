// Two-factor sign-in and the Security tab against the real stack (issue 11; docs/decisions/0062-two-factor.md):
// the investor turns two-factor on with a code computed here from the secret the page shows, keeps the
// recovery codes, signs out and back in with a code, then once with a recovery code; a password change signs
// another browser out; axe scans and phone width.
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { test, expect, createInvestor, settled, signIn, stack } from '../support/fixtures.ts';
import { seriousViolations } from '../support/a11y.ts';

const STEP_MS = 30_000;
const codeAt = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * STEP_MS });

async function openSecurityTab(page: Page) {
  await page.goto('/investor/profile?tab=security');
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await settled(page);
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  // The toast comes with the full page load that ends signing out, so no navigation is still on its way.
  await expect(page.getByText('Logged out successfully!', { exact: true })).toBeVisible();
}

test('two-factor: enrol with a scanned secret, then sign in with a code and once with a recovery code', async ({
  page,
}, info) => {
  const investor = await createInvestor('Two Factor');
  await signIn(page, investor.email, investor.password);
  await openSecurityTab(page);
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: info.outputPath('security-tab.png'), fullPage: true });

  await page.getByRole('button', { name: 'Turn On Two-Factor' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() as string;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await seriousViolations(page)).toEqual([]);
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
  expect(await seriousViolations(page)).toEqual([]);
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
