// The withdrawal address book (issue 26, decision 0097), through the browser at both widths under axe: an investor
// saves an address under Profile & Settings, Withdrawal Addresses, meets the address-poisoning warning with both
// addresses in full and the differing characters marked, confirms it, sees it cooling down, and cancels it; the
// Withdraw screen warns about a typed look-alike too; with "whitelisted addresses only" on it offers only saved,
// cooled-down addresses and no typing. At phone width the saved addresses are cards, not a table.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { tronAddressFromHex } from '@cropvest/contracts/chain/addresses';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { test, expect, client, fundedVerifiedInvestor, startSignedIn } from '../support/fixtures.ts';
import { axeClean, WIDTHS } from '../support/a11y.ts';

const newAddress = (): string => tronAddressFromHex(randomBytes(20).toString('hex'));
/** The same first and last four characters, two different in between (decision 0097's look-alike). */
const lookalikeOf = (address: string): string =>
  `${address.slice(0, 4)}${address[4] === 'z' ? 'y' : 'z'}${address[5] === 'z' ? 'y' : 'z'}${address.slice(6)}`;

/** One statement on the stack's database, as the wallet's suites move time (by SQL, never by sleeping). */
async function sql(text: string, params: unknown[]): Promise<void> {
  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    await db.query(text, params);
  } finally {
    await db.end();
  }
}

/**
 * A saved address from long ago, written into the investor's book directly: a valid look-alike of a valid address
 * takes about 10^12 tries to make (what poisoners rent GPUs for), so this known side of the pair is written as is.
 */
const savedLongAgo = (userId: string, label: string, address: string) =>
  sql(
    `INSERT INTO wallet.address_book_entries (id, user_id, label, address, usable_from, created_at)
     VALUES (gen_random_uuid(), $1, $2, $3, now() - interval '30 days', now() - interval '30 days')`,
    [userId, label, address],
  );

/** The hold a new address places (decision 0098) ends, as if its hours had passed. */
const endHolds = (userId: string) =>
  sql(`UPDATE wallet.withdrawal_holds SET held_until = now() - interval '1 second' WHERE user_id = $1`, [
    userId,
  ]);

for (const viewport of WIDTHS) {
  test(`${viewport.name}: save an address past the poisoning warning, see it cool down, whitelist-only withdrawals`, async ({
    page,
  }) => {
    // Eight screens and dialogs under axe, each a few seconds on a shared machine.
    test.setTimeout(120_000);
    const phone = viewport.name === 'phone';
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const investor = await fundedVerifiedInvestor('100');
    const me = await client().ok(identityOperations.me, { token: investor.accessToken });
    const typed = newAddress();
    const known = lookalikeOf(typed);
    await savedLongAgo(me.id, 'Exchange', known);

    await startSignedIn(page, investor);
    // The Withdraw screen warns about a typed look-alike (whitelisting off).
    await page.goto('/investor/withdraw');
    const other = newAddress();
    await savedLongAgo(me.id, 'Old wallet', lookalikeOf(other));
    await page.getByLabel('TRC-20 wallet address').fill(other);
    const withdrawWarning = page.getByRole('region', { name: 'This address only looks like one you know' });
    await expect(withdrawWarning.locator('mark')).toHaveText([
      other.slice(4, 6),
      lookalikeOf(other).slice(4, 6),
    ]);
    await expect(withdrawWarning.getByText('Your saved address “Old wallet”')).toBeVisible();
    await axeClean(page, phone);

    await page.goto('/investor/profile?tab=addresses');
    // A table on a desktop; at phone width one card per address, each value under its column's name.
    const addresses = page.getByRole(phone ? 'list' : 'table', { name: 'Your withdrawal addresses' });
    const entry = (label: string) =>
      addresses.getByRole(phone ? 'listitem' : 'row').filter({ hasText: label });
    const exchange = entry('Exchange');
    await expect(exchange.getByText(known)).toBeVisible();
    await expect(exchange.getByText('Usable', { exact: true })).toBeVisible();
    await axeClean(page, phone);

    // Add an address that only looks like the saved one.
    await page.getByRole('button', { name: 'Add Address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a withdrawal address' });
    await dialog.getByLabel('Label').fill('Ledger');
    await dialog.getByLabel('TRC-20 address').fill(typed);
    const warning = dialog.getByRole('region', { name: 'This address only looks like one you know' });
    await expect(warning).toBeVisible();
    await expect(warning.getByText('2 characters in between differ')).toBeVisible();
    await expect(warning.getByText('Your saved address “Exchange”')).toBeVisible();
    // Both addresses in full, the two differing characters marked in each.
    await expect(warning.locator('code')).toHaveText([typed, known]);
    await expect(warning.locator('mark')).toHaveText([typed.slice(4, 6), known.slice(4, 6)]);
    await axeClean(page, phone);

    await dialog.getByRole('button', { name: 'Save Address' }).click();
    await expect(
      warning.getByText('Tick the box once you have compared every character, or correct the address'),
    ).toBeVisible();
    await warning.getByLabel('I compared every character and want to save this address').check();
    await dialog.getByRole('button', { name: 'Save Address' }).click();
    await expect(dialog).toBeHidden();
    const ledger = entry('Ledger');
    await expect(ledger.getByText(typed)).toBeVisible();
    await expect(ledger.getByText(/^Usable from /)).toBeVisible();
    await expect(
      phone
        ? ledger.getByRole('definition').filter({ hasText: 'TRC-20' })
        : ledger.getByRole('cell', { name: 'TRC-20' }),
    ).toBeVisible();

    // A day passes for the withdrawal hold the new address placed (decision 0098), not for its own cool-down.
    await endHolds(me.id);
    // Whitelisted addresses only: on at once.
    await page.goto('/investor/profile?tab=addresses');
    const whitelistOnly = page.getByRole('switch', { name: 'Withdraw only to my saved addresses' });
    await whitelistOnly.click();
    await expect(whitelistOnly).toBeChecked();
    await page.goto('/investor/withdraw');
    await expect(page.getByLabel('TRC-20 wallet address')).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Saved address' }).click();
    // Only cooled-down addresses: the new Ledger is not offered yet.
    await expect(page.getByRole('option')).toHaveText([/^Old wallet — /, /^Exchange — /]);
    // The book's look-alike fixtures are no real addresses (see savedLongAgo): nothing is chosen or sent.
    await page.keyboard.press('Escape');
    await axeClean(page, phone);

    // Switching it off takes the cool-down; cancel the new address from the address book.
    await page.goto('/investor/profile?tab=addresses');
    await whitelistOnly.click();
    const switchOff = page.getByRole('alertdialog', { name: 'Switch off whitelisted addresses only?' });
    await axeClean(page, phone);
    await switchOff.getByRole('button', { name: 'Switch Off' }).click();
    await expect(
      page.getByText(/^Switching off: withdrawals still go only to your saved addresses until/),
    ).toBeVisible();
    await ledger.getByRole('button', { name: 'Cancel Ledger' }).click();
    const cancel = page.getByRole('alertdialog', { name: 'Cancel this new address?' });
    await axeClean(page, phone);
    await cancel.getByRole('button', { name: 'Cancel Address' }).click();
    await expect(ledger).toHaveCount(0);
    await axeClean(page, phone);
  });
}
