// All Users and User Management: an admin finds an investor, bans them with a reason while the investor is signed
// in elsewhere (their open session is refused within seconds and they cannot sign in), filters Banned Only,
// unbans them, and edits a name that shows at once; the empty state; the list under axe and at phone width. The
// old User Management address leads to All Users and the sidebar names it once; the admin's own card offers no
// Ban, and the ban's confirm button is the danger style (issue 27).
import { randomUUID } from 'node:crypto';
import {
  createInvestor,
  expect,
  stack,
  test,
  stackAdmin,
  startSignedIn,
  signIn,
} from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';
import { ListView } from '../support/pages.ts';

test('a ban with a reason ends the investor’s open session; unbanned, they sign in again', async ({
  browser,
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  const investor = await createInvestor(`Banned ${tag} Person`);

  // The investor is signed in on their own browser.
  const theirs = await browser.newContext();
  const investorPage = await theirs.newPage();
  try {
    await startSignedIn(investorPage, investor);
    await investorPage.goto('/investor/dashboard');
    await expect(investorPage).toHaveURL(/\/investor\/dashboard/);

    await startSignedIn(page, stackAdmin());
    await page.goto('/admin/users/manage');
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('heading', { name: 'All Users', level: 1 })).toBeVisible();
    await page.getByLabel('Search users').fill(tag);
    await new ListView(page, 'user').found(1);
    await expect(page).toHaveURL(new RegExp(`q=${tag}`));
    const card = page.getByRole('listitem', { name: `Banned ${tag} Person` });
    await card.getByRole('button', { name: `Ban Banned ${tag} Person` }).click();
    const dialog = page.getByRole('dialog', { name: 'Ban user?' });
    // The reason is required: a blank one is refused before anything is sent.
    await dialog.getByRole('button', { name: 'Ban User' }).click();
    await expect(dialog.getByText('Please give a reason for the ban (at least 3 characters)')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Ban User' })).toHaveClass(/\bbg-danger\b/);
    await dialog.getByLabel('Reason').fill('  Chargeback reported by the bank  ');
    await dialog.getByRole('button', { name: 'Ban User' }).click();
    await expect(page.getByText('User status updated successfully', { exact: true })).toBeVisible();
    await expect(card.getByText('Banned', { exact: true })).toBeVisible();
    await expect(card.getByText(/: Chargeback reported by the bank$/)).toBeVisible();

    // Their open session is refused within seconds: the page they had open signs them out and says why.
    await expect(investorPage).toHaveURL(/\/login/, { timeout: 15_000 });
    const suspended = 'Your account has been suspended. Please contact support.';
    await expect(investorPage.getByText(suspended, { exact: true })).toBeVisible();
    await investorPage.getByLabel('Email').fill(investor.email);
    await investorPage.getByLabel('Password', { exact: true }).fill(investor.password);
    await investorPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(investorPage.getByText(suspended, { exact: true })).toBeVisible();

    // Banned Only lists them; Active Only does not.
    await page.getByRole('button', { name: /Banned Only/ }).click();
    await expect(page).toHaveURL(/status=banned/);
    await expect(card).toBeVisible();
    await page.getByRole('button', { name: /Active Only/ }).click();
    await new ListView(page, 'user').nothingFound();
    await page.getByRole('button', { name: /All Users/ }).click();

    await card.getByRole('button', { name: `Unban Banned ${tag} Person` }).click();
    await page
      .getByRole('alertdialog', { name: 'Unban user?' })
      .getByRole('button', { name: 'Unban User' })
      .click();
    // The card offers Ban again once the list is read after the unban; then the investor signs in again.
    await expect(card.getByRole('button', { name: `Ban Banned ${tag} Person` })).toBeVisible();
    await expect(card.getByText('Banned', { exact: true })).toHaveCount(0);
    await signIn(investorPage, investor.email, investor.password);
    await expect(investorPage).toHaveURL(/\/investor\/dashboard/);
  } finally {
    await theirs.close();
  }
});

test('an edited name shows at once; the reset link is sent; a search that finds nobody says so', async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  await createInvestor(`Edited ${tag} Before`);
  await startSignedIn(page, stackAdmin());
  await page.goto(`/admin/users?q=${tag}`);
  await expect(page.getByRole('heading', { name: 'All Users', level: 1 })).toBeVisible();
  const card = page.getByRole('listitem', { name: `Edited ${tag} Before` });
  await card.getByRole('button', { name: `Edit Edited ${tag} Before` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit User' });
  await dialog.getByLabel('Name').fill(`Edited ${tag} After`);
  // A changed balance asks for its reason before anything is sent.
  await dialog.getByRole('spinbutton', { name: 'Balance' }).fill('12.5');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText(/Please give a reason for the balance change/)).toBeVisible();
  await dialog.getByRole('spinbutton', { name: 'Balance' }).fill('0');
  await expect(dialog.getByLabel('Reason for the balance change')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('User updated successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: `Edited ${tag} After` })).toBeVisible();

  const edited = page.getByRole('listitem', { name: `Edited ${tag} After` });
  await edited.getByRole('button', { name: `Reset Password Edited ${tag} After` }).click();
  await page
    .getByRole('alertdialog', { name: 'Reset password?' })
    .getByRole('button', { name: 'Send Reset Link' })
    .click();
  await expect(page.getByText('Password reset email sent', { exact: true })).toBeVisible();
  await expect(page.getByText(/^The link works once, until /)).toBeVisible();

  await page.getByLabel('Search users').fill(`${tag}-nobody`);
  await new ListView(page, 'user').nothingFound();
  await expect(page.getByText('Try adjusting your search or filter.')).toBeVisible();
});

test('the user list: one address and one sidebar link, no Ban on the own card, axe and phone width', async ({
  page,
}, info) => {
  await createInvestor('Axe Listed User');
  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/users/manage?q=Axe');
  await expect(page).toHaveURL(/\/admin\/users\?q=Axe$/);
  const sidebar = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(sidebar.getByRole('link', { name: 'All Users' })).toHaveCount(1);
  await expect(sidebar.getByRole('link', { name: 'User Management' })).toHaveCount(0);

  await page.goto(`/admin/users?q=${encodeURIComponent(stack().adminEmail)}`);
  await new ListView(page, 'user').found(1);
  const own = page.getByRole('listitem').filter({ hasText: stack().adminEmail });
  await expect(own.getByRole('button', { name: /^Edit / })).toBeVisible();
  await expect(own.getByRole('button', { name: /^Ban / })).toHaveCount(0);

  for (const [path, heading] of [['/admin/users', 'All Users']] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await new ListView(page, 'user').found();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: info.outputPath(`${path.split('/').pop()}-1280.png`) });

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: info.outputPath(`${path.split('/').pop()}-375.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  }
});
