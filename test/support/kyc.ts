// KYC as the suites need it: the personal details of a valid submission, and approval by the `kyc.reviewed`
// event the KYC service publishes, for suites that need verified investors rather than the review itself.
import { randomUUID } from 'node:crypto';
import { api, call, eventually, freshIp, registerInvestor, type Session } from './api.ts';
import { publishEvent } from './bus.ts';
import { serviceDb } from './connections.ts';
import { PNG, putUpload, requestUpload } from './uploads.ts';
import { fund } from './wallet.ts';
import { AMPLE_SUITABILITY } from './key-information-sheet.ts';

/** Everything a valid KYC submission has besides its four documents: an adult with a passport. */
export const KYC_PERSONAL_DETAILS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  dateOfBirth: '1990-04-21',
  nationality: 'British',
  address: '12 St James Square',
  city: 'London',
  country: 'United Kingdom',
  postalCode: 'SW1Y 4JH',
  phoneNumber: '+44 20 7946 0958',
  idType: 'passport',
  idNumber: 'P1234567',
};

/** The smallest PDF the upload's content check accepts. */
export const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 32)]);

/** Uploads one KYC document as `session` and answers its objectPath; throws unless stored. */
async function uploadDocument(session: Session, bytes: Buffer, contentType: string): Promise<string> {
  const ticket = await requestUpload(session.accessToken, 'kyc-document');
  const stored = await putUpload(ticket.uploadURL, bytes, contentType);
  if (stored.status !== 200) throw new Error(`KYC document upload failed: ${stored.status}`);
  return (stored.body as { objectPath: string }).objectPath;
}

/**
 * Submits KYC as `session` with real uploads (front, back and selfie PNGs, proof of address a PDF) and the
 * personal details with `overrides`; answers the created record, throws unless 201.
 */
export async function submitKyc(
  session: Session,
  overrides: Partial<typeof KYC_PERSONAL_DETAILS> = {},
): Promise<{ id: string; [field: string]: unknown }> {
  const [front, back, selfie, proof] = await Promise.all([
    uploadDocument(session, PNG, 'image/png'),
    uploadDocument(session, PNG, 'image/png'),
    uploadDocument(session, PNG, 'image/png'),
    uploadDocument(session, PDF, 'application/pdf'),
  ]);
  const created = await call('POST', '/api/kyc', {
    token: session.accessToken,
    ip: freshIp(),
    body: {
      ...KYC_PERSONAL_DETAILS,
      ...overrides,
      idDocumentFrontUrl: front,
      idDocumentBackUrl: back,
      selfieUrl: selfie,
      proofOfAddressUrl: proof,
    },
  });
  if (created.status !== 201) throw new Error(`KYC submission failed: ${JSON.stringify(created.body)}`);
  return created.body as { id: string };
}

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
export async function answerSuitability(
  session: Session,
  answers: Record<string, unknown> = AMPLE_SUITABILITY,
): Promise<void> {
  const saved = await api('PUT', '/api/suitability', session.accessToken, answers);
  if (saved.status !== 200) throw new Error(`suitability answers refused: ${JSON.stringify(saved.body)}`);
}

/** A new investor with `amount` credited, KYC approved as `service` sees them, and suitability answered. */
export async function verifiedInvestor(amount: string, service: KycProjection): Promise<Session> {
  const session = await registerInvestor();
  await fund(session, amount);
  await approveKycByEvent(session.user.id, service);
  await answerSuitability(session);
  return session;
}
