// What integration tests use to talk to the running stack: plain HTTP through the gateway, like a client.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { identityOperations } from '@cropvest/contracts/identity/api';
import { kycOperations } from '@cropvest/contracts/kyc/api';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import type { LocalChainsSummary } from '../../scripts/chain/client.ts';
import { StackClient, type Session } from './client.ts';
import { StackFactories } from './factories.ts';

export { deviceCookieOf, eventually, parseBody, type Session } from './client.ts';

export interface StackInfo {
  gatewayUrl: string;
  databaseUrl: string;
  natsUrl: string;
  /** The test principal's NATS user and password (docs/decisions/0050-bus-permissions.md). */
  natsUser: string;
  natsPassword: string;
  /** Every principal's password, for a test that starts another replica of a service. */
  natsCredentialsFile: string;
  s3Endpoint: string;
  services: Record<string, string>;
  /** Each process's Prometheus endpoint, on its internal metrics port (never through the gateway). */
  metrics: Record<string, string>;
  adminEmail: string;
  adminPassword: string;
  investorEmail: string;
  investorPassword: string;
  /** The local chains the chain service watches (decision 0083). */
  localChains: LocalChainsSummary;
}

let cached: StackInfo | undefined;
export function stack(): StackInfo {
  cached ??= JSON.parse(readFileSync(process.env.STACK_FILE as string, 'utf8')) as StackInfo;
  return cached;
}

/** A fresh, unique client IP so one test's rate limits and lock-outs never touch another's. */
export const freshIp = (): string =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
export const uniqueEmail = (label = 'user'): string => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * The stack's client (test/support/client.ts): each call from a fresh client IP unless it names one, so one test's
 * rate limits and lock-outs never touch another's.
 */
let client: StackClient | undefined;
export const stackClient = (): StackClient => (client ??= new StackClient(stack().gatewayUrl, freshIp));
/** The data factories (test/support/factories.ts) over the stack's client, acting as the stack's admin. */
let made: StackFactories | undefined;
export const factories = (): StackFactories => (made ??= new StackFactories(stackClient(), adminSession));

export async function registerInvestor(
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<Session & { password: string }> {
  const password = overrides.password ?? 'secret-pass-1';
  const email = overrides.email ?? uniqueEmail('investor');
  const session = await stackClient().register({ name: overrides.name ?? 'Test Investor', email, password });
  return { ...session, password };
}

export const login = (email: string, password: string): Promise<Session> =>
  stackClient().signIn(email, password);

export const loginAdmin = (): Promise<Session> => login(stack().adminEmail, stack().adminPassword);

let admin: Session | undefined;
/** The stack's admin, signed in once per suite: every sign-in costs a password hash on a shared machine. */
export const adminSession = async (): Promise<Session> => (admin ??= await loginAdmin());

/** A second admin: a fresh account promoted by the first admin, then signed in again (four-eyes approvals). */
export async function secondAdmin(name = 'Second Admin'): Promise<Session> {
  const user = await registerInvestor({ name });
  await stackClient().ok(identityOperations.updateAdminUser, {
    token: (await adminSession()).accessToken,
    path: { id: user.user.id },
    body: { role: 'admin' },
  });
  return login(user.user.email, user.password);
}

let second: Promise<Session> | undefined;
/** One second admin per suite, for the approvals at or above the four-eyes threshold. */
export const secondAdminSession = (): Promise<Session> => (second ??= secondAdmin());

/** What waits for an admin's review: a deposit (four-eyes at or above the threshold) or a KYC submission. */
export type Review = { deposit: string } | { kyc: string };

/**
 * The admin approves `review`; a deposit that then still awaits a second approval (four-eyes, at or above the
 * threshold) is approved by a second admin. Throws unless approved.
 */
export async function approveAsAdmin(review: Review): Promise<void> {
  const client = stackClient();
  if ('kyc' in review) {
    await client.ok(kycOperations.reviewKyc, {
      token: (await adminSession()).accessToken,
      path: { id: review.kyc },
      body: { status: 'approved', notes: null, rejectionReason: null },
    });
    return;
  }
  const approve = async (session: Session) =>
    client.ok(walletOperations.reviewDeposit, {
      token: session.accessToken,
      path: { id: review.deposit },
      body: { status: 'approved' },
    });
  const first = await approve(await adminSession());
  if (first.status === 'pending' && first.firstApprovedBy) await approve(await secondAdminSession());
}
