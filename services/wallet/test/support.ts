// Helpers the wallet's integration suites share: sessions, funding through the real deposit flow, KYC
// approval through the bus (the KYC service is not built yet), direct NATS commands, and the ledger check.
import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { createDatabase, sendCommand, type Knex } from '@cropvest/service-kit';
import { checkLedger } from '../src/app/ledger-check.ts';
import {
  call,
  eventually,
  freshIp,
  login,
  loginAdmin,
  registerInvestor,
  stack,
  type Session,
} from '../../../test/support/api.ts';

/** A valid TRON mainnet address (base58check, version byte 0x41). */
export const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const UPLOAD_SECRET = 'test-only-upload-token-secret-0123456789abcdef';

let db: Knex | undefined;
export const walletDb = (): Knex =>
  (db ??= createDatabase({
    url: stack().databaseUrl,
    schema: 'wallet',
    migrations: [],
    poolMax: 4,
    applicationName: 'wallet-tests',
  }));

let nc: NatsConnection | undefined;
export const nats = async (): Promise<NatsConnection> => (nc ??= await connect({ servers: stack().natsUrl }));

export async function closeConnections(): Promise<void> {
  await db?.destroy();
  db = undefined;
  await nc?.drain();
  nc = undefined;
}

export const ledgerCheck = () => checkLedger(walletDb());

let admin: Session | undefined;
export const adminSession = async (): Promise<Session> => (admin ??= await loginAdmin());

export async function api<T = any>(method: string, path: string, token: string, body?: unknown) {
  return call<T>(method, path, { token, body, ip: freshIp() });
}

/** A second admin: a fresh account promoted by the first admin, then signed in again. */
export async function secondAdmin(): Promise<Session> {
  const user = await registerInvestor({ name: 'Second Admin' });
  const promoted = await api(
    'PATCH',
    `/api/admin/users/${user.user.id}`,
    (await adminSession()).accessToken,
    { role: 'admin' },
  );
  if (promoted.status !== 200)
    throw new Error(`promote failed: ${promoted.status} ${JSON.stringify(promoted.body)}`);
  return login(user.user.email, user.password);
}

/** Credits an investor through the real flow: deposit, then admin approval. */
export async function fund(session: Session, amount: string): Promise<string> {
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
  return deposit.body.id as string;
}

/** Publishes an event on the bus the way a service's outbox would. */
export async function publishEvent(type: string, data: unknown, id: string = randomUUID()): Promise<string> {
  const js = jetstream(await nats());
  const envelope = {
    id,
    type,
    occurredAt: new Date().toISOString(),
    source: 'tests',
    actorId: null,
    subjectId: null,
    data,
    traceparent: null,
  };
  await js.publish(`events.${type}`, JSON.stringify(envelope), { msgID: id });
  return id;
}

/** What the KYC service will publish; waits until the wallet's projection has it. */
export async function approveKyc(userId: string): Promise<void> {
  await publishEvent('kyc.reviewed', {
    userId,
    kycId: randomUUID(),
    status: 'approved',
    rejectionReason: null,
  });
  await eventually(
    async () =>
      (await walletDb()('kyc_statuses').where({ user_id: userId, status: 'approved' }).first()) as unknown,
    30_000,
    'the KYC approval to reach the wallet',
  );
}

export async function balances(
  userId: string,
): Promise<{ available: string; hold: string; invested: string }> {
  return sendCommand(await nats(), 'cmd.wallet.balance', { userId });
}

export const command = async <T = any>(subject: string, input: unknown): Promise<T> =>
  sendCommand<T>(await nats(), subject, input);

/** A funded, KYC-approved investor. */
export async function fundedInvestor(amount: string): Promise<Session> {
  const investor = await registerInvestor();
  await fund(investor, amount);
  await approveKyc(investor.user.id);
  return investor;
}
