// How to call each operation of the served OpenAPI document validly, with real resources owned by investor A
// (resources.ts): the authorization matrix sends every kind of caller with these calls, and the bad-input
// suite breaks them one defect at a time. Only calls that need ids, a body or a required query are listed;
// an operation that needs one and has none fails both suites (`needsCall`).
import { randomBytes } from 'node:crypto';
import { tronAddressFromHex } from '@cropvest/contracts/chain/addresses';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { testimonialOperations } from '@cropvest/contracts/identity/testimonials-api';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { fieldReportOperations } from '@cropvest/contracts/plans/field-reports-api';
import { fundingOperations } from '@cropvest/contracts/plans/funding-api';
import { supportOperations } from '@cropvest/contracts/support/api';
import { addressBookOperations } from '@cropvest/contracts/wallet/address-book-api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { unknownTxid } from '../support/chain.ts';
import {
  adminSession,
  freshIp,
  login,
  registerInvestor,
  stack,
  stackClient,
  uniqueEmail,
  type Session,
} from '../support/api.ts';
import { KYC_PERSONAL_DETAILS } from '../support/kyc.ts';
import {
  COMPLETE_KEY_INFORMATION,
  OPERATOR_FIELDS,
  acknowledgement,
  createOperator,
} from '../support/key-information.ts';
import { fillPath, type Operation } from '../support/openapi.ts';
import { PNG, putUpload, requestUpload } from '../support/uploads.ts';
import { createPlan, planFields, plansDb } from '../../services/plans/test/support.ts';
import { TRON_ADDRESS } from '../../services/wallet/test/support.ts';
import { seedOwnedResources, type OwnedResources } from './resources.ts';

export interface Context {
  owned: OwnedResources;
  /** An account the admin's calls edit, unban and reset, so nobody a suite relies on is touched. */
  target: Session & { password: string };
  /** An account the public sign-in operations use. */
  visitor: Session & { password: string };
  planToEdit: string;
  planToDelete: string;
  generalSettings: Record<string, unknown>;
  walletSettings: Record<string, unknown>;
  /** An FAQ entry the admin's calls edit, and every entry's id in the current order. */
  faqEntryId: string;
  faqOrder: string[];
  admin: Session;
}

export interface OperationCall {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** A file's bytes instead of JSON (the upload PUTs). */
  file?: Buffer;
  /** What the call's capability (an upload token issued to A) names, which the answer may repeat to its holder. */
  echoes?: string[];
}

const client = stackClient();

/** The largest ledger amount: at or above any second-approval threshold. */
const LARGEST_AMOUNT = '9999999999';

/** A funded plan whose harvest found it short, as the accrual leaves it (set directly: no days pass here). */
async function planAwaitingSettlement(): Promise<string> {
  const plan = await createPlan({ title: 'Matrix plan awaiting settlement' });
  await plansDb()('plans').where({ id: plan.id }).update({ payout_status: 'settlement_needed' });
  return plan.id as string;
}

/** A settlement proposed by the admin, awaiting a second admin. */
async function settlementProposal(admin: Session): Promise<string> {
  const planId = await planAwaitingSettlement();
  const proposed = await client.call(fundingOperations.requestSettlement, {
    token: admin.accessToken,
    path: { id: planId },
    body: { action: 'pro_rata' },
  });
  if (!proposed.ok || proposed.status !== 201)
    throw new Error(`settlement: ${proposed.status} ${JSON.stringify(proposed.body)}`);
  return proposed.body.id;
}

/** A reserve allocation proposed by the admin, awaiting a second admin. */
async function allocationProposal(admin: Session, planId: string): Promise<string> {
  const proposed = await client.call(fundingOperations.requestReserveAllocation, {
    token: admin.accessToken,
    path: { id: planId },
    body: { amount: LARGEST_AMOUNT, reason: 'Matrix allocation' },
  });
  if (!proposed.ok || proposed.status !== 201)
    throw new Error(`allocation: ${proposed.status} ${JSON.stringify(proposed.body)}`);
  return proposed.body.id;
}

/** A plan image uploaded by the admin and not yet attached: its upload address. */
async function uploadedPlanImage(admin: Session): Promise<string> {
  const ticket = await requestUpload(admin.accessToken, 'plan-image');
  if ((await putUpload(ticket.uploadURL, PNG)).status !== 200) throw new Error('plan image upload failed');
  return ticket.uploadURL;
}

/** Investor A's resources, and throwaway targets for the calls an admin really makes. */
export async function buildContext(label: string): Promise<Context> {
  const admin = await adminSession();
  const [owned, target, visitor] = await Promise.all([
    seedOwnedResources(label),
    registerInvestor({ name: `${label} target` }),
    registerInvestor({ name: `${label} visitor` }),
  ]);
  const token = admin.accessToken;
  const faqEntry = await client.call(supportOperations.createFaqEntry, {
    token,
    body: {
      question: `${label}: how are calls checked?`,
      answer: 'Against the guard each operation declares.',
    },
  });
  if (!faqEntry.ok || faqEntry.status !== 201)
    throw new Error(`FAQ entry: ${faqEntry.status} ${JSON.stringify(faqEntry.body)}`);
  const faq = await client.ok(supportOperations.adminFaq, { token, query: { pageSize: 200 } });
  const settings = await client.ok(identityOperations.adminSettings, { token });
  const wallet = await client.ok(walletOperations.walletSettings, { token: owned.owner.accessToken });
  return {
    owned,
    target,
    visitor,
    admin,
    planToEdit: (await createPlan({ title: `${label} plan to edit` })).id,
    planToDelete: (await createPlan({ title: `${label} plan to delete` })).id,
    generalSettings: settings.general,
    faqEntryId: faqEntry.body.id,
    faqOrder: faq.map((entry) => entry.id),
    // The platform's wallet as it is (the answer names its address usdtWalletAddress), so the admin's save keeps it.
    walletSettings: wallet
      ? { address: wallet.usdtWalletAddress, networkType: wallet.networkType, isActive: wallet.isActive }
      : { address: TRON_ADDRESS },
  };
}

/** Entered by the security suites only; they remove what they add before the landing could matter. */
const MATRIX_TESTIMONIAL = {
  name: 'Matrix Caller',
  content: 'Written by the authorization matrix.',
  rating: 5,
  consent: true as const,
  consentNote: 'Test data, not shown to people',
};

/** The suites call the testimonial operations many times; the landing holds at most TESTIMONIALS_MAX. */
async function clearMatrixTestimonials(admin: Session): Promise<void> {
  const token = admin.accessToken;
  const list = await client.call(testimonialOperations.adminTestimonials, {
    token,
    query: { pageSize: 200 },
  });
  for (const entry of list.ok ? list.body : [])
    if (entry.name === MATRIX_TESTIMONIAL.name)
      await client.call(testimonialOperations.deleteTestimonial, { token, path: { id: entry.id } });
}

const DAY_MS = 86_400_000;
const dayFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);
const today = () => dayFromNow(0);
const lastMonth = () => dayFromNow(-30);
const nextYear = () => dayFromNow(365);

/**
 * Valid calls. A call is valid for whoever the guard allows, so a refusal the guard does not make shows up
 * as a 2xx; bodies aim at throwaway targets because an admin really runs them.
 */
export const VALID_CALLS: Record<string, (ctx: Context) => OperationCall | Promise<OperationCall>> = {
  'POST /api/auth/register': () => ({
    body: { name: 'Matrix Visitor', email: uniqueEmail('matrix'), password: 'secret-pass-1' },
  }),
  'POST /api/auth/login': ({ visitor }) => ({
    body: { email: visitor.user.email, password: visitor.password },
  }),
  'POST /api/auth/refresh': async ({ visitor }) => ({
    body: { refreshToken: (await login(visitor.user.email, visitor.password)).refreshToken },
  }),
  'POST /api/auth/logout': async ({ visitor }) => ({
    body: { refreshToken: (await login(visitor.user.email, visitor.password)).refreshToken },
  }),
  'POST /api/auth/reset-password': () => ({
    body: { token: 'no-such-reset-token', password: 'secret-pass-2' },
  }),
  // A wrong current password: the call is checked and refused, and nobody's sessions end with a real change.
  'POST /api/auth/change-password': () => ({
    body: { currentPassword: 'not-the-password', newPassword: 'secret-pass-3' },
  }),
  'DELETE /api/auth/sessions/{id}': ({ owned }) => ({ params: { id: owned.spareSessionId } }),
  // Own profile: a name edit really runs; an email change with a wrong password and a link nobody was sent
  // are checked and refused.
  'PATCH /api/auth/me': () => ({ body: { name: 'Matrix Caller' } }),
  'POST /api/auth/email-change': () => ({
    body: { newEmail: uniqueEmail('matrix-new'), currentPassword: 'not-the-password' },
  }),
  'POST /api/auth/email-change/confirm': () => ({ body: { token: 'no-such-email-change-token' } }),
  'PUT /api/auth/login-alerts': () => ({ body: { enabled: true } }),
  // A wrong current password: the code is checked and refused, and nobody's mails change.
  'PUT /api/auth/anti-phishing-code': () => ({
    body: { code: 'Matrix phrase', currentPassword: 'not-the-password' },
  }),
  // Two-factor: challenges nobody was given and codes that are not current are checked and refused (400).
  'POST /api/auth/login/two-factor': () => ({
    body: { challengeToken: 'no-such-challenge', code: '123456' },
  }),
  'POST /api/auth/login/two-factor/enrolment': () => ({ body: { challengeToken: 'no-such-challenge' } }),
  'POST /api/auth/login/two-factor/enrolment/confirm': () => ({
    body: { challengeToken: 'no-such-challenge', code: '123456' },
  }),
  'POST /api/auth/two-factor/enrolment/confirm': () => ({ body: { code: '123456' } }),
  'POST /api/auth/two-factor/disable': () => ({ body: { password: 'not-the-password', code: '123456' } }),
  'POST /api/auth/two-factor/recovery-codes': () => ({ body: { code: '123456' } }),
  'POST /api/admin/faq': () => ({ body: { question: 'Matrix: a question?', answer: 'An answer.' } }),
  'PUT /api/admin/faq/order': ({ faqOrder }) => ({ body: { ids: faqOrder } }),
  'PUT /api/admin/faq/{id}': ({ faqEntryId }) => ({
    params: { id: faqEntryId },
    body: { answer: 'An edited answer.' },
  }),
  'GET /api/admin/users/{id}': ({ owned }) => ({ params: { id: owned.owner.user.id } }),
  'PATCH /api/admin/users/{id}': ({ target }) => ({
    params: { id: target.user.id },
    body: { name: 'Matrix Target' },
  }),
  'PATCH /api/admin/users/{id}/ban': ({ target }) => ({
    params: { id: target.user.id },
    body: { isBanned: false },
  }),
  'POST /api/admin/users/{id}/reset-password': ({ target }) => ({ params: { id: target.user.id } }),
  'PATCH /api/admin/settings': ({ generalSettings }) => ({
    body: { section: 'general', settings: { platformName: generalSettings.platformName } },
  }),
  'POST /api/deposits': () => ({ body: { amount: '5' } }),
  'GET /api/deposits/{id}': ({ owned }) => ({ params: { id: owned.pendingDepositId } }),
  'GET /api/deposits/{id}/proof': ({ owned }) => ({ params: { id: owned.pendingDepositId } }),
  'GET /api/withdrawals/{id}': ({ owned }) => ({ params: { id: owned.withdrawalId } }),
  'POST /api/withdrawals': () => ({ body: { amount: '1', walletAddress: TRON_ADDRESS } }),
  // The address book (decision 0097): a fresh address each call, so every caller's save is a new one.
  'POST /api/address-book': () => ({
    body: { label: 'Matrix', address: tronAddressFromHex(randomBytes(20).toString('hex')) },
  }),
  // An entry of A's own for each call, so removing it touches nothing a suite relies on.
  'DELETE /api/address-book/{id}': async ({ owned }) => {
    const added = await client.call(addressBookOperations.addAddressBookEntry, {
      token: owned.owner.accessToken,
      body: { label: 'Matrix removal', address: tronAddressFromHex(randomBytes(20).toString('hex')) },
    });
    if (!added.ok || added.status !== 201)
      throw new Error(`address: ${added.status} ${JSON.stringify(added.body)}`);
    return { params: { id: added.body.id } };
  },
  // Off while off changes nothing.
  'PUT /api/address-book/settings': () => ({ body: { whitelistOnly: false } }),
  'GET /api/address-book/lookalikes': () => ({ query: `address=${TRON_ADDRESS}` }),
  'POST /api/objects/upload': () => ({ body: { purpose: 'deposit-proof' } }),
  'PUT /api/uploads/deposit-proofs/{token}': async ({ owned }) => ({
    params: { token: tokenOf((await requestUpload(owned.owner.accessToken, 'deposit-proof')).uploadURL) },
    file: PNG,
    // The stored object's path names its uploader: whoever holds A's upload link learns A's id, by design.
    echoes: [owned.owner.user.id],
  }),
  'GET /api/admin/deposits/{id}': ({ owned }) => ({ params: { id: owned.pendingDepositId } }),
  'GET /api/admin/withdrawals/{id}': ({ owned }) => ({ params: { id: owned.withdrawalId } }),
  'PUT /api/admin/deposits/{id}/status': ({ owned }) => ({
    params: { id: owned.pendingDepositId },
    body: { status: 'approved' },
  }),
  'PUT /api/admin/withdrawals/{id}/status': ({ owned }) => ({
    params: { id: owned.withdrawalId },
    body: { status: 'approved', txid: unknownTxid() },
  }),
  // Answered 409 when the payout is being verified (the approval above gave its id): an answer, not a refusal.
  'PUT /api/admin/withdrawals/{id}/txid': ({ owned }) => ({
    params: { id: owned.withdrawalId },
    body: { txid: unknownTxid() },
  }),
  // No such adjustment: the admin's call is checked and answered 404; the rule itself is in the wallet's tests.
  'PUT /api/admin/balance-adjustments/{id}/status': () => ({
    params: { id: '00000000-0000-4000-8000-000000000000' },
    body: { status: 'rejected', rejectionReason: 'Matrix check' },
  }),
  'GET /api/admin/withdrawal-limits/{id}': ({ owned }) => ({ params: { id: owned.owner.user.id } }),
  'GET /api/admin/users/{id}/address-book': ({ owned }) => ({ params: { id: owned.owner.user.id } }),
  'GET /api/admin/users/{id}/address-book/settings': ({ owned }) => ({ params: { id: owned.owner.user.id } }),
  'GET /api/admin/users/{id}/withdrawal-holds': ({ owned }) => ({ params: { id: owned.owner.user.id } }),
  // New-device approval and the freeze (decisions 0100, 0101): tokens nobody was sent are checked and refused (400),
  // the visitor's unfreeze finds the account not frozen (409), and the admin freezes and unfreezes the target.
  'POST /api/auth/login/device-approval': () => ({ body: { waitToken: 'no-such-wait-token' } }),
  'POST /api/auth/device-approvals/details': () => ({ body: { token: 'no-such-approval-token' } }),
  'POST /api/auth/device-approvals/approve': () => ({ body: { token: 'no-such-approval-token' } }),
  'POST /api/auth/device-approvals/deny': () => ({
    body: { token: 'no-such-approval-token', freeze: false },
  }),
  'POST /api/auth/freeze/link': () => ({ body: { token: 'no-such-freeze-token' } }),
  'POST /api/auth/unfreeze': ({ visitor }) => ({
    body: { email: visitor.user.email, password: visitor.password },
  }),
  'POST /api/auth/unfreeze/confirm': () => ({ body: { token: 'no-such-unfreeze-token' } }),
  'PUT /api/auth/device-approval': () => ({ body: { enabled: true } }),
  // No such device: checked and answered 404 (the caller's own devices are never signed out mid-suite).
  'DELETE /api/auth/devices/{id}': () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
  'POST /api/auth/devices/{id}/sign-out': () => ({ params: { id: '00000000-0000-4000-8000-000000000000' } }),
  'GET /api/admin/users/{id}/devices': ({ owned }) => ({ params: { id: owned.owner.user.id } }),
  'GET /api/admin/users/{id}/freeze': ({ owned }) => ({ params: { id: owned.owner.user.id } }),
  'POST /api/admin/users/{id}/freeze': ({ target }) => ({
    params: { id: target.user.id },
    body: { reason: 'Matrix check' },
  }),
  'POST /api/admin/users/{id}/unfreeze': ({ target }) => ({
    params: { id: target.user.id },
    body: { reason: 'Matrix check' },
  }),
  // The target's limits, raised far above the threshold: held for a second admin (a later call finds it waiting, 409).
  'POST /api/admin/withdrawal-limits/{id}/raises': ({ target }) => ({
    params: { id: target.user.id },
    body: { dailyLimit: LARGEST_AMOUNT, monthlyLimit: LARGEST_AMOUNT, reason: 'Matrix check' },
  }),
  'PUT /api/admin/withdrawal-limit-raises/{id}/status': () => ({
    params: { id: '00000000-0000-4000-8000-000000000000' },
    body: { status: 'rejected', rejectionReason: 'Matrix check' },
  }),
  // No transfer of an unknown transaction was recorded: the admin's call is checked and answered 404; assigning a
  // real one is in the chain's own suite (services/chain/test/unmatched.int.test.ts).
  'POST /api/admin/unmatched-transfers/assignments': ({ owned }) => ({
    body: { network: 'TRC20', txid: unknownTxid(), userId: owned.owner.user.id, reason: 'Matrix check' },
  }),
  'PUT /api/admin/unmatched-transfers/assignments/{id}/status': () => ({
    params: { id: '00000000-0000-4000-8000-000000000000' },
    body: { status: 'rejected', rejectionReason: 'Matrix check' },
  }),
  'PUT /api/admin/wallet-settings': ({ walletSettings }) => ({ body: walletSettings }),
  // Switching BEP-20 off both ways is always allowed (TRC-20 stays accepted) and changes nothing a suite uses.
  'PUT /api/admin/payment-methods': () => ({
    body: { network: 'BEP20', deposits: false, withdrawals: false },
  }),
  'POST /api/admin/settings/testimonials': async ({ admin }) => {
    await clearMatrixTestimonials(admin);
    return { body: MATRIX_TESTIMONIAL };
  },
  // A testimonial of its own for each call, so removing it touches nothing a suite relies on.
  'DELETE /api/admin/settings/testimonials/{id}': async ({ admin }) => {
    await clearMatrixTestimonials(admin);
    const added = await client.call(testimonialOperations.createTestimonial, {
      token: admin.accessToken,
      body: MATRIX_TESTIMONIAL,
    });
    if (!added.ok || added.status !== 201)
      throw new Error(`testimonial: ${added.status} ${JSON.stringify(added.body)}`);
    return { params: { id: added.body.id } };
  },
  'GET /api/statement': () => {
    const today = new Date().toISOString().slice(0, 10);
    return { query: `from=${today.slice(0, 4)}-01-01&to=${today}&format=csv` };
  },
  ...Object.fromEntries(
    ['transactions', 'investments', 'users', 'kyc'].map((report) => [
      `GET /api/admin/reports/${report}`,
      () => ({ query: `from=${lastMonth()}&to=${today()}&bucket=week` }),
    ]),
  ),
  'GET /api/admin/reports/harvest-calendar': () => ({ query: `from=${today()}&to=${nextYear()}` }),
  'POST /api/support': () => ({
    body: { subject: 'Matrix question', category: 'other', priority: 'low', description: 'A matrix call.' },
  }),
  'GET /api/support/{id}': ({ owned }) => ({ params: { id: owned.ticketId } }),
  'GET /api/admin/support/{id}': ({ owned }) => ({ params: { id: owned.ticketId } }),
  'PUT /api/admin/support/{id}/status': ({ owned }) => ({
    params: { id: owned.ticketId },
    body: { status: 'in_progress' },
  }),
  'PUT /api/admin/support/{id}/response': ({ owned }) => ({
    params: { id: owned.ticketId },
    body: { response: 'Answered by the matrix.' },
  }),
  'PUT /api/notifications/{id}/read': ({ owned }) => ({ params: { id: owned.notificationId } }),
  'PUT /api/notifications/preferences': () => ({ body: { weekly: true } }),
  'POST /api/admin/notifications': ({ owned }) => ({
    body: { title: 'Matrix', message: 'A notice from the matrix.', userIds: [owned.owner.user.id] },
  }),
  // Personal details with made-up document paths: refused by validation, never by the guard.
  'POST /api/kyc': () => ({
    body: {
      ...KYC_PERSONAL_DETAILS,
      idDocumentFrontUrl: '/objects/kyc-documents/none',
      selfieUrl: '/objects/kyc-documents/none',
      proofOfAddressUrl: '/objects/kyc-documents/none',
    },
  }),
  'GET /api/admin/kyc/{id}/documents': ({ owned }) => ({ params: { id: owned.kycId } }),
  'PUT /api/admin/kyc/{id}/status': ({ owned }) => ({
    params: { id: owned.kycId },
    body: { status: 'approved' },
  }),
  'POST /api/admin/plans': () => ({ body: planFields({ title: 'Matrix plan' }) }),
  'PUT /api/admin/plans/{id}': ({ planToEdit }) => ({
    params: { id: planToEdit },
    body: planFields({ title: 'Matrix plan, edited' }),
  }),
  'DELETE /api/admin/plans/{id}': ({ planToDelete }) => ({ params: { id: planToDelete } }),
  'GET /api/admin/plans/{id}/can-delete': ({ owned }) => ({ params: { id: owned.planId } }),
  'PUT /api/plan-images': async ({ admin }) => ({ body: { imageURL: await uploadedPlanImage(admin) } }),
  'GET /api/plan-images/{owner}/{id}': async ({ admin }) => {
    const imageURL = await uploadedPlanImage(admin);
    const attached = await client.ok(plansOperations.planImageUploadTicket, {
      token: admin.accessToken,
      body: { imageURL },
    });
    const [owner, id] = attached.objectPath.split('/').slice(-2);
    return { params: { owner: owner as string, id: id as string } };
  },
  'PUT /api/uploads/kyc-documents/{token}': async ({ owned }) => ({
    params: { token: tokenOf((await requestUpload(owned.owner.accessToken, 'kyc-document')).uploadURL) },
    file: PNG,
    echoes: [owned.owner.user.id],
  }),
  'PUT /api/uploads/plan-images/{token}': async ({ admin }) => ({
    params: { token: tokenOf((await requestUpload(admin.accessToken, 'plan-image')).uploadURL) },
    file: PNG,
  }),
  'GET /api/plans/{id}': ({ owned }) => ({ params: { id: owned.planId } }),
  'GET /api/plans/{id}/field-reports': ({ owned }) => ({ params: { id: owned.planId } }),
  'POST /api/admin/plans/{id}/field-reports': ({ owned }) => ({
    params: { id: owned.planId },
    body: { stage: 'growing', text: 'Written by the security suites.' },
  }),
  'GET /api/admin/field-reports/{id}/verification': async ({ owned, admin }) => {
    const report = await client.call(fieldReportOperations.publishFieldReport, {
      token: admin.accessToken,
      path: { id: owned.planId },
      body: { stage: 'growing', text: 'Verified by the security suites.' },
    });
    if (!report.ok || report.status !== 201)
      throw new Error(`field report: ${report.status} ${JSON.stringify(report.body)}`);
    return { params: { id: report.body.id } };
  },
  'GET /api/investments/{id}': ({ owned }) => ({ params: { id: owned.investmentId } }),
  'GET /api/admin/investments/{id}': ({ owned }) => ({ params: { id: owned.investmentId } }),
  // A's own investment: the first call cancels it, later ones are refused as already cancelled (409).
  'POST /api/investments/{id}/cancel': ({ owned }) => ({ params: { id: owned.investmentId } }),
  'PUT /api/suitability': () => ({
    body: { experience: 'some', purpose: 'growth', netWorth: '100000000', yearlyIncome: '50000' },
  }),
  'POST /api/investments': async ({ owned }) => ({
    body: { planId: owned.planId, slotsPurchased: 1, ...(await acknowledgement(owned.planId)) },
  }),
  'POST /api/admin/operators': () => ({ body: OPERATOR_FIELDS }),
  'GET /api/admin/operators/{id}': async () => ({ params: { id: (await createOperator()).id as string } }),
  'PUT /api/admin/operators/{id}': async () => ({
    params: { id: (await createOperator()).id as string },
    body: { ...OPERATOR_FIELDS, name: 'Matrix operator, edited' },
  }),
  // Funded payouts (decision 0091): records on the plan to edit (A's plan keeps its figures), and proposals
  // awaiting a second admin, which the admin's own approval refuses as SAME_APPROVER (409).
  'GET /api/plans/{id}/funding': ({ owned }) => ({ params: { id: owned.planId } }),
  'GET /api/plans/{id}/disbursements': ({ owned }) => ({ params: { id: owned.planId } }),
  'GET /api/admin/plans/{id}/disbursements': ({ owned }) => ({ params: { id: owned.planId } }),
  'POST /api/admin/plans/{id}/disbursements': ({ planToEdit }) => ({
    params: { id: planToEdit },
    body: { amount: '1', disbursedOn: today(), note: 'Matrix disbursement' },
  }),
  'GET /api/admin/plans/{id}/proceeds': ({ owned }) => ({ params: { id: owned.planId } }),
  'POST /api/admin/plans/{id}/proceeds': ({ planToEdit }) => ({
    params: { id: planToEdit },
    body: { amount: '1', receivedOn: today(), buyer: 'Matrix mill' },
  }),
  'POST /api/admin/plans/{id}/reserve-allocations': ({ planToEdit }) => ({
    params: { id: planToEdit },
    body: { amount: LARGEST_AMOUNT, reason: 'Matrix allocation' },
  }),
  'GET /api/admin/plans/{id}/settlements': ({ owned }) => ({ params: { id: owned.planId } }),
  'POST /api/admin/plans/{id}/settlements': async () => ({
    params: { id: await planAwaitingSettlement() },
    body: { action: 'pro_rata' },
  }),
  'POST /api/admin/plan-settlements/{id}/approve': async ({ admin }) => ({
    params: { id: await settlementProposal(admin) },
  }),
  'POST /api/admin/plan-settlements/{id}/reject': async ({ admin }) => ({
    params: { id: await settlementProposal(admin) },
  }),
  'POST /api/admin/reserve/contributions': () => ({
    body: { amount: '1', receivedOn: today(), source: 'Matrix contribution' },
  }),
  'POST /api/admin/reserve/allocations/{id}/approve': async ({ admin, planToEdit }) => ({
    params: { id: await allocationProposal(admin, planToEdit) },
  }),
  'POST /api/admin/reserve/allocations/{id}/reject': async ({ admin, planToEdit }) => ({
    params: { id: await allocationProposal(admin, planToEdit) },
  }),
  'GET /api/plans/{id}/key-information': ({ owned }) => ({ params: { id: owned.planId } }),
  'GET /api/admin/plans/{id}/key-information/versions': ({ owned }) => ({ params: { id: owned.planId } }),
  // The plan to edit, not A's: a new version of A's plan's sheet would make A's acknowledgement stale.
  'PUT /api/admin/plans/{id}/key-information': async ({ planToEdit }) => ({
    params: { id: planToEdit },
    body: { operatorId: (await createOperator()).id as string, ...COMPLETE_KEY_INFORMATION },
  }),
};

/** Operations that end the caller's own sessions: a suite calls them after every other one. */
export const ENDS_CALLER_SESSIONS = new Set(['DELETE /api/auth/sessions']);

/**
 * Operations the matrix never calls with its callers' tokens: they would lock the caller out for good (the stack's
 * admin included, whom later suites sign in as). Their own suite checks who may call them.
 */
export const LOCKS_CALLER_OUT = new Map([
  ['POST /api/auth/freeze', 'services/identity/test/freeze.int.test.ts'],
]);

export const tokenOf = (uploadURL: string): string => uploadURL.slice(uploadURL.lastIndexOf('/') + 1);

/** Operations that cannot be called without something only a listed call knows. */
export const needsCall = (op: Operation): boolean =>
  op.pathParams.length > 0 || op.body !== undefined || op.query.some((q) => q.required);

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

export interface RawRequest {
  method: string;
  path: string;
  token?: string;
  body?: string | Buffer;
  contentType?: string;
}

/** One request through the gateway, from a fresh client IP; an event stream's body is not awaited (it never ends). */
export async function sendRaw(request: RawRequest): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': freshIp() };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  if (request.contentType) headers['content-type'] = request.contentType;
  const abort = new AbortController();
  const response = await fetch(`${stack().gatewayUrl}${request.path}`, {
    method: request.method,
    headers,
    body: request.body,
    signal: abort.signal,
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.startsWith('text/event-stream')) {
    abort.abort();
    return { status: response.status, contentType, text: '' };
  }
  return { status: response.status, contentType, text: await response.text() };
}

/** `call` of `op` as `token` (none: anonymous). */
export const send = (op: Operation, call: OperationCall, token: string | undefined): Promise<Answer> =>
  sendRaw({
    method: op.method,
    path: fillPath(op.path, call.params ?? {}) + (call.query ? `?${call.query}` : ''),
    token,
    ...(call.file
      ? { body: call.file, contentType: 'image/png' }
      : call.body !== undefined
        ? { body: JSON.stringify(call.body), contentType: 'application/json' }
        : {}),
  });
