// KYC as the suites need it: the personal details of a valid submission, and approval by the `kyc.reviewed`
// event the KYC service publishes, for suites that need verified investors rather than the review itself.
import { randomUUID } from 'node:crypto';
import { eventually, factories, registerInvestor, type Session } from './api.ts';
import { publishEvent } from './bus.ts';
import { serviceDb } from './connections.ts';
import { fund } from './wallet.ts';
import type { KYC_PERSONAL_DETAILS } from './factories.ts';

export { KYC_PERSONAL_DETAILS, PDF } from './factories.ts';

/**
 * Submits KYC as `session` with real uploads (front, back and selfie PNGs, proof of address a PDF) and the
 * personal details with `overrides`; answers the created record, throws unless 201.
 */
export const submitKyc = (session: Session, overrides: Partial<typeof KYC_PERSONAL_DETAILS> = {}) =>
  factories().submitKyc(session, overrides);

/** The services that keep their own projection of KYC statuses (table `kyc_statuses` in their schema). */
export type KycProjection = 'plans' | 'wallet';

/** Waits until `service`'s projection has the user approved: it decides on its copy, not on the KYC service. */
export const kycApprovalReached = (userId: string, service: KycProjection): Promise<unknown> =>
  eventually(
    async () =>
      (await serviceDb(service)('kyc_statuses')
        .where({ user_id: userId, status: 'approved' })
        .first()) as unknown,
    30_000,
    `the KYC approval to reach the ${service} service`,
  );

/** Publishes the approval the KYC service would after a review, then waits until `service` has it. */
export async function approveKycByEvent(userId: string, service: KycProjection): Promise<void> {
  await publishEvent(
    'kyc.reviewed',
    { userId, kycId: randomUUID(), status: 'approved', rejectionReason: null },
    { subjectId: userId },
  );
  await kycApprovalReached(userId, service);
}

/** Answers the suitability questions as `session`; throws unless saved. */
export const answerSuitability = (session: Session, answers?: object): Promise<void> =>
  factories().answerSuitability(session, answers);

/** A new investor with `amount` credited, KYC approved as `service` sees them, and suitability answered. */
export async function verifiedInvestor(amount: string, service: KycProjection): Promise<Session> {
  const session = await registerInvestor();
  await fund(session, amount);
  await approveKycByEvent(session.user.id, service);
  await answerSuitability(session);
  return session;
}
