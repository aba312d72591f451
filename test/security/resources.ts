// Real resources owned by one investor ("A"), made through the real flows, for the security suites: the
// authorization matrix sends other people to these ids, and the bad-input suite aims broken bodies at them.
import { adminSession, api, eventually, login, registerInvestor, type Session } from '../support/api.ts';
import { answerSuitability, kycApprovalReached } from '../support/kyc.ts';
import { PNG, putUpload, requestUpload } from '../support/uploads.ts';
import { fund } from '../support/wallet.ts';
import { approveKycThroughReview, createPlan } from '../../services/plans/test/support.ts';
import { TRON_ADDRESS } from '../../services/wallet/test/support.ts';
import { acknowledgement } from '../support/key-information.ts';

export interface OwnedResources {
  owner: Session & { password: string };
  /** A's deposit waiting for review, with an uploaded proof. */
  pendingDepositId: string;
  /** A's deposit an admin approved (it funded A). */
  approvedDepositId: string;
  proofObjectPath: string;
  withdrawalId: string;
  investmentId: string;
  planId: string;
  ticketId: string;
  kycId: string;
  notificationId: string;
  /** A second signed-in session of A's (not the one `owner` holds), for the calls that end one. */
  spareSessionId: string;
  /** Everything that identifies A or A's data: none of it may appear in an answer to anyone else. */
  markers: string[];
}

function expectStatus(result: { status: number; body: unknown }, status: number, what: string): void {
  if (result.status !== status)
    throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)} (expected ${status})`);
}

export async function seedOwnedResources(label: string): Promise<OwnedResources> {
  const owner = await registerInvestor({ name: `Owner ${label}` });
  const token = owner.accessToken;
  await approveKycThroughReview(owner);
  await kycApprovalReached(owner.user.id, 'wallet');
  await answerSuitability(owner);
  const kyc = await api('GET', '/api/kyc', token);
  expectStatus(kyc, 200, 'reading own KYC');

  const approvedDepositId = await fund(owner, '1000');
  const proof = await requestUpload(token, 'deposit-proof');
  expectStatus(await putUpload(proof.uploadURL, PNG), 200, 'uploading a deposit proof');
  const pending = await api('POST', '/api/deposits', token, {
    amount: '25',
    screenshotUrl: proof.objectPath,
  });
  expectStatus(pending, 201, 'declaring a deposit');

  const withdrawal = await api('POST', '/api/withdrawals', token, {
    amount: '10',
    walletAddress: TRON_ADDRESS,
  });
  expectStatus(withdrawal, 201, 'requesting a withdrawal');

  const plan = await createPlan({ title: `Security ${label} plan` });
  const investment = await api('POST', '/api/investments', token, {
    planId: plan.id,
    ...(await acknowledgement(plan.id)),
    slotsPurchased: 1,
  });
  expectStatus(investment, 201, 'investing');

  const ticketSubject = `Ticket of ${owner.user.id}`;
  const ticket = await api('POST', '/api/support', token, {
    subject: ticketSubject,
    category: 'deposit',
    priority: 'low',
    description: `Private question from ${owner.user.email}`,
  });
  expectStatus(ticket, 201, 'opening a support ticket');

  // The deposit approval reaches A as a notification through the bus.
  const notification = await eventually(
    async () => {
      const list = await api('GET', '/api/notifications', token);
      return Array.isArray(list.body) ? (list.body[0] as { id: string } | undefined) : undefined;
    },
    20_000,
    "A's deposit-approved notification",
  );

  const spare = await login(owner.user.email, owner.password);
  const sessions = await api('GET', '/api/auth/sessions', spare.accessToken);
  expectStatus(sessions, 200, 'listing own sessions');
  const spareSession = (sessions.body as { id: string; current: boolean }[]).find(
    (session) => session.current,
  );
  if (!spareSession) throw new Error('the session list does not mark the current session');

  const resources = {
    owner,
    pendingDepositId: pending.body.id as string,
    approvedDepositId,
    proofObjectPath: proof.objectPath,
    withdrawalId: withdrawal.body.id as string,
    investmentId: investment.body.id as string,
    planId: plan.id as string,
    ticketId: ticket.body.id as string,
    kycId: kyc.body.id as string,
    notificationId: notification.id,
    spareSessionId: spareSession.id,
  };
  const { owner: _owner, planId: _plan, ...owned } = resources;
  return {
    ...resources,
    markers: [owner.user.id, owner.user.email, ticketSubject, ...Object.values(owned)],
  };
}

/** An account signed in, then banned by an admin: its token predates the ban. */
export async function bannedInvestor(): Promise<Session> {
  const session = await registerInvestor({ name: 'Banned Investor' });
  const banned = await api(
    'PATCH',
    `/api/admin/users/${session.user.id}/ban`,
    (await adminSession()).accessToken,
    {
      isBanned: true,
    },
  );
  expectStatus(banned, 200, 'banning');
  return session;
}

/** An admin signed in while an admin, then changed to an investor: the token still says admin. */
export async function demotedAdmin(): Promise<Session> {
  const user = await registerInvestor({ name: 'Demoted Admin' });
  const admin = (await adminSession()).accessToken;
  expectStatus(
    await api('PATCH', `/api/admin/users/${user.user.id}`, admin, { role: 'admin' }),
    200,
    'promoting',
  );
  const session = await login(user.user.email, user.password);
  expectStatus(
    await api('GET', '/api/admin/users', session.accessToken),
    200,
    'the promoted admin listing users',
  );
  expectStatus(
    await api('PATCH', `/api/admin/users/${user.user.id}`, admin, { role: 'investor' }),
    200,
    'demoting',
  );
  return session;
}
