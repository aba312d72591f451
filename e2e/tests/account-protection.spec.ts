// Account protection (issue 26, decision 0098), through the browser at both widths under axe: the investor sets an
// anti-phishing code under Profile & Settings, Security, and finds it at the top of the mail announcing it; then
// changes the password, and the Withdraw screen shows the hold above everything (until when and why) with the form
// disabled, and a withdrawal is refused.
import { formatDateTime } from '@cropvest/ui/format';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { withdrawalHoldOperations } from '@cropvest/contracts/wallet/withdrawal-holds-api';
import {
  test,
  expect,
  client,
  apiLogin,
  fundedVerifiedInvestor,
  startSignedIn,
} from '../support/fixtures.ts';
import { axeClean, axeViolations, WIDTHS } from '../support/a11y.ts';
import { waitForMail } from '../../test/support/mail.ts';

const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

for (const viewport of WIDTHS) {
  test(`${viewport.name}: anti-phishing code in the mail; a password change holds withdrawals, shown before the form`, async ({
    page,
  }) => {
    const phone = viewport.name === 'phone';
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const investor = await fundedVerifiedInvestor('50');
    const code = `Blue barn ${viewport.width}`;

    await startSignedIn(page, investor);
    await page.goto('/investor/profile?tab=security');
    // Its cards are told apart by their own words (the dialogs open outside the tab).
    const card = page.getByRole('tabpanel', { name: 'Security' });
    await expect(card.getByText('Not set')).toBeVisible();
    await axeClean(page, phone);

    // Set it: the dialog asks for the phrase and the password.
    await card.getByRole('button', { name: 'Set a Code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set an anti-phishing code' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Anti-phishing code').fill(code);
    await dialog.getByLabel('Current Password').fill(investor.password);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save Code' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText(`Your anti-phishing code: ${code}`)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Change Code' })).toBeVisible();
    await page.screenshot({
      path: `test-results/account-protection-code-${viewport.name}.png`,
      fullPage: true,
    });

    // The mail announcing it already starts with it.
    const notice = await waitForMail(investor.email, /Anti-phishing code set/);
    expect(notice.body.split('\n')[0]).toBe(`Your anti-phishing code: ${code}`);

    // A password change places the hold.
    await card.getByLabel('Current Password').fill(investor.password);
    await card.getByLabel('New Password', { exact: true }).fill('new-secret-pass-9');
    await card.getByLabel('Confirm New Password').fill('new-secret-pass-9');
    await card.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Your password has been changed successfully.').first()).toBeVisible();
    const session = await apiLogin(investor.email, 'new-secret-pass-9');
    // The wallet hears of it through its inbox: wait until it holds.
    await expect
      .poll(
        async () =>
          (await client().ok(withdrawalHoldOperations.myWithdrawalHold, { token: session.accessToken })).held,
        {
          timeout: 30_000,
        },
      )
      .toBe(true);
    const hold = await client().ok(withdrawalHoldOperations.myWithdrawalHold, { token: session.accessToken });

    await page.goto('/investor/withdraw');
    const banner = page.getByRole('region', { name: /Withdrawals are on hold until/ });
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('heading')).toHaveText(
      `Withdrawals are on hold until ${formatDateTime(hold.until)}`,
    );
    await expect(banner).toContainText('because your password was changed');
    // Before the form: the banner comes first, and the form cannot be used.
    const amount = page.getByLabel('Amount (USDT)');
    await expect(amount).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Request Withdrawal' })).toBeDisabled();
    const bannerTop = (await banner.boundingBox())?.y ?? Infinity;
    const formTop = (await amount.boundingBox())?.y ?? 0;
    expect(bannerTop).toBeLessThan(formTop);
    await axeClean(page, phone);
    await page.screenshot({
      path: `test-results/account-protection-hold-${viewport.name}.png`,
      fullPage: true,
    });

    // And the server refuses a withdrawal, saying until when and why.
    const refused = await client().call(walletOperations.requestWithdrawal, {
      token: session.accessToken,
      body: { amount: '5', walletAddress: TRON_ADDRESS },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'WITHDRAWAL_HOLD',
      message: expect.stringContaining('because your password was changed'),
    });
  });
}
