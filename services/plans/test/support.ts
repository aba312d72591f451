// Helpers the plans suites share: KYC approval through the KYC service's own submit-and-review flow, plans
// made through the admin API, and this service's own schema for moving test data back in time (the only way
// to test days that have passed). Funding, balances, approval by event and the ledger check are in test/support.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { Decimal } from 'decimal.js';
import { kycOperations } from '@cropvest/contracts/kyc/api';
import { plansOperations } from '@cropvest/contracts/plans/api';
import type { OperationBody } from '@cropvest/contracts/operation-call';
import type { Knex } from '@cropvest/service-kit/db';
import type { AccrualReport } from '../src/app/accrual.ts';
import { adminSession, approveAsAdmin, stack, stackClient, type Session } from '../../../test/support/api.ts';
import { serviceDb } from '../../../test/support/connections.ts';
import { KYC_PERSONAL_DETAILS, kycApprovalReached, verifiedInvestor } from '../../../test/support/kyc.ts';
import { PNG, putUpload, requestUpload } from '../../../test/support/uploads.ts';
import { acknowledgement, publishKeyInformation } from '../../../test/support/key-information.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const DAY_MS = 86_400_000;

/** The plans service's own schema. */
export const plansDb = (): Knex => serviceDb('plans');

async function uploadKycDocument(session: Session): Promise<string> {
  const ticket = await requestUpload(session.accessToken, 'kyc-document');
  const put = await putUpload(ticket.uploadURL, PNG);
  if (put.status !== 200) throw new Error(`KYC upload failed: ${put.status} ${JSON.stringify(put.body)}`);
  return ticket.objectPath;
}

/** KYC the way a user and an admin do it: documents, submission, approval; then the plans projection has it. */
export async function approveKycThroughReview(session: Session): Promise<void> {
  const [front, selfie, proof] = [
    await uploadKycDocument(session),
    await uploadKycDocument(session),
    await uploadKycDocument(session),
  ];
  const submitted = await stackClient().ok(kycOperations.submitKyc, {
    token: session.accessToken,
    body: { ...KYC_PERSONAL_DETAILS, idDocumentFrontUrl: front, selfieUrl: selfie, proofOfAddressUrl: proof },
  });
  await approveAsAdmin({ kyc: submitted.id });
  await kycApprovalReached(session.user.id, 'plans');
}

export const isoDay = (offsetDays: number, now = Date.now()): string =>
  new Date(now + offsetDays * DAY_MS).toISOString().slice(0, 10);

type PlanInput = OperationBody<typeof plansOperations.createPlan>;

export const planFields = (overrides: Partial<PlanInput> = {}): PlanInput => ({
  title: 'Winter wheat 2027',
  description: 'A season of winter wheat on irrigated fields.',
  minSlotPrice: '100',
  dailyInterestRate: '0.05',
  durationDays: 30,
  totalSlots: 100,
  startDate: isoDay(-1),
  endDate: isoDay(29),
  isActive: true,
  ...overrides,
});

/**
 * A plan made through the admin API, with a complete key information sheet (version 1) so it takes investments
 * while the key information gates are on; `{ keyInformation: false }` leaves it without one.
 */
export async function createPlan(overrides: Partial<PlanInput> = {}, { keyInformation = true } = {}) {
  const created = await stackClient().ok(plansOperations.createPlan, {
    token: (await adminSession()).accessToken,
    body: planFields(overrides),
  });
  if (keyInformation) await publishKeyInformation(created.id);
  return created;
}

/**
 * One investor's single slot, bought today, in a plan of 1000 a slot at 0.10 % a day (1.00000000 a day), then
 * plan and investment moved back `daysAgo` days: the accrual tests' fixture of days nobody accrued yet.
 */
export async function heldSlot(
  daysAgo: number,
): Promise<{ planId: string; holder: Session; investmentId: string }> {
  const plan = await createPlan({
    minSlotPrice: '1000',
    dailyInterestRate: '0.10',
    startDate: isoDay(0),
    endDate: isoDay(30),
  });
  const holder = await verifiedInvestor('1000', 'plans');
  const bought = await stackClient().ok(plansOperations.invest, {
    token: holder.accessToken,
    body: { planId: plan.id, slotsPurchased: 1, ...(await acknowledgement(plan.id)) },
  });
  await shiftBack(plan.id, daysAgo);
  return { planId: plan.id, holder, investmentId: bought.id };
}

/** Runs `npm run accrue -- --until <day>` against the stack's database, as an operator would. */
export function runAccrueCommand(
  until?: string,
): Promise<{ code: number; output: string; report: AccrualReport | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'services/plans/src/accrue.ts', ...(until ? ['--until', until] : [])],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: stack().databaseUrl, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = output.split('\n').find((l) => l.startsWith('{"through"'));
      resolve({ code: code ?? 1, output, report: line ? (JSON.parse(line) as AccrualReport) : null });
    });
  });
}

/** Moves a plan and its investments back in time by `days` (this service's own rows only). */
export async function shiftBack(planId: string, days: number): Promise<void> {
  const interval = `${days} days`;
  await plansDb().transaction(async (trx) => {
    await trx.raw(
      `UPDATE plans SET start_date = start_date - ?::interval, end_date = end_date - ?::interval, created_at = created_at - ?::interval WHERE id = ?`,
      [interval, interval, interval, planId],
    );
    await trx.raw(`UPDATE investments SET created_at = created_at - ?::interval WHERE plan_id = ?`, [
      interval,
      planId,
    ]);
  });
}

export const accrualsOf = async (investmentId: string): Promise<{ day: string; amount: string }[]> =>
  (
    await plansDb().raw(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, amount FROM accruals WHERE investment_id = ? ORDER BY day`,
      [investmentId],
    )
  ).rows;

/**
 * Makes an investment accrue simple interest, as if bought with Auto compound interest off: for the tests of
 * rounding and catching up, whose figures are one day's amount repeated (the default setting compounds).
 */
export async function simpleTerms(investmentId: string): Promise<void> {
  await plansDb().raw(`UPDATE investments SET compound = false WHERE id = ?`, [investmentId]);
}

/**
 * Each day's interest as the spec and ARCHITECTURE.md section 4 define it, computed apart from the service with
 * decimal.js: half-even to 8 places of (principal, plus the interest so far when compounding) × rate / 100.
 */
export function expectedAccruals(
  principal: string,
  ratePercent: string,
  days: number,
  compound: boolean,
): { amounts: string[]; total: string } {
  const HalfEven = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_EVEN });
  let earned = new HalfEven(0);
  const amounts: string[] = [];
  for (let day = 0; day < days; day++) {
    const base = compound ? new HalfEven(principal).plus(earned) : new HalfEven(principal);
    const amount = base.times(ratePercent).dividedBy(100).toDecimalPlaces(8, Decimal.ROUND_HALF_EVEN);
    amounts.push(amount.toFixed(8));
    earned = earned.plus(amount);
  }
  return { amounts, total: earned.toFixed(8) };
}
