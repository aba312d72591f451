// The wallet as the suites of every service use it: money credited through the real deposit flow, balances
// from the wallet's own command, and its ledger check over its own schema.
import { sendCommand } from '@cropvest/service-kit/bus';
import { walletOperations } from '@cropvest/contracts/wallet/api';
import { statementOperations } from '@cropvest/contracts/wallet/statement-api';
import { checkLedger, type LedgerCheckResult } from '../../services/wallet/src/app/ledger-check.ts';
import { approveAsAdmin, stackClient, type Session } from './api.ts';
import { nats, serviceDb } from './connections.ts';
import { parseCsv } from './csv.ts';

/** Credits an investor through the real flow: deposit, then admin approval. Returns the deposit's id. */
export async function fund(session: Session, amount: string): Promise<string> {
  const deposit = await stackClient().call(walletOperations.createDeposit, {
    token: session.accessToken,
    body: { amount },
  });
  if (!deposit.ok || deposit.status !== 201)
    throw new Error(`deposit failed: ${deposit.status} ${JSON.stringify(deposit.body)}`);
  await approveAsAdmin({ deposit: deposit.body.id });
  return deposit.body.id;
}

/** A user's balances as the wallet itself reports them, without waiting for any projection. */
export async function balances(
  userId: string,
): Promise<{ available: string; hold: string; invested: string }> {
  return sendCommand(await nats(), 'cmd.wallet.balance', { userId });
}

/** The wallet's own consistency check (accounts and entries sum to zero, no negative user account, ...). */
export const ledgerCheck = (): Promise<LedgerCheckResult> => checkLedger(serviceDb('wallet'));

/** The caller's account statement (GET /api/statement) as CSV rows, the header row first. */
export async function statementRows(token: string, from: string, to: string): Promise<string[][]> {
  const answer = await stackClient().call(statementOperations.statement, {
    token,
    query: { from, to, format: 'csv' },
  });
  if (!answer.ok || answer.status !== 200)
    throw new Error(`statement failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return parseCsv(answer.body);
}
