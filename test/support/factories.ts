// The data every kind of test needs made through the API as a person would (issue 29 item 4): an investor, a
// funded balance, a KYC submission and its approval, suitability answers, an operator, a plan with its key
// information sheet. The jest suites, the journeys and the benchmarks each make one `StackFactories` over their
// client and their admin's session.
import { randomUUID } from 'node:crypto';
import { keyInformationOperations } from '@cropvest/contracts/plans/key-information-api';
import { kycOperations } from '@cropvest/contracts/kyc/api';
import { money, MoneyDecimal } from '@cropvest/contracts/money';
import { plansOperations } from '@cropvest/contracts/plans/api';
import { suitabilityOperations } from '@cropvest/contracts/plans/suitability-api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import type { StackClient, Session } from './client.ts';
import { AMPLE_SUITABILITY, COMPLETE_KEY_INFORMATION, OPERATOR_FIELDS } from './key-information-sheet.ts';

/** The PNG signature and some filler: the services sniff the type from the first bytes, not from headers. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);
/** The smallest PDF the upload's content check accepts. */
export const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 32)]);

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

/**
 * Deposits of at most this much: an admin's approval of a deposit at or above the second-approval threshold
 * (10,000.00 by default) only records a first approval (docs/decisions/0060), so larger funds come in parts.
 */
const FUNDING_PART = 5000;

export const uniqueEmail = (label = 'user'): string => `${label}-${randomUUID().slice(0, 8)}@example.com`;

type PlanInput = OperationBody<typeof plansOperations.createPlan>;

/** Whoever the factories act as: a session, or just its access token. */
export interface SignedIn {
  accessToken: string;
}

export class StackFactories {
  constructor(
    readonly client: StackClient,
    /** The admin who reviews and creates what the factories need (signed in once by the caller). */
    private readonly admin: () => Promise<SignedIn>,
  ) {}

  private async adminToken(): Promise<string> {
    return (await this.admin()).accessToken;
  }

  /** One operator for every plan whose operator does not matter to the test. */
  private sharedOperator: ReturnType<StackFactories['operator']> | undefined;

  /** A newly registered investor and their password. */
  async investor(
    name = 'Test Investor',
    email = uniqueEmail('investor'),
  ): Promise<Session & { password: string }> {
    const password = 'secret-pass-1';
    return { ...(await this.client.register({ name, email, password })), password };
  }

  /** Credits `amount` through the real flow: deposits below the four-eyes threshold, each approved by the admin. */
  async fund(session: SignedIn, amount: string): Promise<string[]> {
    const deposits: string[] = [];
    for (let left = money(amount); left.gt(0); left = left.minus(FUNDING_PART)) {
      const part = MoneyDecimal.min(left, FUNDING_PART).toFixed(2);
      const deposit = await this.client.ok(walletOperations.createDeposit, {
        token: session.accessToken,
        body: { amount: part },
      });
      const reviewed = await this.client.ok(walletOperations.reviewDeposit, {
        token: await this.adminToken(),
        path: { id: deposit.id },
        body: { status: 'approved' },
      });
      if (reviewed.status !== 'approved')
        throw new Error(`deposit ${deposit.id} not approved: ${reviewed.status}`);
      deposits.push(deposit.id);
    }
    return deposits;
  }

  /** Uploads one KYC document as `session`; answers its object path. */
  async kycDocument(session: SignedIn, bytes: Buffer = PNG, contentType = 'image/png'): Promise<string> {
    const ticket = await this.client.ok(walletOperations.uploadTicket, {
      token: session.accessToken,
      body: { purpose: 'kyc-document' },
    });
    // The upload address is the answer's, signed by the service: sent to as given, like a browser does.
    const stored = await fetch(`${this.client.gatewayUrl}${ticket.uploadURL}`, {
      method: 'PUT',
      body: new Uint8Array(bytes),
      headers: { 'content-type': contentType },
    });
    if (stored.status !== 200)
      throw new Error(`KYC document upload failed: ${stored.status} ${await stored.text()}`);
    return ticket.objectPath;
  }

  /** A complete KYC submission (front, back and selfie images, a PDF proof of address), left pending; answers it. */
  async submitKyc(session: SignedIn, overrides: Partial<typeof KYC_PERSONAL_DETAILS> = {}) {
    const [front, back, selfie, proof] = await Promise.all([
      this.kycDocument(session),
      this.kycDocument(session),
      this.kycDocument(session),
      this.kycDocument(session, PDF, 'application/pdf'),
    ]);
    return this.client.ok(kycOperations.submitKyc, {
      token: session.accessToken,
      body: {
        ...KYC_PERSONAL_DETAILS,
        ...overrides,
        idDocumentFrontUrl: front,
        idDocumentBackUrl: back,
        selfieUrl: selfie,
        proofOfAddressUrl: proof,
      },
    });
  }

  /**
   * Submits KYC and has the admin approve it. The approval reaches the plans and wallet services as an event, so a
   * purchase or withdrawal may still be refused for a moment afterwards: callers wait on what they need.
   */
  async approveKyc(session: SignedIn): Promise<void> {
    const submitted = await this.submitKyc(session);
    await this.client.ok(kycOperations.reviewKyc, {
      token: await this.adminToken(),
      path: { id: submitted.id },
      body: { status: 'approved', notes: null, rejectionReason: null },
    });
  }

  /** Answers the suitability questions (decision 0094), by default with means no test purchase comes near. */
  async answerSuitability(session: SignedIn, answers: object = AMPLE_SUITABILITY): Promise<void> {
    await this.client.ok(suitabilityOperations.answerSuitability, {
      token: session.accessToken,
      body: answers as OperationBody<typeof suitabilityOperations.answerSuitability>,
    });
  }

  /** A new investor with `amount` credited, KYC approved and, unless asked otherwise, suitability answered. */
  async fundedVerifiedInvestor(
    amount: string,
    {
      answerSuitability = true,
      name = 'Funded Investor',
    }: { answerSuitability?: boolean; name?: string } = {},
  ): Promise<Session & { password: string }> {
    const investor = await this.investor(name);
    await this.fund(investor, amount);
    await this.approveKyc(investor);
    if (answerSuitability) await this.answerSuitability(investor);
    return investor;
  }

  /** A plan's operator (decision 0092). */
  operator(overrides: Partial<typeof OPERATOR_FIELDS> = {}) {
    return this.adminToken().then((token) =>
      this.client.ok(keyInformationOperations.createOperator, {
        token,
        body: { ...OPERATOR_FIELDS, ...overrides },
      }),
    );
  }

  /** Publishes a complete key information sheet for the plan (sections blanked by `overrides`), so it takes investments. */
  async publishKeyInformation(planId: string, overrides: object = {}) {
    const operator = await (this.sharedOperator ??= this.operator());
    return this.client.ok(keyInformationOperations.publishKeyInformation, {
      token: await this.adminToken(),
      path: { id: planId },
      body: {
        operatorId: operator.id,
        ...COMPLETE_KEY_INFORMATION,
        ...overrides,
      } as OperationBody<typeof keyInformationOperations.publishKeyInformation>,
    });
  }

  /**
   * A new active plan: slot price 100 USDT, 30 days from `startedDaysAgo` days ago, with a complete key
   * information sheet unless `keyInformation` is false (a test that writes the sheet itself).
   */
  async plan(
    input: Partial<PlanInput> & { title: string },
    { startedDaysAgo = 1, keyInformation = true }: { startedDaysAgo?: number; keyInformation?: boolean } = {},
  ) {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const plan = await this.client.ok(plansOperations.createPlan, {
      token: await this.adminToken(),
      body: {
        description: 'A season of winter wheat on irrigated fields.',
        minSlotPrice: '100',
        dailyInterestRate: '0.05',
        durationDays: 30,
        totalSlots: 100,
        startDate: day(-startedDaysAgo),
        endDate: day(30 - startedDaysAgo),
        isActive: true,
        ...input,
      },
    });
    if (keyInformation) await this.publishKeyInformation(plan.id);
    return plan;
  }

  /** What a purchase carries once its investor acknowledged the plan's current sheet. */
  async acknowledgement(planId: string): Promise<{ keyInformationVersion: number }> {
    const sheet = await this.client.ok(keyInformationOperations.keyInformation, { path: { id: planId } });
    return { keyInformationVersion: sheet.version };
  }
}
