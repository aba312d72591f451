// KYC Management end to end: an investor submits KYC with real documents (two PNGs the browser decodes and a
// PDF) through the API; the admin finds the submission by search, reviews it with its documents shown in the
// dialog, is stopped by the required rejection reason, approves it, and the investor's record changes. Then
// both empty states, axe, and the screen and its dialog at phone width (375 px).
import { deflateSync, crc32 } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { kycOperations } from '@cropvest/contracts/kyc/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  client,
  apiLogin,
  createInvestor,
  expect,
  stack,
  test,
  stackAdmin,
  startSignedIn,
} from '../support/fixtures.ts';
import { isCallOf, onPathOf } from '../support/calls.ts';
import { axeViolations } from '../support/a11y.ts';
import { ListView } from '../support/pages.ts';

/** A real PNG of `width`×`height` in one colour, so the dialog shows a decoded picture, not a broken image. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => [r, g, b][i % 3]!)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** An investor who submitted KYC with real uploads; `idNumber` is unique so the admin can search for it. */
async function investorWithKyc() {
  const investor = await createInvestor('Kyc Desk Investor');
  const session = await apiLogin(investor.email, investor.password);
  const upload = async (bytes: Buffer, contentType: string) => {
    const ticket = await client().ok(walletOperations.uploadTicket, {
      token: session.accessToken,
      body: { purpose: 'kyc-document' },
    });
    // The signed upload address the ticket gave, sent the document's bytes as they are.
    const put = await client().raw('PUT', ticket.uploadURL, {
      rawBody: bytes,
      headers: { 'content-type': contentType },
    });
    expect(put.status).toBe(200);
    return ticket.objectPath;
  };
  const idNumber = `E2E-${randomUUID().slice(0, 8).toUpperCase()}`;
  const submitted = await client().ok(kycOperations.submitKyc, {
    token: session.accessToken,
    body: {
      firstName: 'Grace',
      lastName: 'Hopper',
      dateOfBirth: '1985-12-09',
      nationality: 'American',
      address: '1 Harvest Road',
      city: 'Arlington',
      country: 'United States',
      postalCode: '22201',
      phoneNumber: '+1 703 555 0100',
      idType: 'national_id',
      idNumber,
      idDocumentFrontUrl: await upload(solidPng(320, 200, [16, 120, 80]), 'image/png'),
      selfieUrl: await upload(solidPng(200, 200, [200, 140, 40]), 'image/png'),
      proofOfAddressUrl: await upload(PDF, 'application/pdf'),
    },
  });
  return { investor, session, idNumber, kycId: submitted.id };
}

/** The admin list answers the search once KYC's projection of the account has arrived (an event away). */
async function searchable(q: string) {
  const admin = await apiLogin(stack().adminEmail, stack().adminPassword);
  await expect
    .poll(async () => client().ok(kycOperations.adminKyc, { token: admin.accessToken, query: { q } }))
    .toHaveLength(1);
}

test('an admin finds a KYC submission, reviews its documents, must give a reason to reject, and approves it', async ({
  page,
}, info) => {
  const { investor, session, kycId } = await investorWithKyc();
  await searchable(investor.email);
  await startSignedIn(page, stackAdmin());
  await page.goto('/admin/kyc');
  await expect(page.getByRole('heading', { name: 'KYC Management' })).toBeVisible();
  for (const counter of ['Total Submissions', 'Pending Review', 'Approved', 'Rejected'])
    await expect(page.getByText(counter, { exact: true }).first()).toBeVisible();

  await page.getByLabel('Search submissions').fill(investor.email);
  await expect(page).toHaveURL(/q=/);
  await new ListView(page, 'submission').found(1);
  await page.getByRole('tab', { name: /Pending Review/ }).click();
  await expect(page).toHaveURL(/status=pending/);
  const row = page.getByRole('row').filter({ hasText: 'Grace Hopper' });
  await expect(row).toContainText('American');
  await expect(row).toContainText('National ID');
  await expect(row).toContainText(/pending/i);

  await row.getByRole('button', { name: /^Review/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Review KYC Submission' });
  await expect(dialog).toContainText('1 Harvest Road');
  await expect(dialog).toContainText('22201');
  await expect(dialog).toContainText('National ID');
  const front = dialog.getByRole('img', { name: 'ID Front of Grace Hopper' });
  await expect(front).toBeVisible();
  // Decoded for real: the short-lived link passed the page's Content-Security-Policy.
  await expect.poll(() => front.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await expect(dialog.getByText('150%')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'ID Back' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Proof of Address' }).click();
  const pdf = dialog.locator('iframe[title="Proof of Address of Grace Hopper (PDF)"]');
  await expect(pdf).toBeVisible();
  const pdfResponse = await page.request.get((await pdf.getAttribute('src')) as string);
  expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
  await dialog.getByRole('button', { name: 'Selfie with ID' }).click();
  await expect(dialog.getByRole('img', { name: 'Selfie with ID of Grace Hopper' })).toBeVisible();
  await page.screenshot({ path: info.outputPath('kyc-review-dialog.png') });
  expect(await axeViolations(page)).toEqual([]);

  await dialog.getByLabel('Internal notes').fill('Checked against the national register.');
  await dialog.getByRole('button', { name: /^Reject/ }).click();
  await expect(dialog.getByText('Please provide a rejection reason.', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Rejection reason')).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: info.outputPath('kyc-reason-required.png') });
  // The latest submission, or {} when there is none: the object names its status.
  expect(await client().ok(kycOperations.myKyc, { token: session.accessToken })).toMatchObject({
    status: 'pending',
  });

  await dialog.getByRole('button', { name: /^Approve/ }).click();
  await expect(
    page.getByText('The KYC document status has been updated successfully.', { exact: true }),
  ).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Gone from the Pending Review tab at once; found under Approved, with its review history.
  await new ListView(page, 'submission').nothingFound();
  await page.getByRole('tab', { name: /^Approved/ }).click();
  const approvedRow = page.getByRole('row').filter({ hasText: 'Grace Hopper' });
  await expect(approvedRow).toContainText(/approved/i);
  // The tab clicked with the mouse shows no keyboard focus ring (issue 27): Tailwind's ring-2 is a 2 px spread.
  expect(
    await page.getByRole('tab', { name: /^Approved/ }).evaluate((tab) => getComputedStyle(tab).boxShadow),
  ).not.toContain('0px 0px 0px 2px');
  await approvedRow.getByRole('button', { name: /^Review/ }).click();
  const history = page.getByRole('dialog', { name: 'Review KYC Submission' });
  await expect(history.getByRole('heading', { name: 'Review History' })).toBeVisible();
  await expect(history).toContainText('Internal notes: Checked against the national register.');
  await expect(history.getByRole('button', { name: /^Approve/ })).toHaveCount(0);
  await history.getByRole('button', { name: 'Close' }).click();

  const mine = await client().ok(kycOperations.myKyc, { token: session.accessToken });
  expect(mine).toMatchObject({
    id: kycId,
    status: 'approved',
    notes: 'Checked against the national register.',
  });
  await expect
    .poll(async () => (await client().ok(identityOperations.me, { token: session.accessToken })).kycStatus)
    .toBe('approved');
});

test('KYC Management: both empty states, a failed load retried, axe, and phone width', async ({
  page,
}, info) => {
  const { investor } = await investorWithKyc();
  await searchable(investor.email);
  await startSignedIn(page, stackAdmin());

  await page.goto(`/admin/kyc?q=${encodeURIComponent(`nobody-${randomUUID()}`)}`);
  await new ListView(page, 'submission').nothingFound();
  await new ListView(page, 'submission').found(0);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(page).not.toHaveURL(/q=/);
  await expect(page.getByRole('row').filter({ hasText: 'Grace Hopper' }).first()).toBeVisible();

  // Nothing submitted yet, and a failed load with its retry: the answers a fresh platform or an outage give.
  const listAndCounts = onPathOf(kycOperations.adminKyc, kycOperations.adminKycCounts);
  await page.route(listAndCounts, (route) =>
    isCallOf(kycOperations.adminKycCounts, route.request())
      ? route.fulfill({ json: { all: 0, pending: 0, approved: 0, rejected: 0 } })
      : route.fulfill({ json: [], headers: { 'X-Total-Count': '0' } }),
  );
  await page.goto('/admin/kyc');
  await expect(page.getByText('No KYC submissions yet')).toBeVisible();
  await page.unroute(listAndCounts);
  const list = onPathOf(kycOperations.adminKyc);
  await page.route(list, (route) => route.abort());
  await page.goto('/admin/kyc?status=pending');
  await expect(page.getByText('We could not load the KYC submissions.')).toBeVisible();
  await page.unroute(list);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('tab', { name: /Pending Review/, selected: true })).toBeVisible();
  await new ListView(page, 'submission').found();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/admin/kyc?q=${encodeURIComponent(investor.email)}`);
  // At phone width each submission is a card (issue 27).
  const row = page.getByRole('listitem').filter({ hasText: 'Grace Hopper' });
  await expect(row).toBeVisible();
  await expect(page.locator('[aria-busy="true"], [data-skeleton]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: info.outputPath('kyc-375.png'), fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  await row.getByRole('button', { name: /^Review/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Review KYC Submission' });
  await expect(dialog.getByRole('img', { name: 'ID Front of Grace Hopper' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: info.outputPath('kyc-dialog-375.png') });
  expect(await axeViolations(page)).toEqual([]);
});
