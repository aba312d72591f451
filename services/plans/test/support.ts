// Helpers the plans suites share: sessions, funding through the real deposit flow, KYC approval (through
// the KYC service's own submit-and-review flow, or, for crowds of buyers, the `kyc.reviewed` event that flow
// publishes), plans made through the admin API, the wallet's balances and ledger check, and this service's own
// schema for moving test data back in time (the only way to test days that have passed).
import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { createDatabase, sendCommand, type Knex } from '@cropvest/service-kit';
import { MoneyDecimal } from '@cropvest/contracts';
import { checkLedger } from '../../wallet/src/app/ledger-check.ts';
import {
  call,
  eventually,
  freshIp,
  loginAdmin,
  registerInvestor,
  stack,
  type Session,
} from '../../../test/support/api.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const DAY_MS = 86_400_000;

let plans: Knex | undefined;
let wallet: Knex | undefined;
/** The plans service's own schema. */
export const plansDb = (): Knex =>
  (plans ??= createDatabase({
    url: stack().databaseUrl,
    schema: 'plans',
    migrations: [],
    poolMax: 4,
    applicationName: 'plans-tests',
  }));
const walletDb = (): Knex =>
  (wallet ??= createDatabase({
    url: stack().databaseUrl,
    schema: 'wallet',
    migrations: [],
    poolMax: 2,
    applicationName: 'plans-tests-ledger',
  }));

let nc: NatsConnection | undefined;
export const nats = async (): Promise<NatsConnection> => (nc ??= await connect({ servers: stack().natsUrl }));

export async function closeConnections(): Promise<void> {
  await plans?.destroy();
  plans = undefined;
  await wallet?.destroy();
  wallet = undefined;
  await nc?.drain();
  nc = undefined;
}

/** The wallet's own consistency check (accounts and entries sum to zero, no negative user account, ...). */
export const ledgerProblems = async (): Promise<string[]> => (await checkLedger(walletDb())).problems;

let admin: Session | undefined;
export const adminSession = async (): Promise<Session> => (admin ??= await loginAdmin());

export const api = <T = any>(method: string, path: string, token?: string, body?: unknown) =>
  call<T>(method, path, { token, body, ip: freshIp() });

export async function balances(
  userId: string,
): Promise<{ available: string; hold: string; invested: string }> {
  return sendCommand(await nats(), 'cmd.wallet.balance', { userId });
}

/** Credits an investor through the real flow: deposit, then admin approval. */
export async function fund(session: Session, amount: string): Promise<void> {
  const deposit = await api('POST', '/api/deposits', session.accessToken, { amount });
  if (deposit.status !== 201)
    throw new Error(`deposit failed: ${deposit.status} ${JSON.stringify(deposit.body)}`);
  const approved = await api(
    'PUT',
    `/api/admin/deposits/${deposit.body.id}/status`,
    (await adminSession()).accessToken,
    { status: 'approved' },
  );
  if (approved.status !== 200)
    throw new Error(`approve failed: ${approved.status} ${JSON.stringify(approved.body)}`);
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(200, 7),
]);

async function uploadKycDocument(session: Session): Promise<string> {
  const ticket = await api('POST', '/api/objects/upload', session.accessToken, { purpose: 'kyc-document' });
  const put = await fetch(`${stack().gatewayUrl}${ticket.body.uploadURL}`, {
    method: 'PUT',
    body: PNG,
    headers: { 'content-type': 'image/png', 'x-forwarded-for': freshIp() },
  });
  if (put.status !== 200) throw new Error(`KYC upload failed: ${put.status} ${await put.text()}`);
  return ticket.body.objectPath as string;
}

/** KYC the way a user and an admin do it: documents, submission, approval; then the plans projection has it. */
export async function approveKycThroughReview(session: Session): Promise<void> {
  const [front, selfie, proof] = [
    await uploadKycDocument(session),
    await uploadKycDocument(session),
    await uploadKycDocument(session),
  ];
  const submitted = await api('POST', '/api/kyc', session.accessToken, {
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
    idDocumentFrontUrl: front,
    selfieUrl: selfie,
    proofOfAddressUrl: proof,
  });
  if (submitted.status !== 201)
    throw new Error(`KYC submit failed: ${submitted.status} ${JSON.stringify(submitted.body)}`);
  const reviewed = await api(
    'PUT',
    `/api/admin/kyc/${submitted.body.id}/status`,
    (await adminSession()).accessToken,
    { status: 'approved' },
  );
  if (reviewed.status !== 200)
    throw new Error(`KYC review failed: ${reviewed.status} ${JSON.stringify(reviewed.body)}`);
  await kycReached(session.user.id);
}

/** For crowds of buyers: the `kyc.reviewed` event the KYC service publishes on approval, sent on the bus. */
export async function approveKycByEvent(userId: string): Promise<void> {
  const js = jetstream(await nats());
  const id = randomUUID();
  const envelope = {
    id,
    type: 'kyc.reviewed',
    occurredAt: new Date().toISOString(),
    source: 'tests',
    actorId: null,
    subjectId: userId,
    data: { userId, kycId: randomUUID(), status: 'approved', rejectionReason: null },
    traceparent: null,
  };
  await js.publish('events.kyc.reviewed', JSON.stringify(envelope), { msgID: id });
  await kycReached(userId);
}

const kycReached = (userId: string) =>
  eventually(
    async () =>
      (await plansDb()('kyc_statuses').where({ user_id: userId, status: 'approved' }).first()) as unknown,
    20_000,
    'the KYC approval to reach the plans service',
  );

/** A funded, KYC-approved investor. */
export async function investor(amount: string, kyc: 'event' | 'review' = 'event'): Promise<Session> {
  const session = await registerInvestor();
  if (new MoneyDecimal(amount).greaterThan(0)) await fund(session, amount);
  if (kyc === 'review') await approveKycThroughReview(session);
  else await approveKycByEvent(session.user.id);
  return session;
}

export const isoDay = (offsetDays: number, now = Date.now()): string =>
  new Date(now + offsetDays * DAY_MS).toISOString().slice(0, 10);

export const planFields = (overrides: Record<string, unknown> = {}) => ({
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

export async function createPlan(overrides: Record<string, unknown> = {}): Promise<any> {
  const created = await api(
    'POST',
    '/api/admin/plans',
    (await adminSession()).accessToken,
    planFields(overrides),
  );
  if (created.status !== 201)
    throw new Error(`plan create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

/** Runs `npm run accrue -- --until <day>` against the stack's database, as an operator would. */
export function runAccrueCommand(until?: string): Promise<{ code: number; output: string; report: any }> {
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
      resolve({ code: code ?? 1, output, report: line ? JSON.parse(line) : null });
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
