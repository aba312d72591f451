// WCAG 2.2 AA beyond axe (issue 27 item 7): on every main screen at 1440 and 390 px, every target is at least
// 24 × 24 px or spaced as the criterion allows (2.5.8), no focused control is hidden under something drawn over it
// (2.4.11), and nothing works only by dragging (2.5.7); help is in the same place on every screen (3.2.6); a
// dialog gives the focus back to what opened it; sign-in takes pasted and remembered credentials and codes
// (3.3.8); and a withdrawal offers the saved addresses instead of asking for one again (3.3.7).
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { addressBookOperations } from '@cropvest/contracts/wallet/address-book-api';
import { tronAddressFromHex } from '@cropvest/contracts/chain/addresses';
import {
  client,
  createPlan,
  expect,
  fundedVerifiedInvestor,
  openInApp,
  openLanding,
  settled,
  stackAdmin,
  startSignedIn,
  test,
} from '../support/fixtures.ts';
import { obscuredFocus, smallTargets } from '../support/wcag22.ts';
import { axeClean, axeViolations } from '../support/a11y.ts';

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;

const INVESTOR_SCREENS = [
  '/investor/dashboard',
  '/investor/invest',
  '/investor/investments',
  '/investor/deposit',
  '/investor/withdraw',
  '/investor/history',
  '/investor/notifications',
  '/investor/profile',
  '/investor/support',
];
const ADMIN_SCREENS = [
  '/admin/dashboard',
  '/admin/deposits',
  '/admin/withdrawals',
  '/admin/users',
  '/admin/kyc',
  '/admin/plans',
  '/admin/support',
  '/admin/settings',
  '/admin/audit-logs',
  '/admin/reports',
];

/** Opens each screen at each width and measures it; answers every finding, named by screen and width. */
async function measure(page: Page, paths: string[]): Promise<string[]> {
  const findings: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const path of paths) {
      await openInApp(page, path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await settled(page);
      const where = `${path} at ${size.width}`;
      for (const target of await smallTargets(page)) findings.push(`${where}: small target ${target}`);
      for (const control of await obscuredFocus(page)) findings.push(`${where}: focus hidden on ${control}`);
      // 2.5.7: nothing here is operated by dragging (the FAQ's order, for one, moves with buttons).
      if ((await page.locator('[draggable="true"]').count()) > 0)
        findings.push(`${where}: a draggable element`);
      for (const { id, nodes } of await axeViolations(page))
        findings.push(`${where}: axe ${id} on ${nodes.join(', ')}`);
    }
  }
  return findings;
}

test('every target is large enough and no focus is hidden, signed out, as an investor and as an admin', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await openLanding(page);
  const signedOut: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const path of ['/', '/login', '/register']) {
      await page.goto(path);
      // Drawn first: the sign-in and registration screens load lazily, and measured before, the page was empty.
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await settled(page);
      for (const target of await smallTargets(page)) signedOut.push(`${path} at ${size.width}: ${target}`);
      for (const control of await obscuredFocus(page, 25))
        signedOut.push(`${path} at ${size.width}: focus hidden on ${control}`);
      for (const { id, nodes } of await axeViolations(page))
        signedOut.push(`${path} at ${size.width}: axe ${id} on ${nodes.join(', ')}`);
    }
  }
  expect(signedOut).toEqual([]);

  const investor = await fundedVerifiedInvestor('500');
  await createPlan('Sorghum on the terraces');
  await startSignedIn(page, investor);
  // Loaded, not moved to in the app: the signed-out app still open would not know of the session.
  await page.goto(INVESTOR_SCREENS[0] as string);
  expect(await measure(page, INVESTOR_SCREENS)).toEqual([]);

  // A context of its own, signed in as the admin beside the investor's.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await startSignedIn(admin, stackAdmin());
  expect(await measure(admin, ADMIN_SCREENS)).toEqual([]);
  await context.close();
});

test('help sits in the same place on every screen, and a dialog gives the focus back to its trigger', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const investor = await fundedVerifiedInvestor('500');
  await createPlan('Millet by the river');
  await startSignedIn(page, investor);

  // 3.2.6: the sidebar's Support Center link keeps its place among the sidebar's links on every screen.
  const places = new Set<number>();
  for (const path of INVESTOR_SCREENS) {
    await openInApp(page, path);
    const links = page.getByRole('navigation').first().getByRole('link');
    await expect(links.first()).toBeVisible();
    const names = await links.allInnerTexts();
    places.add(names.findIndex((name) => name.includes('Support Center')));
  }
  expect([...places]).toHaveLength(1);
  expect([...places][0]).toBeGreaterThanOrEqual(0);

  // The invest dialog, opened and closed from the keyboard, hands the focus back to its Invest Now button.
  await page.goto('/investor/invest');
  const invest = page.getByRole('button', { name: 'Invest Now' }).first();
  await invest.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await axeClean(page, false);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(invest).toBeFocused();
});

test('sign-in takes remembered and pasted credentials, and a withdrawal offers the saved addresses', async ({
  page,
}) => {
  // 3.3.8: no puzzle, no transcription; the browser may fill the email and password, and paste works.
  await page.goto('/login');
  const email = page.getByLabel('Email');
  const password = page.getByLabel('Password', { exact: true });
  await expect(email).toHaveAttribute('autocomplete', 'email');
  await expect(password).toHaveAttribute('autocomplete', 'current-password');
  for (const field of [email, password]) {
    // A paste the page cancelled would be refused; every listener on the way (React's at the root) sees it.
    const refused = await field.evaluate((element) => {
      const data = new DataTransfer();
      data.setData('text/plain', 'pasted-secret');
      const paste = new ClipboardEvent('paste', { clipboardData: data, cancelable: true, bubbles: true });
      element.dispatchEvent(paste);
      return paste.defaultPrevented;
    });
    expect(refused).toBe(false);
  }
  await axeClean(page, false);

  // 3.3.7: a destination saved once is offered again, not typed a second time.
  const investor = await fundedVerifiedInvestor('500');
  const address = tronAddressFromHex(randomBytes(20).toString('hex'));
  await client().ok(addressBookOperations.addAddressBookEntry, {
    token: investor.accessToken,
    body: { label: 'Cold wallet', address },
  });
  await startSignedIn(page, investor);
  await page.goto('/investor/withdraw');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByLabel('Saved address')).toBeVisible();
  await axeClean(page, false);
});
