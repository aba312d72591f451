// The admin user page's account protection (issue 26 item 9, decision 0102), at 1440 and 390 px under axe: an
// investor saves a withdrawal address and changes the password (each places a withdrawal hold); the admin opens
// that investor's page and reads the address in full, cooling down, the whitelist switch, the running hold with
// until when and why, and both holds listed (cards at phone width).
import { randomBytes } from 'node:crypto';
import { tronAddressFromHex } from '@cropvest/contracts/chain/addresses';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { addressBookOperations } from '@cropvest/contracts/wallet/address-book-api';
import {
  client,
  apiLogin,
  createInvestor,
  expect,
  test,
  stackAdmin,
  startSignedIn,
} from '../support/fixtures.ts';
import { checkedScreen, WIDTHS } from '../support/a11y.ts';

for (const viewport of WIDTHS) {
  test(`${viewport.name}: the admin sees an investor's saved address and the hold a password change placed`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const phone = viewport.name === 'phone';
    const investor = await createInvestor('Protected Investor');
    const session = await apiLogin(investor.email, investor.password);
    const address = tronAddressFromHex(randomBytes(20).toString('hex'));
    expect(
      (
        await client().call(addressBookOperations.addAddressBookEntry, {
          token: session.accessToken,
          body: { label: 'Cold wallet', address },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await client().call(identityOperations.changePassword, {
          token: session.accessToken,
          body: { currentPassword: investor.password, newPassword: 'Harvest-2027' },
        })
      ).status,
    ).toBe(200);

    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await startSignedIn(page, stackAdmin());
    await page.goto(`/admin/users/${session.user.id}`);

    const book = page.getByRole('region', { name: 'Withdrawal addresses' });
    const saved = book
      .getByRole(phone ? 'listitem' : 'row')
      .filter({ hasText: 'Cold wallet' })
      .filter({ visible: true });
    await expect(saved.getByText(address, { exact: true })).toBeVisible();
    // The copy toast is the spec's words (issue 27), not "Address copied".
    await page.context().grantPermissions(['clipboard-write']);
    await saved.getByRole('button', { name: 'Copy the address “Cold wallet”' }).click();
    await expect(page.getByText('Wallet address copied to clipboard', { exact: true })).toBeVisible();
    await expect(saved.getByText(/^Cooling down until /)).toBeVisible();
    await expect(book.getByText('Only saved addresses:')).toBeVisible();
    await expect(book.getByText('Off', { exact: true })).toBeVisible();

    // The password change reaches the wallet as an event: its hold arrives a moment later.
    const holds = page.getByRole('region', { name: 'Withdrawal holds' });
    await expect(async () => {
      await page.reload();
      await expect(holds.getByText('Your password was changed').first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    const running = holds.getByRole('status');
    await expect(running).toContainText('Withdrawals are on hold until');
    await expect(running).toContainText('Reason: Your password was changed');
    const rows = holds.getByRole(phone ? 'listitem' : 'row').filter({ hasText: 'Running' });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: 'A new withdrawal address was saved' })).toHaveCount(1);
    await checkedScreen(page, 'admin-account-protection', viewport.width);
  });
}
