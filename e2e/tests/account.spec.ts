// The investor's account screens against the real stack: a support ticket opened in the browser and answered
// by the admin through the API, the notification arriving without a reload (the live stream; the fallback
// poll is 30 s, longer than any wait here), clicking it read and Mark All Read clearing the sidebar badge and
// the dashboard's Updates button; the FAQ's single-open accordion; Live Chat not configured, and configured
// with a script that cannot load (the spec's Chat Loading toast); the admin's FAQ Management; axe scans and
// phone width.
import type { Page } from '@playwright/test';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { supportOperations } from '@cropvest/contracts/support/api';
import {
  test,
  expect,
  client,
  apiLogin,
  createInvestor,
  signOut,
  stack,
  stackAdmin,
  startSignedIn,
} from '../support/fixtures.ts';
import { axeViolations } from '../support/a11y.ts';

const SEEDED_QUESTIONS = [
  'How do crop investments work?',
  'When do I receive my returns?',
  'What payment methods are accepted?',
  'How secure is my investment?',
  'Can I withdraw my investment early?',
  'What happens if a crop season fails?',
];

const adminToken = async () => (await apiLogin(stack().adminEmail, stack().adminPassword)).accessToken;

const sidebarBadge = (page: Page) =>
  page.getByRole('navigation', { name: 'Investor navigation' }).getByLabel(/\d+ unread/);

async function setChat(scriptUrl: string, key: string): Promise<void> {
  const saved = await client().call(identityOperations.updateAdminSettings, {
    token: await adminToken(),
    body: { section: 'general', settings: { liveChatScriptUrl: scriptUrl, liveChatKey: key } },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

test('a ticket answered by the admin: the notification arrives live, is read on click, Mark All Read clears the badge', async ({
  page,
}) => {
  // Registered from this browser: its sign-in is from a known device, so no Login Alert joins the count.
  const investor = await createInvestor('Tess Ticket', { from: page });
  await startSignedIn(page, investor);
  await page.goto('/investor/support?tab=contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Support Center' })).toBeVisible();

  // The spec's one message for missing fields; nothing is sent.
  await page.getByRole('button', { name: 'Submit Ticket' }).click();
  await expect(page.getByText('Please fill in all fields before submitting.').first()).toBeVisible();

  await page.getByLabel('Subject').fill('Deposit not credited');
  await page.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Deposit' }).click();
  await page.getByLabel('Description').fill('I sent 100 USDT yesterday and it is not in my balance.');
  await page.getByRole('button', { name: 'Submit Ticket' }).click();
  await expect(page.getByText('Support Ticket Created', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Subject')).toHaveValue('');
  // The whole form is empty again, the Category select included (it once kept showing "Deposit").
  await expect(page.getByLabel('Category')).toHaveText('Select a category');

  await page.getByRole('tab', { name: 'My Tickets' }).click();
  await expect(page).toHaveURL(/tab=tickets/);
  const ticketCard = page.getByRole('list', { name: 'Your tickets' }).getByRole('listitem').first();
  await expect(ticketCard.getByRole('heading', { name: 'Deposit not credited' })).toBeVisible();
  await expect(ticketCard.getByText('OPEN', { exact: true })).toBeVisible();
  await expect(sidebarBadge(page)).toHaveCount(0);

  const session = await apiLogin(investor.email, investor.password);
  const [ticket] = await client().ok(supportOperations.myTickets, { token: session.accessToken });
  const admin = await adminToken();
  const answered = await client().call(supportOperations.respondToTicket, {
    token: admin,
    path: { id: ticket!.id },
    body: { response: 'We found your deposit; it is credited now.' },
  });
  expect(answered.status).toBe(200);

  // No reload: the layout's stream brings the count.
  await expect(sidebarBadge(page)).toHaveText('1');
  await page
    .getByRole('navigation', { name: 'Investor navigation' })
    .getByRole('link', { name: /Notifications/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Unread (1)' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Notifications' });
  await expect(list.getByText('We found your deposit; it is credited now.', { exact: false })).toBeVisible();

  // A second one while the screen is open appears in the list, still without a reload.
  const moved = await client().call(supportOperations.updateTicketStatus, {
    token: admin,
    path: { id: ticket!.id },
    body: { status: 'resolved' },
  });
  expect(moved.status).toBe(200);
  await expect(list.getByText(/is now RESOLVED/)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Unread (2)' })).toBeVisible();
  await expect(sidebarBadge(page)).toHaveText('2');

  // The dashboard's Updates button follows the same count.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('link', { name: /Updates/ })).toContainText('2');
  await page.getByRole('link', { name: /Updates/ }).click();

  // Clicking an unread one marks it read.
  await list.getByRole('button', { name: /Support replied/ }).click();
  await expect(page.getByRole('tab', { name: 'Unread (1)' })).toBeVisible();
  await expect(sidebarBadge(page)).toHaveText('1');
  await page.getByRole('tab', { name: 'Read', exact: true }).click();
  await expect(page).toHaveURL(/tab=read/);
  await expect(list.getByText(/Support replied/)).toBeVisible();

  await page.getByRole('button', { name: 'Mark All Read' }).click();
  await expect(page.getByRole('tab', { name: 'Unread (0)' })).toBeVisible();
  await expect(sidebarBadge(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark All Read' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Unread (0)' }).click();
  await expect(page.getByRole('heading', { name: 'You are all caught up' })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Updates/ })).toHaveCount(0);

  // My Tickets shows the answer, its date and the new status.
  await page.goto('/investor/support?tab=tickets');
  await expect(page.getByText('We found your deposit; it is credited now.')).toBeVisible();
  await expect(page.getByText('RESOLVED', { exact: true })).toBeVisible();
  await expect(page.getByText(/Support response · /)).toBeVisible();
});

test('FAQ: the seeded questions in a single-open accordion; My Tickets empty state leads to Contact Us', async ({
  page,
}) => {
  const investor = await createInvestor();
  await startSignedIn(page, investor);
  await page.goto('/investor/support?tab=faq');
  for (const question of SEEDED_QUESTIONS)
    await expect(page.getByRole('button', { name: question })).toBeVisible();

  const first = page.getByRole('button', { name: SEEDED_QUESTIONS[0] as string });
  const fifth = page.getByRole('button', { name: SEEDED_QUESTIONS[4] as string });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText(/buy one or more slots/)).toBeVisible();
  await fifth.click();
  await expect(fifth).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(/early withdrawal is not allowed/)).toBeVisible();
  await expect(page.getByText(/buy one or more slots/)).toBeHidden();

  await page.getByRole('tab', { name: 'My Tickets' }).click();
  await expect(page.getByRole('heading', { name: 'No support tickets yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Your First Ticket' }).click();
  await expect(page).toHaveURL(/tab=contact/);
  await expect(page.getByLabel('Subject')).toBeVisible();
});

test('Get Help: live chat not configured offers Contact Us; configured but not loaded shows Chat Loading; quick actions', async ({
  page,
}) => {
  const investor = await createInvestor();
  await startSignedIn(page, investor);
  await page.goto('/investor/support');
  await expect(page.getByText(/Live chat is not configured/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Live Chat' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/tab=contact/);
  await expect(page.getByText('support@cropvest.example')).toBeVisible();
  await expect(page.getByText('Monday-Friday 9:00 AM-6:00 PM EST')).toBeVisible();

  await page.getByRole('tab', { name: 'Get Help' }).click();
  await page.getByRole('link', { name: 'Report an Issue' }).click();
  await expect(page).toHaveURL(/tab=contact&category=technical/);
  await expect(page.getByLabel('Category')).toHaveText('Technical issue');
  await page.getByRole('tab', { name: 'Get Help' }).click();
  await page.getByRole('link', { name: 'Check Deposit Status' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible();
  await page.goto('/investor/support');
  await page.getByRole('main').getByRole('link', { name: 'Transaction History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transaction History' })).toBeVisible();

  // A provider script the page cannot load: the card offers the chat, which answers "Chat Loading".
  await setChat('https://chat.invalid/widget/{key}.js', 'site-123');
  try {
    await page.goto('/investor/support');
    await page.getByRole('button', { name: 'Start Live Chat' }).click();
    await expect(page.getByText('Chat Loading', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Please wait a moment for the chat to load, then try again.', { exact: true }),
    ).toBeVisible();
  } finally {
    await setChat('', '');
  }
});

test('FAQ Management: the admin adds a draft, publishes it, moves it up; investors see it', async ({
  page,
}) => {
  const question = `Is there a mobile app ${Date.now()}?`;
  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/support/faq');
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ Management' })).toBeVisible();
  await expect(page.getByRole('heading', { name: SEEDED_QUESTIONS[0] as string })).toBeVisible();

  await page.getByRole('button', { name: 'Add Entry' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add FAQ Entry' });
  await dialog.getByRole('button', { name: 'Add Entry' }).click();
  await expect(dialog.getByText('Question is required')).toBeVisible();
  await dialog.getByLabel('Question').fill(question);
  await dialog.getByLabel('Answer').fill('Not yet: the web app works on phones.');
  await dialog.getByRole('button', { name: 'Add Entry' }).click();
  await expect(page.getByText('Entry added', { exact: true })).toBeVisible();

  const entries = page.getByRole('list', { name: 'FAQ entries in their order' }).getByRole('listitem');
  const mine = entries.filter({ hasText: question });
  await expect(mine.getByText('Draft', { exact: true })).toBeVisible();
  const publicQuestions = async () =>
    (await client().ok(supportOperations.faq, { query: { pageSize: 200 } })).map((e) => e.question);
  expect(await publicQuestions()).not.toContain(question);

  await page.getByRole('button', { name: `Publish: ${question}` }).click();
  await expect(mine.getByText('Published', { exact: true })).toBeVisible();
  await expect.poll(publicQuestions).toContain(question);

  const before = await entries.count();
  await expect(entries.last()).toContainText(question);
  await page.getByRole('button', { name: `Move up: ${question}` }).click();
  await expect(entries.nth(before - 2)).toContainText(question);
  const order = await publicQuestions();
  expect(order.indexOf(question)).toBeLessThan(order.length - 1);

  // Put it away again so other journeys see the seeded FAQ.
  await page.getByRole('button', { name: `Unpublish: ${question}` }).click();
  await expect(mine.getByText('Draft', { exact: true })).toBeVisible();
  const audit = await client().ok(identityOperations.auditLogs, {
    token: await adminToken(),
    query: { targetType: 'faq_entry' },
  });
  expect(audit.items.map((row) => row.action)).toEqual(
    expect.arrayContaining(['faq_create', 'faq_edit', 'faq_reorder']),
  );
});

test.describe('accessibility (axe): no violations', () => {
  test('notifications, the four support tabs and FAQ Management', async ({ page }) => {
    const investor = await createInvestor('Web Investor', { from: page });
    await startSignedIn(page, investor);
    await page.goto('/investor/notifications');
    // The live stream keeps a request open, so the page never goes network-idle: wait for what it shows.
    await expect(page.getByRole('heading', { name: 'No notifications yet' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    for (const [tab, ready] of [
      ['help', 'Quick Actions'],
      ['faq', 'Frequently Asked Questions'],
      ['contact', 'Create a Support Ticket'],
      ['tickets', 'No support tickets yet'],
    ] as const) {
      await page.goto(`/investor/support?tab=${tab}`);
      await expect(page.getByText(ready, { exact: true })).toBeVisible();
      expect(await axeViolations(page), tab).toEqual([]);
    }
    await page.getByRole('tab', { name: 'FAQ' }).click();
    await page.getByRole('button', { name: SEEDED_QUESTIONS[1] as string }).click();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Contact Us' }).click();
    await page.getByRole('button', { name: 'Submit Ticket' }).click();
    await expect(page.getByText('Please fill in all fields before submitting.').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await signOut(page);
    await startSignedIn(page, stackAdmin());
    await page.goto('/admin/support/faq');
    await expect(page.getByRole('heading', { name: SEEDED_QUESTIONS[0] as string })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('phone width', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('notifications, support and FAQ Management fit without sideways scrolling', async ({ page }, info) => {
    const investor = await createInvestor('Web Investor', { from: page });
    const session = await apiLogin(investor.email, investor.password);
    await client().ok(supportOperations.createTicket, {
      token: session.accessToken,
      body: {
        subject: 'A question about harvest dates and the payout of a long subject line',
        category: 'investment',
        priority: 'low',
        description: 'When is the harvest of the wheat plan paid?',
      },
    });
    await startSignedIn(page, investor);
    const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

    for (const [path, ready] of [
      ['/investor/notifications', 'No notifications yet'],
      ['/investor/support', 'Quick Actions'],
      ['/investor/support?tab=faq', SEEDED_QUESTIONS[5] as string],
      ['/investor/support?tab=contact', 'Create a Support Ticket'],
      ['/investor/support?tab=tickets', 'OPEN'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(ready, { exact: true })).toBeVisible();
      expect(await pageWidth(), path).toBeLessThanOrEqual(375);
      await page.screenshot({ path: info.outputPath(`${path.replace(/[/?=]/g, '_')}.png`), fullPage: true });
    }

    await page.evaluate(() => window.localStorage.clear());
    await startSignedIn(page, stackAdmin());
    await page.goto('/admin/support/faq');
    await expect(page.getByRole('heading', { name: SEEDED_QUESTIONS[0] as string })).toBeVisible();
    expect(await pageWidth()).toBeLessThanOrEqual(375);
    await page.screenshot({ path: info.outputPath('admin-faq.png'), fullPage: true });
  });
});
