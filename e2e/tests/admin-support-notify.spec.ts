// The admin's support desk and notifications: an investor opens a ticket, the admin answers it in the browser
// and moves its status, the investor reads the answer; the admin sends a notification to one user chosen in
// the picker, that investor gets it and nobody else, and the history shows it with its recipient; axe and
// phone width on the three screens.
import { randomUUID } from 'node:crypto';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import { supportOperations } from '@cropvest/contracts/support/api';
import {
  client,
  apiLogin,
  createInvestor,
  expect,
  settled,
  test,
  stackAdmin,
  startSignedIn,
} from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';
import { ListView } from '../support/pages.ts';

test('an admin answers a ticket in the browser and the investor reads the answer', async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const investor = await createInvestor(`Ticket Writer ${tag}`);
  const session = await apiLogin(investor.email, investor.password);
  const opened = await client().ok(supportOperations.createTicket, {
    token: session.accessToken,
    body: {
      subject: `Deposit ${tag} not credited`,
      category: 'deposit',
      priority: 'critical',
      description: 'I sent 100 USDT yesterday.',
    },
  });

  await startSignedIn(page, stackAdmin());
  await page.goto(`/admin/support?q=${tag}`);
  await expect(page.getByRole('heading', { name: 'Support Tickets', level: 1 })).toBeVisible();
  await new ListView(page, 'ticket').found(1);
  const ticket = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `Deposit ${tag} not credited` }) });
  // The opener reaches support by event: the name shows once the projection has it.
  await expect(ticket).toContainText(`Ticket Writer ${tag}`);
  await expect(ticket).toContainText(investor.email);
  await expect(ticket).toContainText('Critical priority');
  await expect(ticket).toContainText('I sent 100 USDT yesterday.');

  await ticket.getByRole('button', { name: /^Respond/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Respond to Ticket' });
  const send = dialog.getByRole('button', { name: 'Send Response' });
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Response').fill('   ');
  await expect(send).toBeDisabled();
  await dialog.getByLabel('Response').fill('We found it: it is credited now.');
  await send.click();
  await expect(page.getByText('Your response has been sent to the user.', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(ticket).toContainText('We found it: it is credited now.');
  await expect(ticket.getByRole('button', { name: /^Update Response/ })).toBeVisible();

  await ticket.getByRole('combobox', { name: /Status of/ }).click();
  await page.getByRole('option', { name: 'RESOLVED' }).click();
  await expect(page.getByText('Ticket status has been updated successfully.', { exact: true })).toBeVisible();
  await expect(ticket.getByRole('combobox', { name: /Status of/ })).toHaveText('RESOLVED');
  await page.goto(`/admin/support?q=${tag}&status=resolved`);
  await new ListView(page, 'ticket').found(1);
  await expect(page.getByRole('button', { name: /RESOLVED/, pressed: true })).toContainText('1');

  const mine = await client().ok(supportOperations.myTickets, { token: session.accessToken });
  expect(mine[0]).toMatchObject({
    id: opened.id,
    status: 'resolved',
    adminResponse: 'We found it: it is credited now.',
  });
});

test('an admin sends a notification to one user chosen in the picker; history shows the recipient', async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  const chosen = await createInvestor(`Chosen Reader ${tag}`);
  const other = await createInvestor(`Other Reader ${tag}`);
  const chosenSession = await apiLogin(chosen.email, chosen.password);
  const otherSession = await apiLogin(other.email, other.password);
  const title = `Your account manager ${tag}`;

  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/notifications');
  await expect(page.getByRole('heading', { name: 'Send Notifications', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Send Notification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Notification' });
  await dialog.getByRole('button', { name: 'Send Notification' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByText('Message is required')).toBeVisible();

  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Message').fill('She will call you tomorrow.');
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Investment' }).click();
  await dialog.getByRole('combobox', { name: 'Send to' }).click();
  await page.getByRole('option', { name: 'Specific users' }).click();
  await dialog.getByRole('button', { name: 'Send Notification' }).click();
  await expect(dialog.getByText('Please select at least one user')).toBeVisible();

  // The users reach notify by event: search until the picker lists both.
  await dialog.getByLabel('Find users').fill(tag);
  await expect(dialog.getByRole('checkbox')).toHaveCount(2, { timeout: 15_000 });
  await dialog.getByRole('checkbox', { name: new RegExp(`Chosen Reader ${tag}`) }).check();
  await expect(dialog.getByRole('list', { name: 'Chosen users' })).toContainText(`Chosen Reader ${tag}`);
  await expect(dialog.getByText('Please select at least one user')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Send Notification' }).click();
  await expect(page.getByText('Notification sent successfully', { exact: true })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const recent = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(recent).toContainText(`1 user: Chosen Reader ${tag}`);
  await expect(recent).toContainText('Read by 0 of 1');

  const inbox = await client().ok(notificationOperations.myNotifications, {
    token: chosenSession.accessToken,
  });
  const received = inbox.find((n) => n.title === title);
  expect(received).toMatchObject({ type: 'investment', message: 'She will call you tomorrow.' });
  const othersInbox = await client().ok(notificationOperations.myNotifications, {
    token: otherSession.accessToken,
  });
  expect(othersInbox.some((n) => n.title === title)).toBe(false);
  expect(
    (
      await client().call(notificationOperations.markNotificationRead, {
        token: chosenSession.accessToken,
        path: { id: received!.id },
      })
    ).status,
  ).toBe(200);

  await page.goto(`/admin/notifications/history?q=${tag}&type=investment`);
  await expect(page.getByRole('heading', { name: 'Notification History', level: 1 })).toBeVisible();
  await new ListView(page, 'notification').found(1);
  const listed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(listed).toContainText(`1 user: Chosen Reader ${tag}`);
  await expect(listed).toContainText('Read by 1 of 1');
});

test('accessibility (axe) and phone width: support tickets, send notifications, history', async ({
  page,
}, info) => {
  const investor = await createInvestor('Axe Ticket Writer');
  const session = await apiLogin(investor.email, investor.password);
  await client().ok(supportOperations.createTicket, {
    token: session.accessToken,
    body: {
      subject: 'A long subject that has to wrap on a phone screen without pushing the page sideways',
      category: 'technical',
      priority: 'medium',
      description: 'Checking the layout.',
    },
  });
  await startSignedIn(page, stackAdmin());
  for (const [path, heading] of [
    ['/admin/support', 'Support Tickets'],
    ['/admin/notifications', 'Send Notifications'],
    ['/admin/notifications/history', 'Notification History'],
  ] as const) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await settled(page);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: info.outputPath(`${path.replaceAll('/', '-')}-1280.png`), fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: info.outputPath(`${path.replaceAll('/', '-')}-375.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  }
  // The dialogs too: the response dialog and the send dialog with the picker open.
  await page.goto('/admin/support');
  await settled(page);
  await page
    .getByRole('button', { name: /^(Respond|Update Response)/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.goto('/admin/notifications');
  await page.getByRole('button', { name: 'Send Notification' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Notification' });
  await dialog.getByRole('combobox', { name: 'Send to' }).click();
  await page.getByRole('option', { name: 'Specific users' }).click();
  await expect(dialog.getByRole('checkbox').first()).toBeVisible();
  await page.screenshot({ path: info.outputPath('send-dialog-375.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
});
