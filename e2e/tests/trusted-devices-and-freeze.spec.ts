// Trusted devices, new-device approval and the freeze (issue 26 items 5, 7 and 9; decisions 0100 and 0101), through
// the browser at both widths under axe, dialogs included: an investor signed in on a second device (by the API, its
// own device cookie and an iPhone's browser) sees both devices under Security, this one marked; signs the other one
// out (its session leaves the sessions list) and removes it; switches new-device approval off with the password
// and on again; freezes the account and lands on the sign-in page saying so. An admin then reads that user's page:
// frozen by the owner, the trusted device, and unfreezes it with a reason.
import { identityOperations } from '@cropvest/contracts/identity/api';
import {
  test,
  expect,
  apiLogin,
  client,
  createInvestor,
  deviceCookieOf,
  signIn,
  stack,
} from '../support/fixtures.ts';
import { axeClean, axeViolations, WIDTHS } from '../support/a11y.ts';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

for (const viewport of WIDTHS) {
  test(`${viewport.name}: trusted devices signed out and removed, approval off and on, the account frozen and unfrozen by an admin`, async ({
    page,
  }) => {
    const phone = viewport.name === 'phone';
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const investor = await createInvestor('Device Owner');
    const otherDevice = await apiLogin(investor.email, investor.password, {
      cookie: deviceCookieOf(`${investor.email}#iphone`),
      userAgent: IPHONE,
    });

    await signIn(page, investor.email, investor.password);
    await page.goto('/investor/profile?tab=security');
    const tab = page.getByRole('tabpanel', { name: 'Security' });
    const devices = tab.getByRole('list', { name: 'Trusted devices' });
    const sessions = tab.getByRole('list', { name: 'Active sessions' });
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    const here = devices.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(here).toHaveCount(1);
    await expect(here).toContainText('the account was registered from it');
    const iphone = devices.getByRole('listitem').filter({ hasNotText: 'This device' });
    await expect(iphone).toContainText(/iPhone|iOS/);
    await expect(iphone).toContainText('1 open session');
    // The sign-up's session, the iPhone's and this browser's.
    await expect(sessions.getByRole('listitem')).toHaveCount(3);
    await axeClean(page, phone);
    await page.screenshot({ path: `test-results/trusted-devices-${viewport.name}.png`, fullPage: true });

    // Sign the iPhone out: it stays trusted, its session is gone from the sessions list.
    await iphone.getByRole('button', { name: /^Sign out / }).click();
    const signOutDialog = page.getByRole('alertdialog', { name: 'Sign out this device?' });
    await expect(signOutDialog).toContainText('It stays trusted');
    expect(await axeViolations(page)).toEqual([]);
    await signOutDialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(signOutDialog).toBeHidden();
    await expect(iphone).toContainText('No open sessions');
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    const refresh = { refreshToken: otherDevice.refreshToken };
    expect((await client().call(identityOperations.refresh, { body: refresh })).status).toBe(401);

    // Remove it: forgotten.
    await iphone.getByRole('button', { name: /^Remove / }).click();
    const removeDialog = page.getByRole('alertdialog', { name: 'Remove this device?' });
    await expect(removeDialog).toContainText('waits for an emailed approval again');
    expect(await axeViolations(page)).toEqual([]);
    await removeDialog.getByRole('button', { name: 'Remove' }).click();
    await expect(removeDialog).toBeHidden();
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await expect(devices.getByRole('listitem')).toContainText('This device');

    // New-device approval: on by default; off takes a warning and the password; on takes nothing.
    const approval = tab.getByRole('switch', { name: 'Approve sign-ins from new devices by email' });
    await expect(approval).toBeChecked();
    await approval.click();
    const offDialog = page.getByRole('dialog', { name: 'Switch new-device approval off?' });
    await expect(offDialog).toContainText('anyone who learns your password');
    await offDialog.getByRole('button', { name: 'Switch Off' }).click();
    await expect(offDialog.getByText('Current password is required')).toBeVisible();
    await offDialog.getByLabel('Current Password').fill(investor.password);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/device-approval-off-${viewport.name}.png` });
    await offDialog.getByRole('button', { name: 'Switch Off' }).click();
    await expect(offDialog).toBeHidden();
    await expect(approval).not.toBeChecked();
    await approval.click();
    await expect(approval).toBeChecked();
    await expect(page.getByText('New-device approval on', { exact: true })).toBeVisible();

    // Freeze: confirmed, then this browser is signed out to the sign-in page, which says why.
    await tab.getByRole('button', { name: 'Freeze My Account' }).click();
    const freezeDialog = page.getByRole('alertdialog', { name: 'Freeze your account now?' });
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: `test-results/freeze-confirm-${viewport.name}.png` });
    await freezeDialog.getByRole('button', { name: 'Freeze My Account' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your account is frozen.', { exact: true })).toBeVisible();
    const refused = await client().call(identityOperations.login, {
      body: { email: investor.email, password: investor.password },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'ACCOUNT_FROZEN' });

    // The admin sees it on the user page, and unfreezes it with a reason.
    await signIn(page, stack().adminEmail, stack().adminPassword);
    await page.goto(`/admin/users/${otherDevice.user.id}`);
    const freeze = page.getByRole('region', { name: 'Account freeze' });
    await expect(freeze.getByText('Frozen', { exact: true })).toBeVisible();
    await expect(freeze).toContainText('by the owner');
    await expect(freeze.getByText('On', { exact: true })).toBeVisible();
    const adminDevices = page.getByRole('region', { name: 'Trusted devices' });
    await expect(adminDevices.getByRole('listitem')).toHaveCount(1);
    await expect(adminDevices).toContainText('the account was registered from it');
    await axeClean(page, phone);
    await page.screenshot({ path: `test-results/admin-freeze-${viewport.name}.png`, fullPage: true });

    await freeze.getByRole('button', { name: 'Unfreeze account' }).click();
    const unfreezeDialog = page.getByRole('dialog', { name: 'Unfreeze account' });
    await unfreezeDialog.getByRole('button', { name: 'Unfreeze account' }).click();
    await expect(unfreezeDialog.getByText('Reason is required')).toBeVisible();
    await unfreezeDialog.getByLabel('Reason').fill('Owner called support and proved who they are');
    expect(await axeViolations(page)).toEqual([]);
    await unfreezeDialog.getByRole('button', { name: 'Unfreeze account' }).click();
    await expect(unfreezeDialog).toBeHidden();
    await expect(freeze.getByText('Not frozen', { exact: true })).toBeVisible();
    await expect(freeze.getByRole('button', { name: 'Freeze account' })).toBeVisible();
    const { email, password } = investor;
    expect((await client().call(identityOperations.login, { body: { email, password } })).status).toBe(200);
  });
}
