// Real resources owned by one investor ("A"), made through the real flows, for the security suites: the
// authorization matrix sends other people to these ids, and the bad-input suite aims broken bodies at them.
import type { ErrorBody } from '@cropvest/contracts';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { kycOperations } from '@cropvest/contracts/kyc/api';
import { notificationOperations } from '@cropvest/contracts/notify/api';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { supportOperations } from '@cropvest/contracts/support/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import {
  adminSession,
  eventually,
  login,
  registerInvestor,
  stackClient,
  type Session,
} from '../support/api.ts';
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

/** The body of a typed answer that must come with `status`; throws naming `what` otherwise. */
function bodyOf<Body>(
  result: { ok: true; status: number; body: Body } | { ok: false; status: number; body: ErrorBody },
  status: number,
  what: string,
): Body {
  expectStatus(result, status, what);
  if (!result.ok) throw new Error(`${what}: refused with ${result.status}`);
  return result.body;
}

const client = stackClient();

export async function seedOwnedResources(label: string): Promise<OwnedResources> {
  const owner = await registerInvestor({ name: `Owner ${label}` });
  const token = owner.accessToken;
  await approveKycThroughReview(owner);
  await kycApprovalReached(owner.user.id, 'wallet');
  await answerSuitability(owner);
  const kyc = bodyOf(await client.call(kycOperations.myKyc, { token }), 200, 'reading own KYC');
  if (!('id' in kyc)) throw new Error('the approved KYC submission is missing');

  const approvedDepositId = await fund(owner, '1000');
  const proof = await requestUpload(token, 'deposit-proof');
  expectStatus(await putUpload(proof.uploadURL, PNG), 200, 'uploading a deposit proof');
  const pending = bodyOf(
    await client.call(walletOperations.createDeposit, {
      token,
      body: { amount: '25', screenshotUrl: proof.objectPath },
    }),
    201,
    'declaring a deposit',
  );

  const withdrawal = bodyOf(
    await client.call(walletOperations.requestWithdrawal, {
      token,
      body: { amount: '10', walletAddress: TRON_ADDRESS },
    }),
    201,
    'requesting a withdrawal',
  );

  const plan = await createPlan({ title: `Security ${label} plan` });
  const investment = bodyOf(
    await client.call(plansOperations.invest, {
      token,
      body: { planId: plan.id, ...(await acknowledgement(plan.id)), slotsPurchased: 1 },
    }),
    201,
    'investing',
  );

  const ticketSubject = `Ticket of ${owner.user.id}`;
  const ticket = bodyOf(
    await client.call(supportOperations.createTicket, {
      token,
      body: {
        subject: ticketSubject,
        category: 'deposit',
        priority: 'low',
        description: `Private question from ${owner.user.email}`,
      },
    }),
    201,
    'opening a support ticket',
  );

  // The deposit approval reaches A as a notification through the bus.
  const notification = await eventually(
    async () => {
      const list = await client.call(notificationOperations.myNotifications, { token });
      return list.ok ? list.body[0] : undefined;
    },
    20_000,
    "A's deposit-approved notification",
  );

  const spare = await login(owner.user.email, owner.password);
  const sessions = bodyOf(
    await client.call(identityOperations.mySessions, { token: spare.accessToken }),
    200,
    'listing own sessions',
  );
  const spareSession = sessions.find((session) => session.current);
  if (!spareSession) throw new Error('the session list does not mark the current session');

  const resources = {
    owner,
    pendingDepositId: pending.id,
    approvedDepositId,
    proofObjectPath: proof.objectPath,
    withdrawalId: withdrawal.id,
    investmentId: investment.id,
    planId: plan.id,
    ticketId: ticket.id,
    kycId: kyc.id,
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
  const banned = await client.call(identityOperations.banUser, {
    token: (await adminSession()).accessToken,
    path: { id: session.user.id },
    body: { isBanned: true },
  });
  expectStatus(banned, 200, 'banning');
  return session;
}

/** An admin signed in while an admin, then changed to an investor: the token still says admin. */
export async function demotedAdmin(): Promise<Session> {
  const user = await registerInvestor({ name: 'Demoted Admin' });
  const admin = (await adminSession()).accessToken;
  const setRole = (role: 'admin' | 'investor') =>
    client.call(identityOperations.updateAdminUser, {
      token: admin,
      path: { id: user.user.id },
      body: { role },
    });
  expectStatus(await setRole('admin'), 200, 'promoting');
  const session = await login(user.user.email, user.password);
  expectStatus(
    await client.call(identityOperations.adminUsers, { token: session.accessToken }),
    200,
    'the promoted admin listing users',
  );
  expectStatus(await setRole('investor'), 200, 'demoting');
  return session;
}
