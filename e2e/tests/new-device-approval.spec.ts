// New-device approval and the freeze from signed-out pages (issue 26 items 5 and 7; docs/decisions/0100 and 0101),
// through the browser under axe: a sign-in from a browser without the account's device cookie, from a network the
// account never used, waits on "Check your email" while the owner approves it from the mailed link in another
// browser, and carries on by itself; refusing it with the freeze stops the waiting sign-in and every later one until
// the owner unfreezes the account with the password and a mailed link; the freeze link of a security mail freezes
// the account without signing in. The waiting browser and the approving one use the two widths in turn.
import type { Browser, Page } from '@playwright/test';
import { ACCOUNT_FROZEN_MESSAGE, maskEmail } from '@cropvest/contracts/identity/account-protection';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { test, expect, client, apiLogin, createInvestor, settled } from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';
import { linkToken, mailsTo } from '../../test/support/mail.ts';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function axeClean(page: Page) {
  await settled(page);
  expect(await axeViolations(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The token of the `count`-th mail to `email` that links to `page` (mail is sent after commit: wait for it). */
async function mailedToken(email: string, page: string, count = 1): Promise<string> {
  const withLink = () => mailsTo(email).filter((mail) => mail.body.includes(`/${page}?token=`));
  await expect.poll(() => withLink().length, { timeout: 30_000 }).toBeGreaterThanOrEqual(count);
  return linkToken(withLink()[count - 1]!, page);
}

/** The password form of /login, from this browser as it is (no device cookie unless it earned one). */
async function submitSignIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The owner opens the mailed link in a browser of their own (another device, another width). */
async function openApproval(browser: Browser, token: string, viewport: typeof DESKTOP) {
  // A context of its own (axe needs one made by newContext): the owner's own browser, without this one's cookies.
  const owner = await (await browser.newContext({ viewport })).newPage();
  await owner.goto(`/approve-device?token=${encodeURIComponent(token)}`);
  await expect(owner.getByRole('heading', { name: 'Someone is signing in to your account' })).toBeVisible();
  await expect(owner.getByText('Approximate place')).toBeVisible();
  await expect(owner.getByText('Network (IP) address')).toBeVisible();
  return owner;
}

test('a sign-in from a new device waits for the mailed approval, then reaches the dashboard by itself', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(DESKTOP);
  const investor = await createInvestor('Approval Investor');

  await submitSignIn(page, investor.email, investor.password);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(maskEmail(investor.email))).toBeVisible();
  await expect(page.getByText('The link expires in')).toBeVisible();
  await axeClean(page);
  await page.screenshot({ path: 'test-results/new-device-waiting-desktop.png', fullPage: true });

  const owner = await openApproval(browser, await mailedToken(investor.email, 'approve-device'), PHONE);
  await axeClean(owner);
  await owner.screenshot({ path: 'test-results/new-device-approval-phone.png', fullPage: true });
  await owner.getByRole('button', { name: 'Yes, it’s me — approve' }).click();
  await expect(owner.getByRole('heading', { name: 'Sign-in approved' })).toBeVisible();
  await expect(owner.getByText('You can go back to the device that is signing in')).toBeVisible();
  await axeClean(owner);
  await owner.context().close();

  // The waiting browser was asking all along: it signs in without another click.
  await expect(page.getByText('Logged in successfully!', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/investor\/dashboard$/);
});

test('refused with the freeze: the waiting sign-in is told, sign-ins say frozen until the mailed unfreeze', async ({
  page,
  browser,
}) => {
  await page.setViewportSize(PHONE);
  const investor = await createInvestor('Refusing Investor');

  await submitSignIn(page, investor.email, investor.password);
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await axeClean(page);
  await page.screenshot({ path: 'test-results/new-device-waiting-phone.png', fullPage: true });

  const owner = await openApproval(browser, await mailedToken(investor.email, 'approve-device'), DESKTOP);
  await owner.getByRole('button', { name: 'No, it wasn’t me' }).click();
  const dialog = owner.getByRole('alertdialog', { name: 'Refuse this sign-in?' });
  await expect(dialog.getByRole('checkbox', { name: 'Also freeze my account' })).toBeChecked();
  expect(await axeViolations(owner)).toEqual([]);
  await owner.screenshot({ path: 'test-results/new-device-refuse-dialog-desktop.png' });
  await dialog.getByRole('button', { name: 'Refuse sign-in' }).click();
  await expect(owner.getByRole('heading', { name: 'Sign-in refused' })).toBeVisible();
  await expect(owner.getByText('Your account is frozen')).toBeVisible();
  await axeClean(owner);
  await owner.context().close();

  // The waiting browser hears the refusal and is back on the form, saying so.
  const refusal = page.getByRole('alert').filter({ hasText: 'This sign-in was refused' });
  await expect(refusal).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  // Every sign-in now says the account is frozen, with the way out.
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert').filter({ hasText: ACCOUNT_FROZEN_MESSAGE })).toBeVisible();
  await axeClean(page);
  await page.getByRole('link', { name: 'Unfreeze my account' }).click();

  await expect(page).toHaveURL(/\/unfreeze$/);
  await expect(page.getByRole('heading', { name: 'Unfreeze your account' })).toBeVisible();
  await page.getByLabel('Email').fill(investor.email);
  await page.getByLabel('Password', { exact: true }).fill(investor.password);
  await expect(page.getByLabel(/Authentication code/)).toBeVisible();
  await axeClean(page);
  await page.screenshot({ path: 'test-results/unfreeze-form-phone.png', fullPage: true });
  await page.getByRole('button', { name: 'Email me the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(maskEmail(investor.email))).toBeVisible();

  await page.goto(
    `/unfreeze/confirm?token=${encodeURIComponent(await mailedToken(investor.email, 'unfreeze/confirm'))}`,
  );
  await expect(page.getByRole('button', { name: 'Unfreeze my account' })).toBeVisible();
  await axeClean(page);
  await page.getByRole('button', { name: 'Unfreeze my account' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is unfrozen' })).toBeVisible();
  await axeClean(page);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // This browser was refused, so it is still a stranger to the account: the sign-in asks for approval again.
  await page.getByLabel('Email').fill(investor.email);
  await page.getByLabel('Password', { exact: true }).fill(investor.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const again = await openApproval(browser, await mailedToken(investor.email, 'approve-device', 2), DESKTOP);
  await again.getByRole('button', { name: 'Yes, it’s me — approve' }).click();
  await expect(again.getByRole('heading', { name: 'Sign-in approved' })).toBeVisible();
  await again.context().close();
  await expect(page).toHaveURL(/\/investor\/dashboard$/);
});

for (const viewport of [DESKTOP, PHONE])
  test(`${viewport.width} px: the freeze link of a security mail freezes the account without signing in`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const investor = await createInvestor('Freezing Investor');
    const session = await apiLogin(investor.email, investor.password);
    const changed = await client().call(identityOperations.changePassword, {
      token: session.accessToken,
      body: { currentPassword: investor.password, newPassword: 'Harvest-2027' },
    });
    expect(changed.status).toBe(200);

    await page.goto(`/freeze?token=${encodeURIComponent(await mailedToken(investor.email, 'freeze'))}`);
    await expect(page.getByRole('heading', { name: 'Freeze your account' })).toBeVisible();
    await expect(page.getByText('every session ends, on every device;')).toBeVisible();
    await axeClean(page);
    await page.screenshot({ path: `test-results/freeze-link-${viewport.width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Freeze my account' }).click();
    await expect(page.getByRole('heading', { name: 'Your account is frozen' })).toBeVisible();
    await axeClean(page);

    const signIn = await fetch(new URL('/api/auth/login', page.url()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: investor.email, password: 'Harvest-2027' }),
    });
    expect(signIn.status).toBe(403);
    expect(((await signIn.json()) as { code: string }).code).toBe('ACCOUNT_FROZEN');
  });
